import type { Operation } from '../engine/hand/operations.js';
import { BEFORE_A_HAND, type TableLogEntry } from '../engine/table/table-operations.js';
import { isTableOperation } from '../engine/table/table-reduce.js';
import { withoutStep } from '../engine/table/undo.js';
import { exportPhh } from './export.js';
import { tomlString } from './toml.js';

/** Time collected with a hand's start; `due`: time owed from before (D41), apart from the period's. */
export type TimePaid = { readonly seat: number; readonly amount: number; readonly due?: true };

/** The table's facts a hand history carries beside the hand, in `_` fields. */
export type HandFacts = { readonly handNumber: number; readonly handId: number; readonly seatCount: number | undefined; readonly time: readonly TimePaid[] };

/**
 * A hand played to its end as PHH, with the table's facts PHH has no field for — the hand number, the
 * hand's id (its place in the log) and the time collected before the deal — in `_` fields: the same text
 * from `felt export` and from the hand list (`felt report --kind hand`, the screen's download).
 */
export function handHistoryText(operations: readonly Operation[], facts: HandFacts): string {
  return `${exportPhh(operations, facts.seatCount)}_hand_number = ${facts.handNumber}\n_hand_id = ${facts.handId}\n_time_collected = ${tomlString(JSON.stringify(facts.time))}\n`;
}

/**
 * Follows a log for what a hand history carries besides the hand: the table's seats and the time each
 * hand's start collected. Time collected waits for the row after it: a `hand-positions` makes it that
 * hand's — and its redeal's, after a misdeal — and anything else (a leaving that paid time due) none's.
 */
export class HandContext {
  /** The number of the hand being dealt (from its `hand-positions`; a redeal keeps it). */
  handNumber = 0;
  /** The table's seats, for `seat_count`. */
  seatCount: number | undefined = undefined;
  /** The time collected before the hand being dealt (kept through a misdeal for the redeal). */
  time: TimePaid[] = [];
  private pending: TimePaid[] = [];

  see(entry: TableLogEntry): void {
    if (entry.type === 'table-opened' || entry.type === 'table-configured') this.seatCount = entry.config.seatCount;
    if (entry.type === 'hand-positions') this.handNumber = entry.handNumber;
    if (entry.type === 'time-collected') this.pending.push(entry.due === true ? { seat: entry.seat, amount: entry.amount, due: true } : { seat: entry.seat, amount: entry.amount });
    else if (!BEFORE_A_HAND.has(entry.type)) {
      if (entry.type === 'hand-positions') this.time.push(...this.pending);
      this.pending = [];
    }
    // A hand played to its end has had its time; a void's goes on with the redeal.
    if (entry.type === 'hand-settled') this.time = [];
  }
}

/**
 * Cuts a table's log into hand histories: fed the log entry by entry, it gives back each hand as PHH when
 * the hand ends. The callers (`felt sim --phh`, `felt export`) write the files.
 */
export class TableHandHistories {
  private hand: Operation[] = [];
  private handId = 0;
  private readonly context = new HandContext();

  /** The finished hand's number and PHH text when `entry` ends a hand, else null. */
  see(entry: TableLogEntry): { readonly handNumber: number; readonly text: string } | null {
    // The hand's time is read before the context forgets it at the hand's settling (after its `hand-ended`).
    const time = [...this.context.time];
    this.context.see(entry);
    // The floor took the hand's last step back: the history is the hand as it stands.
    if (entry.type === 'step-undone') this.hand = [...withoutStep(this.hand, entry.undone)];
    if (isTableOperation(entry)) return null;
    if (entry.type === 'hand-started') {
      this.hand = [];
      this.handId++;
    }
    this.hand.push(entry);
    if (entry.type !== 'hand-ended') return null;
    const { handNumber, seatCount } = this.context;
    return { handNumber, text: handHistoryText(this.hand, { handNumber, handId: this.handId, seatCount, time }) };
  }
}

/**
 * The file of a hand played to its end, by its hand number — the number the screen, the reports and the
 * incidents give. A number is one hand's: a misdeal's redeal shares it, but the void has no history.
 */
export function handFileName(handNumber: number): string {
  return `hand-${String(handNumber).padStart(6, '0')}.phh`;
}
