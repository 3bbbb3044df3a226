import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Core } from '../../api/core.js';
import { defaultDatabasePath, keepTableFilesPrivate, managerPinPath, showNewPin } from '../../api/data-folder.js';
import { staffPath, withStaffLock } from '../../api/staff.js';
import { newTournamentTable, TournamentFileError } from '../../api/tournament-file.js';
import type { TableConfig } from '../../engine/table/table-config.js';
import { hardwareConfigPath } from '../../hardware/hardware-config.js';
import { startBrowserServer } from '../../server/browser-server.js';
import { screenKeyPath, screenLauncherPath, tableScreenKey, writeScreenLauncher } from '../../server/screen-key.js';
import { FileLock, LockHeld } from '../../store/file-lock.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';

/** `hardware` null: not given — real where the table's devices are configured, else simulated (D58). */
type StartOptions = { browser: boolean; port: number; host: string; db: string | null; hardware: 'sim' | 'real' | null; floorPin: string | undefined; seed: number | undefined; tournament: string | null; floor: string | null };

export const DEFAULT_PORT = 8420;

function parse(args: readonly string[]): StartOptions {
  const { values } = readArgs(args, {
    browser: { type: 'boolean' },
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    hardware: { type: 'string' },
    'floor-pin': { type: 'string' },
    tournament: { type: 'string' },
    floor: { type: 'string' },
    seed: { type: 'string' },
  });
  const options: StartOptions = { browser: values.browser === true, port: DEFAULT_PORT, host: values.host ?? '127.0.0.1', db: values.db ?? null, hardware: null, floorPin: values['floor-pin'], seed: undefined, tournament: values.tournament ?? null, floor: values.floor ?? null };
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) throw new CliUsageError(`--port needs a port number 0–65535 (0: any free port), got '${values.port}'`);
    options.port = port;
  }
  if (values.hardware !== undefined) {
    if (values.hardware !== 'sim' && values.hardware !== 'real') throw new CliUsageError(`--hardware is sim or real, got '${values.hardware}'`);
    options.hardware = values.hardware;
  }
  if (values.seed !== undefined) {
    const seed = Number(values.seed);
    if (!/^\d+$/.test(values.seed) || seed > 0xffffffff) throw new CliUsageError(`--seed needs an integer 0–4294967295, got '${values.seed}'`);
    options.seed = seed;
  }
  return options;
}

/** The checkout's dist/ folder, wherever this module was bundled to inside it. */
function distFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 3; up++) {
    if (existsSync(join(folder, 'felt.js'))) return folder;
    folder = dirname(folder);
  }
  throw new Error('dist/ not found: run `npm run build` in the checkout');
}

