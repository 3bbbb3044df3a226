import type { Card } from '../../cards/card.js';
import { evaluateCheckedHand, type HandEvaluation } from '../../evaluator/evaluate.js';
import { evaluate7 } from '../../evaluator/lookup.js';
import { InvariantError } from '../../invariant-error.js';
import type { OperationOf } from './operations.js';
import { clockwise, firstFrom, indexOfSeat, inHand } from './positions.js';
import { alreadyInPlay, checkCard, isSeen } from './dealing.js';
import { totalInPots } from './pots.js';
import { type RuleViolation, violation } from '../rule-violation.js';
import type { HandState, Player, Pot } from './state.js';

/**
 * Showdown order (seed 000): the last player to bet or raise on the final round shows first; if
 * nobody bet, the first player left of the button; then clockwise.
 */
export function showdownStart(state: HandState): number {
  if (state.lastAggressor !== null) {
    const index = indexOfSeat(state, state.lastAggressor);
    if (index >= 0 && inHand(state.players[index] as Player)) return index;
  }
  return firstFrom(state, clockwise(state, state.button, 1), inHand);
}

/** When a player in the hand is all-in and the betting is over, every hand is tabled (no mucking). */
export function allHandsTabled(state: HandState): boolean {
  return state.players.some((player) => player.status === 'all-in');
}

export function nextToShow(state: HandState, from: number): number {
  // `firstFrom` written out, without a closure per show.
  const players = state.players;
  const count = players.length;
  let index = clockwise(state, from, 0);
  for (let step = 0; step < count; step++) {
    const player = players[index] as Player;
    if (inHand(player) && player.showdown === null) return index;
    index = index + 1 === count ? 0 : index + 1;
  }
  return -1;
}

/** How many of a player's two hole cards were dealt unread: the cards a show must name. */
export function unreadCards(player: Player): number {
  let read = 0;
  for (let index = 0; index < player.holeCards.length; index++) if (player.holeCards[index] !== null) read++;
  return 2 - read;
}

/**
 * The player to show tables their hand: the cards read as they were read, and the croupier names only the
 * cards dealt unread — none for a hand read in full. A card read is never compared with a card sent: a
 * refusal for a wrong guess and an acceptance for a right one would tell a guesser the player's hand, and
 * the player may mean to muck (D39).
 */
export function showOperation(state: HandState, cards: readonly Card[] | undefined): OperationOf<'show'> {
  const player = state.players[state.actor] as Player;
  const unread = unreadCards(player);
  const given = cards ?? NO_CARDS;
  for (let index = 0; index < given.length; index++) checkCard(given[index]);
  if (given.length !== unread) throw unreadNeeded(player.seat, unread);
  if (unread === 2 && given[0] === given[1]) throw twoAlike();
  for (let index = 0; index < given.length; index++) if (isSeen(state, given[index] as Card)) throw alreadyInPlay();
  // The cards named take the places of the cards dealt unread, in order.
  const hole = player.holeCards;
  const first = hole[0] ?? (given[0] as Card);
  const second = hole[1] ?? (given[hole[0] == null ? 1 : 0] as Card);
  return { type: 'show', seat: player.seat, cards: [first, second] };
}

const NO_CARDS: readonly Card[] = Object.freeze([]);

function twoAlike(): RuleViolation {
  return violation('cards-needed', 'A hand shows two different cards', 'Eine Hand zeigt zwei verschiedene Karten');
}

function unreadNeeded(seat: number, unread: number): RuleViolation {
  if (unread === 0) return violation('card-was-read', `Seat ${seat}'s cards were read: show them without entering cards`, `Die Karten von Platz ${seat} wurden gelesen: ohne Eingabe der Karten zeigen`);
  if (unread === 1) return violation('cards-needed', `One of seat ${seat}'s cards was not read: enter that card only`, `Eine Karte von Platz ${seat} wurde nicht gelesen: nur diese Karte eingeben`);
  return violation('cards-needed', `Seat ${seat}'s cards were not read: enter them`, `Die Karten von Platz ${seat} wurden nicht gelesen: bitte eingeben`);
}

/**
 * Whether the player to show may muck instead (E10): not the first to show, and not when a player is
 * all-in (every hand is tabled). The croupier's prompt offers a muck exactly when this holds.
 */
export function mayMuck(state: HandState): boolean {
  return !allHandsTabled(state) && someoneShown(state);
}

function someoneShown(state: HandState): boolean {
  return state.players.some((other) => Array.isArray(other.showdown));
}

export function muckOperation(state: HandState): OperationOf<'muck'> {
  const player = state.players[state.actor] as Player;
  if (allHandsTabled(state)) {
    throw violation('must-show', 'A player is all-in: every hand is tabled', 'Ein Spieler ist all-in: alle Hände werden aufgedeckt');
  }
  if (!someoneShown(state)) {
    throw violation('must-show', `Seat ${player.seat} shows first and must show`, `Platz ${player.seat} zeigt zuerst und muss zeigen`);
  }
  return { type: 'muck', seat: player.seat };
}

