import type { Operation } from '../engine/operations.js';
import { BEFORE_A_HAND, type TableLogEntry } from '../engine/table-operations.js';
import { isTableOperation } from '../engine/table-reduce.js';
import { withoutStep } from '../engine/undo.js';
import { exportPhh } from './export.js';
import { tomlString } from './toml.js';

/**
 * Cuts a table's log into hand histories: fed the log entry by entry, it gives back each hand as PHH when
 * the hand ends, with the table's facts PHH has no field for — the hand number and the time collected
 * before the deal — in `_` fields. The callers (`felt sim --phh`, `felt export`) write the files.
 */
export class TableHandHistories {
  private hand: Operation[] = [];
  private handNumber = 0;
  /** The time collected before the hand being played (from its `hand-positions` on). */
  private time: { seat: number; amount: number; due?: true }[] = [];
  /** Time collected, waiting for the row after it: a `hand-positions` makes it that hand's, a leaving (time due paid on the way out) none's. */
  private pending: { seat: number; amount: number; due?: true }[] = [];
  /** The table's seats, for `seat_count`. */
  private seatCount: number | undefined = undefined;

  /** The finished hand's number and PHH text when `entry` ends a hand, else null. */
  see(entry: TableLogEntry): { readonly handNumber: number; readonly text: string } | null {
    if (entry.type === 'table-opened' || entry.type === 'table-configured') this.seatCount = entry.config.seatCount;
    // `due`: time owed from before (D41), apart from the period's.
    if (entry.type === 'time-collected') this.pending.push(entry.due === true ? { seat: entry.seat, amount: entry.amount, due: true } : { seat: entry.seat, amount: entry.amount });
    else if (!BEFORE_A_HAND.has(entry.type)) {
      if (entry.type === 'hand-positions') this.time.push(...this.pending);
      this.pending = [];
    }
    if (entry.type === 'hand-positions') this.handNumber = entry.handNumber;
    // The floor took the hand's last step back: the history is the hand as it stands.
    if (entry.type === 'step-undone') this.hand = [...withoutStep(this.hand, entry.undone)];
    if (isTableOperation(entry)) return null;
    if (entry.type === 'hand-started') this.hand = [];
    this.hand.push(entry);
    if (entry.type !== 'hand-ended') return null;
    const text = `${exportPhh(this.hand, this.seatCount)}_hand_number = ${this.handNumber}\n_time_collected = ${tomlString(JSON.stringify(this.time))}\n`;
    this.time = [];
    return { handNumber: this.handNumber, text };
  }
}

/**
 * The file of a hand played to its end, by its hand number — the number the screen, the reports and the
 * incidents give. A number is one hand's: a misdeal's redeal shares it, but the void has no history.
 */
export function handFileName(handNumber: number): string {
  return `hand-${String(handNumber).padStart(6, '0')}.phh`;
}
