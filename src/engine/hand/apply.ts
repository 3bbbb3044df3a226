import type { Card } from '../../cards/card.js';
import { InvariantError } from '../../invariant-error.js';
import { type BettingCommand, bettingOperation, fullRaiseAtStart, nextActor } from './betting.js';
import { type HandConfig, settleConfig } from './config.js';
import { type CardTarget, dealOperation, exposedOperation, prematureOperation, redealFlopOperation, stepComplete, stepLength } from './dealing.js';
import type { Operation, OperationOf } from './operations.js';
import { buildPots, uncalledBet } from './pots.js';
import { blindIndexes, buttonIndexOf, clockwise, indexOfSeat } from './positions.js';
import {
  type Draft,
  draftOf,
  record,
  recordAction,
  recordAward,
  recordBettingRound,
  recordCardsReturned,
  recordCollect,
  recordDeal,
  recordHandEnded,
  recordMuck,
  recordNextActor,
  recordPost,
  recordRake,
  recordReturnUncalled,
  recordShow,
  recordShowdown,
  recordStreet,
  startedDraft,
} from './reduce.js';
import { type RuleViolation, violation } from '../rule-violation.js';
import { awardOperations, muckOperation, nextToShow, rakeOperation, showdownStart, showOperation } from './showdown.js';
import type { HandState, Player, Pot } from './state.js';

/** A command: what the croupier, a button or a reader asks for. `seat`, when given, must be the actor. */
export type Command =
  | (BettingCommand & { readonly seat?: number })
  | { readonly type: 'deal'; readonly card: Card | null; readonly to?: CardTarget }
  /** The hole card just dealt was exposed; `card` names it when it was dealt unread, `seat` whose it was. */
  | { readonly type: 'exposed'; readonly card?: Card; readonly seat?: number }
  /** A burn or board card turned while the betting was still on (a premature card). */
  | { readonly type: 'premature'; readonly card: Card | null; readonly to: 'burn' | 'board' }
  /** The flop came with too many cards: it goes back into the stub and is dealt again (Robert's Rules). */
  | { readonly type: 'redeal-flop' }
  | { readonly type: 'show'; readonly seat?: number; readonly cards?: readonly Card[] }
  | { readonly type: 'muck'; readonly seat?: number };

export type StartHand = {
  readonly config: HandConfig;
  /** In table order, clockwise (seat numbers rising, round the table), with their stacks. */
  readonly players: readonly { readonly seat: number; readonly stack: number }[];
  /** With `blinds` given, may be an empty seat: a dead button. */
  readonly buttonSeat: number;
  /**
   * Who posts the blinds, when the table decides (the dead-button rule, heads-up after three players).
   * Without it the small blind sits left of the button and the big blind left of it; heads-up the
   * button posts the small blind (seed 000).
   */
  readonly blinds?: { readonly smallBlindSeat: number | null; readonly bigBlindSeat: number };
  /**
   * Blinds posted besides the two, by a new player or one who missed blinds: `live` (at most the big
   * blind) counts as the player's bet, `dead` goes straight into the pot (WSOP Live Action 156).
   */
  readonly extraPosts?: readonly ExtraPost[];
};

export type ExtraPost = { readonly seat: number; readonly live: number; readonly dead: number };

const NO_EXTRA_POSTS: readonly ExtraPost[] = Object.freeze([]);

export type Transition = { readonly state: HandState; readonly operations: readonly Operation[] };

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 14;

/**
 * A command's automatic steps: the draft every operation is recorded into as it is made (so each fact
 * takes effect at once and the state the command was applied to stays as it was), that state (the
 * draft's source, null for a new hand), and the operations kept.
 */
type Recorder = { readonly state: Draft; readonly source: HandState | null; readonly operations: Operation[] };

function push(recorder: Recorder, operation: Operation): void {
  record(recorder.state, recorder.source, operation);
  recorder.operations.push(operation);
}