/** Rake on the pots (never on uncalled bets, which are back with their owners by now), main pot first. */
export function rakeOperation(state: HandState): OperationOf<'rake'> | null {
  const rule = state.config.rake;
  if (rule === null) return null;
  if (rule.noFlopNoDrop && state.board.length === 0) return null;
  const total = totalInPots(state);
  const unit = state.config.chipUnit;
  const amount = Math.min(rule.cap - (rule.cap % unit), Math.floor((total * rule.basisPoints) / 10_000 / unit) * unit);
  if (amount <= 0) return null;
  let left = amount;
  const pots: Pot[] = state.pots.map((pot) => {
    const taken = Math.min(left, pot.amount);
    left -= taken;
    return { ...pot, amount: pot.amount - taken };
  });
  return { type: 'rake', amount, pots };
}

/**
 * Awards every pot on its own to its best eligible hand(s). A split divides in the smallest chip
 * unit; odd chips go one by one to the winners in order from the first left of the button (seeds 000,
 * 004). A pot with one player left is theirs without a show.
 */
export function awardOperations(state: HandState): OperationOf<'award'>[] {
  const operations: OperationOf<'award'>[] = [];
  const { players, button, board } = state;
  const unit = state.config.chipUnit;
  const count = players.length;
  // The contenders in order from the first seat left of the button (the odd-chip order), each tabled
  // hand valued once for all the pots: -1 for a hand not shown (the last player in, uncontested).
  const contenders: Player[] = [];
  const values: number[] = [];
  for (let step = 1; step <= count; step++) {
    const player = players[(button + step) % count] as Player;
    if (!inHand(player) || player.showdown === 'mucked') continue;
    contenders.push(player);
    values.push(Array.isArray(player.showdown) ? handOf(player.showdown as readonly Card[], board) : -1);
  }
  // The winners' words and five cards, described once however many pots they win.
  const described: (HandEvaluation | undefined)[] = [];
  // The pot's best hands (indexes of contenders): the first `winnerCount` entries, reused from pot to
  // pot (cutting an array's length is a call into the runtime).
  const winners: number[] = [];
  for (let potIndex = 0; potIndex < state.pots.length; potIndex++) {
    const pot = state.pots[potIndex] as Pot;
    if (pot.amount === 0) continue;
    let shown = 0;
    let unshown = -1;
    let best = -1;
    let winnerCount = 0;
    for (let index = 0; index < contenders.length; index++) {
      if (!isEligible(pot, (contenders[index] as Player).seat)) continue;
      const value = values[index] as number;
      if (value < 0) {
        unshown = index;
        continue;
      }
      shown++;
      if (value > best) {
        best = value;
        winnerCount = 0;
      }
      if (value === best) winners[winnerCount++] = index;
    }
    if (shown === 0 && unshown < 0) {
      // Every player left for it mucked: a pot only one of them could win is theirs all the same (no one
      // contests it); more than one (a foreign file's showdown) cannot be settled.
      const left = players.filter((player) => inHand(player) && isEligible(pot, player.seat));
      if (left.length !== 1) throw new InvariantError(`pot ${potIndex} has nobody to award it to`);
      operations.push({ type: 'award', potIndex, seat: (left[0] as Player).seat, amount: pot.amount, words: null, best: null });
      continue;
    }
    if (shown === 0) {
      // The last player in the hand wins without a show.
      operations.push({ type: 'award', potIndex, seat: (contenders[unshown] as Player).seat, amount: pot.amount, words: null, best: null });
      continue;
    }
    if (unshown >= 0) throw new InvariantError(`seat ${(contenders[unshown] as Player).seat} contests a pot without showing`);
    const units = pot.amount / unit;
    const share = Math.floor(units / winnerCount);
    const odd = units % winnerCount;
    for (let order = 0; order < winnerCount; order++) {
      const amount = (share + (order < odd ? 1 : 0)) * unit;
      if (amount === 0) continue;
      const index = winners[order] as number;
      const winner = contenders[index] as Player;
      const evaluation = (described[index] ??= describe(winner.showdown as readonly Card[], board, best));
      operations.push({ type: 'award', potIndex, seat: winner.seat, amount, words: evaluation.words, best: evaluation.best });
    }
  }
  return operations;
}

/** `pot.eligible.includes(seat)` written out: a handful of seats, and no call into a builtin. */
function isEligible(pot: Pot, seat: number): boolean {
  const eligible = pot.eligible;
  for (let index = 0; index < eligible.length; index++) if (eligible[index] === seat) return true;
  return false;
}

function handOf(cards: readonly Card[], board: readonly Card[]): number {
  return evaluate7(cards[0] as Card, cards[1] as Card, board[0] as Card, board[1] as Card, board[2] as Card, board[3] as Card, board[4] as Card);
}

/** Words and the five cards that play, only for winners: they go into the award. */
function describe(cards: readonly Card[], board: readonly Card[], value: number): HandEvaluation {
  return evaluateCheckedHand([cards[0] as Card, cards[1] as Card, board[0] as Card, board[1] as Card, board[2] as Card, board[3] as Card, board[4] as Card], value);
}
