import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { parseMoment } from './report.js';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { dataFolder, keepTableFilesPrivate, writeSecretFile } from '../../api/data-folder.js';
import { FloorError } from '../../floor/floor-error.js';
import { counted } from '../counted.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';

/** The floor's folder by default: under /var/lib for root (PostgreSQL, run as another user, must pass through it), else the user's data folder. */
function defaultFolder(): string {
  return process.getuid?.() === 0 ? '/var/lib/felt/floor' : join(dataFolder(), 'floor');
}

export const FLOOR_PORT = 8430;

type Options = {
  data: string | null;
  pg: string | null;
  pgUser: string | undefined;
  host: string;
  port: number;
  address: string | null;
  name: string | null;
  replaces: string | null;
  out: string | null;
  tables: number;
  hands: number;
  seed: number;
  number: string | null;
  role: string | null;
  maxAgeHours: number | null;
  kind: string | null;
  from: number | null;
  to: number | null;
  format: string;
  lang: string | null;
  linger: number;
};

function parse(args: readonly string[], allowed: readonly string[]): Options {
  const options: Options = { data: null, pg: process.env['FELT_FLOOR_PG'] || null, pgUser: undefined, host: '127.0.0.1', port: FLOOR_PORT, address: null, name: null, replaces: null, out: null, tables: 4, hands: 40, seed: 1, number: null, role: null, maxAgeHours: null, kind: null, from: null, to: null, format: 'json', lang: null, linger: 0 };
  // Named before anything else is read: a secret typed on the command line is the mistake to point at.
  const secret = allowed.includes('--pin') ? args.find((arg) => /^--(pin|badge)(=|$)/.test(arg)) : undefined;
  if (secret !== undefined) throw new CliUsageError(`${secret.replace(/=.*$/, '')}: a PIN or badge on the command line shows in the process list; give it in FELT_STAFF_PIN / FELT_STAFF_BADGE or on standard input`);
  // Every option of `felt floor` takes a value; each subcommand takes its own of them.
  const spec = Object.fromEntries(allowed.filter((option) => option !== '--pin' && option !== '--badge').map((option) => [option.slice(2), { type: 'string' as const }]));
  const values: Readonly<Record<string, string | undefined>> = readArgs(args, spec).values as Record<string, string | undefined>;
  const integer = (name: string, min: number, max: number): number | null => {
    const text = values[name];
    if (text === undefined) return null;
    const number = Number(text);
    if (!/^\d+$/.test(text) || number < min || number > max) throw new CliUsageError(`--${name} must be a whole number ${min}–${max}, got '${text}'`);
    return number;
  };
  options.data = values['data'] ?? options.data;
  options.pg = values['pg'] ?? options.pg;
  options.pgUser = values['pg-user'] ?? options.pgUser;
  options.host = values['host'] ?? options.host;
  options.port = integer('port', 0, 65535) ?? options.port;
  options.address = values['address'] ?? options.address;
  options.name = values['name'] ?? options.name;
  options.replaces = values['replaces'] ?? options.replaces;
  options.out = values['out'] ?? options.out;
  options.tables = integer('tables', 1, 200) ?? options.tables;
  options.hands = integer('hands', 1, 100_000) ?? options.hands;
  options.seed = integer('seed', 0, 0xffffffff) ?? options.seed;
  options.number = values['number'] ?? options.number;
  options.kind = values['kind'] ?? options.kind;
  options.from = values['from'] === undefined ? options.from : parseMoment('--from', values['from']);
  options.to = values['to'] === undefined ? options.to : parseMoment('--to', values['to']);
  options.format = values['format'] ?? options.format;
  options.lang = values['lang'] ?? options.lang;
  options.linger = integer('linger', 0, 3_600) ?? options.linger;
  options.role = values['role'] ?? options.role;
  options.maxAgeHours = integer('max-age-hours', 1, 720) ?? options.maxAgeHours;
  return options;
}

const DATABASE = ['--data', '--pg', '--pg-user'];

/**
 * `felt floor [serve]`: the floor server until stopped; `felt floor enrol --name NAME`: a one-time
 * enrolment code for a table; `felt floor sim`: simulated tables feeding a floor of their own; `felt floor
 * tables`: the enrolled tables and where each one's log at the floor ends. A failure the user can act on
 * (a folder PostgreSQL cannot use, a floor that runs already, an address that is none) is one line, exit 1.
 */
