import type { Card } from '../cards/card.js';
import { shuffledDeck } from '../cards/deck.js';
import { SeededRandom } from '../cards/random.js';
import type { BettingStructure } from '../engine/hand/config.js';
import { expectedCard, lastHoleCardSeat } from '../engine/hand/dealing.js';
import { RuleViolation } from '../engine/rule-violation.js';
import { applyTable, openTable, type TableCommand } from '../engine/table/table.js';
import { CASINO_5_10, type ButtonRule, type TableConfig } from '../engine/table/table-config.js';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import type { TableState } from '../engine/table/table-state.js';
import { lastStep } from '../engine/table/undo.js';
import { prematureAllowed } from '../engine/table/card-entry.js';
import { randomLegalCommand } from './random-play.js';

export type StructureName = 'nl' | 'pl' | 'fl' | 'spread';

export const STRUCTURE_BY_NAME: Readonly<Record<StructureName, BettingStructure>> = {
  nl: { kind: 'no-limit' },
  pl: { kind: 'pot-limit' },
  fl: { kind: 'fixed-limit', smallBet: 10, bigBet: 20, maxBetsPerRound: 4, uncapped: 'two-players-left' },
  spread: { kind: 'spread-limit', lower: { min: 10, max: 30 }, higher: { min: 20, max: 60 }, maxBetsPerRound: 4, uncapped: 'two-players-left' },
};

export type SessionOptions = {
  readonly hands: number;
  readonly seed: number;
  /** Players at the start (2–11); more come and go during the session. */
  readonly players: number;
  readonly structure: StructureName;
  readonly button: ButtonRule;
  /** A cash game (players come and go, time collection) or a tournament (seed 004: rising blinds, play to one winner). */
  readonly mode?: 'cash' | 'tournament';
  /** Dealers taking turns at the table, a push every 10 hands (none recorded by default). */
  readonly dealers?: number;
};

/** The simulated tournament: 1,500 chips each, the blinds up every ten hands. */
const TOURNAMENT = {
  startingStack: 1500,
  levels: [
    { smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 },
    { smallBlind: 15, bigBlind: 30, ante: 0, bigBlindAnte: 0 },
    { smallBlind: 25, bigBlind: 50, ante: 0, bigBlindAnte: 50 },
    { smallBlind: 50, bigBlind: 100, ante: 0, bigBlindAnte: 100 },
    { smallBlind: 100, bigBlind: 200, ante: 0, bigBlindAnte: 200 },
    { smallBlind: 200, bigBlind: 400, ante: 0, bigBlindAnte: 400 },
    { smallBlind: 500, bigBlind: 1000, ante: 0, bigBlindAnte: 1000 },
  ],
  levelEvery: { hands: 10 },
} as const;

/** The session's totals in chip units: buy-ins − cash-outs − time − rake = chips on the table. */
export type SessionSummary = {
  readonly hands: number;
  /** Hands declared void (misdeals), not counted in `hands`. */
  readonly voided: number;
  /** A tournament's winner, once there is one (the session ends there). */
  readonly winner?: string;
  /** Chips bought: buy-ins and top-ups together (the cash-flow report gives them apart). */
  readonly buyIns: number;
  readonly cashOuts: number;
  readonly collected: { readonly time: number; readonly rake: number };
  readonly chipsOnTable: number;
  readonly balanced: boolean;
};

const START = Date.UTC(2026, 0, 1, 18, 0);
const MINUTE = 60_000;

/**
 * Plays a simulated table session: players join, take breaks, miss blinds, post, top up and leave at
 * random between hands; the house collects time; every hand is played with random legal actions and
 * cards from a seeded shuffle. The same options give the same session, entry for entry. Each command's
 * log entries go to `record` (the CLI writes them or counts them; nothing here keeps the whole log).
 */
/**
 * Where a persisted session sends its table: `open` once with the configuration and time, then every
 * accepted command with an id that depends only on its place in the session (`sim-1`, `sim-2` …), so a
 * session re-run from its seed after an interruption sends the same ids and a store applies each once.
 */
export type SessionMirror = { open(config: TableConfig, at: number): void; command(id: string, command: TableCommand): void };

