import type { ExtraPost } from '../hand/apply.js';
import type { SeatedPlayer, TableState } from './table-state.js';

/** Where the next hand's button and blinds go, who is dealt in, and who missed a blind (table-state facts to record). */
export type HandPlan = {
  readonly button: number;
  /** The small blind's position (posted there, or dead); under the dead button it is the next button. */
  readonly smallBlindPosition: number;
  /** Null when the small blind is dead: nobody posts it. */
  readonly smallBlindSeat: number | null;
  readonly bigBlind: number;
  /** Seats dealt in, in table order from seat 1. */
  readonly dealtIn: readonly number[];
  readonly extraPosts: readonly ExtraPost[];
  readonly missed: readonly { readonly seat: number; readonly small: boolean; readonly big: boolean }[];
};

/** A player dealt in every hand. */
function plays(player: SeatedPlayer | null): boolean {
  return player !== null && player.status === 'playing' && player.stack > 0;
}

/** A player the big blind may go to: playing, or waiting for it (a new or returning player). */
function dueForBigBlind(player: SeatedPlayer | null): boolean {
  return player !== null && player.stack > 0 && (player.status === 'playing' || player.status === 'waiting');
}

/** A player who is away: the blinds passing them are owed. */
function away(player: SeatedPlayer | null): boolean {
  return player !== null && (player.status === 'sitting-out' || player.stack === 0);
}

/**
 * Plans the next hand, or null when fewer than two players can be dealt in.
 *
 * Dead button (TDA 32, Robert's Rules 2b): the big blind goes to the next player due for it after the
 * last big blind, so nobody escapes it and nobody posts it twice in a row; the small blind is where the
 * last big blind was (dead when that player is gone or away) and the button where the last small blind
 * was (dead on an empty seat). Moving button (2a): the button moves to the next player, the blinds follow.
 * Heads-up the button posts the small blind (seed 000); going from three players to two, the big blind
 * still moves on, so nobody posts it twice in a row (TDA 34).
 *
 * Players away when the big blind passes owe both blinds; when only the small blind's position passes
 * them, the small blind (WSOP Live Action 156, Robert's Rules). A waiting player is dealt in when the
 * big blind reaches them (nothing more to post), or at once when they post what they owe — but not from
 * a seat between the button and the big blind, where they would get the button without paying a blind.
 * When nobody dealt in was playing before (a table that emptied and fills again), it is a new game:
 * the blinds go round as usual and what the players owed is waived, as for players who drew for the button.
 */
