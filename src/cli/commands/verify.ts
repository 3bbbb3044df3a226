import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeDailyCheck } from '../../api/daily-check.js';
import { verifyDatabase } from '../../store/verify.js';
import { readArgs } from '../args.js';
import { counted } from '../counted.js';
import { CliUsageError, type CommandIo } from '../io.js';
import { notATableDatabase } from '../table-database.js';

/**
 * `felt verify --db PATH [--expect-head HASH] [--full] [--daily] [--floor DIR|URL [--table ID]]`: checks a
 * table's database, read-only — its write-ahead log, the schema, the hash chain row by row, the head, a replay
 * of every operation with every chip accounted for and every pot re-decided, the facts and the commands kept
 * beside the log; `--full` adds SQLite's integrity check of every page (D49). Exit 0 with a summary, or 1
 * naming the first bad row (or what is wrong with the file): a damaged file too, never a stack trace.
 * `--daily` (the package's timer) also writes the file's result beside the database, where the running table
 * shows it to the croupier and the floor; `--floor` then reads the file against the floor's copy (D75).
 */
export async function runVerify(args: readonly string[], io: CommandIo): Promise<number> {
  const { values } = readArgs(args, { db: { type: 'string' }, 'expect-head': { type: 'string' }, full: { type: 'boolean' }, daily: { type: 'boolean' }, floor: { type: 'string' }, table: { type: 'string' } });
  const { db, floor, table } = values;
  const full = values.full === true;
  const daily = values.daily === true;
  let expectHead: string | undefined;
  if (values['expect-head'] !== undefined) {
    const given = values['expect-head'];
    if (!/^[0-9a-f]{64}$/i.test(given)) throw new CliUsageError(`--expect-head needs a head hash (64 hex digits), got '${given}'`);
    // Felt prints hashes in lower case; one copied from a printout may have come back in upper case.
    expectHead = given.toLowerCase();
  }
  if (db === undefined) throw new CliUsageError('--db PATH is required');
  if (floor === undefined && table !== undefined) throw new CliUsageError('--table names a table at a floor: give the floor with --floor');
  const unusable = notATableDatabase(db);
  if (unusable !== null) {
    io.err(`felt verify: ${unusable}\n`);
    // A table file gone or unreadable is the daily check's finding too; nothing is written where no table's folder is.
    if (daily && existsSync(dirname(db))) writeDailyCheck(db, { ok: false, at: Date.now(), said: unusable.slice(0, 2000) });
    return 1;
  }
  const result = verifyDatabase(db, expectHead, { full });
  let said: string;
  if (result.ok) {
    const anchor = result.anchorRow === null ? '' : result.anchorRow === 0 ? "; the expected head is the empty log's" : `; the expected head is row ${result.anchorRow}`;
    const pages = full ? '; every page of the file sound' : '';
    said = `${counted(result.rows, 'operation')} in an unbroken chain, ${counted(result.hands, 'hand')} replayed, every chip accounted for and every pot to the best hand shown${pages}; head ${result.head}${anchor}`;
  } else {
    // Row 0 is no row: the database as a whole (not Felt's, its schema changed).
    said = result.row === 0 ? result.problem : `row ${result.row} is bad: ${result.problem}`;
  }
  io.out(`${db}: ${said}\n`);
  if (daily) writeDailyCheck(db, { ok: result.ok, at: Date.now(), said: said.slice(0, 2000) });
  if (!result.ok) return 1;
  if (floor !== undefined) return (await import('./verify-floor.js')).verifyAgainstFloor(db, floor, table ?? null, io);
  return 0;
}
