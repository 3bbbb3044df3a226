import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decimalPlaces, toUnits } from '../../src/phh/amounts.js';
import { PhhError, replayPhh, type ReplayResult } from '../../src/phh/replay.js';
import { parseHandTables, type TomlTable } from '../../src/phh/toml.js';

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

  it('a televised hand whose record leaves out a player’s action is stopped with the rule, naming whose turn it was', () => {
    expect(replayed('wsop-2019-42-3-00-01-07.phh').get('#1')?.error).toBe("'p1 cc': It is seat 8's turn, not seat 1's");
  });
});

/** A hand of a folder of `real/`: its file's number or name, its table, and its replay or the reason it was refused. */
type Played = { readonly hand: string; readonly table: TomlTable; readonly result: ReplayResult | null; readonly refused: string | null };

/** Every `.phh` file of a folder of `real/` (one hand each, copied verbatim: README.md), in the order of its numbers. */
function playedIn(dir: string): Played[] {
  return readdirSync(`${folder}${dir}`)
    .filter((file) => file.endsWith('.phh'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((file) => {
      const hands = parseHandTables(readFileSync(`${folder}${dir}/${file}`, 'utf8'));
      if (hands.length !== 1) throw new Error(`${dir}/${file} holds ${hands.length} hands, not one`);
      const table = (hands[0] as (typeof hands)[number]).table;
      const hand = file.replace(/\.phh$/, '');
      try {
        return { hand, table, result: replayPhh(table), refused: null };
      } catch (error) {
        if (error instanceof PhhError) return { hand, table, result: null, refused: error.message };
        throw error;
      }
    });
}

/** A list of amounts of a hand's table, as written. */
function amountsOf(table: TomlTable, key: string): string[] {
  const list = table[key];
  if (!Array.isArray(list)) throw new Error(`${key} is not a list`);
  return list.map((value: unknown) => (value as { readonly number: string }).number);
}

/** The sum of amounts written as decimals, exactly (in units of the smallest decimal place any of them uses). */
function total(amounts: readonly string[]): number {
  const scale = Math.max(0, ...amounts.map(decimalPlaces));
  return amounts.reduce((sum, amount) => sum + toUnits(amount, scale), 0);
}

describe('Pluribus hands (real/pluribus/: the sessions of Brown and Sandholm, 2019)', () => {
  const hands = playedIn('pluribus');
  const byName = new Map(hands.map((played) => [played.hand, played]));

  it('every hand replays to its end and reaches the finishing stacks it records, chip for chip', () => {
    let compared = 0;
    for (const { hand, result, refused } of hands) {
      expect({ hand, refused, error: result?.error, unfinished: result?.unfinished, notes: result?.notes }).toEqual({ hand, refused: null, error: null, unfinished: null, notes: [] });
      expect({ hand, matches: result?.matchesRecorded }).toEqual({ hand, matches: true });
      if (result?.matchesRecorded === true) compared++;
    }
    expect({ count: hands.length, compared }).toEqual({ count: 41, compared: 41 });
  });

  it('a pot of an odd number of chips split in halves, as the file records them (its unit is the half chip’s decimal)', () => {
    expect(byName.get('102-0')?.result).toEqual({
      finishingStacks: ['10112.5', '9775.0', '10000.0', '10000.0', '10112.5', '10000.0'],
      pots: [{ amount: '1349.0', winners: ['p1', 'p5'] }],
      matchesRecorded: true,
      rake: null,
      unfinished: null,
      notes: [],
      error: null,
    });
    expect(byName.get('100-0')?.result).toMatchObject({ matchesRecorded: true, finishingStacks: ['10310', '9900', '10000', '9790', '10000', '10000'] });
  });

  it('a stack called all in on the river moves whole to the winner: aces lose to a set of fives (100/61)', () => {
    expect(byName.get('100-61')?.result).toMatchObject({
      finishingStacks: ['8750', '9900', '10000', '10000', '0', '21350'],
      pots: [{ amount: '21350', winners: ['p6'] }],
      matchesRecorded: true,
    });
  });

  it('bets of odd sizes (277, 804, 1054, 2108) and a river bet not called (100/52)', () => {
    // The pot by hand: the small blind's 50, 225 each before the flop, 804 each on the flop, 1054 each on the
    // turn; the river bet of 2108, not called, goes back.
    expect(byName.get('100-52')?.result).toMatchObject({ finishingStacks: ['9950', '12133', '10000', '10000', '7917', '10000'], pots: [{ amount: '4216', winners: ['p2'] }], matchesRecorded: true });
  });
});

describe('televised hands of the 2023 WSOP Poker Players Championship (real/wsop-2023-43-5/)', () => {
  const hands = playedIn('wsop-2023-43-5');
  const byName = new Map(hands.map((played) => [played.hand, played]));
  const holdem = hands.filter(({ result }) => result !== null);

  it('every hold’em hand replays to its end; every other game of the mix is refused by name', () => {
    const games = new Map<string, number>();
    for (const { hand, table, result, refused } of hands) {
      const variant = String(table.variant);
      games.set(variant, (games.get(variant) ?? 0) + 1);
      if (variant === 'NT' || variant === 'FT') {
        expect({ hand, refused, error: result?.error, unfinished: result?.unfinished, notes: result?.notes }).toEqual({ hand, refused: null, error: null, unfinished: null, notes: [] });
        // The televised record writes no result: there is nothing in the hand itself to compare.
        expect({ hand, matches: result?.matchesRecorded }).toEqual({ hand, matches: null });
      } else {
        expect({ hand, refused }).toEqual({ hand, refused: `variant '${variant}' is not Texas hold'em (NT or FT)` });
      }
    }
    expect(Object.fromEntries(games)).toEqual({ NT: 11, F7S: 13, 'FO/8': 14, FR: 10, PO: 7, FT: 7, N2L1D: 7, 'F7S/8': 7, F2L3D: 7 });
    expect({ count: hands.length, replayed: holdem.length }).toEqual({ count: 83, replayed: 18 });
  });

  it('every replayed hand ends with as many chips as it began with (no rake at a tournament table)', () => {
    for (const { hand, table, result } of holdem) {
      expect({ hand, chips: total(result?.finishingStacks ?? []) }).toEqual({ hand, chips: total(amountsOf(table, 'starting_stacks')) });
    }
  });

  it('a hand’s final stacks are the next hand’s starting stacks, seat for seat once the button moves: 17 of 18 hands checked so', () => {
    // The record writes no result, but the next hand at the table starts where this one ended: its
    // starting stacks are these finishing stacks turned round the table (a busted player gone).
    const chained: string[] = [];
    const notChained: string[] = [];
    for (const { hand, result } of holdem) {
      const next = byName.get(String(Number(hand) + 1));
      if (next === undefined) continue;
      const ended = (result?.finishingStacks ?? []).filter((stack) => stack !== '0');
      const starts = amountsOf(next.table, 'starting_stacks');
      const turned = starts.some((_, shift) => [...starts.slice(shift), ...starts.slice(0, shift)].join() === ended.join());
      (turned ? chained : notChained).push(hand);
    }
    expect(chained).toEqual(['1', '3', '4', '34', '35', '36', '37', '38', '39', '40', '62', '63', '64', '65', '66', '67', '68']);
    // Between hands 2 and 3 the record's own stacks lose 5,000 chips (29,705,000 then 29,700,000): the
    // break is in the record, not the replay, which ends hand 2 with the chips it began with.
    expect(notChained).toEqual(['2']);
    expect(total(amountsOf((byName.get('2') as Played).table, 'starting_stacks')) - total(amountsOf((byName.get('3') as Played).table, 'starting_stacks'))).toBe(5_000);
  });

  it('an all-in shown before the board, the big blind’s ante in the pot: the short stack busts (68)', () => {
    expect(byName.get('68')?.result).toMatchObject({ finishingStacks: ['2200000', '0', '2675000', '3125000', '21700000'], pots: [{ amount: '7000000', winners: ['p5'] }] });
  });

  it('fixed limit: four bets of the small and big bet, the loser mucking at the showdown (35)', () => {
    expect(byName.get('35')?.result).toMatchObject({ finishingStacks: ['13725000', '7550000', '3150000', '3800000', '1475000'], pots: [{ amount: '3400000', winners: ['p1'] }] });
  });
});

describe('famous hands of pokerkit’s data (real/famous/)', () => {
  const hands = playedIn('famous');

  it('Dwan–Ivey 2009, the one hold’em hand, replays to the stacks Felt’s own copy of it records; the others are refused by name', () => {
    expect(hands.map(({ hand, refused }) => ({ hand, refused }))).toEqual([
      { hand: 'alice-carol-wikipedia', refused: "variant 'FB' is not Texas hold'em (NT or FT)" },
      { hand: 'antonius-blom-2009', refused: "variant 'PO' is not Texas hold'em (NT or FT)" },
      { hand: 'arieh-yockey-2019', refused: "variant 'F2L3D' is not Texas hold'em (NT or FT)" },
      { hand: 'dwan-ivey-2009', refused: null },
      { hand: 'phua-xuan-2019', refused: "variant 'NS' is not Texas hold'em (NT or FT)" },
    ]);
    // pokerkit's file writes no result; the stacks are those of ../fixtures/phh/dwan-ivey-2009.phh, which
    // records pokerkit's own tests' finishing stacks.
    expect(hands.find(({ hand }) => hand === 'dwan-ivey-2009')?.result).toMatchObject({
      finishingStacks: ['572100', '1997500', '1109500'],
      pots: [{ amount: '1109500', winners: ['p3'] }],
      matchesRecorded: null,
      unfinished: null,
      notes: [],
      error: null,
    });
  });
});
