import { describe, expect, it } from 'vitest';
import { recoveryTrials } from '../../scripts/recovery-trials.js';

/**
 * Crash recovery: a persisted session killed with SIGKILL at random moments (30 trials, up to three kills
 * each, from start-up to mid-hand) and resumed ends with the same log — the same head hash — as one that
 * ran through. `npm run soak:recovery` runs 1,000 trials.
 */
describe('crash recovery', () => {
  it('sessions killed with SIGKILL and resumed end with the uninterrupted log', { timeout: 240_000 }, async () => {
    const { expected, results, failures } = await recoveryTrials({ hands: 30, seed: 11, trials: 30, killSeed: 5 });
    expect(results).toHaveLength(30);
    expect(results.reduce((sum, result) => sum + result.kills, 0)).toBeGreaterThanOrEqual(30);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
    expect(failures).toEqual([]);
  });
});
