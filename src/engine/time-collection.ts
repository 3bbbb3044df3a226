import type { TableLogEntry } from './table-operations.js';
import type { TableState } from './table-state.js';

/**
 * Time collection (seed 000): every `everyMinutes` the house collects `amount` from each player in a
 * seat, at the first hand boundary after the period starts, before the next deal. Players sitting out pay
 * if the table says so; a new arrival is spared for the table's courtesy hands. A player who cannot pay
 * from the stack is flagged (`time-owed`), never taken below zero. Periods that passed with no hand dealt
 * (an empty table) are not collected twice: the next period starts after `at`.
 */
export function timeCollection(state: TableState, at: number): TableLogEntry[] {
  const rule = state.config.timeCollection;
  const due = state.nextTimeCollection;
  if (rule === null || due === null || at < due) return [];
  const entries: TableLogEntry[] = [];
  for (const player of state.seats) {
    if (player === null) continue;
    if (player.status === 'sitting-out' && !rule.sittingOutPays) continue;
    if (player.handsDealt < rule.courtesyHands) continue;
    if (player.stack >= rule.amount) entries.push({ type: 'time-collected', seat: player.seat, amount: rule.amount });
    else entries.push({ type: 'time-owed', seat: player.seat, amount: rule.amount });
  }
  const period = rule.everyMinutes * 60_000;
  const next = due + (Math.floor((at - due) / period) + 1) * period;
  entries.push({ type: 'time-period', next });
  return entries;
}
