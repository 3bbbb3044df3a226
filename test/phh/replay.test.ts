import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PhhError, replayPhh } from '../../src/phh/replay.js';
import { parseTomlTables } from '../../src/phh/toml.js';
import { toUnits, fromUnits } from '../../src/phh/amounts.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/phh/${name}`, import.meta.url));
const felt = fileURLToPath(new URL('../../bin/felt', import.meta.url));

const replayText = (lines: readonly string[]) => {
  const [hand] = parseTomlTables(lines.join('\n'));
  return replayPhh(hand as NonNullable<typeof hand>);
};

describe('PHH replay of online histories (checked against real hand histories of the PHH dataset)', () => {
  const allIn = [
    "variant = 'NT'",
    'antes = [0, 0, 0]',
    'blinds_or_straddles = [5, 10, 0]',
    'min_bet = 10',
    'starting_stacks = [500, 300, 500]',
  ];

  it('skips placeholder shows (`sm ????`) that the same player\'s real show follows', () => {
    const result = replayText([
      ...allIn,
      "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 300', 'p2 cc', 'd db 2c7d9h', 'p1 sm ????', 'p2 sm ????', 'd db Jc', 'p2 sm ????', 'd db 3s', 'p1 sm AsAh', 'p2 sm KsKh']",
      'finishing_stacks = [800, 0, 500]',
    ]);
    expect(result).toMatchObject({ matchesRecorded: true, error: null, pots: [{ amount: '600', winners: ['p1'] }] });
  });

  it('says so when cards a hand needs were shown but not recorded', () => {
    const result = replayText([...allIn, "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 300', 'p2 cc', 'd db 2c7d9h', 'd db Jc', 'd db 3s', 'p1 sm AsAh', 'p2 sm ????']"]);
    expect(result.error).toBe("'p2 sm ????': the history does not record the cards shown, and this hand cannot be settled without them (A player is all-in: every hand is tabled)");
  });

  it('names a card dealt twice and a board action with too many cards as the file\'s faults, with the card', () => {
    const actions = (list: string[]): string => `actions = [${list.map((action) => `'${action}'`).join(', ')}]`;
    const dealt = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 f', 'p1 cbr 300', 'p2 cc'];
    expect(replayText([...allIn, actions(['d dh p1 AsAs', 'd dh p2 KsKh', 'd dh p3 QsQh'])]).error).toBe("'d dh p1 AsAs': As is dealt twice: a deck has one of each");
    expect(replayText([...allIn, actions([...dealt, 'd db 2c7dAs'])]).error).toBe("'d db 2c7dAs': As is dealt twice (also in 'd dh p1 AsAh'): a deck has one of each");
    expect(replayText([...allIn, actions([...dealt.slice(0, 4), 'p1 cbr 20', 'p2 cc', 'd db 2c3c4c5c6c7c'])]).error).toBe("'d db 2c3c4c5c6c7c': 6 board cards in one action, where 3 are due (the flop is three cards, the turn and the river one each; the rest of the board at once only when all-ins have closed the betting)");
    expect(replayText([...allIn, actions([...dealt, 'd db 2c7d9h', 'd db Jc', 'd db 3s', 'd db Qd'])]).error).toBe("'d db Qd': the board has its five cards already");
    expect(() => parseTomlTables('[1]\nvariant = "NT"\n[1]\nvariant = "NT"\n')).toThrow('line 3: the table [1] is given twice');
  });

  it('shows a hand dealt with known cards as dealt, and names a show of other cards', () => {
    const deal = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 f', 'p1 cbr 300', 'p2 cc', 'd db 2c7d9h', 'd db Jc', 'd db 3s'];
    const actions = (shows: string[]): string => `actions = [${[...deal, ...shows].map((action) => `'${action}'`).join(', ')}]`;
    expect(replayText([...allIn, actions(['p1 sm AhAs', 'p2 sm KsKh'])])).toMatchObject({ error: null, pots: [{ amount: '600', winners: ['p1'] }] });
    expect(replayText([...allIn, actions(['p1 sm AsAs'])]).error).toContain('A hand shows two different cards');
    expect(replayText([...allIn, actions(['p1 sm AsKd'])]).error).toContain('Seat 1 was dealt other cards');
  });

  it('reads a blinds list with only p1 posting as a big blind without a small blind', () => {
    const result = replayText([
      "variant = 'NT'",
      'antes = [0, 0, 0]',
      'blinds_or_straddles = [10, 0, 0]',
      'min_bet = 10',
      'starting_stacks = [500, 500, 500]',
      "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p2 f', 'p3 f']",
      'finishing_stacks = [500, 500, 500]',
    ]);
    // The big blind, uncalled, goes back: no pot.
    expect(result).toMatchObject({ matchesRecorded: true, error: null, pots: [] });
  });
});

