import type { Card } from '../../cards/card.js';
import { InvariantError } from '../../invariant-error.js';
import type { ActionOperation, DealOperation, Operation, OperationOf } from './operations.js';
import { buttonIndexOf, indexOfSeat } from './positions.js';
import type { HandState, Player } from './state.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A state being changed by one command's operations. It starts as a copy of the state object the command
 * was applied to; the players array is copied the first time a player changes, and a player object the
 * first time an operation writes to it, so the state passed in is never touched; arrays inside (board, cards, pots) are
 * replaced, never written into, because earlier states share them. One copy per command instead of one
 * per operation, and only of what changes: this is the engine's hot path.
 */
export type Draft = Omit<Mutable<HandState>, 'players'> & { players: Mutable<Player>[] };

export function draftOf(state: HandState): Draft {
  // Written out field by field, in one order everywhere: every state and player object then shares one
  // hidden class, which keeps property access monomorphic (spread copies were the engine's top cost).
  // Shared until a player changes (a burn or a board card changes none): see `writablePlayer`.
  return {
    config: state.config,
    players: state.players as Mutable<Player>[],
    button: state.button,
    bigBlindIndex: state.bigBlindIndex,
    street: state.street,
    phase: state.phase,
    board: state.board,
    burns: state.burns,
    seenLow: state.seenLow,
    seenHigh: state.seenHigh,
    dealt: state.dealt,
    exposedBurn: state.exposedBurn,
    replacementSeat: state.replacementSeat,
    noBurnOn: state.noBurnOn,
    heldCards: state.heldCards,
    returnHeldAt: state.returnHeldAt,
    deadMoney: state.deadMoney,
    pots: state.pots,
    activeCount: state.activeCount,
    inHandCount: state.inHandCount,
    actor: state.actor,
    currentBet: state.currentBet,
    lastFullRaise: state.lastFullRaise,
    limitLevel: state.limitLevel,
    betsThisRound: state.betsThisRound,
    playersAtRoundStart: state.playersAtRoundStart,
    lastAggressor: state.lastAggressor,
    rake: state.rake,
    awards: state.awards,
    chipsInPlay: state.chipsInPlay,
  };
}

/**
 * The player at `index`, the draft's own copy, to write into. What the draft still shares with its
 * source — the state the command was applied to — is copied at the first write: the players array, then
 * the player. A draft without a source (a new hand's, a replay's) owns everything already. Ownership is
 * read off the source by identity, so a command needs no bookkeeping object of its own.
 */
function writablePlayer(draft: Draft, source: HandState | null, index: number): Mutable<Player> {
  let players = draft.players;
  if (source === null) return players[index] as Mutable<Player>;
  if (players === source.players) {
    players = copied(players);
    draft.players = players;
  }
  const player = players[index] as Mutable<Player>;
  if (player !== source.players[index]) return player;
  const copy = copyPlayer(player);
  players[index] = copy;
  return copy;
}

/**
 * A copy of the players array: an array literal for the sizes a table has, allocated inline, where
 * `slice` is a call into the runtime that costs more than the copy (2.4 % of a hand's instructions).
 */
function copied<T>(list: readonly T[]): T[] {
  switch (list.length) {
    case 2:
      return [list[0] as T, list[1] as T];
    case 3:
      return [list[0] as T, list[1] as T, list[2] as T];
    case 4:
      return [list[0] as T, list[1] as T, list[2] as T, list[3] as T];
    case 5:
      return [list[0] as T, list[1] as T, list[2] as T, list[3] as T, list[4] as T];
    case 6:
      return [list[0] as T, list[1] as T, list[2] as T, list[3] as T, list[4] as T, list[5] as T];
    default:
      return longCopy(list);
  }
}

/** Seven to ten players, apart from `copied`: a function the compiler inlines must stay small. */
function longCopy<T>(list: readonly T[]): T[] {
  switch (list.length) {
    case 7:
      return [list[0] as T, list[1] as T, list[2] as T, list[3] as T, list[4] as T, list[5] as T, list[6] as T];
    case 8:
      return [list[0] as T, list[1] as T, list[2] as T, list[3] as T, list[4] as T, list[5] as T, list[6] as T, list[7] as T];
    case 9:
      return [list[0] as T, list[1] as T, list[2] as T, list[3] as T, list[4] as T, list[5] as T, list[6] as T, list[7] as T, list[8] as T];
    case 10:
      return [list[0] as T, list[1] as T, list[2] as T, list[3] as T, list[4] as T, list[5] as T, list[6] as T, list[7] as T, list[8] as T, list[9] as T];
    default:
      return list.slice();
  }
}

