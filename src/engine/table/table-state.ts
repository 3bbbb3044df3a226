import type { Card } from '../../cards/card.js';
import type { HandConfig } from '../hand/config.js';
import type { Operation } from '../hand/operations.js';
import type { HandState } from '../hand/state.js';
import type { TableConfig } from './table-config.js';
import type { TableOperation } from './table-operations.js';

/**
 * `playing`: dealt in every hand. `waiting`: seated but not dealt in until they post or the big blind
 * reaches them (a new player, or one back from sitting out who owes blinds). `sitting-out`: keeps the
 * seat (a player on a break), is not dealt in, and owes the blinds that pass.
 */
export type SeatStatus = 'playing' | 'waiting' | 'sitting-out';

/** Blinds a player owes: `big` is a live big blind (a new player's entry, or a missed big blind), `small` a dead small blind. */
export type OwedBlinds = { readonly small: boolean; readonly big: boolean };

export type SeatedPlayer = {
  readonly seat: number;
  readonly name: string;
  /** The player's chips between hands (during a hand the hand's stacks are the live ones). */
  readonly stack: number;
  readonly status: SeatStatus;
  /** A waiting player who chose to post the owed blinds and be dealt in at the next hand they may enter. */
  readonly posting: boolean;
  readonly owes: OwedBlinds;
  readonly handsDealt: number;
  /** Time flagged as unpaid by a table before D41: the floor's to settle by hand; never collected. */
  readonly timeOwed: number;
  /**
   * Time the player could not pay from the stack: shown on the seat, collected once the stack covers it
   * (T8, D41). Absent until the first such time (tables from before D41 have none).
   */
  readonly timeDue?: number;
};

/**
 * A player who left, for a return within the window (WSOP Live Action 58): what they bring back (the
 * stack), owe again (time, D41) and go on from (hands dealt, for courtesy hands, D46).
 */
export type Departure = { readonly name: string; readonly stack: number; readonly at: number; readonly timeDue?: number; readonly handsDealt?: number };

/** The table around the hands: seats, button and blinds, time collection, the hand in play. Immutable. */
export type TableState = {
  readonly config: TableConfig;
  /** Index seat − 1; null for an empty seat. */
  readonly seats: readonly (SeatedPlayer | null)[];
  /** Cards drawn for the button before the first hand, by seat. */
  readonly buttonDraw: readonly { readonly seat: number; readonly card: Card }[];
  /** The button's seat (after the draw: the winner's). May be an empty seat (a dead button). */
  readonly button: number | null;
  /** Where the last hand's small blind was (posted or dead): under the dead button, the next button. */
  readonly smallBlindPosition: number | null;
  /** The last hand's big blind seat: the next big blind is the next player due after it. */
  readonly bigBlind: number | null;
  /** The hand in play, or the last one (complete) until the next starts; null after a void. */
  readonly hand: HandState | null;
  /**
   * The operations of the hand in play, from its `hand-started`: what an undo rebuilds the hand from.
   * Emptied when the hand is settled or void (snapshots, taken between hands, stay small).
   */
  readonly handLog: readonly Operation[];
  /** The last hand's positions (for a void to undo them), null once it is void. */
  readonly positions: Extract<TableOperation, { type: 'hand-positions' }> | null;
  /** Actions in turn in the hand so far, and how many put chips in: substantial action (TDA 36) ends misdeals. */
  readonly handActions: { readonly count: number; readonly chips: number };
  /** The last hand was void: the prompt says to redeal. */
  readonly voided: Extract<TableOperation, { type: 'hand-voided' }> | null;
  /** After a void, the hand to deal again exactly (TDA 35: the same players, button and limits). */
  readonly redeal: { readonly positions: Extract<TableOperation, { type: 'hand-positions' }>; readonly config: HandConfig } | null;
  readonly handNumber: number;
  /** When the next time collection falls due (ms since the epoch), or null without time collection. */
  readonly nextTimeCollection: number | null;
  readonly departures: readonly Departure[];
  /**
   * Session totals in chip units: what came to the table, what left it, what the house collected, and chips
   * moved by floor decisions. Between hands: buyIns − cashOuts − timeCollected − rake + adjustments = chips in the seats.
   */
  readonly totals: { readonly buyIns: number; readonly cashOuts: number; readonly timeCollected: number; readonly rake: number; readonly adjustments: number };
  /** Tournament: the current blind level (index), when and at which hand it began; places of players out; the winner. */
  /**
   * The dealer on duty since `since` (a `dealer-on-duty` operation), or none recorded yet. Optional:
   * snapshots written before dealers were recorded lack it.
   */
  readonly dealer?: { readonly number: string; readonly name: string; readonly since: number } | null;
  /**
   * Card entry from the screens stopped by a card the table would not take on a screen's word, until the
   * floor resumes it (D65). Absent while card entry is open (snapshots written before D65 lack it).
   */
  readonly cardEntryStopped?: Extract<TableOperation, { type: 'card-entry-stopped' }>;
  readonly tournament: {
    readonly level: number;
    /** When the first hand started: time-based levels run on this schedule. */
    readonly startedAt: number | null;
    readonly eliminated: readonly { readonly seat: number; readonly name: string; readonly place: number }[];
    readonly winner: string | null;
  } | null;
};