/** Electron's binary, when the electron package could download it (it cannot on every machine), and a display to show it on. */
function electronBinary(dist: string): { path: string } | { missing: string } {
  const root = resolve(dist, '..');
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return { missing: "Electron's binary is not installed here" };
  const binary = join(root, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { missing: "Electron's binary is not installed here" };
  if (!process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) return { missing: 'there is no display to show the kiosk on' };
  return { path: binary };
}

/**
 * `felt start`: the croupier's screen. The Electron kiosk where its binary is installed (and a display is
 * there), otherwise — or with --browser — browser mode: the same core and screens over HTTP and a
 * WebSocket. The screen's address with the table's screen key, and a PIN made up for a new table, are
 * printed only on a terminal (`terminal`: standard output is one); a service's output, which a system
 * journal keeps, names the files that hold them instead (D56, D58). Runs until stopped (Ctrl-C).
 * `dist` is the built checkout's dist/ folder (found beside this module when not given).
 */
export async function runStart(args: readonly string[], io: CommandIo, dist?: string, terminal: boolean = process.stdout.isTTY === true): Promise<number> {
  const options = parse(args);
  // FELT_FLOOR_PIN keeps the PIN out of the process list, where --floor-pin shows while the table runs.
  const floorPin = options.floorPin ?? (process.env['FELT_FLOOR_PIN'] || undefined);
  // The log holds hole cards while a hand is played: nobody else on the machine reads the table's files.
  keepTableFilesPrivate();
  const db = options.db ?? defaultDatabasePath();
  if (db !== ':memory:' && !existsSync(dirname(resolve(db)))) throw new CliUsageError(`--db: the folder ${dirname(resolve(db))} does not exist`);
  const hardware = options.hardware ?? (db !== ':memory:' && existsSync(hardwareConfigPath(db)) ? 'real' : 'sim');
  // A tournament's structure is checked before anything is made: a wrong file makes no table.
  let tableConfig: TableConfig | undefined;
  if (options.tournament !== null) {
    try {
      tableConfig = newTournamentTable(options.tournament, db);
    } catch (error) {
      if (!(error instanceof TournamentFileError)) throw error;
      io.err(`felt start: ${error.message}\n`);
      return 1;
    }
  }
  if (options.floor !== null) {
    if (db === ':memory:') throw new CliUsageError('--floor enrols a table kept in a file: its link to the floor is kept beside it (give --db PATH)');
    // Enrolled before the table opens: the kiosk or browser mode then starts its shipper (D73).
    const { enrolFromStart } = await import('../../floor/link/enrol.js');
    const enrolled = await enrolFromStart(db, options.floor, (words) => io.out(`${words}\n`));
    if ('problem' in enrolled) {
      io.err(`felt start: ${enrolled.problem}\n`);
      return 1;
    }
    io.out(`${enrolled.words}\n`);
  }
  const built = dist ?? distFolder();
  const electron = options.browser ? { missing: '--browser was given' } : electronBinary(built);
  if ('path' in electron) {
    io.out(`Felt kiosk (Electron), ${hardware === 'sim' ? 'simulated' : 'real'} hardware, table log ${db}\n`);
    const kioskArgs = [
      join(built, 'electron', 'main.js'),
      '--db',
      db,
      '--hardware',
      hardware,
      ...(options.seed === undefined ? [] : ['--seed', String(options.seed)]),
      ...(options.tournament === null ? [] : ['--tournament', resolve(options.tournament)]),
    ];
    const env = floorPin === undefined ? process.env : { ...process.env, FELT_FLOOR_PIN: floorPin };
    const child = spawn(electron.path, kioskArgs, { stdio: 'inherit', env });
    // Stopping `felt start` stops the kiosk, which closes the table's log cleanly.
    const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    return new Promise((done) => {
      child.on('error', (error) => {
        io.err(`felt start: the kiosk did not start: ${error.message}\n`);
        done(1);
      });
      child.on('exit', (code) => {
        process.off('SIGINT', forward);
        process.off('SIGTERM', forward);
        done(code ?? 1);
      });
    });
  }
  const root = join(built, 'renderer');
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root}/index.html is missing: run \`npm run build\``);
  // Asked before the table's files and a PIN are made: a start that cannot listen makes neither.
  const cannotListen = await listenProblem(options.host, options.port);
  if (cannotListen !== null) {
    io.err(`felt start: cannot listen on ${options.host}:${options.port}: ${cannotListen}\n`);
    return 1;
  }
  const before = existingTableFiles(db);
  let core: Core;
  try {
    core = await Core.open({
      dbPath: db,
      hardware,
      ...(floorPin === undefined ? {} : { floorPin }),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(tableConfig === undefined ? {} : { tableConfig }),
    });
  } catch (error) {
    takeBack(db, before, null);
    io.err(`felt start: ${(error as Error).message}\n`);
    return 1;
  }
  // The staff file as this start made it (taken back if the table cannot listen after all).
  const madeStaff = db !== ':memory:' && !before.has(staffPath(db)) && existsSync(staffPath(db)) ? readFileSync(staffPath(db), 'utf8') : null;
  // A made-up PIN is shown whenever the table keeps it, and only then: on a terminal, else in a file (D58).
  const showPin = (): void => {
    if (core.newPin !== null) io.out(`${showNewPin(db, core.newPin, terminal)}\n`);
  };
  // The table's screen key, made now if it has none: the table's lock is held, so no other start makes one.
  let key: string;
  try {
    key = tableScreenKey(db).key;
  } catch (error) {
    core.close();
    if (!takeBack(db, before, madeStaff)) showPin();
    io.err(`felt start: ${(error as Error).message}\n`);
    return 1;
  }
  // The signals are ours before anything is printed: whoever reads the output (the PIN, the address) may
  // stop the table at once — a write to a pipe is synchronous, and the reader can act before this process
  // runs its next line — and the table must then close its log, not die of the signal.
  // SIGTERM (`systemctl stop`, an update) stops the table between hands: no new hand starts, and the hand in
  // play is played to its end first. SIGINT (Ctrl-C), or a second signal, stops it now: its log holds every
  // step, and the next start takes the hand up where it stands.
  let running: Awaited<ReturnType<typeof startBrowserServer>> | null = null;
  let stopping = false;
  let closing = false;
  let done: (code: number) => void = () => undefined;
  const stopped = new Promise<number>((resolve) => (done = resolve));
  const close = (): void => {
    if (closing) return;
    closing = true;
    process.off('SIGINT', stopNow);
    process.off('SIGTERM', stop);
    void (running === null ? Promise.resolve() : running.close()).then(() => {
      core.close();
      done(0);
    });
  };
  const stopNow = (): void => {
    stopping = true;
    close();
  };
  const stop = (): void => {
    if (stopping) return close();
    stopping = true;
    const between = core.controller.stopBetweenHands();
    if (core.controller.view().handInPlay) io.err('felt start: stopping once the hand in play is over (no new hand starts; a second signal stops now)\n');
    void between.then(close);
  };
  process.on('SIGINT', stopNow);
  process.on('SIGTERM', stop);
  if (core.notice !== null) io.err(`felt start: ${core.notice}\n`);
  if (core.newPin === null && db !== ':memory:' && existsSync(managerPinPath(db))) {
    io.err(`felt start: ${managerPinPath(db)} still holds the manager's first PIN: keep it somewhere safe and delete the file\n`);
  }
  let server: Awaited<ReturnType<typeof startBrowserServer>>;
  try {
    server = await startBrowserServer({ core, root, host: options.host, port: options.port, key });
  } catch (error) {
    if (stopping) {
      showPin();
      return stopped;
    }
    process.off('SIGINT', stopNow);
    process.off('SIGTERM', stop);
    core.close();
    // Taken by another program since it was asked: what this start made goes, unless someone changed it meanwhile.
    if (!takeBack(db, before, madeStaff)) showPin();
    io.err(`felt start: cannot listen on ${options.host}:${options.port}: ${(error as Error).message}\n`);
    return 1;
  }
  if (stopping) {
    // Stopped while the server was starting: it goes too, and the table has closed its log (and keeps the PIN).
    showPin();
    await server.close();
    return stopped;
  }
  running = server;
  // Written at every start (the port may be another): what a kiosk's browser opens (D56).
  const launcher = db === ':memory:' ? null : writeScreenLauncher(db, server.url);
  io.out(`Felt in browser mode (${electron.missing}), ${hardware === 'sim' ? 'simulated' : 'real'} hardware.\n`);
  io.out(`Table log: ${db}\n`);
  showPin();
  if (options.host !== '127.0.0.1' && options.host !== 'localhost' && options.host !== '::1') {
    io.out(`Listening on ${options.host}: anyone who can reach it still needs the table's screen key to see or touch the table.\n`);
  }
  if (terminal) {
    io.out('Open the croupier screen at:\n');
    io.out(`${server.url}\n`);
  } else {
    // The key stays out of a service's output, which a system journal keeps.
    io.out(`Croupier screen at ${server.base}, with the table's screen key: ${launcher === null ? 'this table is in memory, and its key is shown on a terminal only' : `open ${launcher} in a browser on this machine (the table's user's only)`}\n`);
  }
  return stopped;
}

