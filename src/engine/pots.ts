import type { HandState, Player, Pot } from './state.js';

/**
 * Main and side pots from what each player put in this hand (seed 000's side pots, any number of
 * all-ins): one pot per distinct amount put in by a player still in the hand, each shared by the players
 * in for at least that much. Folded players' chips stay in the pots; a folded player is eligible for none.
 * `deadMoney` (the big-blind ante) goes to the main pot.
 */
export function buildPots(players: readonly Player[], deadMoney = 0): Pot[] {
  const levels = [...new Set(players.filter((player) => player.status !== 'folded').map((player) => player.committed))]
    .filter((level) => level > 0)
    .sort((a, b) => a - b);
  const pots: Pot[] = [];
  let previous = 0;
  levels.forEach((level, index) => {
    const top = index === levels.length - 1;
    let amount = 0;
    for (const player of players) {
      // The top pot also holds any folded chips above the last level.
      const capped = top ? player.committed : Math.min(player.committed, level);
      amount += Math.max(0, capped - previous);
    }
    const eligible = players.filter((player) => player.status !== 'folded' && player.committed >= level).map((player) => player.seat);
    if (amount > 0) pots.push({ amount, eligible });
    previous = level;
  });
  // Dead money for the table (the big-blind ante) belongs to the main pot, whoever is in for what.
  if (deadMoney > 0) {
    const main = pots[0];
    if (main === undefined) {
      pots.push({ amount: deadMoney, eligible: players.filter((player) => player.status !== 'folded').map((player) => player.seat) });
    } else {
      pots[0] = { ...main, amount: main.amount + deadMoney };
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
