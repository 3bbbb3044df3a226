import type { Card } from '../../cards/card.js';
import type { Words } from '../../evaluator/words.js';
import type { HandConfig } from './config.js';
import type { Pot } from './state.js';

/**
 * Operations are resolved facts, appended to the log: the commands' effects and the steps the engine
 * takes itself (collecting bets, returning an uncalled bet, pushing pots). Folding them over the
 * empty state, with no rules applied, reproduces the hand exactly (see reduce.ts).
 */
export type Operation =
  | {
      readonly type: 'hand-started';
      readonly config: HandConfig;
      readonly players: readonly { readonly seat: number; readonly stack: number }[];
      /** May be a seat nobody plays from (a dead button): the player before it clockwise acts last. */
      readonly buttonSeat: number;
      /** Null when no small blind is posted (a dead small blind under the dead-button rule). */
      readonly smallBlindSeat: number | null;
      readonly bigBlindSeat: number;
    }
  | { readonly type: 'post'; readonly seat: number; readonly kind: PostKind; readonly amount: number }
  | { readonly type: 'deal'; readonly to: 'burn' | 'board' | { readonly seat: number }; readonly card: Card | null }
  /**
   * The hole card just dealt to `seat` was exposed (Robert's Rules, WSOP Live Action): it goes to the
   * burns — it is the burn before the flop — and the seat gets the next card.
   */
  | { readonly type: 'card-exposed'; readonly seat: number; readonly card: Card | null }
  /**
   * A card turned before the betting was over: a burn stays with the burns; a board card is set aside
   * until the dealing of `returnAt`, where it goes back into the stub.
   */
  | { readonly type: 'premature-card'; readonly to: 'burn' | 'board'; readonly card: Card | null; readonly returnAt: 'flop' | 'turn' | 'river' }
  /**
   * Cards mixed back into the stub (premature cards, or a flop with too many cards when `redeal`): they
   * may come again, and the next board card is dealt without a burn.
   */
  | { readonly type: 'cards-returned'; readonly cards: readonly Card[]; readonly redeal: boolean }
  | { readonly type: 'street'; readonly street: 'flop' | 'turn' | 'river' }
  /** A betting round begins: what calling costs and the minimum raise. `next-actor` follows. */
  | {
      readonly type: 'betting-round';
      readonly currentBet: number;
      readonly lastFullRaise: number;
      readonly limitLevel: number;
      readonly betsThisRound: number;
    }
  | { readonly type: 'fold'; readonly seat: number }
  | { readonly type: 'check'; readonly seat: number }
  | { readonly type: 'call'; readonly seat: number; readonly amount: number }
  /**
   * A bet or raise to `to` (this round's total for the seat), with the round's raise bookkeeping after
   * it: a short all-in leaves `lastFullRaise` as it was (TDA 47).
   */
  | {
      readonly type: 'bet';
      readonly seat: number;
      readonly to: number;
      readonly lastFullRaise: number;
      readonly limitLevel: number;
      readonly betsThisRound: number;
    }
  | { readonly type: 'next-actor'; readonly seat: number | null }
  | { readonly type: 'return-uncalled'; readonly seat: number; readonly amount: number }
  | { readonly type: 'collect'; readonly pots: readonly Pot[] }
  | { readonly type: 'showdown'; readonly firstSeat: number | null }
  | { readonly type: 'show'; readonly seat: number; readonly cards: readonly Card[] }
  | { readonly type: 'muck'; readonly seat: number }
  /** The rake taken, and the pots after it. */
  | { readonly type: 'rake'; readonly amount: number; readonly pots: readonly Pot[] }
  | {
      readonly type: 'award';
      readonly potIndex: number;
      readonly seat: number;
      readonly amount: number;
      readonly words: Words | null;
      readonly best: readonly Card[] | null;
    }
  | { readonly type: 'hand-ended' };

/** The operation of a betting command. */
export type ActionOperation = Extract<Operation, { readonly type: 'fold' | 'check' | 'call' | 'bet' }>;

/** The operation of a card dealt. */
export type DealOperation = Extract<Operation, { readonly type: 'deal' }>;

/** The operation of one kind. */
export type OperationOf<T extends Operation['type']> = Extract<Operation, { readonly type: T }>;

/**
 * `posted-blind`: a live blind posted out of position by a new player or one who owes blinds (it counts
 * as the player's bet); `dead-blind`: the owed small blind, dead money for the main pot like the
 * big-blind ante (Robert's Rules, WSOP Live Action 156).
 */
export type PostKind = 'ante' | 'big-blind-ante' | 'small-blind' | 'big-blind' | 'straddle' | 'posted-blind' | 'dead-blind';