function copyPlayer(player: Player): Mutable<Player> {
  return {
    seat: player.seat,
    stack: player.stack,
    bet: player.bet,
    committed: player.committed,
    status: player.status,
    holeCards: player.holeCards,
    actedAt: player.actedAt,
    showdown: player.showdown,
  };
}

/**
 * Applies one operation — a fact — to the state. No rule is decided here: every number an operation
 * changes is in the operation. `apply` decides; this records. Folding a hand's operations over
 * `undefined` rebuilds the hand exactly, which is how a log replays.
 */
export function reduce(state: HandState | undefined, operation: Operation): HandState {
  if (operation.type === 'hand-started') return started(operation);
  if (state === undefined) throw new InvariantError(`${operation.type} before hand-started`);
  const draft = draftOf(state);
  record(draft, state, operation);
  return draft;
}

/** Replays a hand from its operations. */
export function replay(operations: readonly Operation[]): HandState {
  const [first, ...rest] = operations;
  if (first?.type !== 'hand-started') throw new InvariantError('a hand replays from its hand-started operation');
  const draft = startedDraft(first);
  for (const operation of rest) record(draft, null, operation);
  return draft;
}

/**
 * A draft of the hand a `hand-started` operation begins. Its players array and player objects are new
 * and nobody else holds them: it is written without a source, with no copy of a state nobody sees.
 */
export function startedDraft(operation: OperationOf<'hand-started'>): Draft {
  return started(operation) as Draft;
}

/** Writes one operation into a draft. */
export function record(draft: Draft, source: HandState | null, operation: Operation): void {
  switch (operation.type) {
    case 'hand-started':
      throw new InvariantError('hand-started in the middle of a hand');
    case 'post':
      return recordPost(draft, source, operation);
    case 'deal':
      return recordDeal(draft, source, operation);
    case 'card-exposed':
      return recordCardExposed(draft, source, operation);
    case 'premature-card':
      return recordPrematureCard(draft, source, operation);
    case 'cards-returned':
      return recordCardsReturned(draft, source, operation);
    case 'street':
      return recordStreet(draft, source, operation);
    case 'betting-round':
      return recordBettingRound(draft, source, operation);
    case 'fold':
    case 'check':
    case 'call':
    case 'bet':
      return recordAction(draft, source, operation);
    case 'next-actor':
      return recordNextActor(draft, source, operation);
    case 'return-uncalled':
      return recordReturnUncalled(draft, source, operation);
    case 'collect':
      return recordCollect(draft, source, operation);
    case 'showdown':
      return recordShowdown(draft, source, operation);
    case 'show':
      return recordShow(draft, source, operation);
    case 'muck':
      return recordMuck(draft, source, operation);
    case 'rake':
      return recordRake(draft, source, operation);
    case 'award':
      return recordAward(draft, source, operation);
    case 'hand-ended':
      return recordHandEnded(draft);
  }
  // A log row of no known kind (a damaged or forged log): replaying it as nothing would let it pass.
  throw new InvariantError(`'${String((operation as { type?: unknown }).type)}' is not an operation`);
}

/*
 * A function per operation kind, which `apply` calls directly where it makes the operation: the switch
 * above, over every shape of operation, is for replaying a log.
 */

export function recordPost(draft: Draft, source: HandState | null, operation: OperationOf<'post'>): void {
  const { kind, amount } = operation;
  const player = playerAt(draft, source, operation.seat);
  if (kind === 'big-blind-ante' || kind === 'dead-blind') {
    // Dead money: nobody's stake, so it never caps a side pot; it goes to the main pot.
    player.stack -= amount;
    if (player.stack === 0 && player.status === 'active') {
      player.status = 'all-in';
      draft.activeCount--;
    }
    draft.deadMoney += amount;
  } else {
    pay(draft, player, amount, kind !== 'ante');
  }
}

function recordCardExposed(draft: Draft, source: HandState | null, operation: OperationOf<'card-exposed'>): void {
  const player = playerAt(draft, source, operation.seat);
  player.holeCards = player.holeCards.slice(0, -1);
  if (operation.card !== null) markSeen(draft, operation.card);
  draft.burns = appended(draft.burns, operation.card);
  draft.exposedBurn = true;
  draft.replacementSeat = operation.seat;
  draft.noBurnOn = 'flop';
  if (draft.phase.kind === 'betting') {
    // The last card of the deal: dealing resumes for the replacement, then the betting opens again.
    draft.phase = DEALING;
    draft.actor = -1;
  }
}

function recordPrematureCard(draft: Draft, source: HandState | null, operation: OperationOf<'premature-card'>): void {
  if (operation.card !== null) markSeen(draft, operation.card);
  if (operation.to === 'burn') draft.burns = appended(draft.burns, operation.card);
  else {
    draft.heldCards = appended(draft.heldCards, operation.card as Card);
    draft.returnHeldAt = operation.returnAt;
  }
}

