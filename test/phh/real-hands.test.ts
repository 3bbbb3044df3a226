import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayPhh } from '../../src/phh/replay.js';
import { parseTomlTables } from '../../src/phh/toml.js';
import type { HandState } from '../../src/engine/hand/state.js';

const load = (name: string) => {
  const [hand] = parseTomlTables(readFileSync(fileURLToPath(new URL(`../fixtures/phh/${name}`, import.meta.url)), 'utf8'));
  return hand as NonNullable<typeof hand>;
};

describe('real hands replayed street by street', () => {
  it('Dwan–Ivey 2009: pots after every street, the uncalled raise returned, final stacks as recorded', () => {
    const potsAfter = new Map<string, number>();
    let previous: HandState | undefined;
    const result = replayPhh(load('dwan-ivey-2009.phh'), (state) => {
      // When a street's betting is collected, record the pots as the next street begins.
      if (previous !== undefined && previous.street !== state.street) {
        potsAfter.set(previous.street, state.pots.reduce((sum, pot) => sum + pot.amount, 0));
      }
      previous = state;
    });
    expect(Object.fromEntries(potsAfter)).toEqual({ preflop: 49_500, flop: 119_500, turn: 1_109_500 });
    expect(result).toEqual({
      finishingStacks: ['572100', '1997500', '1109500'],
      pots: [{ amount: '1109500', winners: ['p3'] }],
      matchesRecorded: true,
      rake: null,
      unfinished: null,
      notes: [],
      error: null,
    });
  });
});
