import { identify, loadStaff, signature, staffPath, type Credentials } from '../../api/staff.js';
import { floorLacksRows } from '../../floor/link/names-move.js';
import { ErasureRefused, erasePlayer, type ErasureTarget } from '../../store/erasure.js';
import { LockHeld } from '../../store/file-lock.js';
import { PersistenceError } from '../../store/persistence-error.js';
import { Players, referencesFrom } from '../../store/players.js';
import { openToRead, Store } from '../../store/store.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';
import { notATableDatabase } from '../table-database.js';

/**
 * `felt players list --db PATH [--json]` and `felt players erase --db PATH (--player ID | --name NAME)
 * --staff N`: a table's players as the side table beside its log keeps them (D102), and a manager's erasure
 * of one's name at the guest's request (GDPR art. 17). The manager signs with their staff number and PIN (the
 * PIN from FELT_STAFF_PIN or the first line on standard input, never the command line) or their badge
 * (FELT_STAFF_BADGE); the log records the erasure under their name, never the erased name. Erasing here needs
 * the table stopped (its lock); a running table erases from its own screen (D114). Listing reads the
 * database only, beside a running table too. `felt players migrate --db PATH --staff N` moves the names of a
 * table an earlier Felt began out of its rows, once, under a chained record signed by the manager (D113);
 * `erase` on such a table does it first.
 */
