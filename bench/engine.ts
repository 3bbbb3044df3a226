/**
 * npm run bench:engine — complete random 6-max no-limit hands per second through Felt's engine
 * (`startHand`, then `apply` for every card, action and show; cards from a seeded shuffle, actions drawn
 * from `getLegalActions`), and the same kind of hands through poker-ts, the TypeScript engine on npm,
 * in one run (poker-ts in a worker thread: bench/engine-peer.ts). Also counts hands in which poker-ts
 * lost or made chips (Felt's engine checks conservation on every command and would throw).
 *
 * Options: --hands N (default 20,000 per round), --rounds N (default 5), --seed N (default 2026),
 * --no-peer (Felt alone, for profiling), --uniform (the uniform action policy instead of the calling one),
 * --no-pin (run where the system puts it, instead of on the quieter CPU: bench/cpu-choice.ts).
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Card } from '../src/cards/card.js';
import { SeededRandom } from '../src/cards/random.js';
import { quieterCpu, runPinned } from './cpu-choice.js';
import { parseBenchOptions } from './options.js';
import { PLAYERS, randomStack } from './six-max.js';
import { apply, type Command, startHand } from '../src/engine/hand/apply.js';
import { getLegalActions } from '../src/engine/hand/betting.js';
import { NO_LIMIT_5_10 } from '../src/engine/hand/config.js';
import type { HandState } from '../src/engine/hand/state.js';

/**
 * The action policies both engines get. `calling` (the default): fold 15 %, otherwise check or call,
 * sometimes a bet or raise or all-in — nearly every hand reaches the showdown. `uniform`: each kind of
 * action the player has (fold when facing a bet, check or call, bet or raise, all-in) equally likely —
 * many hands end early.
 */
export type Policy = 'calling' | 'uniform';

// Commands without a varying part are made once, as a croupier's buttons would send the same command
// each time: the bench measures the engine, not the making of its inputs.
const FOLD: Command = { type: 'fold' };
const CHECK: Command = { type: 'check' };
const CALL: Command = { type: 'call' };
const ALL_IN: Command = { type: 'all-in' };
const SHOW: Command = { type: 'show' };
const SIMPLE = { fold: FOLD, check: CHECK, call: CALL, 'all-in': ALL_IN } as const;
const DEAL: readonly Command[] = Array.from({ length: 52 }, (_, card) => ({ type: 'deal', card: card as Card }));

function chooseFelt(state: HandState, random: SeededRandom, policy: Policy): Command {
  const legal = getLegalActions(state);
  if (legal === null) throw new Error('no betting now');
  if (policy === 'uniform') {
    const kinds: (keyof typeof SIMPLE | 'bet')[] = [];
    if (legal.call !== null) kinds.push('fold');
    kinds.push(legal.check ? 'check' : 'call');
    if (legal.betOrRaise !== null) kinds.push('bet');
    if (legal.allIn !== null) kinds.push('all-in');
    const kind = kinds[random.nextInt(kinds.length)] as (typeof kinds)[number];
    if (kind !== 'bet') return SIMPLE[kind];
    const { min, max } = legal.betOrRaise as NonNullable<typeof legal.betOrRaise>;
    return { type: 'bet', to: min + random.nextInt(Math.min(max - min, 200) + 1) };
  }
  const roll = random.nextInt(100);
  if (roll < 15 && legal.call !== null) return FOLD;
  if (roll < 25 && legal.betOrRaise !== null) {
    const { min, max } = legal.betOrRaise;
    return { type: 'bet', to: min + random.nextInt(Math.min(max - min, 200) + 1) };
  }
  if (roll < 28 && legal.allIn !== null) return ALL_IN;
  return legal.check ? CHECK : CALL;
}

/**
 * The next card of a seeded shuffle: Fisher–Yates one card at a time, on a reused array, as the cards
 * are dealt. The same uniform deal as shuffling the whole deck first, without drawing for the thirty
 * cards no hand reaches.
 */