export async function runFloor(args: readonly string[], io: CommandIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [first, ...rest] = args;
  const sub = first === undefined || first.startsWith('--') ? 'serve' : first;
  const given = sub === 'serve' && first !== 'serve' ? args : rest;
  keepTableFilesPrivate();
  try {
    switch (sub) {
      case 'serve':
        return await serve(parse(given, [...DATABASE, '--host', '--port', '--address']), io);
      case 'enrol':
        return await enrol(parse(given, [...DATABASE, '--address', '--name', '--replaces', '--out']), io);
      case 'sim':
        return await simulate(parse(given, [...DATABASE, '--tables', '--hands', '--seed', '--port', '--linger']), io);
      case 'tables':
        return await tables(parse(given, DATABASE), io);
      case 'report':
        return await report(parse(given, [...DATABASE, '--kind', '--from', '--to', '--format', '--lang', '--out']), io);
      case 'staff':
        return await staff(given[0], parse(given.slice(1), [...DATABASE, '--number', '--name', '--role', '--max-age-hours', '--pin', '--badge']), io, env);
      default:
        throw new CliUsageError(`'${sub}' is not a floor command: serve, enrol, sim, tables, staff or report`);
    }
  } catch (error) {
    if (!(error instanceof FloorError)) throw error;
    io.err(`felt floor ${sub}: ${error.message}\n`);
    return 1;
  }
}