export function recordCardsReturned(draft: Draft, source: HandState | null, operation: OperationOf<'cards-returned'>): void {
  for (const card of operation.cards) unmarkSeen(draft, card);
  draft.board = draft.board.filter((card) => !operation.cards.includes(card));
  draft.heldCards = [];
  draft.returnHeldAt = null;
  draft.noBurnOn = draft.street;
  if (operation.redeal) {
    // A flop with too many cards is dealt again: the flop's dealing step starts over.
    draft.phase = DEALING;
    draft.dealt = 0;
    draft.actor = -1;
  }
}

export function recordStreet(draft: Draft, source: HandState | null, operation: OperationOf<'street'>): void {
  draft.street = operation.street;
  draft.phase = DEALING;
  draft.dealt = 0;
  draft.actor = -1;
  draft.lastAggressor = null;
}

export function recordBettingRound(draft: Draft, source: HandState | null, operation: OperationOf<'betting-round'>): void {
  draft.phase = BETTING;
  draft.currentBet = operation.currentBet;
  draft.lastFullRaise = operation.lastFullRaise;
  draft.limitLevel = operation.limitLevel;
  draft.betsThisRound = operation.betsThisRound;
  draft.lastAggressor = null;
  draft.playersAtRoundStart = draft.inHandCount;
  for (let index = 0; index < draft.players.length; index++) {
    if ((draft.players[index] as Player).actedAt !== null) writablePlayer(draft, source, index).actedAt = null;
  }
  draft.actor = -1;
}

export function recordReturnUncalled(draft: Draft, source: HandState | null, operation: OperationOf<'return-uncalled'>): void {
  const player = playerAt(draft, source, operation.seat);
  player.stack += operation.amount;
  player.bet -= operation.amount;
  player.committed -= operation.amount;
  if (player.status === 'all-in') {
    player.status = 'active';
    draft.activeCount++;
  }
}

export function recordCollect(draft: Draft, source: HandState | null, operation: OperationOf<'collect'>): void {
  draft.pots = operation.pots;
  for (let index = 0; index < draft.players.length; index++) {
    if ((draft.players[index] as Player).bet !== 0) writablePlayer(draft, source, index).bet = 0;
  }
}

export function recordShowdown(draft: Draft, source: HandState | null, operation: OperationOf<'showdown'>): void {
  draft.phase = SHOWDOWN;
  draft.actor = operation.firstSeat === null ? -1 : indexAt(draft, operation.firstSeat);
}

export function recordShow(draft: Draft, source: HandState | null, operation: OperationOf<'show'>): void {
  const player = playerAt(draft, source, operation.seat);
  for (let index = 0; index < operation.cards.length; index++) markSeen(draft, operation.cards[index] as Card);
  player.holeCards = operation.cards;
  player.showdown = operation.cards;
}

export function recordMuck(draft: Draft, source: HandState | null, operation: OperationOf<'muck'>): void {
  playerAt(draft, source, operation.seat).showdown = 'mucked';
}

export function recordRake(draft: Draft, source: HandState | null, operation: OperationOf<'rake'>): void {
  draft.rake += operation.amount;
  draft.pots = operation.pots;
}

export function recordAward(draft: Draft, source: HandState | null, operation: OperationOf<'award'>): void {
  const { potIndex, seat, amount, words, best } = operation;
  // New arrays and a new pot object, written out: earlier states share the old ones.
  const pots = draft.pots.slice();
  const pot = pots[potIndex];
  if (pot === undefined) throw new InvariantError(`award from pot ${potIndex}, which does not exist`);
  pots[potIndex] = { amount: pot.amount - amount, eligible: pot.eligible };
  draft.pots = pots;
  playerAt(draft, source, seat).stack += amount;
  const awards = draft.awards.slice();
  awards.push({ potIndex, seat, amount, words, best });
  draft.awards = awards;
}

export function recordHandEnded(draft: Draft): void {
  draft.phase = COMPLETE;
  draft.actor = -1;
}

export function recordDeal(draft: Draft, source: HandState | null, operation: DealOperation): void {
  const { card, to } = operation;
  if (card !== null) markSeen(draft, card);
  draft.dealt++;
  // The seat's target first: a string compared with a value that may be an object is a generic
  // (slower) comparison, and most cards are hole cards.
  if (typeof to === 'object') {
    const player = playerAt(draft, source, to.seat);
    player.holeCards = appended(player.holeCards, card);
  } else if (to === 'burn') draft.burns = appended(draft.burns, card);
  else draft.board = appended(draft.board, card as NonNullable<typeof card>);
}

