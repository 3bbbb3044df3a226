import type { HandState, Player, Pot } from './state.js';

/**
 * Main and side pots from what each player put in this hand (seed 000's side pots, any number of
 * all-ins): one pot per distinct amount put in by a player still in the hand, each shared by the players
 * in for at least that much. Folded players' chips stay in the pots; a folded player is eligible for none.
 * `deadMoney` (the big-blind ante) goes to the main pot.
 */
export function buildPots(players: readonly Player[], deadMoney = 0): Pot[] {
  // Distinct amounts put in by players still in the hand, ascending (a handful: plain loops).
  const levels: number[] = [];
  for (const player of players) {
    if (player.status !== 'folded' && player.committed > 0 && !levels.includes(player.committed)) levels.push(player.committed);
  }
  levels.sort((a, b) => a - b);
  const pots: Pot[] = [];
  let previous = 0;
  for (let index = 0; index < levels.length; index++) {
    const level = levels[index] as number;
    const top = index === levels.length - 1;
    let amount = 0;
    const eligible: number[] = [];
    for (const player of players) {
      // The top pot also holds any folded chips above the last level.
      const capped = top ? player.committed : Math.min(player.committed, level);
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
      for (const player of players) if (player.status !== 'folded') eligible.push(player.seat);
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
  let top = -1;
  let second = 0;
  state.players.forEach((player, index) => {
    const topBet = top < 0 ? -1 : (state.players[top] as Player).bet;
    if (player.bet > topBet) {
      second = Math.max(second, Math.max(0, topBet));
      top = index;
    } else {
      second = Math.max(second, player.bet);
    }
  });
  if (top < 0) return null;
  const owner = state.players[top] as Player;
  const amount = owner.bet - second;
  return amount > 0 ? { seat: owner.seat, amount } : null;
}

export function totalInPots(state: HandState): number {
  return state.pots.reduce((sum, pot) => sum + pot.amount, 0);
}
