import type { Card } from '../cards/card.js';
import type { ExtraPost } from './apply.js';
import type { Operation } from './operations.js';
import type { TableConfig } from './table-config.js';
import type { SeatStatus } from './table-state.js';

/**
 * The table's facts, appended to the same log as the hands' operations (which appear in it as they
 * are). Folding the log over nothing rebuilds the table exactly, with no rule applied (table-reduce.ts).
 */
export type TableOperation =
  | { readonly type: 'table-opened'; readonly config: TableConfig; readonly at: number }
  | { readonly type: 'seated'; readonly seat: number; readonly name: string; readonly stack: number; readonly status: SeatStatus; readonly owesBigBlind: boolean }
  | { readonly type: 'topped-up'; readonly seat: number; readonly amount: number }
  | { readonly type: 'sat-out'; readonly seat: number }
  | { readonly type: 'came-back'; readonly seat: number; readonly status: SeatStatus }
  | { readonly type: 'will-post'; readonly seat: number }
  | { readonly type: 'left'; readonly seat: number; readonly name: string; readonly stack: number; readonly at: number }
  | { readonly type: 'button-card'; readonly seat: number; readonly card: Card }
  | { readonly type: 'button-drawn'; readonly seat: number }
  /** A blind passed a player who was away: owed from now on (shown on the seat). */
  | { readonly type: 'blinds-missed'; readonly seat: number; readonly small: boolean; readonly big: boolean }
  | { readonly type: 'time-collected'; readonly seat: number; readonly amount: number }
  /** Time the player could not pay from the stack: flagged, not taken. */
  | { readonly type: 'time-owed'; readonly seat: number; readonly amount: number }
  | { readonly type: 'time-period'; readonly next: number }
  /**
   * Where the next hand's button and blinds are and who is dealt in (posting players among them); the
   * hand's own `hand-started` follows.
   */
  | {
      readonly type: 'hand-positions';
      readonly handNumber: number;
      readonly button: number;
      readonly smallBlindPosition: number;
      readonly bigBlind: number;
      readonly dealtIn: readonly number[];
      readonly extraPosts: readonly ExtraPost[];
    }
  /** The hand is over: the seats take the hand's final stacks; a player with no chips left sits out. */
  | { readonly type: 'hand-settled'; readonly stacks: readonly { readonly seat: number; readonly stack: number }[]; readonly rake: number };

/** Everything in a table's log: its own facts and the hands' operations. */
export type TableLogEntry = TableOperation | Operation;
