import type { SeededRandom } from '../cards/random.js';
import type { Command } from '../engine/hand/apply.js';
import { getLegalActions } from '../engine/hand/betting.js';
import type { HandState } from '../engine/hand/state.js';

/**
 * A random command among the legal ones, for simulated players: checks and calls twice as likely as the
 * rest, folds mostly when facing a bet, any bet or raise size in range, all-in now and then.
 */
export function randomLegalCommand(state: HandState, random: SeededRandom): Command {
  const legal = getLegalActions(state);
  if (legal === null) throw new RangeError('no betting now');
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
