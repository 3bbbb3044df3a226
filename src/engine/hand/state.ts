import type { Card } from '../../cards/card.js';
import type { HandConfig } from './config.js';
import type { Words } from '../../evaluator/words.js';

export type Street = 'preflop' | 'flop' | 'turn' | 'river';

export type PlayerStatus = 'active' | 'folded' | 'all-in';

export type Player = {
  /** The seat number printed on the table. */
  readonly seat: number;
  readonly stack: number;
  /** Chips in front of the player this betting round (blinds and straddle included, antes not). */
  readonly bet: number;
  /** All chips the player put in this hand, antes included: what side pots are built from. */
  readonly committed: number;
  readonly status: PlayerStatus;
  /** Hole cards as dealt; `null` for a card dealt face down without being read. */
  readonly holeCards: readonly (Card | null)[];
  /**
   * The round's bet level the player last acted at, or null if they have not acted this round.
   * Blinds and straddles are not actions: the big blind keeps the option.
   */
  readonly actedAt: number | null;
  /** At showdown: the cards the player tabled, or 'mucked'. */
  readonly showdown: readonly Card[] | 'mucked' | null;
};

export type Pot = {
  readonly amount: number;
  /** Seats that can win it: in the hand (not folded) and in for its whole level. */
  readonly eligible: readonly number[];
};

/** What the engine waits for next. */
export type Phase =
  | { readonly kind: 'dealing' }
  | { readonly kind: 'betting' }
  | { readonly kind: 'showdown' }
  | { readonly kind: 'complete' };

export type Award = {
  readonly potIndex: number;
  readonly seat: number;
  readonly amount: number;
  readonly words: Words | null;
  readonly best: readonly Card[] | null;
};

/** One hand, from blinds to pushed chips. Immutable: every change is a new state. */
export type HandState = {
  readonly config: HandConfig;
  /**
   * In table order, clockwise; `button` indexes it: the button's player, or with a dead button the
   * player before the button's empty seat, who acts last after the flop.
   */
  readonly players: readonly Player[];
  readonly button: number;
  /** Index of the big blind's player: the pre-flop action starts left of it (or of the straddle). */
  readonly bigBlindIndex: number;
  readonly street: Street;
  readonly phase: Phase;
  readonly board: readonly Card[];
  readonly burns: readonly (Card | null)[];
  /**
   * Every card seen so far, for refusing a card seen twice: a bit per card, cards 0–25 in `seenLow` and
   * 26–51 in `seenHigh` (two integers, so dealing a card copies nothing). Ask with `isSeen`.
   */
  readonly seenLow: number;
  readonly seenHigh: number;
  /** How many cards of the current dealing step have come (burns included). */
  readonly dealt: number;
  /** A hole card exposed during the deal was put with the burns (a second one is a misdeal). */
  readonly exposedBurn: boolean;
  /** The seat whose exposed card is replaced after the last hole card of the deal, or null. */
  readonly replacementSeat: number | null;
  /**
   * The street whose board card comes without a burn: the flop after an exposed hole card (it is the
   * flop's burn), or the street where premature cards went back into the stub (Robert's Rules: dealt
   * again without burning).
   */
  readonly noBurnOn: Street | null;
  /** Premature board cards set aside, and the street whose dealing mixes them back into the stub first. */
  readonly heldCards: readonly Card[];
  readonly returnHeldAt: Street | null;
  /** Dead money posted for the table (the big-blind ante): always in the main pot, for every player. */
  readonly deadMoney: number;
  /** Collected pots, main pot first. */
  readonly pots: readonly Pot[];
  /**
   * Players who can still put chips in (`active`) and players still in the hand (not folded): kept by
   * `record` as statuses change, because the betting asks for them at every decision.
   */
  readonly activeCount: number;
  readonly inHandCount: number;
  /** Index of the player to act (betting) or to show (showdown), or -1. */
  readonly actor: number;
  /** The highest bet of this round: what calling means. */
  readonly currentBet: number;
  /** The last full bet or raise of this round: the minimum raise increment in no limit, pot limit and spread limit. */
  readonly lastFullRaise: number;
  /** Limit games: the bet level reached by full bets and raises, on the grid of bet sizes. */
  readonly limitLevel: number;
  /** Limit games: bets and raises this round (the big blind counts as the first pre-flop). */
  readonly betsThisRound: number;
  /** Players in the hand (not folded) when this betting round began. */
  readonly playersAtRoundStart: number;
  /** Seat of the last player to bet or raise this round, for the showdown order. */
  readonly lastAggressor: number | null;
  readonly rake: number;
  readonly awards: readonly Award[];
  /** Chips in play at the start: the conservation invariant's total. */
  readonly chipsInPlay: number;
};
