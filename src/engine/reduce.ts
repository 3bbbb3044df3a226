import type { Card } from '../cards/card.js';
import { InvariantError } from '../invariant-error.js';
import type { Operation } from './operations.js';
import { indexOfSeat } from './positions.js';
import type { HandState, Player } from './state.js';

/**
 * Applies one operation — a fact — to the state. No rule is decided here: every number an operation
 * changes is in the operation. `apply` decides; this records. Folding a hand's operations over
 * `undefined` rebuilds the hand exactly, which is how a log replays.
 */
export function reduce(state: HandState | undefined, operation: Operation): HandState {
  if (operation.type === 'hand-started') return started(operation);
  if (state === undefined) throw new InvariantError(`${operation.type} before hand-started`);
  switch (operation.type) {
    case 'post': {
      const { kind, amount } = operation;
      if (kind === 'big-blind-ante') {
        // Paid for the whole table: it is nobody's stake, so it never caps a side pot.
        const next = updatePlayer(state, operation.seat, (player) => ({ ...player, stack: player.stack - amount, status: player.stack === amount ? 'all-in' : player.status }));
        return { ...next, deadMoney: state.deadMoney + amount };
      }
      return updatePlayer(state, operation.seat, (player) => pay(player, amount, kind !== 'ante'));
    }
    case 'deal': {
      const card = operation.card;
      const seen = card === null ? state.seen : [...state.seen, card];
      const next = { ...state, seen, dealt: state.dealt + 1 };
      const to = operation.to;
      if (to === 'burn') return { ...next, burns: [...state.burns, card] };
      if (to === 'board') return { ...next, board: [...state.board, card as Card] };
      return updatePlayer(next, to.seat, (player) => ({ ...player, holeCards: [...player.holeCards, card] }));
    }
    case 'street':
      return { ...state, street: operation.street, phase: { kind: 'dealing' }, dealt: 0, actor: -1, lastAggressor: null };
    case 'betting-round':
      return {
        ...state,
        phase: { kind: 'betting' },
        currentBet: operation.currentBet,
        lastFullRaise: operation.lastFullRaise,
        limitLevel: operation.limitLevel,
        betsThisRound: operation.betsThisRound,
        lastAggressor: null,
        playersAtRoundStart: state.players.filter((player) => player.status !== 'folded').length,
        players: state.players.map((player) => (player.actedAt === null ? player : { ...player, actedAt: null })),
        actor: -1,
      };
    case 'fold':
      return updatePlayer(state, operation.seat, (player) => ({ ...player, status: 'folded', actedAt: state.currentBet }));
    case 'check':
      return updatePlayer(state, operation.seat, (player) => ({ ...player, actedAt: state.currentBet }));
    case 'call':
      return updatePlayer(state, operation.seat, (player) => ({ ...pay(player, operation.amount, true), actedAt: state.currentBet }));
    case 'bet': {
      const currentBet = Math.max(state.currentBet, operation.to);
      const next = updatePlayer(state, operation.seat, (player) => ({
        ...pay(player, operation.to - player.bet, true),
        actedAt: currentBet,
      }));
      return {
        ...next,
        currentBet,
        lastFullRaise: operation.lastFullRaise,
        limitLevel: operation.limitLevel,
        betsThisRound: operation.betsThisRound,
        lastAggressor: operation.to > state.currentBet ? operation.seat : state.lastAggressor,
      };
    }
    case 'next-actor':
      return { ...state, actor: operation.seat === null ? -1 : seatIndex(state, operation.seat) };
    case 'return-uncalled':
      return updatePlayer(state, operation.seat, (player) => ({
        ...player,
        stack: player.stack + operation.amount,
        bet: player.bet - operation.amount,
        committed: player.committed - operation.amount,
        status: player.status === 'all-in' ? 'active' : player.status,
      }));
    case 'collect':
      return { ...state, pots: operation.pots, players: state.players.map((player) => (player.bet === 0 ? player : { ...player, bet: 0 })) };
    case 'showdown':
      return { ...state, phase: { kind: 'showdown' }, actor: operation.firstSeat === null ? -1 : seatIndex(state, operation.firstSeat) };
    case 'show': {
      const seen = [...state.seen, ...operation.cards.filter((card) => !state.seen.includes(card))];
      return updatePlayer({ ...state, seen }, operation.seat, (player) => ({ ...player, holeCards: operation.cards, showdown: operation.cards }));
    }
    case 'muck':
      return updatePlayer(state, operation.seat, (player) => ({ ...player, showdown: 'mucked' }));
    case 'rake':
      return { ...state, rake: state.rake + operation.amount, pots: operation.pots };
    case 'award': {
      const pots = state.pots.map((pot, index) => (index === operation.potIndex ? { ...pot, amount: pot.amount - operation.amount } : pot));
      const next = updatePlayer({ ...state, pots }, operation.seat, (player) => ({ ...player, stack: player.stack + operation.amount }));
      const award = { potIndex: operation.potIndex, seat: operation.seat, amount: operation.amount, words: operation.words, best: operation.best };
      return { ...next, awards: [...state.awards, award] };
    }
    case 'hand-ended':
      return { ...state, phase: { kind: 'complete' }, actor: -1 };
  }
}

/** Replays a hand from its operations. */
export function replay(operations: readonly Operation[]): HandState {
  let state: HandState | undefined;
  for (const operation of operations) state = reduce(state, operation);
  if (state === undefined) throw new InvariantError('no operations to replay');
  return state;
}

function started(operation: Extract<Operation, { type: 'hand-started' }>): HandState {
  const players: Player[] = operation.players.map(({ seat, stack }) => ({
    seat,
    stack,
    bet: 0,
    committed: 0,
    status: 'active',
    holeCards: [],
    actedAt: null,
    showdown: null,
  }));
  const button = players.findIndex((player) => player.seat === operation.buttonSeat);
  if (button < 0) throw new InvariantError(`button seat ${operation.buttonSeat} is not in the hand`);
  return {
    config: operation.config,
    players,
    button,
    street: 'preflop',
    phase: { kind: 'dealing' },
    board: [],
    burns: [],
    seen: [],
    dealt: 0,
    deadMoney: 0,
    pots: [],
    actor: -1,
    currentBet: 0,
    lastFullRaise: operation.config.bigBlind,
    limitLevel: 0,
    betsThisRound: 0,
    playersAtRoundStart: players.length,
    lastAggressor: null,
    rake: 0,
    awards: [],
    chipsInPlay: players.reduce((sum, player) => sum + player.stack, 0),
  };
}

function pay(player: Player, amount: number, live: boolean): Player {
  const stack = player.stack - amount;
  return {
    ...player,
    stack,
    bet: live ? player.bet + amount : player.bet,
    committed: player.committed + amount,
    status: stack === 0 && player.status === 'active' ? 'all-in' : player.status,
  };
}

function seatIndex(state: HandState, seat: number): number {
  const index = indexOfSeat(state, seat);
  if (index < 0) throw new InvariantError(`seat ${seat} is not in the hand`);
  return index;
}

function updatePlayer(state: HandState, seat: number, change: (player: Player) => Player): HandState {
  const index = seatIndex(state, seat);
  const players = state.players.slice();
  players[index] = change(players[index] as Player);
  return { ...state, players };
}