export function recordAction(draft: Draft, source: HandState | null, operation: ActionOperation): void {
  const player = playerAt(draft, source, operation.seat);
  switch (operation.type) {
    case 'fold':
      if (player.status === 'active') draft.activeCount--;
      if (player.status !== 'folded') draft.inHandCount--;
      player.status = 'folded';
      break;
    case 'check':
      break;
    case 'call':
      pay(draft, player, operation.amount, true);
      break;
    case 'bet':
      if (operation.to > draft.currentBet) {
        draft.lastAggressor = operation.seat;
        draft.currentBet = operation.to;
      }
      pay(draft, player, operation.to - player.bet, true);
      draft.lastFullRaise = operation.lastFullRaise;
      draft.limitLevel = operation.limitLevel;
      draft.betsThisRound = operation.betsThisRound;
      break;
  }
  player.actedAt = draft.currentBet;
}

export function recordNextActor(draft: Draft, source: HandState | null, operation: OperationOf<'next-actor'>): void {
  draft.actor = operation.seat === null ? -1 : indexAt(draft, operation.seat);
}

const DEALING = { kind: 'dealing' } as const;
const BETTING = { kind: 'betting' } as const;
const SHOWDOWN = { kind: 'showdown' } as const;
const COMPLETE = { kind: 'complete' } as const;

function started(operation: Extract<Operation, { type: 'hand-started' }>): HandState {
  // The draft's ownership mask has a bit per player.
  if (operation.players.length > 31) throw new InvariantError(`a hand of ${operation.players.length} players`);
  const players: Player[] = [];
  let chipsInPlay = 0;
  for (let index = 0; index < operation.players.length; index++) {
    const { seat, stack } = operation.players[index] as (typeof operation.players)[number];
    // The fields in `copyPlayer`'s order: one hidden class for every player object.
    players.push({ seat, stack, bet: 0, committed: 0, status: 'active', holeCards: [], actedAt: null, showdown: null });
    chipsInPlay += stack;
  }
  const button = buttonIndexOf(players, operation.buttonSeat);
  const bigBlindIndex = indexOfSeat({ players }, operation.bigBlindSeat);
  if (bigBlindIndex < 0) throw new InvariantError(`big blind seat ${operation.bigBlindSeat} is not in the hand`);
  return {
    config: operation.config,
    players,
    button,
    bigBlindIndex,
    street: 'preflop',
    phase: DEALING,
    board: [],
    burns: [],
    seenLow: 0,
    seenHigh: 0,
    dealt: 0,
    exposedBurn: false,
    replacementSeat: null,
    noBurnOn: null,
    heldCards: [],
    returnHeldAt: null,
    deadMoney: 0,
    pots: [],
    activeCount: players.length,
    inHandCount: players.length,
    actor: -1,
    currentBet: 0,
    lastFullRaise: operation.config.bigBlind,
    limitLevel: 0,
    betsThisRound: 0,
    playersAtRoundStart: players.length,
    lastAggressor: null,
    rake: 0,
    awards: [],
    chipsInPlay,
  };
}

/**
 * A new array: `list` with `item` at the end. Written out because a spread (`[...list, item]`) goes
 * through the iteration protocol and costs twice as much; cards are dealt at nearly every command.
 */
function appended<T>(list: readonly T[], item: T): T[] {
  const length = list.length;
  if (length === 0) return [item];
  if (length === 1) return [list[0] as T, item];
  if (length === 2) return [list[0] as T, list[1] as T, item];
  const copy = list.slice();
  copy.push(item);
  return copy;
}

function markSeen(draft: Draft, card: Card): void {
  if (card < 26) draft.seenLow |= 1 << card;
  else draft.seenHigh |= 1 << (card - 26);
}

function unmarkSeen(draft: Draft, card: Card): void {
  if (card < 26) draft.seenLow &= ~(1 << card);
  else draft.seenHigh &= ~(1 << (card - 26));
}

function pay(draft: Draft, player: Mutable<Player>, amount: number, live: boolean): void {
  player.stack -= amount;
  if (live) player.bet += amount;
  player.committed += amount;
  if (player.stack === 0 && player.status === 'active') {
    player.status = 'all-in';
    draft.activeCount--;
  }
}

function indexAt(draft: Draft, seat: number): number {
  const index = indexOfSeat(draft, seat);
  if (index < 0) throw notInHand(seat);
  return index;
}

function notInHand(seat: number): InvariantError {
  return new InvariantError(`seat ${seat} is not in the hand`);
}

function playerAt(draft: Draft, source: HandState | null, seat: number): Mutable<Player> {
  return writablePlayer(draft, source, indexAt(draft, seat));
}