function drawCard(random: SeededRandom, deck: Uint8Array, next: number): Card {
  const j = next + random.nextInt(deck.length - next);
  const card = deck[j] as number;
  deck[j] = deck[next] as number;
  deck[next] = card;
  return card as Card;
}

function playFeltHand(random: SeededRandom, deck: Uint8Array, button: number, policy: Policy): number {
  const players: { seat: number; stack: number }[] = [];
  for (let seat = 1; seat <= PLAYERS; seat++) players.push({ seat, stack: randomStack(random) });
  let { state } = startHand({ config: NO_LIMIT_5_10, players, buttonSeat: button });
  let next = 0;
  let commands = 0;
  while (state.phase.kind !== 'complete') {
    if (commands > 1000) throw new Error(`felt: no end to the hand in phase ${state.phase.kind}`);
    let command: Command;
    if (state.phase.kind === 'dealing') command = DEAL[drawCard(random, deck, next++)] as Command;
    else if (state.phase.kind === 'betting') command = chooseFelt(state, random, policy);
    else command = SHOW;
    state = apply(state, command).state;
    commands++;
  }
  return commands;
}


/** `warm`: hands and seconds after the first WARM_UP hands of the worker, when it got that far. */
type PeerRound = { hands: number; seconds: number; broken: number; hung: number | null; warm: { hands: number; seconds: number } | null };

/** poker-ts runs in a fresh worker each round (it hangs often), so its first hands are timed apart, unwarmed. */
const WARM_UP = 200;

/**
 * One round of poker-ts hands in a worker thread: poker-ts sometimes never returns from a call (an
 * endless loop inside it), and only a worker can be stopped from outside. No message for 10 s means
 * it hung; the round counts up to there.
 */
