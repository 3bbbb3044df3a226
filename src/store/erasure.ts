import { PersistenceError } from './persistence-error.js';
import { reopenedTable } from './reopen.js';
import type { PlayerRow } from './players.js';
import type { Store } from './store.js';

/** Which player to erase: by number (`felt players list`), or by the name as the table keeps it. */
export type ErasureTarget = { readonly player: number } | { readonly name: string };

/** An erasure refused: words that say why, and what to do. */
export class ErasureRefused extends PersistenceError {}

/** The names' move of an older table that an erasure made first (D113): its record's row, the commands pinned, the players. */
export type NamesMoved = { readonly row: number; readonly pins: number; readonly players: number };

/**
 * A manager erases a player's name at a guest's request (GDPR art. 17, D102): the name and its salt leave
 * the side table, a chained `player-erased` row records who did it and when, and reports and hand histories
 * say "erased player" from then on. On a table an earlier Felt began, whose rows hold the names (D103), the
 * names are moved out of the rows first (`Store.moveNames`, D113: its own transaction and chained record,
 * signed by the same manager), and `moved` says so. Refused, in words: a player not found, or a name that
 * is several players' (named by number then); a player erased already; a player seated at the table now
 * (their name is on the croupier's screen and in the hand in play: erase once they have left). A refusal
 * after a names' move leaves the move done (it stands on its own; the words say so).
 */
export function erasePlayer(store: Store, target: ErasureTarget, by: string, at: number): { readonly player: PlayerRow; readonly row: number; readonly walEmptied: boolean; readonly moved: NamesMoved | null } {
  let moved: NamesMoved | null = null;
  if (!store.namesByReference) {
    const { row, pins, players } = store.moveNames(by, at);
    moved = { row, pins, players };
  }
  try {
    const players = store.playerList();
    const player = chosen(players, target);
    if (player.name === null) throw new ErasureRefused(`player ${player.id}'s name was erased already (at row ${String(player.erased_row)}, ${new Date(player.erased_at ?? 0).toISOString()}, by ${player.erased_by ?? '?'})`);
    const table = reopenedTable(store).state;
    const seat = table.seats.find((seated) => seated?.name === player.name);
    if (seat !== undefined && seat !== null) throw new ErasureRefused(`player ${player.id} sits at seat ${seat.seat} now: their name is on the croupier's screen and in the hand — erase it once they have left the table`);
    const { row, walEmptied } = store.erasePlayer(player.id, by, at);
    return { player, row, walEmptied, moved };
  } catch (error) {
    if (moved === null || !(error instanceof PersistenceError)) throw error;
    const words = `${error.message} — the players' names of this table, begun by an earlier Felt, were moved out of its rows first all the same (row ${moved.row} records it, D113)`;
    throw error instanceof ErasureRefused ? new ErasureRefused(words, { cause: error }) : new PersistenceError(words, { cause: error });
  }
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
