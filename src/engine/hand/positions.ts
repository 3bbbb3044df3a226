import type { HandState, Player } from './state.js';

/** Index of the player `steps` seats clockwise from `index`. */
export function clockwise(state: { readonly players: readonly unknown[] }, index: number, steps = 1): number {
  const count = state.players.length;
  const at = index + steps;
  // Nearly always less than one round of the table away: no division (a card, an action, a show).
  if (at >= 0 && at < count) return at;
  if (at >= count && at < 2 * count) return at - count;
  return ((at % count) + count) % count;
}

export function indexOfSeat(state: { readonly players: readonly Player[] }, seat: number): number {
  const players = state.players;
  // Seats numbered from 1 without a gap put seat n at index n − 1: looked at first, since nearly every
  // operation names a seat (a seat is in a hand once: `startHand` refuses it twice).
  if ((players[seat - 1] as Player | undefined)?.seat === seat) return seat - 1;
  for (let index = 0; index < players.length; index++) if ((players[index] as Player).seat === seat) return index;
  return -1;
}

/**
 * The button's index among the players (in table order, seat numbers rising clockwise): the player at
 * the button's seat, or, when the button is dead (an empty seat), the player before it clockwise, who
 * then acts last after the flop and whose left neighbour gets the first card.
 */
export function buttonIndexOf(players: readonly { readonly seat: number }[], buttonSeat: number): number {
  for (let i = 0; i < players.length; i++) if ((players[i] as { seat: number }).seat === buttonSeat) return i;
  // The last player at a lower seat number; none lower means the button sits before the first seat,
  // so the player at the highest seat number is before it, round the table.
  let best = -1;
  for (let i = 0; i < players.length; i++) {
    const seat = (players[i] as { seat: number }).seat;
    if (seat < buttonSeat && (best < 0 || seat > (players[best] as { seat: number }).seat)) best = i;
  }
  if (best >= 0) return best;
  let index = 0;
  for (let i = 1; i < players.length; i++) if ((players[i] as { seat: number }).seat > (players[index] as { seat: number }).seat) index = i;
  return index;
}

/**
 * Blind positions: small blind left of the button, big blind left of it; heads-up the button posts
 * the small blind (seed 000). The straddle, if any, is left of the big blind.
 */
export function blindIndexes(state: { readonly players: readonly unknown[]; readonly button: number }): { small: number; big: number; straddle: number } {
  const headsUp = state.players.length === 2;
  const small = headsUp ? state.button : clockwise(state, state.button, 1);
  const big = clockwise(state, small, 1);
  return { small, big, straddle: clockwise(state, big, 1) };
}

/** Players still in the hand. */
export function inHand(player: Player): boolean {
  return player.status !== 'folded';
}

/** Players who can still put chips in. */
export function canAct(player: Player): boolean {
  return player.status === 'active';
}

/** The first index from `start` (inclusive) going clockwise whose player satisfies `test`, or -1. */
export function firstFrom(state: HandState, start: number, test: (player: Player, index: number) => boolean): number {
  for (let step = 0; step < state.players.length; step++) {
    const index = clockwise(state, start, step);
    if (test(state.players[index] as Player, index)) return index;
  }
  return -1;
}
