export * from './card.js';
export * from './card-input-error.js';
export * from './notation.js';
export * from './random.js';
export * from './deck.js';
