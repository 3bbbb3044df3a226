import type { Card } from '../cards/card.js';
import { formatCard } from '../cards/notation.js';
import type { Operation } from './operations.js';
import { clockwise } from './positions.js';
import { violation } from './rule-violation.js';
import type { HandState, Player } from './state.js';

export type CardTarget = 'burn' | 'board' | { readonly seat: number };

/**
 * The cards of the current dealing step, in order: a burn (if configured), then hole cards one at a time
 * starting left of the button (the small blind, seed 000; heads-up the big blind, so the button gets the
 * last card) round the table twice; or a burn and the flop, the turn or the river.
 */
export function dealingPlan(state: HandState): CardTarget[] {
  const plan: CardTarget[] = [];
  for (let dealt = 0; ; dealt++) {
    const target = expectedCard({ ...state, phase: { kind: 'dealing' }, dealt });
    if (target === null) return plan;
    plan.push(target);
  }
}

/** One shared, frozen target per seat: the hot path deals 12 hole cards a hand without allocating. */
const seatTargets: { readonly seat: number }[] = [];

function seatTarget(seat: number): CardTarget {
  let target = seatTargets[seat];
  if (target === undefined) {
    target = Object.freeze({ seat });
    seatTargets[seat] = target;
  }
  return target;
}

/** The card the engine expects next, or null when no card is due: `dealingPlan(state)[state.dealt]`, without building the plan. */
export function expectedCard(state: HandState): CardTarget | null {
  if (state.phase.kind !== 'dealing') return null;
  let position = state.dealt;
  if (state.street === 'preflop') {
    if (state.config.burnBeforeHoleCards) {
      if (position === 0) return 'burn';
      position--;
    }
    const count = state.players.length;
    if (position >= 2 * count) return null;
    return seatTarget((state.players[clockwise(state, state.button, 1 + (position % count))] as Player).seat);
  }
  // An exposed hole card already lies with the burns as the flop's burn.
  if (state.config.burnBeforeBoard && !(state.street === 'flop' && state.exposedBurn)) {
    if (position === 0) return 'burn';
    position--;
  }
  return position < (state.street === 'flop' ? 3 : 1) ? 'board' : null;
}

export function describeTarget(target: CardTarget): { en: string; de: string } {
  if (target === 'burn') return { en: 'the burn', de: 'die Burn-Karte' };
  if (target === 'board') return { en: 'the board', de: 'das Board' };
  return { en: `seat ${target.seat}`, de: `Platz ${target.seat}` };
}

function sameTarget(a: CardTarget, b: CardTarget): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.seat === b.seat;
}

/**
 * A card from the shoe or a reader, checked against the plan: a card already seen, a card for the
 * wrong place, or a card when none is due is refused, never silently placed. `card` null is a card
 * dealt face down without being read (a hole card or burn at a table without readers).
 */
export function dealOperation(state: HandState, card: Card | null, to: CardTarget | undefined): Operation {
  const expected = expectedCard(state);
  if (expected === null) {
    throw violation('no-card-expected', 'No card is due now', 'Jetzt ist keine Karte fällig');
  }
  if (to !== undefined && !sameTarget(to, expected)) {
    const place = describeTarget(to);
    const due = describeTarget(expected);
    throw violation('card-for-wrong-place', `A card for ${place.en}, but the next card goes to ${due.en}`, `Eine Karte für ${place.de}, aber die nächste Karte geht an ${due.de}`);
  }
  if (card === null) {
    if (expected === 'board') {
      throw violation('cards-needed', 'A board card must be read or entered', 'Eine Board-Karte muss gelesen oder eingegeben werden');
    }
  } else if (isSeen(state, card)) {
    throw violation('card-already-in-play', `${formatCard(card)} is already in play`, `${formatCard(card)} ist schon im Spiel`);
  }
  return { type: 'deal', to: expected, card };
}

/**
 * The hole card just dealt was exposed by the croupier. Later in the deal it becomes the burn before the
 * flop and the seat gets the next card; the first or second card of the deal exposed, or a second exposed
 * card, is a misdeal (TDA 35, WSOP Live Action) — refused here with the reason, for the floor to declare.
 */
export function exposedOperation(state: HandState, card: Card | undefined): Operation {
  const holeCardsDealt = state.dealt - (state.config.burnBeforeHoleCards ? 1 : 0);
  if (state.phase.kind !== 'dealing' || state.street !== 'preflop' || holeCardsDealt < 1) {
    throw violation('no-card-expected', 'No hole card has just been dealt', 'Es wurde gerade keine Hole Card gegeben');
  }
  if (holeCardsDealt <= 2 || state.exposedBurn) {
    const why = state.exposedBurn ? { en: 'a second card exposed', de: 'eine zweite Karte aufgedeckt' } : { en: 'the first or second card exposed', de: 'die erste oder zweite Karte aufgedeckt' };
    throw violation('misdeal-required', `Misdeal: ${why.en} (TDA 35)`, `Misdeal: ${why.de} (TDA 35)`);
  }
  const count = state.players.length;
  const player = state.players[clockwise(state, state.button, 1 + ((holeCardsDealt - 1) % count))] as Player;
  const dealtCard = player.holeCards[player.holeCards.length - 1] ?? null;
  if (card !== undefined && dealtCard !== null && card !== dealtCard) {
    throw violation('shown-cards-differ', `Seat ${player.seat} was dealt ${formatCard(dealtCard)}, not ${formatCard(card)}`, `Platz ${player.seat} bekam ${formatCard(dealtCard)}, nicht ${formatCard(card)}`);
  }
  const exposed = dealtCard ?? card ?? null;
  if (dealtCard === null && exposed !== null && isSeen(state, exposed)) {
    throw violation('card-already-in-play', `${formatCard(exposed)} is already in play`, `${formatCard(exposed)} ist schon im Spiel`);
  }
  return { type: 'card-exposed', seat: player.seat, card: exposed };
}

/** Whether the card has been dealt face up, read, or shown in this hand. */
export function isSeen(state: Pick<HandState, 'seenLow' | 'seenHigh'>, card: Card): boolean {
  return card < 26 ? (state.seenLow & (1 << card)) !== 0 : (state.seenHigh & (1 << (card - 26))) !== 0;
}

export function stepComplete(state: HandState): boolean {
  return expectedCard(state) === null;
}
