import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import { replayTable } from '../../src/engine/table/table-reduce.js';
import type { TableState } from '../../src/engine/table/table-state.js';
import { simulateSession, type StructureName } from '../../src/sim/session.js';

/** Clockwise steps from seat `from` to seat `to` at a table of `count` seats. */
function steps(from: number, to: number, count: number): number {
  return (((to - from) % count) + count) % count;
}

/**
 * Long random sessions (players joining, leaving, sitting out, missing blinds, posting, topping up; time
 * collection; 2–11 players; every structure; both button rules): the table's invariants hold after every
 * command, and the log replays to the same table.
 */
describe('random table sessions', () => {
  it('conserve chips, move the button forward, never skip the big blind, and deal nobody in who owes without posting', () => {
    let handsChecked = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 2, max: 11 }),
        fc.constantFrom<StructureName>('nl', 'pl', 'fl', 'spread'),
        fc.constantFrom<'dead' | 'moving'>('dead', 'moving'),
        (seed, players, structure, button) => {
          const log: TableLogEntry[] = [];
          let before: TableState | null = null;
          type Positions = { button: number; bigBlind: number; dealtIn: readonly number[] };
          let last: Positions | null = null;
          let beforeLast: Positions | null = null;
          const { state, summary } = simulateSession({ hands: 60, seed, players, structure, button }, (entries, after) => {
            for (const entry of entries) {
              if (entry.type === 'hand-positions' && before !== null) {
                const table: TableState = before;
                const count = table.config.seatCount;
                // Nobody who owes blinds is dealt in without posting them (or taking the big blind) — unless
                // nobody dealt in was playing: then it is a new game, and owed blinds are waived.
                const newGame = entry.dealtIn.every((seat) => table.seats[seat - 1]?.status !== 'playing');
                for (const seat of newGame ? [] : entry.dealtIn) {
                  const player = table.seats[seat - 1];
                  if (player === null || player === undefined || seat === entry.bigBlind) continue;
                  const post = entry.extraPosts.find((candidate) => candidate.seat === seat);
                  if (player.owes.big) expect(post?.live, `seat ${seat} owes the big blind`).toBe(table.config.hand.bigBlind);
                  if (player.owes.small && seat !== entry.smallBlindPosition) expect(post?.dead, `seat ${seat} owes the small blind`).toBe(table.config.hand.smallBlind);
                }
                if (last !== null) {
                  // Under the moving button "there may be more than one big blind" (Robert's Rules 2a), but heads-up never twice in a row (TDA 34).
                  // A waiting player entering by the big blind may (a rebuy right after paying it).
                  const entering = table.seats[entry.bigBlind - 1]?.status === 'waiting';
                  if ((button === 'dead' || entry.dealtIn.length === 2) && !entering) expect(entry.bigBlind, 'nobody posts the big blind twice in a row').not.toBe(last.bigBlind);
                  if (button === 'dead') {
                    // The button never moves back past where the big blind was (heads-up it is the other player's, whatever came before).
                    if (entry.dealtIn.length > 2) expect(steps(last.button, entry.button, count)).toBeLessThanOrEqual(steps(last.button, last.bigBlind, count));
                    // With the same players dealt in, the big blind goes to the next of them: nobody escapes it.
                    const lastBigBlind = last.bigBlind;
                    if (entry.dealtIn.join() === last.dealtIn.join()) {
                      const order = [...entry.dealtIn].sort((a, b) => steps(lastBigBlind, a, count) - steps(lastBigBlind, b, count));
                      expect(entry.bigBlind).toBe(order.find((seat) => seat !== lastBigBlind));
                    }
                  }
                }
                beforeLast = last;
                last = { button: entry.button, bigBlind: entry.bigBlind, dealtIn: entry.dealtIn };
                handsChecked++;
              }
              if (entry.type === 'hand-voided') {
                // A void puts the positions back: the redeal follows the hand before it.
                last = beforeLast;
                handsChecked--;
              }
            }
            log.push(...entries);
            before = after;
            // Between hands every chip is in a seat: what came in, less what left and what the house took.
            if (after.hand === null || after.hand.phase.kind === 'complete') {
              const { buyIns, cashOuts, timeCollected, rake, adjustments } = after.totals;
              const seated = after.seats.reduce((sum, player) => sum + (player?.stack ?? 0), 0);
              expect(seated).toBe(buyIns - cashOuts - timeCollected - rake + adjustments);
            }
          });
          expect(summary.balanced).toBe(true);
          expect(summary.hands).toBe(60);
          expect(replayTable(log)).toEqual(state);
        },
      ),
      { numRuns: 60, seed: 5 },
    );
    expect(handsChecked).toBe(60 * 60);
  });

  it('tournaments keep every chip in play, place every player once, and end with one winner', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 2, max: 11 }), fc.constantFrom<StructureName>('nl', 'pl'), fc.constantFrom<'dead' | 'moving'>('dead', 'moving'), (seed, players, structure, button) => {
        const places: number[] = [];
        const { state, summary } = simulateSession({ hands: 10_000, seed, players, structure, button, mode: 'tournament' }, (entries, after) => {
          for (const entry of entries) if (entry.type === 'eliminated') places.push(entry.place);
          if (after.hand === null || after.hand.phase.kind === 'complete') {
            expect(after.seats.reduce((sum, player) => sum + (player?.stack ?? 0), 0)).toBe(after.totals.buyIns);
          }
        });
        expect(summary.winner).toBeDefined();
        // Every player but the winner placed once, from last place up; players out in the same hand with equal stacks tie.
        expect(places).toHaveLength(players - 1);
        expect(places.every((place, index) => place <= players - index && place >= 2 && (index === 0 || place <= (places[index - 1] as number)))).toBe(true);
        expect(state.seats.filter((player) => player !== null)).toHaveLength(1);
      }),
      { numRuns: 40, seed: 9 },
    );
  });

  it('the same seed gives the same session', () => {
    const options = { hands: 40, seed: 99, players: 6, structure: 'nl', button: 'dead' } as const;
    const first: TableLogEntry[] = [];
    const second: TableLogEntry[] = [];
    simulateSession(options, (entries) => first.push(...entries));
    simulateSession(options, (entries) => second.push(...entries));
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(first.length).toBeGreaterThan(1000);
  });

  it('stamps every floor and seat row with the session clock, which never goes back', () => {
    const log: TableLogEntry[] = [];
    simulateSession({ hands: 300, seed: 5, players: 6, structure: 'nl', button: 'dead' }, (entries) => log.push(...entries));
    const timed = ['seated', 'topped-up', 'left', 'hand-voided', 'step-undone', 'hand-positions'] as const;
    const rows = log.filter((entry) => (timed as readonly string[]).includes(entry.type));
    expect(new Set(rows.map((entry) => entry.type))).toEqual(new Set(timed));
    const times = rows.map((entry) => (entry as { at?: number }).at);
    expect(times.every((at) => typeof at === 'number')).toBe(true);
    expect(times.every((at, index) => index === 0 || (at as number) >= (times[index - 1] as number))).toBe(true);
  });
});
