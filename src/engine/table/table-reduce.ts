import { InvariantError } from '../../invariant-error.js';
import { recentDepartures } from './departures.js';
import type { Operation } from '../hand/operations.js';
import { reduce, replay } from '../hand/reduce.js';
import { withoutStep } from './undo.js';
import type { TableLogEntry, TableOperation } from './table-operations.js';
import type { Departure, SeatedPlayer, TableState } from './table-state.js';

const NOTHING_OWED = { small: false, big: false } as const;

/**
 * Applies one entry of a table's log — a table fact or a hand's operation — with no rule applied:
 * `applyTable` decides, this records. Folding a log over `undefined` rebuilds the table exactly.
 */
export function reduceTable(state: TableState | undefined, entry: TableLogEntry): TableState {
  if (entry.type === 'table-opened') return opened(entry);
  if (state === undefined) throw new InvariantError(`${entry.type} before table-opened`);
  if (!isTableOperation(entry)) {
    // A hand's operation: the hand records it itself; the table counts actions in turn.
    const hand = reduce(entry.type === 'hand-started' ? undefined : (state.hand ?? undefined), entry);
    const handLog = entry.type === 'hand-started' ? [entry] : [...state.handLog, entry];
    const acting = entry.type === 'fold' || entry.type === 'check' || entry.type === 'call' || entry.type === 'bet';
    if (!acting) return { ...state, hand, handLog };
    const chips = entry.type === 'call' || entry.type === 'bet' ? 1 : 0;
    return { ...state, hand, handLog, handActions: { count: state.handActions.count + 1, chips: state.handActions.chips + chips } };
  }
  switch (entry.type) {
    case 'seated':
      return withSeat(state, entry.seat, {
        seat: entry.seat,
        name: entry.name,
        stack: entry.stack,
        status: entry.status,
        posting: false,
        owes: entry.owesBigBlind ? { small: false, big: true } : NOTHING_OWED,
        handsDealt: entry.handsDealt ?? 0,
        timeOwed: 0,
        // Only a return owing time carries it: a seat of an older log keeps the shape it had.
        ...(entry.timeDue === undefined ? {} : { timeDue: entry.timeDue }),
      }, { buyIns: entry.stack });
    case 'topped-up': {
      const player = seated(state, entry.seat);
      return withSeat(state, entry.seat, { ...player, stack: player.stack + entry.amount }, { buyIns: entry.amount });
    }
    case 'sat-out':
      return withSeat(state, entry.seat, { ...seated(state, entry.seat), status: 'sitting-out', posting: false });
    case 'came-back':
      return withSeat(state, entry.seat, { ...seated(state, entry.seat), status: entry.status });
    case 'will-post':
      return withSeat(state, entry.seat, { ...seated(state, entry.seat), posting: true });
    case 'left': {
      // Before the button is drawn, a player who leaves takes their card out of the draw.
      const buttonDraw = state.button === null ? state.buttonDraw.filter((drawn) => drawn.seat !== entry.seat) : state.buttonDraw;
      // The player's earlier departure gives way to this one; departures older than any return window go.
      // Only what the entry has: a departure of an older log keeps the shape it had in its snapshots.
      const departure: Departure = {
        name: entry.name,
        stack: entry.stack,
        at: entry.at,
        ...(entry.timeDue === undefined ? {} : { timeDue: entry.timeDue }),
        ...(entry.handsDealt === undefined ? {} : { handsDealt: entry.handsDealt }),
      };
      const departures = [...recentDepartures(state.departures, entry.at).filter((left) => left.name !== entry.name), departure];
      return { ...withSeat(state, entry.seat, null, { cashOuts: entry.stack }), departures, buttonDraw };
    }
    case 'button-card':
      return { ...state, buttonDraw: [...state.buttonDraw, { seat: entry.seat, card: entry.card }] };
    case 'button-drawn':
      return { ...state, button: entry.seat };
    case 'blinds-missed': {
      const player = seated(state, entry.seat);
      return withSeat(state, entry.seat, { ...player, owes: { small: player.owes.small || entry.small, big: player.owes.big || entry.big } });
    }
    case 'time-collected': {
      const player = seated(state, entry.seat);
      const due = player.timeDue ?? 0;
      if (entry.due === true && entry.amount > due) throw new InvariantError(`seat ${entry.seat} pays ${entry.amount} of time due but owes ${due}`);
      const paid = withStack(player, player.stack - entry.amount);
      return withSeat(state, entry.seat, entry.due === true ? { ...paid, timeDue: due - entry.amount } : paid, { timeCollected: entry.amount });
    }
    case 'time-waived': {
      const player = seated(state, entry.seat);
      if (entry.amount !== (player.timeDue ?? 0)) throw new InvariantError(`seat ${entry.seat}'s ${entry.amount} of time waived is not the ${player.timeDue ?? 0} due`);
      return withSeat(state, entry.seat, { ...player, timeDue: 0 });
    }
    case 'time-due': {
      const player = seated(state, entry.seat);
      return withSeat(state, entry.seat, { ...player, timeDue: (player.timeDue ?? 0) + entry.amount });
    }
    case 'time-owed': {
      const player = seated(state, entry.seat);
      return withSeat(state, entry.seat, { ...player, timeOwed: player.timeOwed + entry.amount });
    }
    case 'time-period':
      return { ...state, nextTimeCollection: entry.next };
    case 'hand-positions': {
      const seats = state.seats.map((player) =>
        player !== null && entry.dealtIn.includes(player.seat)
          ? { ...player, status: 'playing' as const, posting: false, owes: NOTHING_OWED, handsDealt: player.handsDealt + 1 }
          : player,
      );
      return {
        ...state,
        seats,
        button: entry.button,
        smallBlindPosition: entry.smallBlindPosition,
        bigBlind: entry.bigBlind,
        handNumber: entry.handNumber,
        positions: entry,
        handActions: { count: 0, chips: 0 },
        voided: null,
        redeal: null,
      };
    }
    case 'ruling':
    case 'device-incident':
    case 'card-refused':
    case 'lockout-lifted':
    case 'hand-history-viewed':
    case 'software-started':
    case 'player-erased':
    case 'names-moved':
      return state;
    case 'card-entry-stopped':
      return { ...state, cardEntryStopped: entry };
    case 'card-entry-resumed': {
      // Absent while card entry is open, as in snapshots written before there were stops.
      const open: { -readonly [K in keyof TableState]?: TableState[K] } = { ...state };
      delete open.cardEntryStopped;
      return open as TableState;
    }
    case 'dealer-on-duty':
      return { ...state, dealer: { number: entry.number, name: entry.name, since: entry.at } };
    case 'table-configured': {
      const { config } = entry;
      const seats = Array.from({ length: config.seatCount }, (_, index) => state.seats[index] ?? null);
      // Time collection switched on starts its first period now; switched off, nothing more falls due.
      const nextTimeCollection = config.timeCollection === null ? null : (state.nextTimeCollection ?? entry.at);
      // At an empty table a seat removed under the button or a blind starts the order anew, with a draw
      // (`configure` removes no such seat while anyone sits: a hand or two moves them on).
      const removed = [state.button, state.smallBlindPosition, state.bigBlind].some((seat) => seat !== null && seat > config.seatCount);
      if (removed && state.seats.every((player) => player === null)) return { ...state, config, seats, nextTimeCollection, button: null, smallBlindPosition: null, bigBlind: null, buttonDraw: [] };
      return { ...state, config, seats, nextTimeCollection };
    }
    case 'step-undone': {
      const handLog = withoutStep(state.handLog, entry.undone);
      return { ...state, hand: replay(handLog), handLog, handActions: actionsIn(handLog) };
    }
    case 'stack-adjusted': {
      const player = seated(state, entry.seat);
      return withSeat(state, entry.seat, withStack(player, player.stack + entry.amount), { adjustments: entry.amount });
    }
    case 'level-up': {
      const tournament = tournamentOf(state);
      return { ...state, tournament: { ...tournament, level: entry.level, startedAt: tournament.startedAt ?? entry.at } };
    }
    case 'eliminated': {
      const tournament = tournamentOf(state);
      const departed = withSeat(state, entry.seat, null);
      return { ...departed, tournament: { ...tournament, eliminated: [...tournament.eliminated, { seat: entry.seat, name: entry.name, place: entry.place }] } };
    }
    case 'tournament-won':
      return { ...state, tournament: { ...tournamentOf(state), winner: entry.name } };
    case 'hand-voided': {
      const positions = state.positions;
      if (positions === null) throw new InvariantError('hand-voided without a hand');
      // Undo what dealing players in did: posting players owe again, nobody was dealt this hand.
      const seats = state.seats.map((player) => {
        if (player === null || !positions.dealtIn.includes(player.seat)) return player;
        const post = positions.extraPosts.find((candidate) => candidate.seat === player.seat);
        const undone = { ...player, handsDealt: player.handsDealt - 1 };
        return post === undefined ? undone : { ...undone, status: 'waiting' as const, posting: true, owes: { small: post.dead > 0, big: post.live > 0 } };
      });
      const { button, smallBlindPosition, bigBlind } = positions.previous;
      const redeal = state.hand === null ? null : { positions, config: state.hand.config };
      return { ...state, seats, button, smallBlindPosition, bigBlind, hand: null, handLog: [], positions: null, handActions: { count: 0, chips: 0 }, voided: entry, redeal };
    }
    case 'hand-settled': {
      let next: TableState = { ...state, handLog: [], totals: { ...state.totals, rake: state.totals.rake + entry.rake } };
      for (const { seat, stack } of entry.stacks) {
        const player = seated(next, seat);
        next = withSeat(next, seat, { ...player, stack, status: stack === 0 ? 'sitting-out' : player.status });
      }
      return next;
    }
  }
}

