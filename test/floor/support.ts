import { chmodSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeEnrolment, newSecret } from '../../src/floor/enrolment.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { formatEnrolmentCode } from '../../src/floor/link/enrolment-code.js';
import { FloorClient } from '../../src/floor/link/floor-client.js';
import { type FloorLinkFile, linkFilePath } from '../../src/floor/link/link-file.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { loadBuiltFiles } from '../../src/server/built-files.js';
import { FloorDatabase } from '../../src/floor/postgres/floor-database.js';
import { type FloorCertificate, floorCertificate } from '../../src/floor/server/certificate.js';
import { FloorServer } from '../../src/floor/server/floor-server.js';

/** Resolves when `condition` holds (it may be asynchronous), looking every 20 ms; rejects after `ms`, naming what it waited for. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A folder for a test's floor and tables, which PostgreSQL (run as nobody when the tests run as root) may pass through. */
export function testFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(folder, 0o711);
  return folder;
}

/** A floor for a test: its own PostgreSQL (embedded, in a temporary folder), its certificate and its server on a free port. */
export type TestFloor = {
  readonly folder: string;
  readonly database: FloorDatabase;
  readonly certificate: FloorCertificate;
  server: FloorServer;
  readonly address: () => string;
  readonly log: string[];
  /** The key that reads the board (`Bearer board.<key>`). */
  readonly boardKey: string;
  /** A one-time enrolment code for a table of this name. */
  enrolment(name: string, validMs?: number): Promise<string>;
  /** The server stopped and started again (its database kept running). */
  restartServer(): Promise<void>;
  close(): Promise<void>;
};

/** `screens`: the floor's page from the built dist/renderer (`npm test` builds it first). */
export async function startTestFloor(prefix = 'felt-floor-', { screens = false }: { readonly screens?: boolean } = {}): Promise<TestFloor> {
  const folder = testFolder(prefix);
  const floorFolder = join(folder, 'floor');
  const database = await FloorDatabase.open({ folder: floorFolder }, { migrateSchema: true, keepsServer: true });
  const certificate = await floorCertificate(floorFolder);
  const log: string[] = [];
  const boardKey = newSecret();
  const built = screens ? loadBuiltFiles(join(process.cwd(), 'dist', 'renderer')) : null;
  const start = async (port: number): Promise<FloorServer> => FloorServer.start({ database, certificate, host: '127.0.0.1', port, boardKey, screens: built, log: (line) => log.push(line) });
  const floor: TestFloor = {
    folder,
    database,
    certificate,
    server: await start(0),
    address: () => `https://127.0.0.1:${floor.server.port}`,
    log,
    boardKey,
    enrolment: async (name, validMs) => {
      const { secret } = await makeEnrolment(database.pool, name, validMs);
      return formatEnrolmentCode({ address: floor.address(), fingerprint: certificate.fingerprint, secret });
    },
    restartServer: async () => {
      const port = floor.server.port;
      await floor.server.close();
      floor.server = await start(port);
    },
    close: async () => {
      await floor.server.close();
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return floor;
}

/** A table's client for the floor, as its link file says: the floor's address and certificate, the table's credential. */
export function floorClientOf(link: FloorLinkFile): FloorClient {
  return new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
}

type Session = Parameters<typeof SimulatedTable.open>[1];

/** A table enrolled at the floor as `name` (its file `file` in the floor's folder), the session's hands played. */
export async function playedEnrolledTable(floor: TestFloor, file: string, name: string, session: Session): Promise<{ db: string; link: FloorLinkFile; table: SimulatedTable }> {
  const db = join(floor.folder, file);
  const link = await enrolTable(db, await floor.enrolment(name));
  const table = SimulatedTable.open(db, session);
  table.playAll();
  return { db, link, table };
}

/** Another table under the credential of the table at `enrolled` (its link file copied, as a table's file swapped for another's), the session's hands played. */
export function playedTableWithCopiedLink(floor: TestFloor, enrolled: string, file: string, session: Session): { db: string; table: SimulatedTable } {
  const db = join(floor.folder, file);
  copyFileSync(linkFilePath(enrolled), linkFilePath(db));
  const table = SimulatedTable.open(db, session);
  table.playAll();
  return { db, table };
}
