import type { BettingStructure, HandConfig } from './config.js';
import { totalInPots } from './pots.js';
import { type RuleViolation, violation } from '../rule-violation.js';
import type { HandState, Player, Street } from './state.js';
import type { ActionOperation } from './operations.js';

/** What the player to act may do: the action pad enables exactly these. */
export type LegalActions = {
  readonly seat: number;
  readonly fold: boolean;
  readonly check: boolean;
  /** Chips to call (less than owed when the call puts the player all-in), or null. */
  readonly call: number | null;
  /** Bet or raise to an amount in [min, max] (this round's total), or null. */
  readonly betOrRaise: { readonly kind: 'bet' | 'raise'; readonly min: number; readonly max: number } | null;
  /** Going all-in, as a total for the round, when the rules allow it (a call or a legal bet/raise). */
  readonly allIn: number | null;
};

/** Bet size of a limit street: small bet / lower limit pre-flop and flop, big bet / higher limit after. */
function limitBetSize(structure: BettingStructure, street: Street): number {
  const early = street === 'preflop' || street === 'flop';
  if (structure.kind === 'fixed-limit') return early ? structure.smallBet : structure.bigBet;
  if (structure.kind === 'spread-limit') return (early ? structure.lower : structure.higher).min;
  return 0;
}

function spreadMax(structure: BettingStructure, street: Street): number {
  if (structure.kind !== 'spread-limit') return 0;
  return (street === 'preflop' || street === 'flop' ? structure.lower : structure.higher).max;
}

function isLimit(structure: BettingStructure): structure is Extract<BettingStructure, { maxBetsPerRound: number }> {
  return structure.kind === 'fixed-limit' || structure.kind === 'spread-limit';
}

/** Limit games: the raise cap, lifted heads-up as the configuration says (seed 000 / WSOP). */
function capReached(state: HandState): boolean {
  const structure = state.config.structure;
  if (!isLimit(structure)) return false;
  if (state.betsThisRound < structure.maxBetsPerRound) return false;
  const playersIn = state.inHandCount;
  if (structure.uncapped === 'two-players-left' && playersIn === 2) return false;
  if (structure.uncapped === 'round-began-heads-up' && state.playersAtRoundStart === 2) return false;
  return true;
}

/**
 * The last full raise a betting round starts with — what a bet or raise must add to count as full: the
 * big blind (pre-flop the big blind or the straddle, `opening`). In spread limit at least the street's
 * minimum bet (E7): an all-in below it is not a full bet and reopens nothing (TDA 47).
 */
export function fullRaiseAtStart(config: HandConfig, street: Street, opening: number): number {
  return config.structure.kind === 'spread-limit' ? Math.max(opening, limitBetSize(config.structure, street)) : opening;
}

/**
 * Whether the betting is open for this player to raise (TDA 47): a player who has not acted this
 * round may; one who has acted may only if, since then, the bet grew by at least a full raise (no limit,
 * pot limit, spread limit; several short all-ins count together) or by half a bet (fixed limit, TDA 47B).
 */
function reopenedFor(state: HandState, player: Player): boolean {
  if (player.actedAt === null) return true;
  const growth = state.currentBet - player.actedAt;
  const structure = state.config.structure;
  if (structure.kind === 'fixed-limit') return growth * 2 >= Math.max(limitBetSize(structure, state.street), 1);
  // No limit, pot limit and spread limit: a full raise (at least the last bet or raise) reopens, the
  // same test that makes a spread-limit raise count toward the cap.
  return growth >= state.lastFullRaise;
}