/**
 * `push` with the recording function of the operation's kind, for the operations of every hand: a
 * direct call where `record` would switch on the kind of every shape of operation.
 */
function keep<O extends Operation>(recorder: Recorder, operation: O, write: (draft: Draft, source: HandState | null, operation: O) => void): void {
  write(recorder.state, recorder.source, operation);
  recorder.operations.push(operation);
}

/** Starts a hand: checks the table, posts antes and blinds. The next step is dealing. */
export function startHand(input: StartHand): Transition {
  const config = settleConfig(input.config);
  const { players, buttonSeat } = input;
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    throw violation('invalid-start', `A hand needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players, got ${players.length}`, `Eine Hand braucht ${MIN_PLAYERS} bis ${MAX_PLAYERS} Spieler, nicht ${players.length}`);
  }
  for (let index = 0; index < players.length; index++) {
    const { seat, stack } = players[index] as StartHand['players'][number];
    if (!Number.isSafeInteger(seat) || seat < 1 || seatTaken(players, seat, index)) {
      throw violation('invalid-start', `Seat ${String(seat)} is not a seat number or is taken twice`, `Platz ${String(seat)} ist keine Platznummer oder doppelt vergeben`);
    }
    if (!Number.isSafeInteger(stack) || stack <= 0 || stack % config.chipUnit !== 0) {
      throw violation('invalid-start', `Seat ${seat}'s stack ${String(stack)} is not a positive number of chip units`, `Der Stapel von Platz ${seat} (${String(stack)}) ist keine positive Zahl von Chipeinheiten`);
    }
  }
  const { smallBlindSeat, bigBlindSeat } = input.blinds ?? defaultBlinds(input);
  checkBlinds(input, smallBlindSeat, bigBlindSeat, config);
  // Copies: the log must not change when the caller later changes its objects (the configuration is settled).
  const copies: { seat: number; stack: number }[] = [];
  for (let index = 0; index < players.length; index++) {
    const { seat, stack } = players[index] as StartHand['players'][number];
    copies.push({ seat, stack });
  }
  const started: Operation = { type: 'hand-started', config, smallBlindSeat, bigBlindSeat, players: copies, buttonSeat };
  const recorder: Recorder = { state: startedDraft(started), source: null, operations: [started] };
  postForcedBets(recorder, smallBlindSeat, input.extraPosts ?? NO_EXTRA_POSTS);
  return finish(recorder);
}

/** The blinds by position: left of the button, heads-up the button itself (seed 000). */
function defaultBlinds(input: StartHand): { smallBlindSeat: number; bigBlindSeat: number } {
  const { players, buttonSeat } = input;
  if (!seatTaken(players, buttonSeat, players.length)) {
    throw violation('invalid-start', `The button is at seat ${buttonSeat}, where nobody plays this hand`, `Der Button liegt auf Platz ${buttonSeat}, wo niemand diese Hand spielt`);
  }
  const { small, big } = blindIndexes({ players, button: buttonIndexOf(players, buttonSeat) });
  return { smallBlindSeat: (players[small] as StartHand['players'][number]).seat, bigBlindSeat: (players[big] as StartHand['players'][number]).seat };
}

