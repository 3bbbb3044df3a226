import type { TableLogEntry } from './table-operations.js';
import type { SeatedPlayer, TableState } from './table-state.js';

/**
 * Time collection (seed 000): every `everyMinutes` the house collects `amount` from each player in a
 * seat, at the first hand boundary after the period starts, before the next deal. Players sitting out pay
 * if the table says so; a new arrival is spared for the table's courtesy hands. A player who cannot pay
 * from the stack owes it (`time-due`), never taken below zero. Periods that passed with no hand dealt
 * (an empty table) are not collected twice: the next period starts after `at`.
 *
 * Time due is collected in full at the first hand boundary where the stack covers it (after a pot won or
 * a top-up), before that boundary's own period — also at a table that no longer collects time, since it
 * was owed when it did — and from what is left as the player leaves (`timeAtLeave`) (D41).
 */
export function timeCollection(state: TableState, at: number): TableLogEntry[] {
  const rule = state.config.timeCollection;
  const due = state.nextTimeCollection;
  const collecting = rule !== null && due !== null && at >= due;
  const entries: TableLogEntry[] = [];
  for (const player of state.seats) {
    if (player === null) continue;
    let stack = player.stack;
    // Due from an earlier period: in full, as a period's time is, or not yet.
    const owed = player.timeDue ?? 0;
    if (owed > 0 && stack >= owed) {
      entries.push({ type: 'time-collected', seat: player.seat, amount: owed, due: true });
      stack -= owed;
    }
    if (!collecting || !pays(player, rule)) continue;
    if (stack >= rule.amount) entries.push({ type: 'time-collected', seat: player.seat, amount: rule.amount });
    else entries.push({ type: 'time-due', seat: player.seat, amount: rule.amount });
  }
  if (!collecting) return entries;
  const period = rule.everyMinutes * 60_000;
  const next = due + (Math.floor((at - due) / period) + 1) * period;
  entries.push({ type: 'time-period', next });
  return entries;
}

function pays(player: SeatedPlayer, rule: NonNullable<TableState['config']['timeCollection']>): boolean {
  if (player.status === 'sitting-out' && !rule.sittingOutPays) return false;
  return player.handsDealt >= rule.courtesyHands;
}

/**
 * A player leaving pays the time due from the chips they leave with, as far as those go; what the chips do
 * not cover is written on the departure (`left.timeDue`) and owed again if they come back within the
 * return window (WSOP Live Action 58's window, T8).
 */
export function timeAtLeave(player: SeatedPlayer): { collected: TableLogEntry | null; unpaid: number } {
  const due = player.timeDue ?? 0;
  if (due === 0) return { collected: null, unpaid: 0 };
  const paid = Math.min(player.stack, due);
  const collected: TableLogEntry | null = paid === 0 ? null : { type: 'time-collected', seat: player.seat, amount: paid, due: true };
  return { collected, unpaid: due - paid };
}
