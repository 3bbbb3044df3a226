import type { HandState, Player, Pot } from './state.js';

/**
 * Main and side pots from what each player put in this hand (seed 000's side pots, any number of
 * all-ins): one pot per distinct amount put in by a player still in the hand, each shared by the players
 * in for at least that much. Folded players' chips stay in the pots; a folded player is eligible for none.
 * `deadMoney` (the big-blind ante) goes to the main pot.
 */
export function buildPots(players: readonly Player[], deadMoney = 0): Pot[] {
  return onePot(players, deadMoney) ?? levelledPots(players, deadMoney);
}

/**
 * The usual case, without a loop over levels: everyone still in the hand put in the same amount (or
 * nothing), so there is one pot, shared by those who put it in. Null when there are side pots.
 */
function onePot(players: readonly Player[], deadMoney: number): Pot[] | null {
  let level = 0;
  let amount = deadMoney;
  for (let index = 0; index < players.length; index++) {
    const player = players[index] as Player;
    amount += player.committed;
    if (player.status === 'folded' || player.committed === 0) continue;
    if (level === 0) level = player.committed;
    else if (player.committed !== level) return null;
  }
  if (amount === 0) return [];
  const eligible: number[] = [];
  for (let index = 0; index < players.length; index++) {
    const player = players[index] as Player;
    if (player.status !== 'folded' && (level === 0 || player.committed === level)) eligible.push(player.seat);
  }
  return [{ amount, eligible }];
}

function levelledPots(players: readonly Player[], deadMoney: number): Pot[] {
  const pots: Pot[] = [];
  let previous = 0;
  for (;;) {
    // The next level: the least amount above the last one that a player still in the hand put in, and
    // whether anyone in the hand put in more (a scan per level: a handful of players, no array to sort).
    let level = 0;
    let higher = false;
    for (let index = 0; index < players.length; index++) {
      const player = players[index] as Player;
      const committed = player.committed;
      if (player.status === 'folded' || committed <= previous) continue;
      if (level === 0 || committed < level) {
        higher ||= level !== 0;
        level = committed;
      } else if (committed > level) {
        higher = true;
      }
    }
    if (level === 0) break;
    let amount = 0;
    const eligible: number[] = [];
    for (let index = 0; index < players.length; index++) {
      const player = players[index] as Player;
      // The top pot also holds any folded chips above the last level.
      const capped = higher ? Math.min(player.committed, level) : player.committed;
      if (capped > previous) amount += capped - previous;
      if (player.status !== 'folded' && player.committed >= level) eligible.push(player.seat);
    }
    if (amount > 0) pots.push({ amount, eligible });
    previous = level;
  }
  // Dead money for the table (the big-blind ante) belongs to the main pot, whoever is in for what.
  if (deadMoney > 0) {
    const main = pots[0];
    if (main === undefined) {
      const eligible: number[] = [];
      for (let index = 0; index < players.length; index++) if ((players[index] as Player).status !== 'folded') eligible.push((players[index] as Player).seat);
      pots.push({ amount: deadMoney, eligible });
    } else {
      pots[0] = { amount: main.amount + deadMoney, eligible: main.eligible };
    }
  }
  return pots;
}

/**
 * The part of the largest bet of the round that nobody called: it goes back to its owner before the
 * bets are collected (and is never raked).
 */
export function uncalledBet(state: HandState): { seat: number; amount: number } | null {
  let owner: Player | null = null;
  let second = 0;
  for (let index = 0; index < state.players.length; index++) {
    const player = state.players[index] as Player;
    if (owner === null || player.bet > owner.bet) {
      if (owner !== null && owner.bet > second) second = owner.bet;
      owner = player;
    } else if (player.bet > second) {
      second = player.bet;
    }
  }
  if (owner === null) return null;
  const amount = owner.bet - second;
  return amount > 0 ? { seat: owner.seat, amount } : null;
}

export function totalInPots(state: HandState): number {
  let total = 0;
  for (let index = 0; index < state.pots.length; index++) total += (state.pots[index] as Pot).amount;
  return total;
}
