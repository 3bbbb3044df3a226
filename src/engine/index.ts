export { apply, startHand, MAX_PLAYERS, MIN_PLAYERS, type Command, type StartHand, type Transition } from './apply.js';
export { getLegalActions, type LegalActions } from './betting.js';
export { checkConfig, NO_LIMIT_5_10, type BettingStructure, type HandConfig, type RakeRule, type UncapRule } from './config.js';
export { dealingPlan, expectedCard, type CardTarget } from './dealing.js';
export type { Operation, PostKind } from './operations.js';
export { buildPots } from './pots.js';
export { reduce, replay } from './reduce.js';
export { RuleViolation, type RuleViolationCode } from './rule-violation.js';
export type { Award, HandState, Phase, Player, PlayerStatus, Pot, Street } from './state.js';
