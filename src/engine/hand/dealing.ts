import { type Card, isCard } from '../../cards/card.js';
import { InvariantError } from '../../invariant-error.js';
import type { DealOperation, Operation } from './operations.js';
import { clockwise, indexOfSeat } from './positions.js';
import { type RuleViolation, violation } from '../rule-violation.js';
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
  return expectedCardOf(state, stepLength(state));
}

/** `expectedCard` when the step's length is counted already (a card dealt counts it once). */
function expectedCardOf(state: HandState, length: number): CardTarget | null {
  if (state.phase.kind !== 'dealing' || state.dealt >= length) return null;
  if (state.street === 'preflop') return preflopCard(state);
  return state.dealt === 0 && burnsBeforeBoardCard(state) ? 'burn' : 'board';
}

function preflopCard(state: HandState): CardTarget {
  let position = state.dealt;
  if (state.config.burnBeforeHoleCards) {
    if (position === 0) return 'burn';
    position--;
  }
  const count = state.players.length;
  // After the deal, a seat whose card was exposed gets the replacement (Robert's Rules): the step
  // counts that card only when there is such a seat.
  if (position === 2 * count) return seatTarget(state.replacementSeat as number);
  // Two rounds of the table: the second round's cards go to the same seats as the first's.
  return seatTarget((state.players[clockwise(state, state.button, 1 + (position < count ? position : position - count))] as Player).seat);
}

/**
 * How many cards the current dealing step has, burns included: a burn (if configured) and two hole
 * cards a player, and the replacement for an exposed hole card; or a burn and the flop, the turn or
 * the river. `expectedCard` and `stepComplete` both count on it, so that the test at every card dealt
 * is two comparisons.
 */
export function stepLength(state: HandState): number {
  if (state.street === 'preflop') {
    return (state.config.burnBeforeHoleCards ? 1 : 0) + 2 * state.players.length + (state.replacementSeat === null ? 0 : 1);
  }
  return (burnsBeforeBoardCard(state) ? 1 : 0) + (state.street === 'flop' ? 3 : 1);
}

/**
 * An exposed hole card already lies with the burns as the flop's burn; after premature cards went back
 * into the stub the next board card is dealt without one.
 */
function burnsBeforeBoardCard(state: HandState): boolean {
  return state.config.burnBeforeBoard && state.noBurnOn !== state.street;
}

export function describeTarget(target: CardTarget): { en: string; de: string } {
  if (target === 'burn') return { en: 'the burn', de: 'die Brennkarte' };
  if (target === 'board') return { en: 'the board', de: 'das Board' };
  return { en: `seat ${target.seat}`, de: `Platz ${target.seat}` };
}

function sameTarget(a: CardTarget, b: CardTarget): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.seat === b.seat;
}

/**
 * A card from the shoe or a reader, checked against the plan (`length`: the step's, `stepLength`): a card already seen, a card for the
 * wrong place, or a card when none is due is refused, never silently placed. `card` null is a card
 * dealt face down without being read (a hole card or burn at a table without readers).
 */
export function dealOperation(state: HandState, card: Card | null, to: CardTarget | undefined, length: number): DealOperation {
  checkCard(card);
  const expected = expectedCardOf(state, length);
  if (expected === null || (to !== undefined && !sameTarget(to, expected)) || (card === null ? expected === 'board' : isSeen(state, card))) {
    throw cardRefused(state, card, to, expected);
  }
  return { type: 'deal', to: expected, card };
}

/**
 * Why a card is refused, out of `dealOperation`'s way: the refusals' words would make the function the
 * engine calls at every card too big for the compiler to inline.
 */
function cardRefused(state: HandState, card: Card | null, to: CardTarget | undefined, expected: CardTarget | null): RuleViolation {
  if (expected === null) return violation('no-card-expected', 'No card is due now', 'Jetzt ist keine Karte fällig');
  if (to !== undefined && !sameTarget(to, expected)) {
    const place = describeTarget(to);
    const due = describeTarget(expected);
    return violation('card-for-wrong-place', `A card for ${place.en}, but the next card goes to ${due.en}`, `Eine Karte für ${place.de}, aber die nächste Karte geht an ${due.de}`);
  }
  if (card === null) return violation('cards-needed', 'A board card must be read or entered', 'Eine Board-Karte muss gelesen oder eingegeben werden');
  if (!isSeen(state, card)) throw new InvariantError('a card refused for no reason');
  return alreadyInPlay();
}

/**
 * The seat the last hole card went to, while a hole card is the last card dealt — during the deal, or as
 * the betting opens before anyone acts — or null: the card an `exposed` command reports.
 */
export function lastHoleCardSeat(state: HandState): number | null {
  const dealing = state.phase.kind === 'dealing' || (state.phase.kind === 'betting' && state.players.every((player) => player.actedAt === null));
  const dealt = holeCardsDealt(state);
  if (!dealing || state.street !== 'preflop' || dealt < 1) return null;
  const count = state.players.length;
  // After the two rounds of the table, the one card more is an exposed card's replacement.
  if (dealt > 2 * count) return state.replacementSeat;
  return (state.players[clockwise(state, state.button, 1 + ((dealt - 1) % count))] as Player).seat;
}

/** Pre-flop, the cards of the deal so far without its burn. */
function holeCardsDealt(state: HandState): number {
  return state.dealt - (state.config.burnBeforeHoleCards ? 1 : 0);
}

/**
 * The hole card just dealt was exposed by the croupier. Later in the deal it becomes the burn before the
 * flop; the deal goes on, and the seat gets a replacement after the last hole card (Robert's Rules, WSOP
 * Live Action). The first or second card of the deal exposed, or a second exposed card, is a misdeal
 * (TDA 35) — refused here with the reason, for the floor to declare. `seat`, when given, is the seat the
 * croupier saw get the card: a card dealt since (a shoe reads faster than a tap) is refused, never
 * taken for the exposed one.
 */