function checkBlinds(input: StartHand, smallBlindSeat: number | null, bigBlindSeat: number, config: HandConfig): void {
  const { players, buttonSeat } = input;
  const inHand = (seat: number): boolean => seatTaken(players, seat, players.length);
  if (!Number.isSafeInteger(buttonSeat) || buttonSeat < 1) {
    throw violation('invalid-start', `The button seat ${String(buttonSeat)} is not a seat number`, `Der Button-Platz ${String(buttonSeat)} ist keine Platznummer`);
  }
  if (!inHand(bigBlindSeat) || (smallBlindSeat !== null && (!inHand(smallBlindSeat) || smallBlindSeat === bigBlindSeat))) {
    throw violation('invalid-start', `The blinds (small ${String(smallBlindSeat)}, big ${bigBlindSeat}) must be two players of the hand`, `Die Blinds (Small ${String(smallBlindSeat)}, Big ${bigBlindSeat}) müssen zwei Spieler der Hand sein`);
  }
  const extraPosts = input.extraPosts ?? NO_EXTRA_POSTS;
  if (extraPosts.length === 0) return;
  const posted: number[] = [];
  for (const { seat, live, dead } of extraPosts) {
    if (!inHand(seat) || seat === bigBlindSeat || seat === smallBlindSeat || posted.includes(seat)) {
      throw violation('invalid-start', `Seat ${seat} cannot post an extra blind (not in the hand, a blind already, or twice)`, `Platz ${seat} kann keinen zusätzlichen Blind setzen (nicht in der Hand, schon Blind oder doppelt)`);
    }
    posted.push(seat);
    for (const amount of [live, dead]) {
      if (!Number.isSafeInteger(amount) || amount < 0 || amount % config.chipUnit !== 0) {
        throw violation('invalid-start', `Seat ${seat}'s extra blind ${String(amount)} is not a whole number of chip units`, `Der zusätzliche Blind von Platz ${seat} (${String(amount)}) ist keine ganze Zahl von Chipeinheiten`);
      }
    }
    if (live > config.bigBlind) {
      throw violation('invalid-start', `Seat ${seat} posts ${live} live, more than the big blind`, `Platz ${seat} setzt ${live} live, mehr als den Big Blind`);
    }
  }
}

/** Whether a player before `before` in the list sits at `seat` (at most 14 players: a loop beats a set). */
function seatTaken(players: StartHand['players'], seat: number, before: number): boolean {
  for (let index = 0; index < before; index++) if ((players[index] as StartHand['players'][number]).seat === seat) return true;
  return false;
}

/**
 * Antes and the big-blind ante go in first, into the pot at once (each player's ante counts toward that
 * player's stake; the big-blind ante is the table's dead money); then the blinds and the straddle, live.
 * A short stack posts what it has and is all-in (WSOP Live Action 150). When the big blind cannot cover
 * both, its blind takes precedence (TDA): the ante is posted first, but only from what the blind leaves.
 */
function postForcedBets(recorder: Recorder, smallBlindSeat: number | null, extraPosts: readonly ExtraPost[]): void {
  const state = recorder.state;
  const { config } = state;
  const big = state.bigBlindIndex;
  const small = smallBlindSeat === null ? -1 : indexOfSeat(state, smallBlindSeat);
  const straddle = clockwise(state, big, 1);
  const stackOf = (index: number): number => (recorder.state.players[index] as Player).stack;
  const seatOf = (index: number): number => (state.players[index] as Player).seat;
  let dead = false;
  if (config.ante > 0) {
    for (let step = 1; step <= state.players.length; step++) {
      const index = clockwise(state, state.button, step);
      keep(recorder, { type: 'post', seat: seatOf(index), kind: 'ante', amount: Math.min(config.ante, stackOf(index)) }, recordPost);
      dead = true;
    }
  }
  const bigBlindAmount = Math.min(config.bigBlind, stackOf(big));
  const bigBlindAnte = Math.min(config.bigBlindAnte, stackOf(big) - bigBlindAmount);
  if (bigBlindAnte > 0) {
    keep(recorder, { type: 'post', seat: seatOf(big), kind: 'big-blind-ante', amount: bigBlindAnte }, recordPost);
    dead = true;
  }
  // Owed blinds: the dead part into the pot with the antes, then the live part with the blinds. A stack
  // short of both keeps the live part first, as the big blind keeps its blind before its ante: the live
  // blind is the player's stake, and a player dealt in with none could win no pot (D43).
  for (let index = 0; index < extraPosts.length; index++) {
    const { seat, live, dead: amount } = extraPosts[index] as ExtraPost;
    const stack = stackOf(indexOfSeat(state, seat));
    const paid = Math.min(amount, stack - Math.min(live, stack));
    if (paid === 0) continue;
    keep(recorder, { type: 'post', seat, kind: 'dead-blind', amount: paid }, recordPost);
    dead = true;
  }
  if (dead) keep(recorder, { type: 'collect', pots: buildPots(recorder.state.players, recorder.state.deadMoney) }, recordCollect);
  const smallBlindAmount = small < 0 ? 0 : Math.min(config.smallBlind, stackOf(small));
  if (smallBlindAmount > 0) keep(recorder, { type: 'post', seat: seatOf(small), kind: 'small-blind', amount: smallBlindAmount }, recordPost);
  if (bigBlindAmount > 0) keep(recorder, { type: 'post', seat: seatOf(big), kind: 'big-blind', amount: bigBlindAmount }, recordPost);
  for (let index = 0; index < extraPosts.length; index++) {
    const { seat, live } = extraPosts[index] as ExtraPost;
    const paid = Math.min(live, stackOf(indexOfSeat(state, seat)));
    if (paid > 0) keep(recorder, { type: 'post', seat, kind: 'posted-blind', amount: paid }, recordPost);
  }
  if (straddled(recorder.state, straddle)) {
    // A live blind the seat owed and posted this hand counts toward the straddle: one straddle in front (D43).
    const bet = (recorder.state.players[straddle] as Player).bet;
    keep(recorder, { type: 'post', seat: seatOf(straddle), kind: 'straddle', amount: config.straddle - bet }, recordPost);
  }
}

