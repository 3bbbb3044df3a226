import { getLegalActions, potAfterCall } from './betting.js';
import type { HandState, Player } from './state.js';

/**
 * The action pad's quick sizes, as "raise to" totals for the round: the minimum, half the pot and the
 * pot (the pot after calling, added on top of the call — pot limit's maximum), and the maximum. Each is
 * rounded down to the chip unit and kept within the legal range, so every size offered is accepted.
 */
export type QuickSizes = { readonly min: number; readonly halfPot: number; readonly pot: number; readonly max: number };

export function quickSizes(state: HandState): QuickSizes | null {
  const legal = getLegalActions(state);
  if (legal === null || legal.betOrRaise === null) return null;
  const { min, max } = legal.betOrRaise;
  const pot = potAfterCall(state, state.players[state.actor] as Player);
  const unit = state.config.chipUnit;
  const within = (to: number): number => Math.min(max, Math.max(min, Math.floor(to / unit) * unit));
  return { min, halfPot: within(state.currentBet + pot / 2), pot: within(state.currentBet + pot), max };
}
