import type Database from 'better-sqlite3';
import { LogTables } from './log-rows.js';
import { hasPlayerTable, nameDigest, type PlayerRow } from './players.js';
import type { Finding } from './verify-log.js';

/**
 * The players' side table against the log (D102), once the log itself has passed: each player is named by
 * a reference in the row the side table says named them first, and its digest is the SHA-256 of the salt
 * and the name kept (a name changed in the side table is a finding naming that row); an erased player has
 * neither name nor salt, and the row the side table gives for the erasure is that erasure (the rows'
 * `player-erased` are checked against the side table as the log is read, verify-log.ts). O(players): each
 * player's two rows read by their number.
 */
export function playersProblem(db: Database.Database, lastRow: number): Finding | null {
  if (!hasPlayerTable(db)) return null;
  const log = new LogTables(db);
  const rowAt = (seq: number): string | null => {
    for (const payload of log.payloads(seq - 1, seq)) return payload;
    return null;
  };
  const players = db.prepare('SELECT id, name, salt, first_row, erased_row, erased_at, erased_by FROM player ORDER BY id').iterate() as IterableIterator<PlayerRow>;
  for (const player of players) {
    const first = player.first_row > 0 && player.first_row <= lastRow ? rowAt(player.first_row) : null;
    const digest = first === null ? null : new RegExp(`"player:${player.id}:([0-9a-f]{64})"`).exec(first)?.[1];
    if (digest === undefined || digest === null) return { row: player.first_row, problem: `the players' side table says player ${player.id} is first named in this row, which names no such player (the side table was changed)` };
    if (player.name === null || player.salt === null) {
      const erasure = player.erased_row !== null && player.erased_row <= lastRow ? rowAt(player.erased_row) : null;
      const record = erasure === null ? null : (JSON.parse(erasure) as { type?: unknown; player?: unknown });
      if (record === null || record.type !== 'player-erased' || record.player !== player.id) return { row: player.erased_row ?? 0, problem: `player ${player.id} has no name in the players' side table, but the log records no erasure of theirs at row ${String(player.erased_row)} (a name was removed outside Felt, or its erasure record forged)` };
      continue;
    }
    if (player.erased_row !== null) return { row: player.erased_row, problem: `player ${player.id} was erased in this row, but the players' side table holds a name for them again (it was changed)` };
    if (nameDigest(player.salt, player.name) !== digest) return { row: player.first_row, problem: `the name the players' side table keeps for player ${player.id} is not the one this row was written with (the side table was changed)` };
  }
  return null;
}