/** Actions in turn in a hand's log, and how many put chips in (TDA 36's substantial action). */
function actionsIn(handLog: readonly Operation[]): TableState['handActions'] {
  let count = 0;
  let chips = 0;
  for (const operation of handLog) {
    if (operation.type === 'fold' || operation.type === 'check') count++;
    if (operation.type === 'call' || operation.type === 'bet') {
      count++;
      chips++;
    }
  }
  return { count, chips };
}

/** Replays a table from its log. */
export function replayTable(log: readonly TableLogEntry[]): TableState {
  let state: TableState | undefined;
  for (const entry of log) state = reduceTable(state, entry);
  if (state === undefined) throw new InvariantError('a table replays from its table-opened operation');
  return state;
}

const TABLE_OPERATIONS: ReadonlySet<string> = new Set<TableOperation['type']>([
  'table-opened', 'table-configured', 'seated', 'topped-up', 'sat-out', 'came-back', 'will-post', 'left', 'button-card', 'button-drawn',
  'blinds-missed', 'time-collected', 'time-due', 'time-waived', 'time-owed', 'time-period', 'hand-positions', 'hand-settled', 'hand-voided',
  'ruling', 'dealer-on-duty', 'device-incident', 'card-refused', 'lockout-lifted', 'hand-history-viewed', 'software-started', 'player-erased', 'names-moved', 'card-entry-stopped', 'card-entry-resumed', 'step-undone', 'stack-adjusted', 'level-up', 'eliminated', 'tournament-won',
]);

