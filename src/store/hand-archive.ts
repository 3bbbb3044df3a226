import type { Words } from '../evaluator/words.js';
import type { Card } from '../cards/card.js';
import { announceAward } from '../engine/hand/announce.js';
import { describeOperation } from '../engine/hand/describe.js';
import type { Operation } from '../engine/hand/operations.js';
import { reduce, replay } from '../engine/hand/reduce.js';
import { InvariantError } from '../invariant-error.js';
import type { HandState } from '../engine/hand/state.js';
import { MISDEAL_REASONS, type TableLogEntry } from '../engine/table/table-operations.js';
import { isTableOperation } from '../engine/table/table-reduce.js';
import { withoutStep } from '../engine/table/undo.js';
import { HandContext, handHistoryText, type TimePaid } from '../phh/table-hands.js';
import { reasonWords } from '../reports/incident-kinds.js';

export type HandSummary = {
  /** The hand's place in the table's log, 1 for the first dealt: a misdealt hand and its redeal share a hand number, not an id. */
  readonly id: number;
  readonly handNumber: number;
  readonly button: number;
  readonly players: number;
  /** Every chip the pots held at the end (before rake). */
  readonly pot: number;
  readonly awards: readonly Words[];
  /** Why the hand was void, or null. */
  readonly voided: Words | null;
  readonly complete: boolean;
};

export type ReplayStep = {
  /** What happened, in words ("Seat 4 raises to 60"); a hole card is "Seat 4 gets a card", never its face. */
  readonly words: Words;
  readonly board: readonly Card[];
  readonly pots: readonly number[];
  readonly seats: readonly { readonly seat: number; readonly stack: number; readonly bet: number; readonly folded: boolean; readonly shown: readonly Card[] | null }[];
};

/** A page of the hand list, newest first; `more` when older hands are left. */
export type HandPage = { readonly hands: readonly HandSummary[]; readonly more: boolean };

export type HandReplay = { readonly id: number; readonly handNumber: number; readonly steps: readonly ReplayStep[] };

/**
 * A hand's full history, for the floor: every row of it as the log holds it (hole cards, undone steps and
 * the floor's undo, a void), and its PHH hand history when it was played to the end (as it stands).
 */
export type HandHistory = { readonly id: number; readonly handNumber: number; readonly summary: HandSummary; readonly entries: readonly HandEntry[]; readonly phh: string | null };

/** Where a hand lies in the log (rows `firstRow`…`lastRow`), and its summary once it is over. */
type ArchivedHand = { readonly id: number; readonly handNumber: number; readonly seatCount: number | undefined; readonly time: readonly TimePaid[]; readonly firstRow: number; lastRow: number; summary: HandSummary | null };

/** A hand's entries as the archive reads them: its operations, the floor's undos, a void. */
export type HandEntry = Operation | Extract<TableLogEntry, { type: 'step-undone' | 'hand-voided' }>;

/** How many hands `list` gives at most: a week at a busy table holds thousands. */
export const HAND_PAGE = 50;

/**
 * The table's hands for the croupier's hand list and replay, read from the log as it grows (only the rows
 * not yet seen). It keeps each finished hand's summary and where its rows are; a replay reads them back.
 * Hole cards never leave it: a replay shows a hole card only where it was tabled at the showdown and
 * the show still stands (an undone show is not shown again).
 */
export class HandArchive {
  private readonly hands: ArchivedHand[] = [];
  /** The entries of the hand in play, until it is over and summed up. */
  private current: HandEntry[] = [];
  /** The hand number, the table's seats and the time collected before the hand, for the hand list and the PHH. */
  private readonly context = new HandContext();
  private read = 0;

  constructor(private readonly entriesAfter: (after: number) => Iterable<TableLogEntry>) {}

  /** Reads the log entries written since the last call. */
  private catchUp(): void {
    for (const entry of this.entriesAfter(this.read)) {
      this.read++;
      this.see(entry, this.read);
    }
  }

  private see(entry: TableLogEntry, row: number): void {
    this.context.see(entry);
    if (entry.type === 'hand-started') {
      this.hands.push({ id: this.hands.length + 1, handNumber: this.context.handNumber, seatCount: this.context.seatCount, time: [...this.context.time], firstRow: row, lastRow: row, summary: null });
      this.current = [];
    }
    const hand = this.hands.at(-1);
    if (hand === undefined || hand.summary !== null) return;
    if (isTableOperation(entry) && entry.type !== 'step-undone' && entry.type !== 'hand-voided') return;
    hand.lastRow = row;
    this.current.push(entry);
    if (entry.type === 'hand-ended' || entry.type === 'hand-voided') {
      hand.summary = summaryOf(hand, this.current);
      this.current = [];
    }
  }

  /** The hands, newest first: `limit` of them (at most HAND_PAGE) before the hand `before`. */
  list(before = Number.POSITIVE_INFINITY, limit = HAND_PAGE): HandPage {
    this.catchUp();
    const end = Math.min(this.hands.length, before - 1);
    const hands: HandSummary[] = [];
    let index = end - 1;
    for (; index >= 0 && hands.length < Math.min(limit, HAND_PAGE); index--) {
      const hand = this.hands[index] as ArchivedHand;
      hands.push(hand.summary ?? summaryOf(hand, this.current));
    }
    return { hands, more: index >= 0 };
  }

  replay(id: number): HandReplay | null {
    const hand = this.find(id);
    return hand === null ? null : { id, handNumber: hand.handNumber, steps: stepsOf(this.entriesOf(hand)) };
  }