/**
 * A straddle is posted by the player left of the big blind, three or more players, who can cover it —
 * all-in if it takes all they have — with what they already posted live this hand.
 */
function straddled(state: HandState, straddle: number): boolean {
  const player = state.players[straddle] as Player;
  return state.config.straddle > 0 && state.players.length > 2 && player.bet + player.stack >= state.config.straddle;
}

/** Applies a command. Throws `RuleViolation` (nothing changed) when the rules do not allow it. */
export function apply(state: HandState, command: Command): Transition {
  if (state.phase.kind === 'complete') throw violation('hand-over', 'The hand is over', 'Die Hand ist vorbei');
  // The two commands of nearly every step — a card, an action — take a short way when nothing follows
  // them automatically; the same operations, recorded by the same functions, either way.
  if (command.type === 'deal') return applyDeal(state, command.card, command.to);
  if (command.type !== 'show' && command.type !== 'muck' && command.type !== 'exposed' && command.type !== 'premature' && command.type !== 'redeal-flop') {
    return applyBetting(state, command);
  }
  const recorder: Recorder = { state: draftOf(state), source: state, operations: [] };
  switch (command.type) {
    case 'exposed':
      push(recorder, exposedOperation(state, command.card, command.seat));
      break;
    case 'premature':
      push(recorder, prematureOperation(state, command.card, command.to));
      break;
    case 'redeal-flop':
      push(recorder, redealFlopOperation(state));
      break;
    case 'show':
    case 'muck':
      if (state.phase.kind !== 'showdown') throw violation('not-showdown', 'This is not the showdown', 'Jetzt ist kein Showdown');
      checkSeat(state, command.seat, 'show');
      if (command.type === 'show') keep(recorder, showOperation(state, command.cards), recordShow);
      else keep(recorder, muckOperation(state), recordMuck);
      keep(recorder, { type: 'next-actor', seat: seatOrNull(recorder.state, nextToShow(recorder.state, state.actor)) }, recordNextActor);
      if (recorder.state.actor >= 0) {
        // Someone else shows next: nothing follows automatically, and a show or a muck moves no chip.
        return { state: recorder.state, operations: recorder.operations };
      }
      break;
  }
  return finish(recorder);
}

/**
 * A card: when the dealing step goes on, nothing else happens. A card moves no chip (`recordDeal` writes
 * cards and the step's count only), so the chips are counted at the commands that move them.
 */
