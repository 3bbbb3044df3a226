/**
 * The benchmark's tables in a process of their own (bench/floor.ts forks its own bundle with
 * `FELT_BENCH_FLOOR_TABLES=1`): as a room's tables are, each on a PC of its own, their JSON writing and TLS
 * encryption are not the floor server's — only its HTTPS, checks and PostgreSQL are timed against the bare
 * insert. Each table is the table's own link (`FloorClient`, one kept-alive connection) sending its
 * batches one after the other, the next when the floor acknowledged the last.
 *
 * Started, it reports `ready`; the parent sends `open` (the floor, the tables' credentials, their batches), waits for `ready` (every
 * table linked, its connection open and the floor's head asked, as a shipper does at its start), then
 * times from `ship` to `shipped`.
 */
import { FloorClient } from '../src/floor/link/floor-client.js';
import type { LogRow } from '../src/store/store.js';

export type TablesOpen = {
  readonly kind: 'open';
  readonly address: string;
  readonly certificate: string;
  readonly fingerprint: string;
  readonly tables: readonly { readonly id: string; readonly secret: string; readonly log: number }[];
  /** The distinct logs, each in its batches; a table sends `logs[table.log]`. */
  readonly logs: readonly (readonly LogRow[][])[];
};
export type TablesCommand = TablesOpen | { readonly kind: 'ship' } | { readonly kind: 'close' };
export type TablesReport = { readonly kind: 'ready' } | { readonly kind: 'shipped'; readonly cpu: number } | { readonly kind: 'failed'; readonly problem: string };

/** The tables' side: answers the parent's commands until `close`. */
export function tablesProcess(): void {
  const send = (report: TablesReport): void => void process.send?.(report);
  let open: TablesOpen | null = null;
  let clients: FloorClient[] = [];
  process.on('message', (command: TablesCommand) => {
    void (async () => {
      try {
        if (command.kind === 'open') {
          open = command;
          clients = command.tables.map((table) => new FloorClient(command.address, command.fingerprint, command.certificate, { tableId: table.id, secret: table.secret }));
          // A shipper's start: where the floor's copy ends (its connection made then).
          const heads = await Promise.all(clients.map((client) => client.head()));
          if (heads.some((head) => head.seq !== 0)) throw new Error('a table is not new at the floor');
          send({ kind: 'ready' });
        } else if (command.kind === 'ship') {
          const tables = open?.tables ?? [];
          const logs = open?.logs ?? [];
          const before = process.cpuUsage();
          await Promise.all(tables.map((table, index) => shipAll(table.id, clients[index] as FloorClient, logs[table.log] ?? [])));
          const used = process.cpuUsage(before);
          send({ kind: 'shipped', cpu: (used.user + used.system) / 1e6 });
        } else {
          for (const client of clients) client.close();
          process.disconnect();
        }
      } catch (error) {
        send({ kind: 'failed', problem: (error as Error).message });
      }
    })();
  });
  send({ kind: 'ready' });
}

async function shipAll(id: string, client: FloorClient, log: readonly LogRow[][]): Promise<void> {
  for (const batch of log) {
    const answer = await client.ship({ table: id, rows: batch });
    if (answer.kind !== 'stored') throw new Error(`the floor answered ${JSON.stringify(answer)}`);
  }
}