/** Raise-to limits for the player, before their stack: [min, max]. */
function raiseRange(state: HandState, player: Player): { min: number; max: number } {
  const { structure, bigBlind } = state.config;
  const stackTop = player.bet + player.stack;
  switch (structure.kind) {
    case 'no-limit': {
      const min = state.currentBet === 0 ? bigBlind : state.currentBet + state.lastFullRaise;
      return { min, max: stackTop };
    }
    case 'pot-limit': {
      const min = state.currentBet === 0 ? bigBlind : state.currentBet + state.lastFullRaise;
      // The pot after calling, added on top of the call: the croupier's hardest sum.
      return { min, max: state.currentBet + potAfterCall(state, player) };
    }
    case 'fixed-limit': {
      const to = state.limitLevel + limitBetSize(structure, state.street);
      return { min: to, max: to };
    }
    case 'spread-limit': {
      const least = Math.max(limitBetSize(structure, state.street), state.currentBet === 0 ? 0 : state.lastFullRaise);
      return { min: state.currentBet + least, max: state.currentBet + spreadMax(structure, state.street) };
    }
  }
}

/** What the player to act may do, or null when nobody is to act. Pure: the pad asks once per state. */
export function getLegalActions(state: HandState): LegalActions | null {
  if (state.phase.kind !== 'betting' || state.actor < 0) return null;
  const player = state.players[state.actor] as Player;
  const alone = state.activeCount <= 1;
  const toCall = amountToCall(state, player);
  const stackTop = player.bet + player.stack;
  const call = toCall > 0 ? Math.min(toCall, player.stack) : null;
  let betOrRaise: LegalActions['betOrRaise'] = null;
  let allIn: number | null = player.stack <= toCall ? stackTop : null;
  // A raise needs someone left who could call it.
  if (player.stack > toCall && reopenedFor(state, player) && !capReached(state) && !alone) {
    const range = raiseRange(state, player);
    const max = Math.min(range.max, stackTop);
    if (range.min <= max) betOrRaise = { kind: state.currentBet === 0 ? 'bet' : 'raise', min: range.min, max };
    // All-in is a legal bet or raise when it is within the maximum (short all-ins included).
    if (stackTop <= range.max) allIn = stackTop;
  }
  return { seat: player.seat, fold: true, check: toCall === 0, call, betOrRaise, allIn };
}

/**
 * What the player owes to stay in: the round's bet less theirs. With nobody else able to act, calling
 * means matching the biggest all-in, not a bet nobody made.
 */
function amountToCall(state: HandState, player: Player): number {
  const owed = (state.activeCount <= 1 ? highestOtherBet(state, player) : state.currentBet) - player.bet;
  return owed > 0 ? owed : 0;
}

/**
 * Whether the player still has to act this round: they owe chips, or they have not acted yet and
 * someone else could still bet against them (the big blind's option).
 */
export function needsToAct(state: HandState, player: Player, ableToAct = state.activeCount): boolean {
  if (player.status !== 'active') return false;
  // Alone with chips, a player acts only to match a bigger all-in: a short big blind's full amount,
  // which nobody can ever call, asks nothing of the player who already covers it.
  if (ableToAct <= 1) return player.bet < highestOtherBet(state, player);
  if (player.bet < state.currentBet) return true;
  return player.actedAt === null;
}

/** The most any other player still in the hand has in front of them this round. */
function highestOtherBet(state: HandState, player: Player): number {
  let highest = 0;
  const players = state.players;
  for (let index = 0; index < players.length; index++) {
    const other = players[index] as Player;
    if (other !== player && other.status !== 'folded' && other.bet > highest) highest = other.bet;
  }
  return highest;
}

/** The next player to act clockwise after `from`, or -1 when the round is over. */
export function nextActor(state: HandState, from: number): number {
  // `firstFrom` written out: this runs after every action, and the count of players able to act is
  // taken once for the whole search.
  const players = state.players;
  const count = players.length;
  const ableToAct = state.activeCount;
  let index = from;
  for (let step = 1; step <= count; step++) {
    index = index + 1 === count ? 0 : index + 1;
    if (needsToAct(state, players[index] as Player, ableToAct)) return index;
  }
  return -1;
}

