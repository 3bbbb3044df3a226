import type Database from 'better-sqlite3';
import type { TableState } from '../engine/table/table-state.js';
import { canonicalJson } from './canonical-json.js';
import { packJson, unpackJson } from './log-format.js';
import { ChangedOutsideFelt, GENESIS_HASH, linkHash, type LogTables } from './log-rows.js';
import type { NamesMovedPin } from './names-moved.js';
import { mapCommandName, mapEntryName, type Players } from './players.js';

/**
 * The rewriting of the names' move (D113), inside the store's one transaction: every row that holds a
 * player's name (`seated`, `left`, `eliminated`, `tournament-won`), every `sit` kept beside the rows and every
 * snapshot get the player's reference instead (`player:ID:DIGEST`, the players made on the way, as a new
 * table makes them: a name is one player, numbered in the order the log first names them, with a random
 * salt and the row that named them first). Returns a pin for each command whose rows changed: the hash kept
 * for it and the hash its rows give now. The report facts are the caller's to derive again from the rows.
 *
 * The original chain is checked on the way (every command's rows give the hash kept for it): the move pins
 * rows that held before it, never a change made outside Felt. The append-only triggers are dropped for the
 * rewriting and made again as they were (verify compares them word for word); a failure anywhere rolls the
 * whole transaction back, triggers and all.
 */
export function rewriteNames(db: Database.Database, log: LogTables, players: Players, progress?: (words: string) => void): NamesMovedPin[] {
  const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('log_no_update', 'command_no_update') ORDER BY name").all() as { name: string; sql: string }[];
  if (triggers.length !== 2) throw new ChangedOutsideFelt("the log's append-only triggers are not as Felt made them");
  for (const { name } of triggers) db.exec(`DROP TRIGGER ${name}`);
  const setPayload = db.prepare('UPDATE log SET payload = ? WHERE seq = ?');
  const setCommand = db.prepare('UPDATE command SET command = ? WHERE last = ?');
  const rows = log.packedRows(0);
  const pins: NamesMovedPin[] = [];
  let kept = GENESIS_HASH;
  let seq = 0;
  let said = 0;
  for (const command of log.commandsAfter(0)) {
    if (command.id === null || command.hash === null || command.text === null) throw new ChangedOutsideFelt(`the command kept as ending at row ${command.last} is not as Felt keeps one`);
    const first = seq + 1;
    let original = kept;
    let now = kept;
    let changed = false;
    while (seq < command.last) {
      const next = rows.next();
      seq++;
      if (next.done === true || next.value.seq !== seq) throw new ChangedOutsideFelt(`row ${seq} of the log is missing`);
      const payload = unpackJson(next.value.packed);
      if (payload === null) throw new ChangedOutsideFelt(`row ${seq} of the log is not as Felt writes one`);
      original = linkHash(original, command.id, payload);
      const entry = JSON.parse(payload) as Parameters<typeof mapEntryName>[0];
      const row = seq;
      const moved = mapEntryName(entry, (name) => players.referenceOf(name, row));
      const text = moved === entry ? payload : canonicalJson(moved);
      if (text !== payload) {
        setPayload.run(packJson(text), seq);
        changed = true;
      }
      now = linkHash(now, command.id, text);
    }
    if (original !== command.hash) throw new ChangedOutsideFelt(`rows ${first}–${command.last} of the log do not give the hash kept at their end (command '${command.id}'): names are moved out of a chain that holds, never one changed outside Felt`);
    if (command.text !== '') {
      const sent: unknown = JSON.parse(command.text);
      const mapped = mapCommandName(sent, (name) => players.referenceOf(name, first));
      if (mapped !== sent) setCommand.run(packJson(canonicalJson(mapped)), command.last);
    }
    if (changed) pins.push({ first, last: command.last, kept: command.hash, now });
    kept = command.hash;
    if (seq - said >= 250_000) {
      said = seq;
      progress?.(`moving the players' names out of the log: ${seq.toLocaleString('en')} rows`);
    }
  }
  if (rows.next().done !== true) throw new ChangedOutsideFelt(`row ${seq + 1} of the log belongs to no command kept beside it`);
  progress?.('rows rewritten');
  const saveState = db.prepare('UPDATE snapshot SET state = ? WHERE seq = ?');
  for (const at of db.prepare('SELECT seq FROM snapshot ORDER BY seq').pluck().all() as number[]) {
    const state = db.prepare('SELECT state FROM snapshot WHERE seq = ?').pluck().get(at) as string;
    const moved = canonicalJson(movedState(JSON.parse(state) as TableState, (name) => players.referenceOf(name, at, true)));
    if (moved !== state) saveState.run(moved, at);
  }
  for (const { sql } of triggers) db.exec(sql);
  return pins;
}

/**
 * A snapshot's table with every player's name mapped — the seats, the departures, a tournament's places and
 * winner — as `mapStateNames` maps them, and with no field added that an older snapshot lacks.
 */
function movedState(state: TableState, map: (name: string) => string): TableState {
  const kept = state as Partial<TableState> & { seats: TableState['seats'] };
  const tournament = kept.tournament;
  return {
    ...state,
    seats: state.seats.map((player) => (player === null ? null : { ...player, name: map(player.name) })),
    ...(Array.isArray(kept.departures) ? { departures: kept.departures.map((left) => ({ ...left, name: map(left.name) })) } : {}),
    ...(tournament === null || tournament === undefined ? {} : { tournament: { ...tournament, eliminated: tournament.eliminated.map((out) => ({ ...out, name: map(out.name) })), winner: tournament.winner === null ? null : map(tournament.winner) } }),
  };
}
