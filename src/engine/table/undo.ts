import type { Words } from '../../evaluator/words.js';
import { InvariantError } from '../../invariant-error.js';
import { describeOperation } from '../hand/describe.js';
import type { Operation } from '../hand/operations.js';
import { replay } from '../hand/reduce.js';
import { violation } from '../rule-violation.js';
import type { TableState } from './table-state.js';

/**
 * The floor's "undo the last action": the hand in play goes back to where it was before the croupier's
 * last command — a card, an action, a show — together with everything the engine did after it by itself
 * (collecting bets, opening the next street). Nothing is erased: a `step-undone` entry says what was
 * reversed, who approved it and why, and the hand is rebuilt from its log without those operations.
 */

/** Operations that a command produced first; what follows them until the next one, the engine did itself. */
const STEP_STARTS: ReadonlySet<Operation['type']> = new Set(['deal', 'card-exposed', 'premature-card', 'fold', 'check', 'call', 'bet', 'show', 'muck']);

function startsStep(operation: Operation): boolean {
  // `redeal-flop` is a command; premature cards going back at the next street are the engine's own.
  return STEP_STARTS.has(operation.type) || (operation.type === 'cards-returned' && operation.redeal);
}

/** Where the hand's last undoable step begins in its log, or -1 (no hand in play, or only the blinds so far). */
function lastStepStart(table: TableState): number {
  const hand = table.hand;
  if (hand === null || hand.phase.kind === 'complete') return -1;
  for (let index = table.handLog.length - 1; index > 0; index--) {
    if (startsStep(table.handLog[index] as Operation)) return index;
  }
  return -1;
}

/** The step the floor may undo, in words ("Seat 4 raises to 60"), or null. */
export function lastStep(table: TableState): Words | null {
  const start = lastStepStart(table);
  if (start < 0) return null;
  return describeOperation(replay(table.handLog.slice(0, start)), table.handLog[start] as Operation);
}

/** The operations an undo takes back: the last step and what followed it. Refused when there is none. */
export function stepToUndo(table: TableState): readonly Operation[] {
  const hand = table.hand;
  if (hand === null || hand.phase.kind === 'complete') {
    throw violation('nothing-to-undo', 'No hand is in play: a finished hand is corrected with a stack adjustment', 'Keine Hand läuft: eine beendete Hand wird mit einer Stapelkorrektur berichtigt');
  }
  const start = lastStepStart(table);
  if (start < 0) throw violation('nothing-to-undo', 'Nothing to undo in this hand yet: only the blinds are in', 'In dieser Hand gibt es noch nichts zurückzunehmen: nur die Blinds stehen');
  return table.handLog.slice(start);
}

/** The hand's log without an undone step: checks that the step is the log's end (a bug otherwise). */
export function withoutStep(handLog: readonly Operation[], undone: readonly Operation[]): readonly Operation[] {
  const kept = handLog.length - undone.length;
  const matches = kept >= 1 && undone.every((operation, index) => JSON.stringify(operation) === JSON.stringify(handLog[kept + index]));
  if (!matches) throw new InvariantError('an undone step is not the end of the hand in play');
  return handLog.slice(0, kept);
}