export type BettingCommand =
  | { readonly type: 'fold' }
  | { readonly type: 'check' }
  | { readonly type: 'call' }
  | { readonly type: 'bet'; readonly to: number }
  | { readonly type: 'all-in' };

/** Turns a betting command into its operation, or refuses it with the reason. */
export function bettingOperation(state: HandState, command: BettingCommand): ActionOperation {
  const type: unknown = command.type;
  if (type !== 'fold' && type !== 'check' && type !== 'call' && type !== 'bet' && type !== 'all-in') throw notACommand(type);
  if (state.phase.kind !== 'betting' || state.actor < 0) throw notBetting();
  const player = state.players[state.actor] as Player;
  const seat = player.seat;
  // A fold, a check and a call need only what the player owes (as `getLegalActions` works it out); a
  // bet or an all-in asks everything `getLegalActions` knows.
  if (type === 'fold') return { type: 'fold', seat };
  if (type === 'check' || type === 'call') {
    const toCall = amountToCall(state, player);
    if (type === 'call') {
      if (toCall === 0) throw nothingToCall(seat);
      return { type: 'call', seat, amount: Math.min(toCall, player.stack) };
    }
    if (toCall !== 0) throw cannotCheck(seat, toCall);
    return { type: 'check', seat };
  }
  return raiseOperation(state, player, command);
}

// The refusals' words apart from the checks, which run at every action: a check the compiler can inline
// is one without the words.
function notACommand(type: unknown): RuleViolation {
  return violation('unknown-command', `'${String(type)}' is not a command`, `'${String(type)}' ist kein Befehl`);
}

function notBetting(): RuleViolation {
  return violation('not-betting', 'No betting now', 'Jetzt wird nicht gesetzt');
}

function nothingToCall(seat: number): RuleViolation {
  return violation('nothing-to-call', `Seat ${seat} has nothing to call: check`, `Platz ${seat} muss nichts bezahlen: checken`);
}

function cannotCheck(seat: number, toCall: number): RuleViolation {
  return violation('cannot-check', `Seat ${seat} cannot check: ${toCall} to call`, `Platz ${seat} kann nicht checken: ${toCall} zu bezahlen`);
}

/** A bet, a raise or an all-in: checked against everything `getLegalActions` knows. */
function raiseOperation(state: HandState, player: Player, command: BettingCommand): ActionOperation {
  const seat = player.seat;
  const legal = getLegalActions(state) as LegalActions;
  if (command.type === 'bet') return betTo(state, player, legal, command.to);
  if (legal.allIn === null) {
    throw violation('raise-not-allowed', `Seat ${seat} cannot go all-in: ${raiseRefusal(state, legal).en}`, `Platz ${seat} kann nicht all-in gehen: ${raiseRefusal(state, legal).de}`);
  }
  if (legal.allIn <= state.currentBet) return { type: 'call', seat, amount: player.stack };
  return betOperation(state, player, legal.allIn);
}

function raiseRefusal(state: HandState, legal: LegalActions): { en: string; de: string } {
  if (capReached(state)) return { en: 'the betting is capped this round', de: 'die Erhöhungen sind in dieser Runde ausgeschöpft' };
  const player = state.players[state.actor] as Player;
  if (legal.call !== null && legal.betOrRaise === null && !reopenedFor(state, player)) {
    return { en: 'the betting was not reopened (no full raise since they acted)', de: 'die Erhöhung ist nicht wieder eröffnet (keine volle Erhöhung seit der letzten Aktion)' };
  }
  // Reopened, but the stack does not reach the least raise: only the all-in is more than a call.
  if (legal.call !== null && legal.betOrRaise === null && legal.allIn !== null) {
    return { en: `the stack is short of the least raise: all-in for ${legal.allIn} or call`, de: `der Stapel reicht nicht für die kleinste Erhöhung: all-in für ${legal.allIn} oder mitgehen` };
  }
  return { en: 'no raise is possible', de: 'keine Erhöhung möglich' };
}