  /** The hand's full history and PHH (hole cards in it: the floor's only). */
  history(id: number): HandHistory | null {
    const hand = this.find(id);
    if (hand === null) return null;
    const entries = this.entriesOf(hand);
    const summary = hand.summary ?? summaryOf(hand, entries);
    const played = summary.complete && summary.voided === null;
    const phh = played ? handHistoryText(standing(entries), { handNumber: hand.handNumber, handId: id, seatCount: hand.seatCount, time: hand.time }) : null;
    return { id, handNumber: hand.handNumber, summary, entries, phh };
  }

  /** The ids of the hands dealt under a hand number, in order: one, or a misdeal's void(s) and the redeal. */
  idsOf(handNumber: number): number[] {
    this.catchUp();
    const ids: number[] = [];
    for (const hand of this.hands) if (hand.handNumber === handNumber) ids.push(hand.id);
    return ids;
  }

  private find(id: number): ArchivedHand | null {
    this.catchUp();
    return this.hands[id - 1] ?? null;
  }

  /** A hand's rows read back from the log: its operations, the floor's undos, a void. */
  private entriesOf(hand: ArchivedHand): HandEntry[] {
    const entries: HandEntry[] = [];
    let row = hand.firstRow - 1;
    for (const entry of this.entriesAfter(hand.firstRow - 1)) {
      if (++row > hand.lastRow) break;
      if (!isTableOperation(entry) || entry.type === 'step-undone' || entry.type === 'hand-voided') entries.push(entry);
    }
    return entries;
  }
}

function summaryOf(hand: ArchivedHand, entries: readonly HandEntry[]): HandSummary {
  const operations = standing(entries);
  const started = operations[0] as Extract<Operation, { type: 'hand-started' }>;
  const voided = entries.find((entry) => entry.type === 'hand-voided');
  let pot = 0;
  const awards: Words[] = [];
  for (const operation of operations) {
    if (operation.type === 'award') {
      pot += operation.amount;
      awards.push(announceAward(operation));
    }
    if (operation.type === 'rake') pot += operation.amount;
  }
  return {
    id: hand.id,
    handNumber: hand.handNumber,
    button: started.buttonSeat,
    players: started.players.length,
    pot,
    awards,
    voided: voided === undefined ? null : MISDEAL_REASONS[voided.reason],
    complete: operations.at(-1)?.type === 'hand-ended',
  };
}

/** The hand's operations as they stand: undone steps taken out. */
function standing(entries: readonly HandEntry[]): Operation[] {
  let operations: Operation[] = [];
  for (const entry of entries) {
    if (entry.type === 'step-undone') operations = [...withoutStep(operations, entry.undone)];
    else if (entry.type !== 'hand-voided') operations.push(entry);
  }
  return operations;
}

/**
 * The replay's steps: a frame after every operation that has words. An undone step's frames go (what it
 * showed no longer stands — a show taken back must not show its cards again) and one frame says what the
 * floor undid, naming no card.
 */
function stepsOf(entries: readonly HandEntry[]): ReplayStep[] {
  const frames: { readonly operations: number; readonly step: ReplayStep }[] = [];
  let operations: Operation[] = [];
  let state: HandState | undefined;
  for (const entry of entries) {
    if (entry.type === 'hand-voided') {
      const reason = MISDEAL_REASONS[entry.reason];
      if (state !== undefined) frames.push({ operations: operations.length, step: frame(returned(state, operations), { en: `Misdeal: ${reason.en}`, de: `Misdeal: ${reason.de}` }) });
      continue;
    }
    if (entry.type === 'step-undone') {
      operations = [...withoutStep(operations, entry.undone)];
      while ((frames.at(-1)?.operations ?? 0) > operations.length) frames.pop();
      state = replay(operations);
      const what = undoneWords(state, entry.undone[0] as Operation);
      const reason = reasonWords(entry.reason);
      frames.push({ operations: operations.length, step: frame(state, { en: `Floor undid: ${what.en} (${reason.en}; ${entry.by})`, de: `Floor nahm zurück: ${what.de} (${reason.de}; ${entry.by})` }) });
      continue;
    }
    const words = describeOperation(state, entry);
    operations.push(entry);
    state = reduce(state, entry);
    if (words !== null) frames.push({ operations: operations.length, step: frame(state, words) });
  }
  return frames.map((item) => item.step);
}

/**
 * The hand as its void leaves it: every player with the stack the hand started with — blinds, antes, dead
 * money and bets all back — nobody folded or all-in, no pot.
 */
function returned(state: HandState, operations: readonly Operation[]): HandState {
  const started = operations[0];
  if (started?.type !== 'hand-started') throw new InvariantError('a voided hand replays from its hand-started operation');
  const stackAtStart = (seat: number): number => started.players.find((player) => player.seat === seat)?.stack ?? 0;
  return { ...state, pots: [], players: state.players.map((player) => ({ ...player, stack: stackAtStart(player.seat), bet: 0, committed: 0, status: 'active' as const })) };
}

/** An undone step in words; an undone show is named without its cards, which no longer stand. */
function undoneWords(before: HandState, operation: Operation): Words {
  if (operation.type === 'show') return { en: `seat ${operation.seat}'s show`, de: `das Zeigen von Platz ${operation.seat}` };
  // A board card taken back goes back into the stub, and may be dealt again: it is not named.
  if (operation.type === 'deal' && operation.to === 'board') return { en: 'a board card', de: 'eine Boardkarte' };
  return describeOperation(before, operation) ?? { en: operation.type, de: operation.type };
}

function frame(state: HandState, words: Words): ReplayStep {
  return {
    words,
    board: state.board,
    pots: state.pots.map((pot) => pot.amount),
    seats: state.players.map((player) => ({
      seat: player.seat,
      stack: player.stack,
      bet: player.bet,
      folded: player.status === 'folded',
      shown: Array.isArray(player.showdown) ? player.showdown : null,
    })),
  };
}
