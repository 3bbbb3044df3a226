import { PersistenceError } from './persistence-error.js';
import { reopenedTable } from './reopen.js';
import type { PlayerRow } from './players.js';
import type { Store } from './store.js';

/** Which player to erase: by number (`felt players list`), or by the name as the table keeps it. */
export type ErasureTarget = { readonly player: number } | { readonly name: string };

/** An erasure refused: words that say why, and what to do. */
export class ErasureRefused extends PersistenceError {}

/**
 * A manager erases a player's name at a guest's request (GDPR art. 17, D102): the name and its salt leave
 * the side table, a chained `player-erased` row records who did it and when, and reports and hand histories
 * say "erased player" from then on. Refused, in words: a table an earlier Felt began (its rows hold names,
 * D103); a player not found, or a name that is several players' (named by number then); a player erased
 * already; a player seated at the table now (their name is on the croupier's screen and in the hand in play:
 * erase once they have left).
 */
export function erasePlayer(store: Store, target: ErasureTarget, by: string, at: number): { readonly player: PlayerRow; readonly row: number; readonly walEmptied: boolean } {
  if (!store.namesByReference) {
    throw new ErasureRefused(
      "this table's log was begun by a Felt before players' names were kept beside the log (D103): its rows hold the names in the chain, which cannot change, so a name cannot be erased from it. Begin a new table file for the table (felt start --db NEW.db: its rows hold no names) and keep this one, unchanged, as long as the casino must; docs/operations.md says more",
    );
  }
  const players = store.playerList();
  const player = chosen(players, target);
  if (player.name === null) throw new ErasureRefused(`player ${player.id}'s name was erased already (at row ${String(player.erased_row)}, ${new Date(player.erased_at ?? 0).toISOString()}, by ${player.erased_by ?? '?'})`);
  const table = reopenedTable(store).state;
  const seat = table.seats.find((seated) => seated?.name === player.name);
  if (seat !== undefined && seat !== null) throw new ErasureRefused(`player ${player.id} sits at seat ${seat.seat} now: their name is on the croupier's screen and in the hand — erase it once they have left the table`);
  const { row, walEmptied } = store.erasePlayer(player.id, by, at);
  return { player, row, walEmptied };
}

function chosen(players: readonly PlayerRow[], target: ErasureTarget): PlayerRow {
  if ('player' in target) {
    const found = players.find((player) => player.id === target.player);
    if (found === undefined) throw new ErasureRefused(`this table has no player ${target.player} (felt players list shows its players)`);
    return found;
  }
  const name = target.name.trim();
  const named = players.filter((player) => player.name === name);
  if (named.length === 0) throw new ErasureRefused(`no player of this table is named '${name}' (names erased already are not kept; felt players list shows the players)`);
  // One name is one player (players.ts); an erased name seated again is a new one, and an older table's may repeat.
  if (named.length > 1) throw new ErasureRefused(`'${name}' is the name of players ${named.map((player) => player.id).join(', ')}: name the one to erase by number (--player)`);
  return named[0] as PlayerRow;
}
