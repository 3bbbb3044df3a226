import type { Card } from '../../src/cards/card.js';
import { newDeck, shuffle } from '../../src/cards/deck.js';
import { SeededRandom } from '../../src/cards/random.js';
import { apply, type Command, startHand } from '../../src/engine/apply.js';
import { getLegalActions } from '../../src/engine/betting.js';
import { type BettingStructure, type HandConfig, NO_LIMIT_5_10 } from '../../src/engine/config.js';
import { expectedCard, isSeen } from '../../src/engine/dealing.js';
import type { Operation } from '../../src/engine/operations.js';
import type { HandState } from '../../src/engine/state.js';

export const STRUCTURES: readonly BettingStructure[] = [
  { kind: 'no-limit' },
  { kind: 'pot-limit' },
  { kind: 'fixed-limit', smallBet: 10, bigBet: 20, maxBetsPerRound: 4, uncapped: 'two-players-left' },
  { kind: 'spread-limit', lower: { min: 10, max: 30 }, higher: { min: 20, max: 60 }, maxBetsPerRound: 4, uncapped: 'round-began-heads-up' },
];

export type RandomHandOptions = { players: number; structure: BettingStructure; config?: Partial<HandConfig>; unseenHoleCards?: boolean };

export type PlayedHand = { state: HandState; log: Operation[]; commands: Command[]; start: Parameters<typeof startHand>[0] };

/** A random command among the legal ones (or one just outside them, when `probe` is given). */
export function randomLegalCommand(state: HandState, random: SeededRandom): Command {
  const legal = getLegalActions(state);
  if (legal === null) throw new Error('no betting now');
  const options: Command[] = [];
  if (legal.check) options.push({ type: 'check' }, { type: 'check' });
  if (legal.call !== null) options.push({ type: 'call' }, { type: 'call' });
  if (legal.call !== null || random.nextInt(8) === 0) options.push({ type: 'fold' });
  if (legal.betOrRaise !== null) {
    const { min, max } = legal.betOrRaise;
    options.push({ type: 'bet', to: min + random.nextInt(Math.min(max - min, 1_000_000) + 1) });
    options.push({ type: 'bet', to: min });
  }
  if (legal.allIn !== null && random.nextInt(4) === 0) options.push({ type: 'all-in' });
  return options[random.nextInt(options.length)] as Command;
}

/** Plays a complete hand with random legal commands and a seeded deck. */
export function playRandomHand(seed: number, options: RandomHandOptions): PlayedHand {
  const random = new SeededRandom(seed);
  const deck: Card[] = shuffle(newDeck(), random);
  const start = {
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
    if (state.phase.kind === 'dealing') {
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

/** Two cards nobody has seen, for a player whose hole cards were dealt unseen. */
function unusedCards(state: HandState, deck: readonly Card[], from: number): Card[] {
  const free = deck.slice(from).filter((card) => !isSeen(state, card) && !state.players.some((player) => player.holeCards.includes(card)));
  const shownSoFar = state.players.flatMap((player) => (Array.isArray(player.showdown) ? player.showdown : []));
  return free.filter((card) => !shownSoFar.includes(card)).slice(0, 2);
}