export function isTableOperation(entry: TableLogEntry): entry is TableOperation {
  return TABLE_OPERATIONS.has(entry.type);
}

function opened(entry: Extract<TableOperation, { type: 'table-opened' }>): TableState {
  return {
    config: entry.config,
    seats: Array.from({ length: entry.config.seatCount }, () => null),
    buttonDraw: [],
    button: null,
    smallBlindPosition: null,
    bigBlind: null,
    hand: null,
    handLog: [],
    positions: null,
    handActions: { count: 0, chips: 0 },
    voided: null,
    redeal: null,
    handNumber: 0,
    nextTimeCollection: entry.config.timeCollection === null ? null : entry.at,
    departures: [],
    totals: { buyIns: 0, cashOuts: 0, timeCollected: 0, rake: 0, adjustments: 0 },
    tournament: entry.config.tournament === null ? null : { level: 0, startedAt: null, eliminated: [], winner: null },
  };
}

/** A player left without chips between hands (time, a correction) is away: the blinds that pass are owed (T6). */
function withStack(player: SeatedPlayer, stack: number): SeatedPlayer {
  return { ...player, stack, status: stack === 0 ? 'sitting-out' : player.status, posting: stack === 0 ? false : player.posting };
}

function tournamentOf(state: TableState): NonNullable<TableState['tournament']> {
  if (state.tournament === null) throw new InvariantError('a tournament operation at a cash table');
  return state.tournament;
}

export function seated(state: TableState, seat: number): SeatedPlayer {
  const player = state.seats[seat - 1];
  if (player === undefined || player === null) throw new InvariantError(`nobody sits at seat ${seat}`);
  return player;
}

function withSeat(state: TableState, seat: number, player: SeatedPlayer | null, add: Partial<TableState['totals']> = {}): TableState {
  const seats = state.seats.slice();
  seats[seat - 1] = player;
  const { buyIns = 0, cashOuts = 0, timeCollected = 0, adjustments = 0 } = add;
  const totals = {
    ...state.totals,
    buyIns: state.totals.buyIns + buyIns,
    cashOuts: state.totals.cashOuts + cashOuts,
    timeCollected: state.totals.timeCollected + timeCollected,
    adjustments: state.totals.adjustments + adjustments,
  };
  return { ...state, seats, totals };
}