// Made once, not at every bet: only a refusal uses them.
const BET_WORD = { en: 'bet', de: 'setzen' } as const;
const RAISE_WORD = { en: 'raise', de: 'erhöhen' } as const;

function betTo(state: HandState, player: Player, legal: LegalActions, to: number): ActionOperation {
  const seat = player.seat;
  const unit = state.config.chipUnit;
  if (!Number.isSafeInteger(to) || to <= 0) {
    throw violation('invalid-amount', `${String(to)} is not an amount of chips`, `${String(to)} ist kein Chipbetrag`);
  }
  if (to % unit !== 0) {
    throw violation('amount-not-in-chip-units', `${to} is not a multiple of the smallest chip (${unit})`, `${to} ist kein Vielfaches des kleinsten Chips (${unit})`);
  }
  const stackTop = player.bet + player.stack;
  if (to > stackTop) {
    throw violation('not-enough-chips', `Seat ${seat} has only ${stackTop}`, `Platz ${seat} hat nur ${stackTop}`);
  }
  const word = state.currentBet === 0 ? BET_WORD : RAISE_WORD;
  if (to <= state.currentBet) {
    throw violation('bet-below-minimum', `Seat ${seat} cannot ${word.en} to ${to}: ${state.currentBet} is the bet; call instead`, `Platz ${seat} kann nicht auf ${to} ${word.de}: ${state.currentBet} ist der Einsatz; mitgehen`);
  }
  if (to === stackTop && legal.allIn === to) return betOperation(state, player, to);
  const range = legal.betOrRaise;
  if (range === null) {
    const reason = raiseRefusal(state, legal);
    throw violation('raise-not-allowed', `Seat ${seat} cannot ${word.en}: ${reason.en}`, `Platz ${seat} kann nicht ${word.de}: ${reason.de}`);
  }
  if (to < range.min) {
    throw violation('bet-below-minimum', `Seat ${seat} cannot ${word.en} to ${to}: the minimum is ${range.min}`, `Platz ${seat} kann nicht auf ${to} ${word.de}: Minimum ist ${range.min}`);
  }
  if (to > range.max) {
    throw violation('bet-above-maximum', `Seat ${seat} cannot ${word.en} to ${to}: the maximum is ${range.max}`, `Platz ${seat} kann nicht auf ${to} ${word.de}: Maximum ist ${range.max}`);
  }
  return betOperation(state, player, to);
}

/** The bet operation with the round's raise bookkeeping after it. */
function betOperation(state: HandState, player: Player, to: number): ActionOperation {
  const structure = state.config.structure;
  const raise = to - state.currentBet;
  let { lastFullRaise, limitLevel, betsThisRound } = state;
  if (isLimit(structure)) {
    // Bets and raises stay on the grid of bet sizes; an all-in of at least half a bet counts as one
    // (TDA 47B), and several short all-ins count once they add up to half a bet.
    const size = limitBetSize(structure, state.street);
    if (structure.kind === 'spread-limit') {
      if (raise >= Math.max(size, state.currentBet === 0 ? 0 : lastFullRaise)) {
        lastFullRaise = raise;
        betsThisRound++;
      }
      limitLevel = to;
    } else {
      while ((to - limitLevel) * 2 >= size) {
        limitLevel += size;
        betsThisRound++;
      }
    }
  } else if (state.currentBet === 0 ? to >= state.config.bigBlind : raise >= lastFullRaise) {
    lastFullRaise = raise;
    betsThisRound++;
  }
  return { type: 'bet', seat: player.seat, to, lastFullRaise, limitLevel, betsThisRound };
}

/** The pot if `player` called now: what is in the pots, every bet in front of the players, and the call. */
export function potAfterCall(state: HandState, player: Player): number {
  let bets = 0;
  for (let index = 0; index < state.players.length; index++) bets += (state.players[index] as Player).bet;
  return totalInPots(state) + bets + (state.currentBet - player.bet);
}
