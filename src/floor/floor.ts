import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { writeSecretFile } from '../api/data-folder.js';
import { type BuiltFile, loadBuiltFiles } from '../server/built-files.js';
import { FileLock, LockHeld } from '../store/file-lock.js';
import { makeEnrolment, newSecret } from './enrolment.js';
import { FloorError } from './floor-error.js';
import { floorAddress, formatEnrolmentCode } from './link/enrolment-code.js';
import { FloorDatabase, type FloorSource } from './postgres/floor-database.js';
import { makeReplacement, type ReplacementOf } from './restore/replacement.js';
import { type FloorCertificate, floorCertificate } from './server/certificate.js';
import { FloorServer } from './server/floor-server.js';

export type FloorOptions = {
  /** The floor's folder: its certificate and key, its embedded PostgreSQL (without `pg`), what the running server says of itself. */
  readonly folder: string;
  /** An existing PostgreSQL (a connection URL); null: the floor's own, embedded, in its folder. */
  readonly pg: string | null;
  /** The user the embedded PostgreSQL runs as when the floor runs as root. */
  readonly pgUser?: string;
  readonly host: string;
  /** 0: a free port. */
  readonly port: number;
  /** The address the tables reach the floor at, for the enrolment codes; by default from the host and port. */
  readonly address: string | null;
  readonly log?: (line: string) => void;
  /** The built screens (dist/renderer): the floor's page is served from them when they hold `floor.html`. */
  readonly screens?: string | null;
};

/** What a running floor server says of itself in its folder (`floor-server.json`): where the tables reach it. */
type Announced = { readonly address: string; readonly pid: number };

/**
 * A running floor: its database (migrated), its certificate and its server, holding the folder's lock
 * (`floor.lock`: one floor server per folder). `felt floor` runs one until it is stopped; the tests and
 * `felt floor sim` too.
 */
export class Floor {
  private constructor(
    readonly folder: string,
    readonly database: FloorDatabase,
    readonly certificate: FloorCertificate,
    readonly server: FloorServer,
    readonly address: string,
    private readonly lock: FileLock,
  ) {}

  static async start(options: FloorOptions): Promise<Floor> {
    const folder = resolve(options.folder);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    let lock: FileLock;
    try {
      lock = FileLock.take(join(folder, 'floor.lock'), 0);
    } catch (error) {
      if (error instanceof LockHeld) throw new FloorError(`a floor server runs on ${folder} already (its floor.lock is held): one floor server per folder`, { cause: error });
      throw error;
    }
    let database: FloorDatabase | null = null;
    try {
      database = await FloorDatabase.open(source(folder, options.pg, options.pgUser), { migrateSchema: true, keepsServer: true });
      const certificate = await floorCertificate(folder);
      const server = await FloorServer.start({ database, certificate, host: options.host, port: options.port, boardKey: boardKey(folder), screens: floorScreens(options.screens ?? null), ...(options.log === undefined ? {} : { log: options.log }) });
      const address = options.address ?? defaultAddress(options.host, server.port);
      floorAddress(address);
      writeSecretFile(join(folder, 'floor-server.json'), `${JSON.stringify({ address, pid: process.pid } satisfies Announced)}\n`);
      return new Floor(folder, database, certificate, server, address, lock);
    } catch (error) {
      await database?.close();
      lock.release();
      throw error;
    }
  }

  /** A one-time code for a PC that replaces the table `which` (its name or id), whose PC died (D99). */
  async replacement(which: string, validMs?: number): Promise<string> {
    const { secret, table } = await makeReplacement(this.database.pool, which, validMs);
    return formatEnrolmentCode({ address: this.address, fingerprint: this.certificate.fingerprint, secret, replaces: table.id });
  }

  /** A one-time enrolment code for a table to be named `name`. */
  async enrolment(name: string, validMs?: number): Promise<string> {
    return enrolmentCode(this.database, this.certificate, this.address, name, validMs);
  }