export async function runPlayers(args: readonly string[], io: CommandIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const secret = args.find((arg) => /^--(pin|badge)(=|$)/.test(arg));
  if (secret !== undefined) throw new CliUsageError(`${secret.replace(/=.*$/, '')}: a PIN or badge on the command line shows in the process list; give it in FELT_STAFF_PIN / FELT_STAFF_BADGE or on standard input`);
  const { values, positionals } = readArgs(args, { db: { type: 'string' }, player: { type: 'string' }, name: { type: 'string' }, staff: { type: 'string' }, json: { type: 'boolean' } }, true);
  const [action, extra] = positionals;
  if (action !== 'list' && action !== 'erase' && action !== 'migrate') throw new CliUsageError(`the action is list, erase or migrate, got '${action ?? ''}'`);
  if (extra !== undefined) throw new CliUsageError(`unexpected argument '${extra}': give one action (list, erase or migrate) and options`);
  const db = values.db;
  if (db === undefined) throw new CliUsageError('--db PATH is required');
  const unusable = notATableDatabase(db);
  if (unusable !== null) {
    io.err(`felt players: ${unusable}\n`);
    return 1;
  }
  if (action === 'list') return list(db, values.json === true, io);

  if (values.json === true) throw new CliUsageError('--json is for list');
  let target: ErasureTarget | null = null;
  if (action === 'migrate') {
    if (values.player !== undefined || values.name !== undefined) throw new CliUsageError('migrate moves every player\'s name out of the log: it takes no --player or --name');
  } else if ((values.player === undefined) === (values.name === undefined)) {
    throw new CliUsageError('erase names one player: --player ID (felt players list) or --name NAME');
  } else if (values.player !== undefined) {
    if (!/^[1-9]\d{0,15}$/.test(values.player)) throw new CliUsageError(`--player is a player's number (felt players list), got '${values.player}'`);
    target = { player: Number(values.player) };
  } else {
    target = { name: values.name as string };
  }
  const what = action === 'migrate' ? "move the players' names out of the log" : "erase a player's name";
  const nothing = action === 'migrate' ? 'nothing was moved' : 'nothing was erased';
  const staff = loadStaff(staffPath(db));
  if (staff === null) {
    io.err(`felt players: the table has no staff file (${staffPath(db)}): only a manager of the table may ${what}\n`);
    return 1;
  }
  const credentials = await credentialsOf(values.staff, env, io);
  const member = identify(staff, credentials);
  if (member === null) {
    io.err(`felt players: ${'badge' in credentials ? 'that badge is no one\'s at this table' : 'wrong staff number or PIN'}: ${nothing}\n`);
    return 1;
  }
  if (member.role !== 'manager') {
    io.err(`felt players: ${member.name} (#${member.number}) is a ${member.role}: only a manager may ${what}; ${nothing}\n`);
    return 1;
  }
  let store: Store;
  try {
    store = Store.open(db);
  } catch (error) {
    if (!(error instanceof PersistenceError)) throw error;
    // A running table holds its database: its own screen erases while it runs (D114); a move waits for it to stop.
    const running = error.cause instanceof LockHeld ? (target === null ? ': stop the table first' : ": erase the name from the table's screen while it runs (the floor functions, Players: a manager's), or stop it first") : '';
    io.err(`felt players: ${error.message}${running}; ${nothing}\n`);
    return 1;
  }
  // An older table's names move only once its floor (if it has one) holds every row as first written (D113).
  const lacking = store.namesByReference ? null : await floorLacksRows(db, store.headOfChain().seq);
  if (lacking !== null) {
    store.close();
    io.err(`felt players: ${lacking}; ${nothing}\n`);
    return 1;
  }
  try {
    if (target === null) return moveNames(store, signature(member), db, io);
    const erased = erasePlayer(store, target, signature(member), Date.now());
    if (erased.moved !== null) io.out(`this table was begun by an earlier Felt: its players' names were moved out of its log first (${movedWords(erased.moved)})\n`);
    io.out(`player ${erased.player.id} erased by ${signature(member)}: the name left the table's database, and row ${erased.row} of its log records the erasure\n`);
    if (!erased.walEmptied) io.err(`felt players: a reader held the write-ahead log (${db}-wal): the old page with the name stays in it until SQLite's next checkpoint (the table's next start, or felt players erase again once it is free)\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof ErasureRefused || error instanceof PersistenceError)) throw error;
    io.err(`felt players: ${error.message}\n`);
    return 1;
  } finally {
    store.close();
  }
}

/** `felt players migrate`: an older table's names moved out of its rows, once (D113). */
function moveNames(store: Store, by: string, db: string, io: CommandIo): number {
  if (store.namesByReference) {
    io.out("this table's log names its players by reference already (D102): there are no names to move out of it\n");
    return 0;
  }
  const moved = store.moveNames(by, Date.now(), (words) => io.err(`felt players: ${words}\n`));
  io.out(`the players' names left the table's log, moved by ${by}: ${movedWords(moved)}; felt verify --db ${db} checks it (once from the first row)\n`);
  if (!moved.walEmptied) io.err(`felt players: a reader held the write-ahead log (${db}-wal): old pages with the names stay in it until SQLite's next checkpoint (the table's next start)\n`);
  return 0;
}

function movedWords(moved: { readonly row: number; readonly pins: number; readonly players: number }): string {
  return `${moved.players} players beside the log, the rows of ${moved.pins} commands rewritten, each pinned by the record at row ${moved.row}`;
}

/** The manager's staff number and PIN (environment or standard input's first line), or their badge. */
async function credentialsOf(staff: string | undefined, env: NodeJS.ProcessEnv, io: CommandIo): Promise<Credentials> {
  const badge = env['FELT_STAFF_BADGE'] || undefined;
  if (badge !== undefined) return { badge };
  if (staff === undefined) throw new CliUsageError("erase and migrate need the manager's --staff NUMBER (and the PIN in FELT_STAFF_PIN or on standard input), or a badge in FELT_STAFF_BADGE");
  const pin = env['FELT_STAFF_PIN'] || undefined;
  if (pin !== undefined) return { staff, pin };
  for await (const line of io.lines()) return { staff, pin: line.trim() };
  throw new CliUsageError("the manager's PIN is needed: FELT_STAFF_PIN, or the first line on standard input");
}

function list(path: string, json: boolean, io: CommandIo): number {
  const db = openToRead(path);
  try {
    const players = new Players(db).all();
    const byReference = referencesFrom(db) !== null;
    if (json) {
      io.out(`${JSON.stringify({ namesBesideTheLog: byReference, players: players.map((player) => ({ id: player.id, name: player.name, firstRow: player.first_row, erased: player.name === null ? { row: player.erased_row, at: new Date(player.erased_at ?? 0).toISOString(), by: player.erased_by } : null })) })}\n`);
      return 0;
    }
    if (!byReference) io.out("this table's log was begun by an earlier Felt: its rows hold players' names, and the side table lists none (D103; felt players migrate moves them out, D113)\n");
    for (const player of players) {
      const what = player.name === null ? `(erased at row ${String(player.erased_row)}, ${new Date(player.erased_at ?? 0).toISOString()}, by ${player.erased_by ?? '?'})` : player.name;
      io.out(`${player.id}\t${what}\tfirst at row ${player.first_row}\n`);
    }
    return 0;
  } finally {
    db.close();
  }
}