export function exposedOperation(state: HandState, card: Card | undefined, seat: number | undefined): Operation {
  if (card !== undefined) checkCard(card);
  const last = lastHoleCardSeat(state);
  if (last === null) throw violation('no-card-expected', 'No hole card has just been dealt', 'Es wurde gerade keine Hole Card gegeben');
  if (seat !== undefined && seat !== last) {
    throw violation(
      'card-dealt-since',
      `The last card went to seat ${last}, not seat ${String(seat)}: a card was dealt since; the floor can undo that card, then report the exposed one`,
      `Die letzte Karte ging an Platz ${last}, nicht an Platz ${String(seat)}: seitdem wurde gegeben; der Floor kann diese Karte zurücknehmen, dann die aufgedeckte melden`,
    );
  }
  if (holeCardsDealt(state) <= 2 || state.exposedBurn) {
    const why = state.exposedBurn ? { en: 'a second card exposed', de: 'eine zweite Karte aufgedeckt' } : { en: 'the first or second card exposed', de: 'die erste oder zweite Karte aufgedeckt' };
    throw violation('misdeal-required', `Misdeal: ${why.en} (TDA 35)`, `Misdeal: ${why.de} (TDA 35)`);
  }
  const player = state.players[indexOfSeat(state, last)] as Player;
  const dealtCard = player.holeCards[player.holeCards.length - 1] ?? null;
  if (card !== undefined && dealtCard !== null) {
    // A card read is never compared with one sent: a refusal for a wrong guess and an acceptance for the
    // right one would tell anyone who can send commands what the player holds, one guess at a time.
    throw violation('card-was-read', `Seat ${player.seat}'s last card was read: report it exposed without naming a card`, `Die letzte Karte von Platz ${player.seat} wurde gelesen: als aufgedeckt melden, ohne eine Karte zu nennen`);
  }
  const exposed = dealtCard ?? card ?? null;
  if (dealtCard === null && exposed !== null && isSeen(state, exposed)) {
    throw alreadyInPlay();
  }
  return { type: 'card-exposed', seat: player.seat, card: exposed };
}

/**
 * A card turned before the betting was over. A burn stays with the burns; a board card is set aside and
 * goes back into the stub — under `restore-order` a premature turn after the turn has been dealt from the
 * stub (before the river), every other premature card at the next board card; under `scramble` always at
 * the next board card. The river's betting has no later card to be premature for.
 */
export function prematureOperation(state: HandState, card: Card | null, to: 'burn' | 'board'): Operation {
  checkCard(card);
  if (to !== 'burn' && to !== 'board') throw violation('card-for-wrong-place', `A premature card goes to the burn or the board, not ${String(to)}`, `Eine vorzeitige Karte gehört zu den Brennkarten oder zum Board, nicht ${String(to)}`);
  if (state.phase.kind !== 'betting' || state.street === 'river') {
    throw violation('no-card-expected', 'A premature card is one turned while the betting goes on before the river', 'Eine vorzeitige Karte wird aufgedeckt, während vor dem River noch gesetzt wird');
  }
  if (to === 'board' && card === null) throw violation('cards-needed', 'A board card must be read or entered', 'Eine Board-Karte muss gelesen oder eingegeben werden');
  if (card !== null && isSeen(state, card)) throw alreadyInPlay();
  const next = state.street === 'preflop' ? 'flop' : state.street === 'flop' ? 'turn' : 'river';
  const returnAt = next === 'turn' && state.config.prematureCards === 'restore-order' ? 'river' : next;
  return { type: 'premature-card', to, card, returnAt };
}

/**
 * A flop turned with too many cards is dealt again (Robert's Rules): its cards and any set-aside card go
 * back into the stub and three new cards come without a burn — only before anyone acts on the flop.
 */
export function redealFlopOperation(state: HandState): Operation {
  const untouched = state.currentBet === 0 && state.players.every((player) => player.actedAt === null);
  if (state.street !== 'flop' || state.phase.kind !== 'betting' || !untouched) {
    throw violation('no-card-expected', 'The flop can be dealt again only before anyone acts on it', 'Der Flop kann nur neu gegeben werden, bevor jemand darauf handelt');
  }
  return { type: 'cards-returned', cards: [...state.board, ...state.heldCards], redeal: true };
}

/**
 * A card from a command is a card number or null (dealt unread): anything else — 52, −1, 1.5, a string —
 * is refused here, before it could mark a wrong card as seen or reach the evaluator.
 */
export function checkCard(card: unknown): asserts card is Card | null {
  if (card !== null && !isCard(card)) throw notACard(card);
}

function notACard(card: unknown): RuleViolation {
  return violation('not-a-card', `${String(card)} is not a card`, `${String(card)} ist keine Karte`);
}

/**
 * A card that is already in play: a misread, or a deck with a card twice. The words never name the card —
 * it may be a hole card, and the screen is seen by the table.
 */
export function alreadyInPlay(): RuleViolation {
  return violation('card-already-in-play', 'That card is already in play: check the deck and call the floor', 'Diese Karte ist schon im Spiel: Deck prüfen und Floor rufen');
}

/** Whether the card has been dealt face up, read, or shown in this hand. */
export function isSeen(state: Pick<HandState, 'seenLow' | 'seenHigh'>, card: Card): boolean {
  return card < 26 ? (state.seenLow & (1 << card)) !== 0 : (state.seenHigh & (1 << (card - 26))) !== 0;
}

/** Whether no card is due: the dealing step is over (or this is not the dealing). */
export function stepComplete(state: HandState): boolean {
  return state.phase.kind !== 'dealing' || state.dealt >= stepLength(state);
}