function applyDeal(state: HandState, card: Card | null, to: CardTarget | undefined): Transition {
  // A card changes neither the street nor the seat owed a replacement: the step's length holds.
  const length = stepLength(state);
  const operation = dealOperation(state, card, to, length);
  const draft = draftOf(state);
  recordDeal(draft, state, operation);
  if (draft.dealt < length) return { state: draft, operations: [operation] };
  return finish({ state: draft, source: state, operations: [operation] });
}

/** An action: when someone else is to act, the betting round goes on and nothing else happens. */
function applyBetting(state: HandState, command: BettingCommand & { readonly seat?: number }): Transition {
  checkSeat(state, command.seat, 'act');
  const action = bettingOperation(state, command);
  const draft = draftOf(state);
  recordAction(draft, state, action);
  const next = nextActor(draft, state.actor);
  const handOn = { type: 'next-actor', seat: seatOrNull(draft, next) } as const;
  recordNextActor(draft, state, handOn);
  if (next >= 0) {
    // A fold or a check moves no chip; a call, a bet or a raise is counted, the whole table: a count of
    // the actor alone would trust the recording to have touched nobody else (tried: 1.6 % faster).
    if (action.type === 'call' || action.type === 'bet') checkChips(draft);
    return { state: draft, operations: [action, handOn] };
  }
  return finish({ state: draft, source: state, operations: [action, handOn] });
}

function checkSeat(state: HandState, seat: number | undefined, what: 'act' | 'show'): void {
  if (seat === undefined || state.actor < 0) return;
  const actor = (state.players[state.actor] as Player).seat;
  if (seat !== actor) throw notTheirTurn(actor, seat, what);
}

// The refusals' words live apart from the checks, which run at every command: a check the compiler can
// inline is one without the words.
function notTheirTurn(actor: number, seat: number, what: 'act' | 'show'): RuleViolation {
  const code = what === 'act' ? 'not-actors-turn' : 'not-seats-turn-to-show';
  return violation(code, `It is seat ${actor}'s turn, not seat ${seat}'s`, `Platz ${actor} ist an der Reihe, nicht Platz ${seat}`);
}

function seatOrNull(state: HandState, index: number): number | null {
  return index < 0 ? null : (state.players[index] as Player).seat;
}

/** Takes every step that needs no input, then checks that no chip appeared or vanished. */
function finish(recorder: Recorder): Transition {
  advance(recorder);
  checkChips(recorder.state);
  return { state: recorder.state, operations: recorder.operations };
}

function advance(recorder: Recorder): void {
  // A hand has at most a few dozen automatic steps; more means the steps do not move the hand on.
  for (let steps = 0; ; steps++) {
    if (steps > 64) throw stuck(recorder.state);
    const state = recorder.state;
    const phase = state.phase.kind;
    if (phase === 'dealing' && state.dealt === 0 && state.returnHeldAt === state.street) {
      // Premature cards set aside go back into the stub before this street's card.
      keep(recorder, { type: 'cards-returned', cards: state.heldCards, redeal: false }, recordCardsReturned);
    } else if (phase === 'dealing' && stepComplete(state)) {
      beginBettingRound(recorder);
    } else if (phase === 'betting' && state.actor < 0) {
      endBettingRound(recorder);
    } else if (phase === 'showdown' && state.actor < 0) {
      finishHand(recorder);
    } else {
      return;
    }
  }
}

function leftInPot(pot: Pot): InvariantError {
  return new InvariantError(`${pot.amount} left in a pot at the end of the hand`);
}

function stuck(state: HandState): InvariantError {
  return new InvariantError(`the hand does not advance (phase ${state.phase.kind}, street ${state.street})`);
}

