/**
 * npm run bench:engine — complete random 6-max no-limit hands per second through Felt's engine
 * (`startHand`, then `apply` for every card, action and show; cards from a seeded shuffle, actions drawn
 * from `getLegalActions`), and the same kind of hands through poker-ts, the TypeScript engine on npm,
 * in one run. Also counts hands in which poker-ts lost or made chips (Felt's engine checks conservation
 * on every command and would throw).
 *
 * Options: --hands N (default 20,000 per round), --rounds N (default 5), --seed N (default 2026).
 */
import { createRequire } from 'node:module';
import type { Card } from '../src/cards/card.js';
import { SeededRandom } from '../src/cards/random.js';
import { apply, type Command, startHand } from '../src/engine/apply.js';
import { getLegalActions } from '../src/engine/betting.js';
import { NO_LIMIT_5_10 } from '../src/engine/config.js';
import type { HandState } from '../src/engine/state.js';

const require = createRequire(import.meta.url);

type Options = { hands: number; rounds: number; seed: number };

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { hands: 20_000, rounds: 5, seed: 2026 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i];
    const value = Number(argv[i + 1]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${String(name)} needs a positive integer`);
    if (name === '--hands') options.hands = value;
    else if (name === '--rounds') options.rounds = value;
    else if (name === '--seed') options.seed = value;
    else throw new Error(`unknown option ${String(name)}`);
  }
  return options;
}

const PLAYERS = 6;

/** The action policy both engines get: fold 15 %, otherwise check or call, sometimes a bet or raise or all-in. */
function chooseFelt(state: HandState, random: SeededRandom): Command {
  const legal = getLegalActions(state);
  if (legal === null) throw new Error('no betting now');
  const roll = random.nextInt(100);
  if (roll < 15 && legal.call !== null) return { type: 'fold' };
  if (roll < 25 && legal.betOrRaise !== null) {
    const { min, max } = legal.betOrRaise;
    return { type: 'bet', to: min + random.nextInt(Math.min(max - min, 200) + 1) };
  }
  if (roll < 28 && legal.allIn !== null) return { type: 'all-in' };
  return legal.check ? { type: 'check' } : { type: 'call' };
}

function playFeltHand(random: SeededRandom, deck: Uint8Array, stacks: number[], button: number): number {
  // Fisher–Yates on a reused array: no allocation for the deck.
  for (let i = deck.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    const swap = deck[i] as number;
    deck[i] = deck[j] as number;
    deck[j] = swap;
  }
  let { state } = startHand({ config: NO_LIMIT_5_10, players: stacks.map((stack, index) => ({ seat: index + 1, stack })), buttonSeat: button });
  let next = 0;
  let commands = 0;
  while (state.phase.kind !== 'complete') {
    if (commands > 1000) throw new Error(`felt: no end to the hand in phase ${state.phase.kind}`);
    let command: Command;
    if (state.phase.kind === 'dealing') command = { type: 'deal', card: deck[next++] as Card };
    else if (state.phase.kind === 'betting') command = chooseFelt(state, random);
    else command = { type: 'show' };
    state = apply(state, command).state;
    commands++;
  }
  return commands;
}

type PokerTsTable = {
  sitDown(seat: number, chips: number): void;
  startHand(seat?: number): void;
  isHandInProgress(): boolean;
  isBettingRoundInProgress(): boolean;
  areBettingRoundsCompleted(): boolean;
  legalActions(): { actions: string[]; chipRange?: { min: number; max: number } };
  actionTaken(action: string, betSize?: number): void;
  endBettingRound(): void;
  showdown(): void;
  seats(): ({ totalChips: number } | null)[];
};
type PokerTs = { Table: new (forcedBets: { ante?: number; bigBlind: number; smallBlind: number }, seats?: number) => PokerTsTable };

function playPokerTsHand(pokerTs: PokerTs, random: SeededRandom, stacks: number[]): boolean {
  const table = new pokerTs.Table({ smallBlind: 5, bigBlind: 10 }, PLAYERS);
  stacks.forEach((stack, seat) => table.sitDown(seat, stack));
  const before = stacks.reduce((sum, stack) => sum + stack, 0);
  table.startHand();
  let steps = 0;
  while (table.isHandInProgress()) {
    while (table.isBettingRoundInProgress()) {
      if (++steps > 1000) throw new Error(`poker-ts: no end to the betting: ${JSON.stringify(table.legalActions())}`);
      const { actions, chipRange } = table.legalActions();
      const roll = random.nextInt(100);
      const canRaise = chipRange !== undefined && (actions.includes('bet') || actions.includes('raise'));
      if (roll < 15 && actions.includes('fold') && actions.includes('call')) table.actionTaken('fold');
      else if (roll < 28 && canRaise) {
        const { min, max } = chipRange;
        table.actionTaken(actions.includes('bet') ? 'bet' : 'raise', roll < 25 ? min + random.nextInt(Math.min(max - min, 200) + 1) : max);
      } else table.actionTaken(actions.includes('check') ? 'check' : 'call');
    }
    table.endBettingRound();
    if (table.areBettingRoundsCompleted()) table.showdown();
  }
  const after = table.seats().reduce((sum, seat) => sum + (seat?.totalChips ?? 0), 0);
  return after === before;
}

function randomStacks(random: SeededRandom): number[] {
  return Array.from({ length: PLAYERS }, () => (20 + random.nextInt(300)) * 10);
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const pokerTs = require('poker-ts') as PokerTs;
  console.log(`${options.hands.toLocaleString('en')} random 6-max no-limit hands per round, ${options.rounds} rounds, node ${process.version}`);
  const feltRates: number[] = [];
  const pokerTsRates: number[] = [];
  let commands = 0;
  let pokerTsHands = 0;
  let pokerTsBroken = 0;
  const deck = Uint8Array.from({ length: 52 }, (_, card) => card);
  for (let round = -1; round < options.rounds; round++) {
    // Round -1 warms both up and is not counted.
    const feltRandom = new SeededRandom(options.seed + round + 1);
    let started = performance.now();
    for (let hand = 0; hand < options.hands; hand++) {
      commands += playFeltHand(feltRandom, deck, randomStacks(feltRandom), 1 + (hand % PLAYERS));
    }
    const feltSeconds = (performance.now() - started) / 1000;
    const pokerTsRandom = new SeededRandom(options.seed + round + 1);
    started = performance.now();
    for (let hand = 0; hand < options.hands; hand++) {
      const conserved = playPokerTsHand(pokerTs, pokerTsRandom, randomStacks(pokerTsRandom));
      if (round >= 0) {
        pokerTsHands++;
        if (!conserved) pokerTsBroken++;
      }
    }
    const pokerTsSeconds = (performance.now() - started) / 1000;
    if (round >= 0) {
      feltRates.push(options.hands / feltSeconds);
      pokerTsRates.push(options.hands / pokerTsSeconds);
    }
  }
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const felt = median(feltRates);
  const peer = median(pokerTsRates);
  const thousands = (rate: number): string => `${Math.round(rate).toLocaleString('en')} hands/s`;
  console.log(`felt      ${thousands(felt).padEnd(18)} (best ${thousands(Math.max(...feltRates))}; ${(commands / ((options.rounds + 1) * options.hands)).toFixed(1)} commands a hand; chips conserved in every hand)`);
  console.log(`poker-ts  ${thousands(peer).padEnd(18)} (best ${thousands(Math.max(...pokerTsRates))}; chips lost or made in ${pokerTsBroken} of ${pokerTsHands} hands, ${((100 * pokerTsBroken) / pokerTsHands).toFixed(1)} %)`);
  console.log(`felt / poker-ts: ${(felt / peer).toFixed(2)}×; target ≥ 100,000 hands/s: ${felt >= 100_000 ? 'met' : 'NOT met'}`);
}

main();