function runPeerRound(hands: number, seed: number, policy: Policy): Promise<PeerRound> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bench-engine-peer.js', import.meta.url), { workerData: { hands, seed, policy } });
    let last = { hands: 0, seconds: 0, broken: 0 };
    let warmedAt: { hands: number; seconds: number } | null = null;
    let timer: NodeJS.Timeout;
    const warm = (): PeerRound['warm'] => (warmedAt === null || last.hands <= warmedAt.hands ? null : { hands: last.hands - warmedAt.hands, seconds: last.seconds - warmedAt.seconds });
    const watchdog = (): void => {
      clearTimeout(timer);
      // Resolved once the thread has stopped: a worker still spinning in poker-ts's endless loop would
      // take the second core from Felt's next round (its garbage collector and compiler threads).
      timer = setTimeout(() => {
        void worker.terminate().then(() => resolve({ ...last, hung: last.hands, warm: warm() }));
      }, 10_000);
    };
    watchdog();
    worker.on('message', (message: { hands: number; seconds: number; broken: number; done: boolean }) => {
      last = message;
      if (warmedAt === null && message.hands >= WARM_UP) warmedAt = { hands: message.hands, seconds: message.seconds };
      watchdog();
      if (message.done) {
        clearTimeout(timer);
        void worker.terminate().then(() => resolve({ ...message, hung: null, warm: warm() }));
      }
    });
    worker.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const options = parseBenchOptions(args, { hands: 20_000, rounds: 5, seed: 2026 }, ['--no-peer', '--uniform', '--no-pin']);
  if (options.cpu === null && !options.switches.has('--no-pin')) {
    const script = fileURLToPath(import.meta.url);
    // Rounds of the full run's size: shorter ones (4,000 hands) ran less warm and further apart in speed,
    // and picked the slower CPU when the two were near (a 99,867 against 98,174 calibration, then 99,383).
    const choice = quieterCpu(script, ['--no-peer', '--hands', '20000', '--rounds', '3'], feltRateOf);
    if ('cpu' in choice) {
      const rates = [...choice.rates].map(([cpu, rate]) => `CPU ${cpu} ${Math.round(rate).toLocaleString('en')}`).join(', ');
      console.log(`calibration, hands/s (the better of two runs of 3 × 20,000 hands each): ${rates}; pinned to CPU ${choice.cpu}, both engines (--no-pin: unpinned)`);
      process.exitCode = runPinned(choice.cpu, script, args);
      return;
    }
    console.log(`not pinned: ${choice.unpinned}`);
  }
  const withPeer = !options.switches.has('--no-peer');
  const policy: Policy = options.switches.has('--uniform') ? 'uniform' : 'calling';
  const where = options.cpu === null ? 'unpinned' : `on CPU ${options.cpu}`;
  console.log(`${options.hands.toLocaleString('en')} random 6-max no-limit hands per round (${policy} policy), ${options.rounds} rounds, node ${process.version}, ${where}`);
  const feltRates: number[] = [];
  const peerRates: number[] = [];
  const peerWarmRates: number[] = [];
  let commands = 0;
  let peerHands = 0;
  let peerBroken = 0;
  const peerHangs: string[] = [];
  const deck = Uint8Array.from({ length: 52 }, (_, card) => card);
  // Felt's rounds first, back to back, then poker-ts's: a wait for a peer round between two of Felt's
  // lets V8 shrink the idle main thread's young generation, and the next rounds then collect garbage
  // four times as often (seen in --trace-gc) — a cost of the bench, not of the engine.
  for (let round = -1; round < options.rounds; round++) {
    // Round -1 warms up and is not counted.
    const feltRandom = new SeededRandom(options.seed + round + 1);
    const started = performance.now();
    for (let hand = 0; hand < options.hands; hand++) {
      commands += playFeltHand(feltRandom, deck, 1 + (hand % PLAYERS), policy);
    }
    const feltSeconds = (performance.now() - started) / 1000;
    if (round >= 0) feltRates.push(options.hands / feltSeconds);
  }
  for (let round = 0; round < options.rounds && withPeer; round++) {
    const peer = await runPeerRound(options.hands, options.seed + round + 1, policy);
    if (peer.hands > 0) peerRates.push(peer.hands / peer.seconds);
    if (peer.warm !== null && peer.warm.hands >= 100) peerWarmRates.push(peer.warm.hands / peer.warm.seconds);
    peerHands += peer.hands;
    peerBroken += peer.broken;
    if (peer.hung !== null) peerHangs.push(`round ${round + 1}, after ${peer.hung} hands`);
  }
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const felt = median(feltRates);
  const peer = median(peerRates);
  const rate = (value: number): string => `${Math.round(value).toLocaleString('en')} hands/s`;
  console.log(`felt      ${rate(felt).padEnd(18)} (best ${rate(Math.max(...feltRates))}; ${(commands / ((options.rounds + 1) * options.hands)).toFixed(1)} commands a hand; chips conserved in every hand)`);
  if (!withPeer) return;
  console.log(
    `poker-ts  ${rate(peer).padEnd(18)} (chips lost or made in ${peerBroken} of ${peerHands} hands, ${((100 * peerBroken) / peerHands).toFixed(1)} %` +
      `${peerHangs.length > 0 ? `; never returned from a call in ${peerHangs.join('; ')}` : ''})`,
  );
  const warm = peerWarmRates.length > 0 ? median(peerWarmRates) : null;
  if (warm !== null) console.log(`poker-ts  ${rate(warm).padEnd(18)} (warm: after its first ${WARM_UP} hands in each worker, in ${peerWarmRates.length} of ${options.rounds} rounds)`);
  const against = warm ?? peer;
  console.log(`felt / poker-ts${warm === null ? '' : ' (warm)'}: ${(felt / against).toFixed(2)}×; target ≥ 100,000 hands/s: ${felt >= 100_000 ? 'met' : 'NOT met'}`);
}

/** Felt's median rate from a run's output, for the calibration. */
function feltRateOf(output: string): number | null {
  const match = /^felt\s+([\d,]+) hands\/s/m.exec(output);
  return match === null ? null : Number((match[1] as string).replaceAll(',', ''));
}

await main();
