import type { Words } from '../evaluator/words.js';

/** Why the engine refused a command. Stable codes for programs; words for the croupier. */
export type RuleViolationCode =
  | 'invalid-config'
  | 'invalid-start'
  | 'hand-over'
  | 'not-betting'
  | 'not-actors-turn'
  | 'cannot-check'
  | 'nothing-to-call'
  | 'bet-below-minimum'
  | 'bet-above-maximum'
  | 'raise-not-allowed'
  | 'not-enough-chips'
  | 'amount-not-in-chip-units'
  | 'invalid-amount'
  | 'no-card-expected'
  | 'card-already-in-play'
  | 'card-for-wrong-place'
  | 'not-showdown'
  | 'not-seats-turn-to-show'
  | 'must-show'
  | 'shown-cards-differ'
  | 'cards-needed'
  | 'invalid-seat-change'
  | 'buy-in-out-of-range'
  | 'not-between-hands'
  | 'dealer-on-duty'
  | 'nothing-to-undo'
  | 'button-not-drawn'
  | 'not-enough-players'
  | 'misdeal-required'
  | 'not-a-card'
  | 'unknown-command'
  | 'misdeal-too-late'
  | 'card-was-read'
  | 'card-dealt-since'
  | 'no-time-due'
  | 'premature-limit'
  | 'card-entry-stopped'
  | 'hand-held'
  | 'card-entry-open'
  | 'nothing-reported';

/**
 * A command the rules do not allow. Nothing changed: the state the command was applied to is still
 * the state. `words` are shown to the croupier ("Seat 4 cannot check: 20 to call").
 */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';

  constructor(
    readonly code: RuleViolationCode,
    readonly words: Words,
  ) {
    super(words.en);
  }
}

export function violation(code: RuleViolationCode, en: string, de: string): RuleViolation {
  return new RuleViolation(code, { en, de });
}