export function planHand(table: TableState): HandPlan | null {
  const { seats } = table;
  const count = seats.length;
  const at = (seat: number): SeatedPlayer | null => seats[(((seat - 1) % count) + count) % count] ?? null;
  /** The first seat after `from` (clockwise, round the table) whose player passes `test`, or null. */
  const nextAfter = (from: number, test: (player: SeatedPlayer | null) => boolean): number | null => {
    for (let step = 1; step <= count; step++) {
      const seat = ((from - 1 + step) % count) + 1;
      if (test(at(seat))) return seat;
    }
    return null;
  };
  /** Seats strictly between `from` and `to`, clockwise. */
  const between = (from: number, to: number): number[] => {
    const list: number[] = [];
    for (let seat = (from % count) + 1; seat !== to; seat = (seat % count) + 1) list.push(seat);
    return list;
  };
  /** Clockwise steps from one seat to another. */
  const steps = (from: number, to: number): number => (((to - from) % count) + count) % count;
  const missed = new Map<number, { seat: number; small: boolean; big: boolean }>();
  const miss = (seat: number, small: boolean, big: boolean): void => {
    const player = at(seat);
    if (!away(player)) return;
    const already = missed.get(seat) ?? { seat, small: false, big: false };
    missed.set(seat, { seat, small: already.small || small, big: already.big || big });
  };

  if (table.button === null) return null;
  // A table where nobody was playing (it emptied and filled again) starts a new game: everyone waiting plays.
  const newGame = !seats.some(plays);
  const playsNow = (player: SeatedPlayer | null): boolean => plays(player) || (newGame && player !== null && player.status === 'waiting' && player.stack > 0);
  let button: number;
  let smallBlindPosition: number;
  let bigBlind: number | null;
  if (table.bigBlind === null) {
    // The first hand: the button where the draw put it, the blinds on the next players.
    button = table.button;
    const players = seats.filter(playsNow).length;
    smallBlindPosition = players === 2 ? button : (nextAfter(button, playsNow) ?? button);
    bigBlind = nextAfter(smallBlindPosition, playsNow);
  } else if (table.config.button === 'dead') {
    bigBlind = nextAfter(table.bigBlind, dueForBigBlind);
    smallBlindPosition = table.bigBlind;
    miss(smallBlindPosition, true, false);
    button = table.smallBlindPosition ?? table.button;
    // The button sits behind the small blind, after the big blind going round. Coming from heads-up (where
    // the button was the small blind) it is the seat just before the small blind — dead if empty.
    if (bigBlind !== null && !(steps(bigBlind, button) > 0 && steps(bigBlind, button) < steps(bigBlind, smallBlindPosition))) {
      button = ((smallBlindPosition - 2 + count) % count) + 1;
    }
  } else {
    button = nextAfter(table.button, playsNow) ?? table.button;
    smallBlindPosition = nextAfter(button, playsNow) ?? button;
    bigBlind = nextAfter(smallBlindPosition, dueForBigBlind);
    // Players away whom the small blind passed owe it.
    const lastSmall = table.smallBlindPosition;
    if (lastSmall !== null && lastSmall !== smallBlindPosition) for (const seat of between(lastSmall, smallBlindPosition)) miss(seat, true, false);
  }
  if (bigBlind === null) return null;

  // Who is dealt in: the playing players, the big blind, and posting players outside the gap from the
  // button (itself included: it may be a dead button's empty seat, or a new player's) to the big blind.
  const gap = [button, ...between(button, bigBlind)];
  const dealtIn: number[] = [];
  const extraPosts: ExtraPost[] = [];
  const { smallBlind, bigBlind: bigBlindAmount } = table.config.hand;
  for (const player of seats) {
    if (player === null) continue;
    if (player.seat === bigBlind || playsNow(player)) {
      dealtIn.push(player.seat);
    } else if (player.status === 'waiting' && player.posting && player.stack > 0 && !gap.includes(player.seat)) {
      dealtIn.push(player.seat);
      const post = { seat: player.seat, live: player.owes.big ? bigBlindAmount : 0, dead: player.owes.small ? smallBlind : 0 };
      if (post.live > 0 || post.dead > 0) extraPosts.push(post);
    }
  }
  if (dealtIn.length === 1) {
    // One player left playing and newcomers only in the gap: no hand could be dealt, so the big blind would
    // never move on to them. Heads-up there is no button to get for free: the next newcomer takes the big
    // blind, as they would have waited for it (T6).
    const entering = nextAfter(bigBlind, (player) => player !== null && player.status === 'waiting' && player.stack > 0 && !dealtIn.includes(player.seat));
    if (entering === null) return null;
    bigBlind = entering;
    dealtIn.push(entering);
    dealtIn.sort((a, b) => a - b);
  }
  if (dealtIn.length < 2) return null;
  let smallBlindSeat: number | null = dealtIn.includes(smallBlindPosition) && smallBlindPosition !== bigBlind ? smallBlindPosition : null;
  if (dealtIn.length === 2) {
    // Heads-up the button posts the small blind (seed 000). Under the dead button the big blind has
    // moved on and the button is the other player (TDA 34); under the moving button the button has.
    // A player entering by posting a big blind takes the big blind: heads-up nobody else could pay it for them.
    const entering = extraPosts.find((post) => post.live > 0 && post.seat !== bigBlind);
    if (entering !== undefined) {
      bigBlind = entering.seat;
      button = dealtIn.find((seat) => seat !== bigBlind) as number;
    } else if (table.config.button === 'moving' && dealtIn.includes(button) && table.bigBlind !== null) {
      bigBlind = dealtIn.find((seat) => seat !== button) as number;
      // ... unless that gives the last big blind the big blind again (TDA 34): then the button stays back.
      // (A waiting player keeps the big blind: it is how they enter.)
      if (bigBlind === table.bigBlind && plays(at(bigBlind))) [button, bigBlind] = [bigBlind, button];
    } else {
      button = dealtIn.find((seat) => seat !== bigBlind) as number;
    }
    smallBlindPosition = button;
    smallBlindSeat = button;
  }
  // Players away whom the big blind passed owe both blinds; at the first hand, those it passed on its way
  // from the button (had they played, one of them would have posted it).
  const lastBigBlind = table.bigBlind ?? button;
  if (lastBigBlind !== bigBlind) for (const seat of between(lastBigBlind, bigBlind)) miss(seat, true, true);
  // A posting player who is a blind this hand posts only the blind.
  const posts = extraPosts.filter((post) => post.seat !== smallBlindSeat && post.seat !== bigBlind);
  return { button, smallBlindPosition, smallBlindSeat, bigBlind, dealtIn, extraPosts: posts, missed: [...missed.values()] };
}
