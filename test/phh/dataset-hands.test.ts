import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayPhh, type ReplayResult } from '../../src/phh/replay.js';
import { parseHandTables } from '../../src/phh/toml.js';

const folder = fileURLToPath(new URL('../fixtures/phh/real/', import.meta.url));

/** Every hand of a fixture file, replayed, by its table's name (or `#1` for a `.phh` file). */
function replayed(file: string): Map<string, ReplayResult> {
  const hands = parseHandTables(readFileSync(`${folder}${file}`, 'utf8'));
  return new Map(hands.map(({ name, table }) => [name ?? '#1', replayPhh(table)]));
}

describe('real hands of the PHH dataset (test/fixtures/phh/README.md)', () => {
  it('every online hand replays, and every one with a recorded result matches it', () => {
    const files = readdirSync(folder).filter((file) => file.startsWith('handhq-'));
    let compared = 0;
    let count = 0;
    for (const file of files) {
      for (const [name, result] of replayed(file)) {
        count++;
        expect({ file, name, error: result.error, unfinished: result.unfinished, notes: result.notes }).toEqual({ file, name, error: null, unfinished: null, notes: [] });
        expect({ file, name, matches: result.matchesRecorded }).not.toEqual({ file, name, matches: false });
        if (result.matchesRecorded === true) compared++;
      }
    }
    expect({ count, compared }).toEqual({ count: 55, compared: 37 });
  });

  it('compares winnings after the room’s rake, saying how much was taken', () => {
    const abs = replayed('handhq-abs-100nl.phhs');
    expect(abs.get('3')).toMatchObject({ matchesRecorded: true, rake: '1.35', pots: [{ amount: '17.00', winners: ['p5'] }] });
    // No flop, no drop: the same pot without a rake.
    expect(abs.get('1')).toMatchObject({ matchesRecorded: true, rake: null, pots: [{ amount: '2.00', winners: ['p1'] }] });
    // A walk: the room counts the big blind's uncalled part, given back, as won (1.50).
    expect(abs.get('7')).toMatchObject({ matchesRecorded: true, rake: null, pots: [{ amount: '1.00', winners: ['p2'] }] });
    expect(replayed('handhq-ps-1000nl.phhs').get('150')).toMatchObject({ matchesRecorded: true, rake: '2.00', pots: [{ amount: '950.00', winners: ['p3'] }] });
    expect(replayed('handhq-abs-1000nl.phhs').get('337')).toMatchObject({ matchesRecorded: true, rake: '3.50' });
  });

  it("reads a table's name written as a multi-line literal string (an apostrophe in it): '''AMY'S AVE'''", () => {
    const hand = parseHandTables(readFileSync(`${folder}handhq-abs-100nl.phhs`, 'utf8')).find(({ name }) => name === '545');
    expect(hand?.table.table).toBe("AMY'S AVE");
  });

  it('winnings of zeros only, where a pot was won, record nothing and are not compared', () => {
    expect(replayed('handhq-ps-1000nl.phhs').get('132')).toMatchObject({ matchesRecorded: null, pots: [{ amount: '20.00', winners: ['p1'] }] });
  });

  it('Pluribus: a pot of an odd number of chips split in halves, as the file records them (its unit is the half chip’s decimal)', () => {
    expect(replayed('pluribus-102-0.phh').get('#1')).toEqual({
      finishingStacks: ['10112.5', '9775.0', '10000.0', '10000.0', '10112.5', '10000.0'],
      pots: [{ amount: '1349.0', winners: ['p1', 'p5'] }],
      matchesRecorded: true,
      rake: null,
      unfinished: null,
      notes: [],
      error: null,
    });
    expect(replayed('pluribus-100-0.phh').get('#1')).toMatchObject({ matchesRecorded: true, finishingStacks: ['10310', '9900', '10000', '9790', '10000', '10000'] });
  });

  it('a televised hand whose record leaves out a player’s action is stopped with the rule, naming whose turn it was', () => {
    expect(replayed('wsop-2019-42-3-00-01-07.phh').get('#1')?.error).toBe("'p1 cc': It is seat 8's turn, not seat 1's");
  });
});