  async close(): Promise<void> {
    await this.server.close();
    await this.database.close();
    this.lock.release();
  }
}

/** The floor's database: an existing PostgreSQL, or the floor's own in its folder. */
export function source(folder: string, pg: string | null, pgUser?: string): FloorSource {
  if (pg !== null) return { pg };
  return pgUser === undefined ? { folder } : { folder, runAs: pgUser };
}

/**
 * `felt floor enrol`: a code made on the floor's database, whether or not its server runs (its embedded
 * PostgreSQL is started for it, and stopped after, when the server is not running). The certificate is
 * the one the floor made at its first start; the address is the one given, else the one the running
 * server announced, else the one it last announced.
 */
export async function enrolOffline(options: { folder: string; pg: string | null; pgUser?: string; address: string | null; name: string; replaces?: boolean }): Promise<{ code: string; address: string; replacement?: ReplacementOf }> {
  const folder = resolve(options.folder);
  if (!existsSync(join(folder, 'floor-certificate.pem'))) throw new FloorError(`${folder} holds no floor (no certificate): start the floor once with felt floor --data ${folder}`);
  const address = options.address ?? announced(folder)?.address ?? null;
  if (address === null) throw new FloorError(`the floor's address is not known: give it with --address https://HOST:PORT (as the tables reach the floor)`);
  floorAddress(address);
  const certificate = await floorCertificate(folder);
  const database = await FloorDatabase.open(source(folder, options.pg, options.pgUser), { migrateSchema: false });
  try {
    if (options.replaces === true) {
      // A code for a PC that replaces the table named (by name or id) whose PC died (D99).
      const { secret, ...replacement } = await makeReplacement(database.pool, options.name);
      return { code: formatEnrolmentCode({ address, fingerprint: certificate.fingerprint, secret, replaces: replacement.table.id }), address, replacement };
    }
    return { code: await enrolmentCode(database, certificate, address, options.name), address };
  } finally {
    await database.close();
  }
}

async function enrolmentCode(database: FloorDatabase, certificate: FloorCertificate, address: string, name: string, validMs?: number): Promise<string> {
  const { secret } = await makeEnrolment(database.pool, name, validMs);
  return formatEnrolmentCode({ address, fingerprint: certificate.fingerprint, secret });
}

/** The floor's screens from a build, or null when there is none there (a floor runs without its page, for tables alone). */
function floorScreens(root: string | null): ReadonlyMap<string, BuiltFile> | null {
  if (root === null || !existsSync(join(root, 'floor.html'))) return null;
  return loadBuiltFiles(root);
}

/** The key that reads the floor board over the link (`board-key`, 0600), made at the first start. */
export function boardKey(folder: string): string {
  const path = boardKeyPath(folder);
  if (!existsSync(path)) writeSecretFile(path, `${newSecret()}\n`);
  const key = readFileSync(path, 'utf8').trim();
  if (!/^[A-Za-z0-9_-]{43}$/.test(key)) throw new FloorError(`${path} is not the floor board's key: remove it, and the next start makes a new one`);
  return key;
}

export function boardKeyPath(folder: string): string {
  return join(folder, 'board-key');
}

function announced(folder: string): Announced | null {
  try {
    const kept = JSON.parse(readFileSync(join(folder, 'floor-server.json'), 'utf8')) as Partial<Announced>;
    return typeof kept.address === 'string' && typeof kept.pid === 'number' ? { address: kept.address, pid: kept.pid } : null;
  } catch {
    return null;
  }
}

/** The address the tables reach the floor at: its host, or — listening everywhere — this machine's first network address. */
function defaultAddress(host: string, port: number): string {
  let name = host;
  if (host === '0.0.0.0' || host === '::' || host === '') {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);
    name = external?.address ?? '127.0.0.1';
  }
  return `https://${name.includes(':') ? `[${name}]` : name}:${port}`;
}