/** Opens a betting round, then finds who acts first (nobody, when all-ins have closed the betting). */
function beginBettingRound(recorder: Recorder): void {
  const state = recorder.state;
  let lastToPost = state.button;
  if (state.street === 'preflop') {
    const big = state.bigBlindIndex;
    const straddle = clockwise(state, big, 1);
    // The full big blind (or the straddle, if one was posted) is what everyone must call, even when
    // the big blind's poster was short. Only a straddle posts more than the big blind.
    let opening = state.config.bigBlind;
    for (let index = 0; index < state.players.length; index++) opening = Math.max(opening, (state.players[index] as Player).bet);
    const straddling = opening > state.config.bigBlind;
    lastToPost = straddling ? straddle : big;
    keep(recorder, { type: 'betting-round', currentBet: opening, lastFullRaise: fullRaiseAtStart(state.config, state.street, opening), limitLevel: opening, betsThisRound: straddling ? 2 : 1 }, recordBettingRound);
  } else {
    keep(recorder, { type: 'betting-round', currentBet: 0, lastFullRaise: fullRaiseAtStart(state.config, state.street, state.config.bigBlind), limitLevel: 0, betsThisRound: 0 }, recordBettingRound);
  }
  keep(recorder, { type: 'next-actor', seat: seatOrNull(recorder.state, nextActor(recorder.state, lastToPost)) }, recordNextActor);
}

function endBettingRound(recorder: Recorder): void {
  const uncalled = uncalledBet(recorder.state);
  if (uncalled !== null) keep(recorder, { type: 'return-uncalled', seat: uncalled.seat, amount: uncalled.amount }, recordReturnUncalled);
  keep(recorder, { type: 'collect', pots: collectedPots(recorder.state) }, recordCollect);
  const state = recorder.state;
  if (state.inHandCount === 1) {
    finishHand(recorder);
    return;
  }
  if (state.street === 'river') {
    keep(recorder, { type: 'showdown', firstSeat: seatOrNull(state, showdownStart(state)) }, recordShowdown);
    return;
  }
  keep(recorder, { type: 'street', street: state.street === 'preflop' ? 'flop' : state.street === 'flop' ? 'turn' : 'river' }, recordStreet);
}

/**
 * The pots at a round's end. A round in which nobody put in a chip and nobody folded leaves them as the
 * last collect built them (from the same chips put in, by the same players): kept, not rebuilt.
 */
function collectedPots(state: HandState): readonly Pot[] {
  if (state.pots.length > 0 && state.inHandCount === state.playersAtRoundStart && noBets(state.players)) return state.pots;
  return buildPots(state.players, state.deadMoney);
}

function noBets(players: readonly Player[]): boolean {
  for (let index = 0; index < players.length; index++) if ((players[index] as Player).bet !== 0) return false;
  return true;
}

function finishHand(recorder: Recorder): void {
  const rake = rakeOperation(recorder.state);
  if (rake !== null) keep(recorder, rake, recordRake);
  const awards = awardOperations(recorder.state);
  for (let index = 0; index < awards.length; index++) keep(recorder, awards[index] as OperationOf<'award'>, recordAward);
  // Every pot is pushed: chips left in a pot at the end would be chips nobody gets.
  const pots = recorder.state.pots;
  for (let index = 0; index < pots.length; index++) if ((pots[index] as Pot).amount !== 0) throw leftInPot(pots[index] as Pot);
  keep(recorder, { type: 'hand-ended' }, recordHandEnded);
}

/** Chips are conserved: stacks + bets + pots + rake is what the hand started with; no stack is negative. */
function checkChips(state: HandState): void {
  const { players, pots } = state;
  let total = state.rake;
  let negative = false;
  for (let index = 0; index < players.length; index++) {
    const player = players[index] as Player;
    if (player.stack < 0) negative = true;
    total += player.stack + player.bet;
  }
  for (let index = 0; index < pots.length; index++) total += (pots[index] as Pot).amount;
  if (negative || total !== state.chipsInPlay) throw chipsLost(state, total);
}

function chipsLost(state: HandState, total: number): InvariantError {
  const negative = state.players.find((player) => player.stack < 0);
  if (negative !== undefined) return new InvariantError(`seat ${negative.seat} has a negative stack (${negative.stack})`);
  return new InvariantError(`chips not conserved: ${total} on the table, ${state.chipsInPlay} at the start`);
}