export function simulateSession(
  options: SessionOptions,
  record: (entries: readonly TableLogEntry[], state: TableState) => void = () => undefined,
  mirror?: SessionMirror,
): { state: TableState; summary: SessionSummary } {
  const random = new SeededRandom(options.seed);
  const tournament = options.mode === 'tournament';
  const structure = STRUCTURE_BY_NAME[options.structure];
  // A blind level carries blinds and antes, not limit bet sizes: the simulated tournament is no limit or pot limit.
  if (tournament && (structure.kind === 'fixed-limit' || structure.kind === 'spread-limit')) throw new RangeError('a simulated tournament is no limit or pot limit');
  const config: TableConfig = {
    ...CASINO_5_10,
    seatCount: 11,
    maxPlayers: 11,
    button: options.button,
    hand: { ...CASINO_5_10.hand, structure },
    ...(tournament ? { timeCollection: null, tournament: TOURNAMENT } : {}),
  };
  let now = START;
  let { state } = openTable(config, now);
  record([{ type: 'table-opened', config: state.config, at: now }], state);
  mirror?.open(config, now);
  let commands = 0;
  let names = 0;
  let voided = 0;
  const run = (command: TableCommand): void => {
    const result = applyTable(state, command);
    state = result.state;
    mirror?.command(`sim-${++commands}`, command);
    for (const entry of result.operations) if (entry.type === 'hand-voided') voided++;
    record(result.operations, state);
  };
  const emptySeats = (): number[] => state.seats.flatMap((player, index) => (player === null ? [index + 1] : []));
  const seatPlayer = (): void => {
    const seats = emptySeats();
    if (seats.length === 0) return;
    const seat = seats[random.nextInt(seats.length)] as number;
    const { min, max } = state.config.buyIn;
    const buyIn = tournament ? TOURNAMENT.startingStack : min + random.nextInt((max - min) / 10 + 1) * 10;
    run({ type: 'sit', seat, name: `Player ${++names}`, buyIn, at: now });
  };

  for (let seated = 0; seated < Math.max(2, Math.min(options.players, 11)); seated++) seatPlayer();
  // The draw for the button: one card each from a shuffled deck.
  const drawDeck = shuffledDeck(random);
  state.seats.forEach((player, index) => {
    if (player !== null) run({ type: 'draw', seat: player.seat, card: drawDeck[index] as Card });
  });

  let hands = 0;
  while (hands < options.hands && state.tournament?.winner == null) {
    if (!tournament && state.redeal === null) betweenHands(state, random, run, seatPlayer, now);
    const dealers = options.dealers ?? 0;
    // A dealer push every ten hands; the first dealer signs in before the first hand.
    if (dealers > 0 && state.redeal === null && hands % 10 === 0 && state.dealer?.number !== String(((hands / 10) % dealers) + 1)) {
      const number = String(((hands / 10) % dealers) + 1);
      run({ type: 'dealer-change', number, name: `Dealer ${number}`, at: now });
    }
    now += (1 + random.nextInt(3)) * MINUTE;
    try {
      run({ type: 'start-hand', at: now });
    } catch (error) {
      if (error instanceof RuleViolation && error.code === 'not-enough-players' && !tournament) {
        seatPlayer();
        continue;
      }
      throw error;
    }
    if (playHand(() => state, run, random, now)) hands++;
  }
  const { buyIns, cashOuts, timeCollected, rake, adjustments } = state.totals;
  const winner = state.tournament?.winner ?? undefined;
  const chipsOnTable = state.seats.reduce((sum, player) => sum + (player?.stack ?? 0), 0);
  return {
    state,
    summary: { hands, voided, ...(winner === undefined ? {} : { winner }), buyIns, cashOuts, collected: { time: timeCollected, rake }, chipsOnTable, balanced: buyIns - cashOuts - timeCollected - rake + adjustments === chipsOnTable },
  };
}

/** The comings and goings between two hands. */
function betweenHands(state: TableState, random: SeededRandom, run: (command: TableCommand) => void, seatPlayer: () => void, now: number): void {
  const { min, max } = state.config.buyIn;
  for (const player of state.seats) {
    if (player === null) continue;
    const roll = random.nextInt(100);
    if (player.stack === 0) {
      // Busted: buy again or go.
      if (roll < 60) run({ type: 'top-up', seat: player.seat, amount: min + random.nextInt((max - min) / 10 + 1) * 10, at: now });
      else run({ type: 'leave', seat: player.seat, at: now });
    } else if (roll < 2) {
      run({ type: 'leave', seat: player.seat, at: now });
    } else if (player.status === 'playing' && roll < 6) {
      run({ type: 'sit-out', seat: player.seat });
    } else if (player.status === 'sitting-out' && roll < 30) {
      run({ type: 'come-back', seat: player.seat });
    } else if (player.status === 'waiting' && !player.posting && roll < 50) {
      run({ type: 'post', seat: player.seat });
    } else if (player.status === 'playing' && player.stack < min && roll < 40) {
      run({ type: 'top-up', seat: player.seat, amount: min - player.stack + random.nextInt((max - min) / 10 + 1) * 10, at: now });
    }
  }
  if (random.nextInt(100) < 12) seatPlayer();
}

/**
 * Plays the hand in progress to its end: cards from a seeded shuffle, random legal actions, every hand
 * shown. Now and then the croupier exposes a hole card (it becomes the burn) or turns a board card too
 * early, the floor calls a misdeal before substantial action, or undoes the last step. True when the hand was played out, false when it was void.
 */
function playHand(current: () => TableState, run: (command: TableCommand) => void, random: SeededRandom, now: number): boolean {
  const deck = shuffledDeck(random);
  let next = 0;
  for (let steps = 0; ; steps++) {
    const table = current();
    const hand = table.hand;
    if (hand === null) return false;
    if (hand.phase.kind === 'complete') return true;
    if (steps > 2_000) throw new RangeError('a simulated hand does not end');
    let command: TableCommand;
    const holeCardsDealt = hand.street === 'preflop' ? hand.dealt - 1 : 0;
    if (hand.phase.kind === 'dealing' && holeCardsDealt > 2 && !hand.exposedBurn && random.nextInt(200) === 0) command = { type: 'exposed', seat: lastHoleCardSeat(hand) as number };
    else if (hand.phase.kind === 'dealing') command = { type: 'deal', card: expectedCard(hand) === null ? null : (deck[next++] as Card) };
    else if (hand.phase.kind === 'betting' && table.handActions.count === 0 && random.nextInt(100) === 0) command = { type: 'misdeal', reason: 'seat-skipped', by: 'Floor', at: now };
    // At most the premature cards a round takes (E17): the draw is made first, so sessions without a second stay as they were.
    else if (hand.phase.kind === 'betting' && hand.street !== 'river' && random.nextInt(150) === 0 && prematureAllowed(table)) command = { type: 'premature', to: 'board', card: deck[next++] as Card };
    else if (hand.phase.kind === 'betting' && random.nextInt(80) === 0 && lastStep(table) !== null) command = { type: 'undo', reason: 'The croupier pressed the wrong key', by: 'Floor', at: now };
    else if (hand.phase.kind === 'betting') command = randomLegalCommand(hand, random);
    else command = { type: 'show' };
    run(command);
  }
}
