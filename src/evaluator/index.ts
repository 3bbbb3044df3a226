export * from './category.js';
export { evaluateHand, handValue, type HandEvaluation } from './evaluate.js';
export type { HandClass } from './hand-classes.js';
export { classOfValue } from './packed-classes.js';
export { evaluate5, evaluate6, evaluate7 } from './lookup.js';
export { decideShowdown, whyBetter, type Contestant, type ShowdownResult } from './showdown.js';
export { handWords, type Words } from './words.js';
