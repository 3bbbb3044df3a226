import { verifyDatabase } from '../../store/verify.js';
import { counted } from '../counted.js';
import { CliUsageError, unexpectedArgument, type CommandIo } from '../io.js';
import { notATableDatabase } from '../table-database.js';

/**
 * `felt verify --db PATH [--expect-head HASH] [--full]`: checks a table's database, read-only — its
 * write-ahead log, the schema, the hash chain row by row, the head, a replay of every operation with every
 * chip accounted for and every pot re-decided, the facts and the commands kept beside the log; `--full`
 * adds SQLite's integrity check of every page (D49). Exit 0 with a summary, or 1 naming the first bad row
 * (or what is wrong with the file): a damaged file too, never a stack trace.
 */
export async function runVerify(args: readonly string[], io: CommandIo): Promise<number> {
  let db: string | null = null;
  let expectHead: string | undefined;
  let full = false;
  let floor: string | null = null;
  let table: string | null = null;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--db') db = args[++index] ?? null;
    else if (arg === '--full') full = true;
    else if (arg === '--floor') floor = args[++index] ?? null;
    else if (arg === '--table') table = args[++index] ?? null;
    else if (arg === '--expect-head') {
      const given = args[++index];
      if (given === undefined || !/^[0-9a-f]{64}$/i.test(given)) throw new CliUsageError(`--expect-head needs a head hash (64 hex digits), got '${String(given)}'`);
      // Felt prints hashes in lower case; one copied from a printout may have come back in upper case.
      expectHead = given.toLowerCase();
    }
    else throw unexpectedArgument(arg);
  }
  if (db === null) throw new CliUsageError('--db PATH is required');
  if (floor === null && table !== null) throw new CliUsageError('--table names a table at a floor: give the floor with --floor');
  const unusable = notATableDatabase(db);
  if (unusable !== null) {
    io.err(`felt verify: ${unusable}\n`);
    return 1;
  }
  const result = verifyDatabase(db, expectHead, { full });
  if (result.ok) {
    const anchor = result.anchorRow === null ? '' : result.anchorRow === 0 ? "; the expected head is the empty log's" : `; the expected head is row ${result.anchorRow}`;
    const pages = full ? '; every page of the file sound' : '';
    io.out(`${db}: ${counted(result.rows, 'operation')} in an unbroken chain, ${counted(result.hands, 'hand')} replayed, every chip accounted for and every pot to the best hand shown${pages}; head ${result.head}${anchor}\n`);
    if (floor !== null) return (await import('./verify-floor.js')).verifyAgainstFloor(db, floor, table, io);
    return 0;
  }
  // Row 0 is no row: the database as a whole (not Felt's, its schema changed).
  io.out(result.row === 0 ? `${db}: ${result.problem}\n` : `${db}: row ${result.row} is bad: ${result.problem}\n`);
  return 1;
}