/**
 * Why browser mode cannot listen on `host:port` now (the port taken, the address not this machine's), or
 * null. Port 0 takes any free port, which is always there.
 */
async function listenProblem(host: string, port: number): Promise<string | null> {
  if (port === 0) return null;
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' ? `${error.message} (another table, or another program, listens there: give another --port, or --port 0 for any free one)` : error.message));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

/** The files a start may make: the database with SQLite's companions, its writer's lock, the staff file and its lock, the screen key and its launcher, a made-up PIN. */
function tableFiles(db: string): string[] {
  if (db === ':memory:') return [];
  const staff = staffPath(db);
  return [db, `${db}-wal`, `${db}-shm`, `${db}-journal`, writerLock(db), `${writerLock(db)}-journal`, staff, `${staff}.lock`, `${staff}.lock-journal`, screenKeyPath(db), screenLauncherPath(db), managerPinPath(db)];
}

/** Where the store takes the table's writer lock: beside the file itself, a link followed. */
function writerLock(db: string): string {
  try {
    return `${realpathSync(db)}.lock`;
  } catch {
    return `${db}.lock`;
  }
}

/** Those of the table's files that are there now (a link too, even one that points nowhere). */
function existingTableFiles(db: string): ReadonlySet<string> {
  return new Set(tableFiles(db).filter((file) => lstatSync(file, { throwIfNoEntry: false }) !== undefined));
}

/**
 * A start that failed takes back the files it made (`before`: those that were there already, which stay):
 * a new database, its locks, and the staff file it made (`madeStaff`, its text) — kept, that would hold a
 * manager whose PIN nobody saw, and the next start would show none. A staff file somebody changed
 * meanwhile (felt staff), or a database another Felt opened meanwhile, is theirs: then everything stays.
 * True when nothing this start made is left.
 */
function takeBack(db: string, before: ReadonlySet<string>, madeStaff: string | null): boolean {
  const made = tableFiles(db).filter((file) => !before.has(file) && existsSync(file));
  if (made.length === 0) return true;
  let lock: FileLock;
  try {
    // Not waiting: a holder is another Felt that has the table open now.
    lock = FileLock.take(writerLock(db), 0);
  } catch (error) {
    if (error instanceof LockHeld) return false;
    throw error;
  }
  try {
    const staff = staffPath(db);
    if (made.includes(staff) && !forgetStaffFile(staff, madeStaff)) return false;
    // The lock files last, the table's own while it is held (a lock file's inode is what is locked).
    for (const file of made) rmSync(file, { force: true });
    return true;
  } finally {
    lock.release();
  }
}

/** Removes the staff file this start made, under its lock, unless it is no longer as made (`made`). True when it is gone. */
function forgetStaffFile(file: string, made: string | null): boolean {
  return withStaffLock(file, () => {
    if (made === null || !existsSync(file) || readFileSync(file, 'utf8') !== made) return false;
    rmSync(file);
    return true;
  });
}