async function serve(options: Options, io: CommandIo): Promise<number> {
  const { Floor, boardKeyPath } = await import('../../floor/floor.js');
  const folder = resolve(options.data ?? defaultFolder());
  const screens = builtScreens();
  const floor = await Floor.start({ folder, pg: options.pg, ...(options.pgUser === undefined ? {} : { pgUser: options.pgUser }), host: options.host, port: options.port, address: options.address, screens, log: (line) => io.err(`${new Date().toISOString()} ${line}\n`) });
  io.out(`Felt floor: ${floor.database.embedded === null ? 'PostgreSQL at --pg' : `its own PostgreSQL in ${floor.database.embedded.cluster}`}; tables reach it at ${floor.address}\n`);
  io.out(`Certificate fingerprint (SHA-256, pinned by every table at enrolment): ${floor.certificate.fingerprint}\n`);
  io.out(`Enrol a table: felt floor enrol --data ${folder} --name "Table 1"\n`);
  io.out(screens === null ? 'The floor board\'s screens are not built (npm run build): the link only.\n' : `The floor board: ${floor.address}/ in a browser (the floor's certificate, above), signed in as a floor supervisor or manager of felt floor staff\n`);
  io.out(`The floor board's data: GET ${floor.address}/v1/board with "Authorization: Bearer board.<the key in ${boardKeyPath(folder)}>"\n`);
  return new Promise((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void floor.close().then(() => done(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** dist/renderer beside the bundle this runs from, when the floor's page is built there. */
function builtScreens(): string | null {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 3; up++) {
    if (existsSync(join(folder, 'felt.js'))) return existsSync(join(folder, 'renderer', 'floor.html')) ? join(folder, 'renderer') : null;
    folder = dirname(folder);
  }
  return null;
}

async function enrol(options: Options, io: CommandIo): Promise<number> {
  if (options.replaces !== null) return replacement(options, options.replaces, io);
  if (options.name === null) throw new CliUsageError('--name NAME is required: the name the table gets at the floor (or --replaces TABLE: a code for a PC that replaces a table)');
  const { enrolOffline } = await import('../../floor/floor.js');
  const { code, address } = await enrolOffline({ folder: options.data ?? defaultFolder(), pg: options.pg, ...(options.pgUser === undefined ? {} : { pgUser: options.pgUser }), address: options.address, name: options.name });
  if (options.out !== null) {
    writeSecretFile(options.out, `${code}\n`);
    io.out(`Enrolment code for '${options.name.trim()}' (floor ${address}, valid one day, once) written to ${options.out}: start the table with felt start --floor ${options.out}\n`);
  } else {
    io.out(`Enrolment code for '${options.name.trim()}' (floor ${address}, valid one day, once): start the table with felt start --floor CODE\n${code}\n`);
  }
  return 0;
}

/** `felt floor enrol --replaces TABLE`: a one-time code for a PC that replaces a table whose PC died (D99). */
async function replacement(options: Options, which: string, io: CommandIo): Promise<number> {
  if (options.name !== null) throw new CliUsageError('--name and --replaces are two kinds of code: a new table gets a name, a replacement keeps its table\'s');
  const { enrolOffline } = await import('../../floor/floor.js');
  const { code, address, replacement } = await enrolOffline({ folder: options.data ?? defaultFolder(), pg: options.pg, ...(options.pgUser === undefined ? {} : { pgUser: options.pgUser }), address: options.address, name: which, replaces: true });
  if (replacement === undefined) return 1;
  const { table, head, lost } = replacement;
  const what = `Replacement code for '${table.name}' (${table.id}; floor ${address}, valid one day, once): the new PC reads back the table's log — ${counted(head.seq, 'row')} at the floor — verifies it and goes on with it; the old PC's credential is revoked then`;
  const start = options.out === null ? 'felt start --db NEW.db --floor CODE' : `felt start --db NEW.db --floor ${options.out}`;
  if (lost !== null) io.out(`${lost.en}\n`);
  if (options.out !== null) {
    writeSecretFile(options.out, `${code}\n`);
    io.out(`${what}. Written to ${options.out}: start the new PC with ${start}\n`);
  } else {
    io.out(`${what}. Start the new PC with ${start}\n${code}\n`);
  }
  return 0;
}

async function tables(options: Options, io: CommandIo): Promise<number> {
  const { FloorDatabase } = await import('../../floor/postgres/floor-database.js');
  const { source } = await import('../../floor/floor.js');
  const database = await FloorDatabase.open(source(resolve(options.data ?? defaultFolder()), options.pg, options.pgUser), { migrateSchema: false });
  try {
    const found = await database.pool.query<{ id: string; name: string; seq: number; hash: string; moved_at: Date; forks: number; replaced_at: Date | null; old_seen_at: Date | null; old_seen_count: number | null }>(
      `SELECT t.id, t.name, h.seq, h.hash, h.moved_at, (SELECT count(*)::int FROM fork_incident f WHERE f.table_id = t.id) AS forks, r.replaced_at, r.old_seen_at, r.old_seen_count
         FROM floor_table t JOIN chain_head h ON h.table_id = t.id
         LEFT JOIN LATERAL (SELECT replaced_at, old_seen_at, old_seen_count FROM table_replacement WHERE table_id = t.id ORDER BY replaced_at DESC LIMIT 1) r ON true
        ORDER BY t.name`,
    );
    if (found.rows.length === 0) io.out('No table is enrolled at this floor.\n');
    for (const row of found.rows) {
      const forks = row.forks === 0 ? '' : `, ${counted(row.forks, 'fork')} refused`;
      // A replaced PC (D99), and its old PC seen coming back with the revoked credential.
      const replaced = row.replaced_at === null ? '' : `, PC replaced at ${row.replaced_at.toISOString()}${row.old_seen_at === null ? '' : ` — THE OLD PC CAME BACK (refused ${counted(row.old_seen_count ?? 0, 'time')}, last at ${row.old_seen_at.toISOString()})`}`;
      io.out(`${row.name} (${row.id}): ${counted(row.seq, 'row')} at the floor, head ${row.hash}, last at ${row.moved_at.toISOString()}${forks}${replaced}\n`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * `felt floor staff list|add|change|remove|max-age`: the floor's staff directory (D90), which the floor's
 * screens sign in with. The PIN and badge come from FELT_STAFF_PIN / FELT_STAFF_BADGE or, for a new member
 * without either, the first line on standard input — never the command line.
 */
async function staff(action: string | undefined, options: Options, io: CommandIo, env: NodeJS.ProcessEnv): Promise<number> {
  const actions = ['list', 'add', 'change', 'remove', 'max-age'];
  if (action === undefined || !actions.includes(action)) throw new CliUsageError(`felt floor staff ${actions.join('|')}: '${action ?? ''}' is none of them`);
  const { FloorDatabase } = await import('../../floor/postgres/floor-database.js');
  const { source } = await import('../../floor/floor.js');
  const { changeDirectory, readDirectory } = await import('../../floor/staff/directory.js');
  const { ROLES } = await import('../../api/staff.js');
  const role = options.role === null ? undefined : ROLES.find((known) => known === options.role);
  if (options.role !== null && role === undefined) throw new CliUsageError(`--role is one of ${ROLES.join(', ')}, got '${options.role}'`);
  const number = (): string => {
    if (options.number === null) throw new CliUsageError('--number N is required');
    return options.number;
  };
  const secrets = async (needed: boolean): Promise<{ pin?: string; badge?: string }> => {
    const pin = env['FELT_STAFF_PIN'] || undefined;
    const badge = env['FELT_STAFF_BADGE'] || undefined;
    if (pin !== undefined || badge !== undefined || !needed) return { ...(pin === undefined ? {} : { pin }), ...(badge === undefined ? {} : { badge }) };
    for await (const line of io.lines()) return { pin: line.trim() };
    throw new CliUsageError('a new member needs a PIN (FELT_STAFF_PIN, or the first line on standard input) or a badge (FELT_STAFF_BADGE)');
  };
  const change =
    action === 'add'
      ? { kind: 'add' as const, member: { number: number(), name: options.name ?? '', role: role ?? 'croupier', ...(await secrets(true)) } }
      : action === 'change'
        ? { kind: 'change' as const, number: number(), change: { ...(options.name === null ? {} : { name: options.name }), ...(role === undefined ? {} : { role }), ...(await secrets(false)) } }
        : action === 'remove'
          ? { kind: 'remove' as const, number: number() }
          : action === 'max-age'
            ? { kind: 'max-age' as const, maxAgeMs: (options.maxAgeHours ?? 0) * 60 * 60 * 1000 }
            : null;
  if (change?.kind === 'max-age' && options.maxAgeHours === null) throw new CliUsageError('--max-age-hours H is required: how long a table cut off from the floor signs in with its last copy');
  const database = await FloorDatabase.open(source(resolve(options.data ?? defaultFolder()), options.pg, options.pgUser), { migrateSchema: false });
  try {
    const directory = change === null ? await readDirectory(database.pool) : await changeDirectory(database.pool, change);
    if (change !== null) io.out(`The floor's staff directory is at version ${directory.version}; the floor's screens sign in with it.\n`);
    if (directory.staff.staff.length === 0) io.out('The floor has no staff yet: felt floor staff add --number 1 --name NAME --role manager (the PIN in FELT_STAFF_PIN)\n');
    for (const member of directory.staff.staff) io.out(`${member.number}\t${member.name}\t${member.role}\t${member.pin === null ? 'no PIN' : 'PIN'}\t${member.badge === null ? 'no badge' : 'badge'}\n`);
    io.out(`A table cut off from the floor signs in with its last copy for ${counted(Math.round(directory.maxAgeMs / 3_600_000), 'hour')}.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * `felt floor report --kind session|collections|cashflow|incidents [--from …] [--to …] [--format json|csv|pdf]
 * [--lang en|de] [--out FILE]`: a room report (D92, D96) — every table's line over its rows at the floor,
 * and the room's totals; a PDF (written to --out) in the tables' printed layout (D79).
 */
async function report(options: Options, io: CommandIo): Promise<number> {
  const { ROOM_REPORT_KINDS, roomReport } = await import('../../floor/reports/room-report.js');
  const kind = ROOM_REPORT_KINDS.find((known) => known === options.kind);
  if (kind === undefined) throw new CliUsageError(`--kind is one of ${ROOM_REPORT_KINDS.join(', ')}${options.kind === null ? '' : `, got '${options.kind}'`}`);
  if (options.format !== 'json' && options.format !== 'csv' && options.format !== 'pdf') throw new CliUsageError(`--format is json, csv or pdf, got '${options.format}'`);
  if (options.lang !== null && options.lang !== 'en' && options.lang !== 'de') throw new CliUsageError(`--lang is en or de, got '${options.lang}'`);
  if (options.lang !== null && options.format !== 'pdf') throw new CliUsageError('--lang is for --format pdf');
  if (options.format === 'pdf' && options.out === null) throw new CliUsageError('--format pdf needs --out FILE');
  if (options.from !== null && options.to !== null && options.from >= options.to) throw new CliUsageError('--from must come before --to');
  const { FloorDatabase } = await import('../../floor/postgres/floor-database.js');
  const { source } = await import('../../floor/floor.js');
  const database = await FloorDatabase.open(source(resolve(options.data ?? defaultFolder()), options.pg, options.pgUser), { migrateSchema: false });
  try {
    const room = await roomReport(database.pool, kind, { from: options.from, to: options.to });
    let content: string | Uint8Array;
    if (options.format === 'pdf') content = (await import('../../floor/reports/room-pdf.js')).roomPdf(room, { language: options.lang === 'de' ? 'de' : 'en', generatedAt: Date.now() });
    else if (options.format === 'csv') content = (await import('../../floor/reports/room-csv.js')).roomCsv(room);
    else content = `${JSON.stringify(room, null, 2)}\n`;
    if (options.out === null) io.out(content as string);
    else {
      writeFileSync(options.out, content);
      io.out(`The room's ${kind} report (${counted(room.tables.length, 'table')}) written to ${options.out}\n`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * `felt floor sim`: a floor of its own (in a temporary folder, or `--data`) and `--tables` simulated tables
 * feeding it, each enrolled, played and shipped as an enrolled table is; a line a second, then each
 * table's head at the floor against its own. Exit 0 when every table's log at the floor is its own.
 */
async function simulate(options: Options, io: CommandIo): Promise<number> {
  const { Floor } = await import('../../floor/floor.js');
  const { SimulatedRoom } = await import('../../floor/sim/room.js');
  const { storedHead } = await import('../../floor/ingest/ingest.js');
  const temporary = options.data === null;
  const base = options.data === null ? mkdtempSync(join(tmpdir(), 'felt-floor-sim-')) : resolve(options.data);
  // PostgreSQL runs as another user when this is root: it passes through the folder to its own.
  if (temporary && process.getuid?.() === 0) chmodSync(base, 0o711);
  const run = new Date().toISOString().slice(11, 19).replaceAll(':', '');
  const tablesFolder = join(base, temporary ? 'tables' : `sim-${run}`);
  mkdirSync(tablesFolder, { recursive: true });
  const floor = await Floor.start({ folder: join(base, temporary ? 'floor' : '.'), pg: options.pg, ...(options.pgUser === undefined ? {} : { pgUser: options.pgUser }), host: '127.0.0.1', port: options.port === FLOOR_PORT ? 0 : options.port, address: null, screens: builtScreens() });
  let room: Awaited<ReturnType<typeof SimulatedRoom.open>> | null = null;
  try {
    io.out(`Floor at ${floor.address} (${floor.database.embedded === null ? 'PostgreSQL at --pg' : `its own PostgreSQL in ${floor.database.embedded.cluster}`}); ${counted(options.tables, 'table')} of ${counted(options.hands, 'hand')} each, in ${tablesFolder}\n`);
    // A floor with no staff yet gets a manager to sign in to its screens with, the PIN made up and shown once.
    const { changeDirectory, readDirectory } = await import('../../floor/staff/directory.js');
    if ((await readDirectory(floor.database.pool)).version === 0) {
      const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await changeDirectory(floor.database.pool, { kind: 'add', member: { number: '1', name: 'Manager', role: 'manager', pin } });
      io.out(`The floor board: ${floor.address}/ — sign in as staff number 1 with PIN ${pin} (the floor's own certificate: the browser asks once)\n`);
    } else io.out(`The floor board: ${floor.address}/ — sign in with the floor's staff\n`);
    room = await SimulatedRoom.open({ tables: options.tables, hands: options.hands, seed: options.seed, folder: tablesFolder, board: true, enrolment: (name) => floor.enrolment(temporary ? name : `${name} (sim ${run})`), shipper: { pollMs: 200 } });
    let shown = Date.now();
    const started = Date.now();
    await room.play({
      progress: (progress) => {
        if (Date.now() - shown < 1_000) return;
        shown = Date.now();
        io.out(`${((shown - started) / 1000).toFixed(0).padStart(3)} s: ${progress.playing} of ${progress.tables} tables playing; ${progress.rows} rows at the tables, ${progress.atFloor} at the floor (a hand in play stays at its table until it ends)\n`);
      },
    });
    await room.caughtUp();
    let same = 0;
    for (const table of room.heads()) {
      const atFloor = await storedHead(floor.database.pool, table.id);
      const equal = atFloor !== null && atFloor.seq === table.head.seq && atFloor.hash === table.head.hash;
      if (equal) same++;
      io.out(`${table.name}: ${counted(table.head.seq, 'row')}, head ${table.head.hash.slice(0, 16)}… — ${equal ? 'the same at the floor' : `AT THE FLOOR: ${atFloor === null ? 'nothing' : `${atFloor.seq} rows, head ${atFloor.hash.slice(0, 16)}…`}`}\n`);
    }
    io.out(same === room.tables.length ? `Every table's log at the floor is its own, row for row (same head hash).\n` : `${room.tables.length - same} of ${room.tables.length} tables differ at the floor.\n`);
    if (!temporary) io.out(`The floor's copy stays in ${base}: felt floor tables --data ${base}\n`);
    if (options.linger > 0) {
      io.out(`The floor stays up ${counted(options.linger, 'second')} more (--linger) for its board and reports.\n`);
      await new Promise((resolve) => setTimeout(resolve, options.linger * 1000));
    }
    return same === room.tables.length ? 0 : 1;
  } finally {
    await room?.close();
    await floor.close();
    if (temporary) rmSync(base, { recursive: true, force: true });
  }
}