describe('PHH replay', () => {
  it('replays decimal amounts exactly, shows written before the rest of the board, and `sm -`', () => {
    const [hand] = parseTomlTables(readFileSync(fixture('decimal-all-in.phh'), 'utf8'));
    const result = replayPhh(hand as NonNullable<typeof hand>);
    expect(result).toEqual({ finishingStacks: ['28.00', '49.50', '6.35'], pots: [{ amount: '28.00', winners: ['p1'] }], matchesRecorded: true, error: null });
  });

  it('converts amounts to chip units without floating point', () => {
    expect(toUnits('13.75', 2)).toBe(1375);
    expect(toUnits('0.1', 2)).toBe(10);
    expect(toUnits('200', 2)).toBe(20000);
    expect(fromUnits(5, 2)).toBe('0.05');
    expect(() => toUnits('1.234', 2)).toThrow('more than 2 decimal places');
    expect(() => toUnits('-5', 0)).toThrow('is not an amount');
  });

  it('keeps seat numbers as they are, and says the unit when a rule message speaks of decimal amounts', () => {
    const [hand] = parseTomlTables(
      [
        "variant = 'NT'",
        'antes = [0, 0, 0]',
        'blinds_or_straddles = [0.25, 0.50, 0]',
        'min_bet = 0.50',
        'starting_stacks = [20, 20, 20]',
        'seats = [2, 5, 7]',
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 0.75']",
      ].join('\n'),
    );
    const result = replayPhh(hand as NonNullable<typeof hand>);
    expect(result.error).toBe("'p3 cbr 0.75': Seat 7 cannot raise to 75: the minimum is 100 (amounts in units of 0.01)");
  });

  it('names what cannot be read', () => {
    expect(() => replayPhh({ variant: 'PO' })).toThrow(PhhError);
    expect(() => replayPhh({ variant: 'PO' })).toThrow("variant 'PO' is not Texas hold'em");
    expect(() => parseTomlTables('variant = "NT"\nantes = [0, 0\n')).toThrow("line 3: expected ',' or ']'");
    expect(() => parseTomlTables('a = 1\na = 2\n')).toThrow("line 2: 'a' is given twice");
    const twoStraddles = parseTomlTables(
      "variant = 'NT'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 4, 8]\nmin_bet = 2\nstarting_stacks = [100, 100, 100, 100]\nactions = []\n",
    )[0];
    expect(() => replayPhh(twoStraddles as NonNullable<typeof twoStraddles>)).toThrow('only one straddle (p3) is supported');
    const badJson = parseTomlTables(
      "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = []\n_betting_structure = '{'\n",
    )[0];
    expect(() => replayPhh(badJson as NonNullable<typeof badJson>)).toThrow("the field '_betting_structure' is not valid JSON");
  });

  it('felt replay: one line per hand; an illegal action names the action and the rule; exit 1 on a failure or mismatch', () => {
    const run = spawnSync(felt, ['replay', '--json', fixture('session.phhs')], { encoding: 'utf8' });
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      { file: fixture('session.phhs'), index: 0, finishingStacks: [1010, 990], pots: [{ amount: 20, winners: ['p1'] }], matchesRecorded: true },
      { file: fixture('session.phhs'), index: 1, finishingStacks: null, pots: [], matchesRecorded: null, error: "'p3 cbr 15': Seat 3 cannot raise to 15: the minimum is 20" },
      { file: fixture('session.phhs'), index: 2, finishingStacks: [995, 1005, 1000], pots: [{ amount: 10, winners: ['p2'] }], matchesRecorded: false },
    ]);
    expect(run.status).toBe(1);
    const good = spawnSync(felt, ['replay', fixture('decimal-all-in.phh')], { encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('stacks 28.00 49.50 6.35; pots 28.00 to p1; matches the recorded stacks');
    const missing = spawnSync(felt, ['replay', 'no-such-file.phh'], { encoding: 'utf8' });
    expect(missing.stdout).toBe('no-such-file.phh: no such file\n');
    expect(missing.status).toBe(1);
  });
});
