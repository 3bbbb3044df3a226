import type { TableLogEntry } from '../engine/table/table-operations.js';
import { reduceTable } from '../engine/table/table-reduce.js';
import type { TableState } from '../engine/table/table-state.js';
import { damagedFile, isDamage } from './damage.js';
import { PersistenceError } from './persistence-error.js';
import { GENESIS_HASH, sameSnapshot, snapshotState, type Store } from './store.js';
import { ChangedOutsideFelt } from './log-rows.js';
import { mapStateNames } from './players.js';

/**
 * The table as its log leaves it, for a table opening again, and the row of its latest snapshot. The rows
 * are replayed from the snapshot before the latest (from the first row when there is none): on the way the
 * rows' chain is checked and the latest snapshot compared with the table they replay to, so a change
 * outside Felt to the latest snapshot or to the rows after the one before it stops the opening. Two
 * snapshots' worth of rows at most, so not everything: the snapshot before the latest is taken as it is
 * (the same change made to both passes), and older rows are not read. The whole log is `felt verify`'s.
 */
export function reopenedTable(store: Store): { readonly state: TableState; readonly snapshotRow: number } {
  try {
    return replayedFromSnapshots(store);
  } catch (error) {
    // Rows whose chain does not give the hash kept at their command's end, a row missing, one without its command.
    if (error instanceof ChangedOutsideFelt) throw changedWords(error.what);
    // A damaged page among the rows the opening reads (D49): the table does not open, and says so.
    if (isDamage(error)) throw damagedFile(store.path, 'the rows the opening replays', error);
    throw error;
  }
}

function replayedFromSnapshots(store: Store): { readonly state: TableState; readonly snapshotRow: number } {
  const [latest, before] = store.chainSnapshots(2);
  let state = before === undefined ? undefined : snapshotState(before.state);
  let previous = before?.hash ?? GENESIS_HASH;
  // The rows' hashes are computed as they are read, and checked at every command's end (D81).
  for (const row of store.rows(before?.seq ?? 0)) {
    if (row.prev_hash !== previous) throw changed(row.seq, 'it does not link to the snapshot before it');
    state = reduceTable(state, JSON.parse(row.payload) as TableLogEntry);
    if (row.seq === latest?.seq && !sameSnapshot(latest.state, state)) throw changed(row.seq, 'the snapshot kept after it is not the table its rows replay to');
    previous = row.hash;
  }
  if (state === undefined) throw new PersistenceError('the log holds no table');
  // Replayed as the log keeps it, players by reference; the table goes on with their names (D102).
  return { state: mapStateNames(state, store.nameOf), snapshotRow: latest?.seq ?? 0 };
}

function changed(row: number, what: string): PersistenceError {
  return changedWords(`row ${row} of the log: ${what}`);
}

function changedWords(what: string): PersistenceError {
  return new PersistenceError(`${what} — the database was changed outside Felt; the table does not open on it: run felt verify and call the floor`);
}
