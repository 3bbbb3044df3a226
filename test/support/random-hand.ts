import type { Card } from '../../src/cards/card.js';
import { newDeck, shuffle } from '../../src/cards/deck.js';
import { SeededRandom } from '../../src/cards/random.js';
import { apply, type Command, startHand, type StartHand } from '../../src/engine/hand/apply.js';
import { type BettingStructure, type HandConfig, NO_LIMIT_5_10 } from '../../src/engine/hand/config.js';
import { expectedCard, isSeen } from '../../src/engine/hand/dealing.js';
import type { Operation } from '../../src/engine/hand/operations.js';
import type { HandState } from '../../src/engine/hand/state.js';
import { randomLegalCommand } from '../../src/sim/random-play.js';

export { randomLegalCommand };

export const STRUCTURES: readonly BettingStructure[] = [
  { kind: 'no-limit' },
  { kind: 'pot-limit' },
  { kind: 'fixed-limit', smallBet: 10, bigBet: 20, maxBetsPerRound: 4, uncapped: 'two-players-left' },
  { kind: 'spread-limit', lower: { min: 10, max: 30 }, higher: { min: 20, max: 60 }, maxBetsPerRound: 4, uncapped: 'round-began-heads-up' },
];

export type RandomHandOptions = {
  players: number;
  structure: BettingStructure;
  config?: Partial<HandConfig>;
  unseenHoleCards?: boolean;
  /** Blinds as a table places them: empty seats between players, a button that may be dead, blinds anywhere, owed blinds. */
  tableBlinds?: boolean;
  /** Croupier errors now and then: an exposed hole card, premature board cards, a flop dealt again. */
  irregularities?: boolean;
};

export type PlayedHand = { state: HandState; log: Operation[]; commands: Command[]; start: StartHand };

/** Plays a complete hand with random legal commands and a seeded deck. */
export function playRandomHand(seed: number, options: RandomHandOptions): PlayedHand {
  const random = new SeededRandom(seed);
  const deck: Card[] = shuffle(newDeck(), random);
  const start: StartHand = options.tableBlinds === true ? tableStart(random, options) : {
    config: { ...NO_LIMIT_5_10, structure: options.structure, ...options.config },
    players: Array.from({ length: options.players }, (_, index) => ({ seat: index + 1, stack: (5 + random.nextInt(200)) * 10 })),
    buttonSeat: 1 + random.nextInt(options.players),
  };
  let { state, operations } = startHand(start);
  const log = [...operations];
  const commands: Command[] = [];
  let next = 0;
  while (state.phase.kind !== 'complete') {
    let command: Command;
    const holeCardsDealt = state.street === 'preflop' ? state.dealt - (state.config.burnBeforeHoleCards ? 1 : 0) : 0;
    const untouchedFlop = state.street === 'flop' && state.currentBet === 0 && state.players.every((player) => player.actedAt === null);
    if (options.irregularities === true && state.phase.kind === 'dealing' && holeCardsDealt > 2 && !state.exposedBurn && random.nextInt(12) === 0) {
      command = { type: 'exposed' };
    } else if (options.irregularities === true && state.phase.kind === 'betting' && state.street !== 'river' && random.nextInt(15) === 0) {
      command = { type: 'premature', to: 'board', card: deck[next++] as Card };
    } else if (options.irregularities === true && state.phase.kind === 'betting' && untouchedFlop && random.nextInt(6) === 0) {
      command = { type: 'redeal-flop' };
    } else if (state.phase.kind === 'dealing') {
      const target = expectedCard(state);
      const card = deck[next++] as Card;
      command = { type: 'deal', card: target !== 'board' && options.unseenHoleCards === true ? null : card };
    } else if (state.phase.kind === 'betting') {
      command = randomLegalCommand(state, random);
    } else {
      const player = state.players[state.actor];
      const known = player?.holeCards.every((card) => card !== null) ?? false;
      const mayMuck = state.players.some((other) => Array.isArray(other.showdown)) && !state.players.some((other) => other.status === 'all-in');
      command = mayMuck && random.nextInt(3) === 0 ? { type: 'muck' } : { type: 'show', ...(known ? {} : { cards: unusedCards(state, deck, next) }) };
    }
    commands.push(command);
    ({ state, operations } = apply(state, command));
    log.push(...operations);
  }
  return { state, log, commands, start };
}

/** A start with the blinds placed at random, as a table's rules may place them. */
function tableStart(random: SeededRandom, options: RandomHandOptions): StartHand {
  let seat = 0;
  const players = Array.from({ length: options.players }, () => ({ seat: (seat += 1 + random.nextInt(2)), stack: (5 + random.nextInt(200)) * 10 }));
  const pick = (): number => (players[random.nextInt(players.length)] as { seat: number }).seat;
  const bigBlindSeat = pick();
  const small = pick();
  const smallBlindSeat = small === bigBlindSeat || random.nextInt(4) === 0 ? null : small;
  const extraPosts = players
    .filter((player) => player.seat !== bigBlindSeat && player.seat !== smallBlindSeat && random.nextInt(4) === 0)
    .map((player) => ({ seat: player.seat, live: random.nextInt(2) * 10, dead: random.nextInt(2) * 5 }));
  return {
    config: { ...NO_LIMIT_5_10, structure: options.structure, ...options.config, straddle: 0 },
    players,
    buttonSeat: 1 + random.nextInt(seat + 1),
    blinds: { smallBlindSeat, bigBlindSeat },
    extraPosts,
  };
}

/** Two cards nobody has seen, for a player whose hole cards were dealt unseen. */
function unusedCards(state: HandState, deck: readonly Card[], from: number): Card[] {
  const free = deck.slice(from).filter((card) => !isSeen(state, card) && !state.players.some((player) => player.holeCards.includes(card)));
  const shownSoFar = state.players.flatMap((player) => (Array.isArray(player.showdown) ? player.showdown : []));
  return free.filter((card) => !shownSoFar.includes(card)).slice(0, 2);
}
