import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportPhh } from '../../src/phh/export.js';
import { replayPhh } from '../../src/phh/replay.js';
import { parseTomlTables } from '../../src/phh/toml.js';
import { playRandomHand, STRUCTURES } from '../support/random-hand.js';
import { HandDriver } from '../support/hand-driver.js';

describe('PHH export → import round trip', () => {
  it('every random hand exported as PHH replays to the same finishing stacks and pots', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 2, max: 10 }),
        fc.constantFrom(...STRUCTURES),
        fc.constantFrom(0, 0, 5),
        fc.constantFrom(0, 0, 10),
        fc.boolean(),
        fc.constantFrom(null, { basisPoints: 500, cap: 30, noFlopNoDrop: true }),
        fc.boolean(),
        fc.boolean(),
        (seed, players, structure, ante, bigBlindAnte, unseenHoleCards, rake, tableBlinds, irregularities) => {
          const { state, log } = playRandomHand(seed, { players, structure, config: { ante, bigBlindAnte, rake }, unseenHoleCards, tableBlinds, irregularities });
          const [hand] = parseTomlTables(exportPhh(log));
          const result = replayPhh(hand as NonNullable<typeof hand>);
          expect(result.error).toBeNull();
          expect(result.matchesRecorded).toBe(true);
          const awarded = state.awards.reduce((sum, award) => sum + award.amount, 0);
          expect(result.pots.reduce((sum, pot) => sum + Number(pot.amount), 0)).toBe(awarded);
        },
      ),
      { numRuns: 400, seed: 3 },
    );
  });

  it('a stack short of its ante: exported as antes counted as stakes (ante_trimming_status), replayed to the same stacks', () => {
    // Seat 1 (3 chips) is all-in on its ante of 5 and wins: it takes 3 from each, the side pot is the others'.
    const hand = HandDriver.table([3, 1000, 1000], { button: 3, config: { ante: 5 } })
      .dealHoleCards(['AhAd', 'KhKd', '7c2d'])
      .actions('c x')
      .deal('? 2s 3s 4h')
      .actions('x x')
      .deal('? 9d')
      .actions('x x')
      .deal('? Jc')
      .actions('x x');
    while (hand.state.phase.kind === 'showdown') hand.do({ type: 'show' });
    expect(hand.state.awards.map(({ seat, amount }) => ({ seat, amount }))).toEqual([
      { seat: 1, amount: 9 },
      { seat: 2, amount: 24 },
    ]);
    const text = exportPhh(hand.log);
    expect(text).toContain('ante_trimming_status = true');
    const [table] = parseTomlTables(text);
    expect(replayPhh(table as NonNullable<typeof table>)).toMatchObject({ error: null, matchesRecorded: true });
  });

  it('writes players from left of the button, the button last, with seats and burns in extra fields', () => {
    const hand = HandDriver.table([1000, 1000, 1000], { button: 2 }).dealHoleCards(['AhAd', 'KhKd', 'QhQd']).actions('b30 f f');
    const text = exportPhh(hand.log);
    expect(text).toContain("variant = \"NT\"");
    expect(text).toContain('blinds_or_straddles = [5, 10, 0]');
    expect(text).toContain('starting_stacks = [1000, 1000, 1000]');
    expect(text).toContain('seats = [3, 1, 2]');
    expect(text).toContain('"d dh p1 QhQd"');
    expect(text).toContain('"p3 cbr 30"');
    expect(text).toContain('finishing_stacks = [995, 990, 1015]');
    expect(text).toContain('_button_seat = 2');
    expect(text).toContain('_burn_cards = ["??"]');
  });
});
