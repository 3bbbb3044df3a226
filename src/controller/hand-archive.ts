import type { Words } from '../evaluator/words.js';
import type { Card } from '../cards/card.js';
import { announceAward } from '../engine/announce.js';
import { describeOperation } from '../engine/describe.js';
import type { Operation } from '../engine/operations.js';
import { reduce, replay } from '../engine/reduce.js';
import type { HandState } from '../engine/state.js';
import { MISDEAL_REASONS, type TableLogEntry } from '../engine/table-operations.js';
import { isTableOperation } from '../engine/table-reduce.js';
import { withoutStep } from '../engine/undo.js';

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

export type HandReplay = { readonly id: number; readonly handNumber: number; readonly steps: readonly ReplayStep[] };

/** One hand as the log holds it: its number, its operations (an undone step and all), and how it ended. */
type ArchivedHand = {
  readonly id: number;
  readonly handNumber: number;
  /** The hand's operations and the floor's undos among them, in log order. */
  readonly entries: (Operation | Extract<TableLogEntry, { type: 'step-undone' }>)[];
  voided: Words | null;
};

/**
 * The table's hands for the croupier's hand list and replay, read from the log as it grows (`catchUp`
 * reads only the entries it has not seen). Hole cards never leave it: a replay shows a hole card only
 * once it was tabled at the showdown.
 */
export class HandArchive {
  private readonly hands: ArchivedHand[] = [];
  private handNumber = 0;
  private read = 0;

  constructor(private readonly entriesAfter: (after: number) => Iterable<TableLogEntry>) {}

  /** Reads the log entries written since the last call. */
  private catchUp(): void {
    for (const entry of this.entriesAfter(this.read)) {
      this.read++;
      this.see(entry);
    }
  }

  private see(entry: TableLogEntry): void {
    if (entry.type === 'hand-positions') this.handNumber = entry.handNumber;
    const current = this.hands.at(-1);
    if (entry.type === 'hand-voided' && current !== undefined) current.voided = MISDEAL_REASONS[entry.reason];
    if (entry.type === 'step-undone' && current !== undefined) current.entries.push(entry);
    if (isTableOperation(entry)) return;
    if (entry.type === 'hand-started') this.hands.push({ id: this.hands.length + 1, handNumber: this.handNumber, entries: [], voided: null });
    this.hands.at(-1)?.entries.push(entry);
  }

  /** The hands, newest first. */
  list(): HandSummary[] {
    this.catchUp();
    return this.hands.map(summaryOf).reverse();
  }

  replay(id: number): HandReplay | null {
    this.catchUp();
    const hand = this.hands[id - 1];
    if (hand === undefined) return null;
    return { id, handNumber: hand.handNumber, steps: stepsOf(hand) };
  }
}

function summaryOf(hand: ArchivedHand): HandSummary {
  const operations = handOperations(hand);
  const started = operations[0] as Extract<Operation, { type: 'hand-started' }>;
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
    voided: hand.voided,
    complete: operations.at(-1)?.type === 'hand-ended',
  };
}

/** The hand's operations as they stand: undone steps taken out. */
function handOperations(hand: ArchivedHand): Operation[] {
  let operations: Operation[] = [];
  for (const entry of hand.entries) {
    if (entry.type === 'step-undone') operations = [...withoutStep(operations, entry.undone)];
    else operations.push(entry);
  }
  return operations;
}

function stepsOf(hand: ArchivedHand): ReplayStep[] {
  const steps: ReplayStep[] = [];
  let operations: Operation[] = [];
  let state: HandState | undefined;
  for (const entry of hand.entries) {
    if (entry.type === 'step-undone') {
      operations = [...withoutStep(operations, entry.undone)];
      state = replay(operations);
      const what = describeOperation(replay(operations), entry.undone[0] as Operation);
      steps.push(frame(state, { en: `Floor undid: ${what?.en ?? ''} (${entry.reason}; ${entry.by})`, de: `Floor nahm zurück: ${what?.de ?? ''} (${entry.reason}; ${entry.by})` }));
      continue;
    }
    const words = describeOperation(state, entry);
    operations.push(entry);
    state = reduce(state, entry);
    if (words !== null) steps.push(frame(state, words));
  }
  if (hand.voided !== null) steps.push({ ...(steps.at(-1) as ReplayStep), words: { en: `Misdeal: ${hand.voided.en}`, de: `Misdeal: ${hand.voided.de}` } });
  return steps;
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
