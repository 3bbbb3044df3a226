import { join } from 'node:path';
import { enrolTable } from '../link/enrol.js';
import { FloorClient } from '../link/floor-client.js';
import type { FloorLinkFile } from '../link/link-file.js';
import { type Head } from '../link/wire.js';
import { type ShipperOptions, Shipper } from '../shipper/shipper.js';
import { SimulatedTable } from './simulated-table.js';
import { StatusSender } from '../shipper/status-sender.js';
import { boardStatusOf } from '../link/board-status.js';

/** One simulated table of the room: its table, its link and its shipper. */
export type RoomTable = { readonly name: string; readonly table: SimulatedTable; readonly link: FloorLinkFile; readonly shipper: Shipper; readonly client: FloorClient; readonly board: StatusSender | null };

export type RoomOptions = {
  readonly tables: number;
  readonly hands: number;
  /** A table's own number of hands (1-based index), where it differs. */
  readonly handsOf?: (index: number) => number;
  readonly seed: number;
  /** Each table sends its line for the floor board too (D89), as a running table does. */
  readonly board?: boolean;
  /** Where the tables' databases go. */
  readonly folder: string;
  /** An enrolment code for a table of this name (the floor's `felt floor enrol`). */
  readonly enrolment: (name: string) => Promise<string>;
  /** Commands each table plays per tick, and the time between ticks: the room's pace. */
  readonly commandsPerTick?: number;
  readonly tickMs?: number;
  readonly shipper?: ShipperOptions;
};

/** Where the room stands: hands and rows at the tables, rows at the floor (as the shippers last heard). */
export type RoomProgress = { readonly tables: number; readonly playing: number; readonly rows: number; readonly atFloor: number; readonly offline: number; readonly forks: number };

/**
 * A room of simulated tables feeding one floor (`felt floor sim`, the fault tests): each table enrolled
 * with its own code, played a few commands at a time through a real controller and store, its log
 * shipped by its own shipper and link as an enrolled table's is — so the floor sees what it would see from
 * a room, hands in play held back, links failing and coming back.
 */
export class SimulatedRoom {
  private constructor(readonly tables: readonly RoomTable[]) {}

  static async open(options: RoomOptions): Promise<SimulatedRoom> {
    const tables: RoomTable[] = [];
    try {
      for (let index = 1; index <= options.tables; index++) {
        const name = `Table ${index}`;
        const db = join(options.folder, `table-${index}.db`);
        const link = await enrolTable(db, await options.enrolment(name));
        const table = SimulatedTable.open(db, { hands: options.handsOf?.(index) ?? options.hands, seed: options.seed + index });
        const client = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
        const shipper = new Shipper(table.store, client, link.table.id, options.shipper);
        const board = options.board === true ? new StatusSender((status) => client.status(status), () => boardStatusOf(table.controller.view(), Date.now())) : null;
        tables.push({ name, table, link, shipper, client, board });
      }
    } catch (error) {
      for (const opened of tables) {
        opened.board?.stop();
        opened.client.close();
        opened.table.close();
      }
      throw error;
    }
    for (const opened of tables) opened.shipper.start();
    return new SimulatedRoom(tables);
  }

  /** Plays every table to its session's end, `commandsPerTick` commands each per tick; `progress` after each tick. */
  async play({ commandsPerTick = 5, tickMs = 10, progress }: { commandsPerTick?: number; tickMs?: number; progress?: (room: RoomProgress) => void } = {}): Promise<void> {
    while (this.tables.some((table) => table.table.playing)) {
      for (const { table, shipper, board } of this.tables) {
        if (table.step(commandsPerTick) > 0) {
          shipper.nudge();
          board?.changed();
        }
      }
      progress?.(this.progress());
      await new Promise((resolve) => setTimeout(resolve, tickMs));
    }
  }

  progress(): RoomProgress {
    let rows = 0;
    let atFloor = 0;
    let offline = 0;
    let forks = 0;
    for (const { table, shipper } of this.tables) {
      rows += table.store.headOfChain().seq;
      atFloor += shipper.acknowledged()?.seq ?? 0;
      const state = shipper.status().state;
      if (state === 'offline') offline++;
      if (state === 'fork') forks++;
    }
    return { tables: this.tables.length, playing: this.tables.filter((table) => table.table.playing).length, rows, atFloor, offline, forks };
  }

  /** Resolves when every table's shippable rows are at the floor. */
  async caughtUp(): Promise<void> {
    await Promise.all(this.tables.map((table) => table.shipper.caughtUp()));
  }

  /** Each table's own head (its log's last row). */
  heads(): { readonly id: string; readonly name: string; readonly head: Head }[] {
    return this.tables.map(({ link, table }) => ({ id: link.table.id, name: link.table.name, head: table.store.headOfChain() }));
  }

  async close(): Promise<void> {
    for (const { shipper, client, table, board } of this.tables) {
      board?.stop();
      await shipper.stop();
      client.close();
      table.close();
    }
  }
}
