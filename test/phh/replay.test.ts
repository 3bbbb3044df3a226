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

  it('the loser of an all-in who mucks unseen: replayed as the house played it, with a note; no cards shown at all cannot be settled', () => {
    const deal = "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 300', 'p2 cc', 'd db 2c7d9h', 'd db Jc', 'd db 3s'";
    const result = replayText([...allIn, `actions = [${deal}, 'p1 sm AsAh', 'p2 sm ????']`, 'finishing_stacks = [800, 0, 500]']);
    expect(result).toMatchObject({ error: null, matchesRecorded: true, pots: [{ amount: '600', winners: ['p1'] }] });
    expect(result.notes).toEqual(["p2 mucked without showing at an all-in showdown, where Felt's rules table every hand (E10)"]);
    // The muck first in the record, the show after it: the same.
    expect(replayText([...allIn, `actions = [${deal}, 'p2 sm', 'p1 sm AsAh']`, 'finishing_stacks = [800, 0, 500]'])).toMatchObject({ error: null, matchesRecorded: true });
    expect(replayText([...allIn, `actions = [${deal}, 'p1 sm ????', 'p2 sm ????']`]).error).toBe("'p2 sm ????': no player at the showdown shows cards the history records, and the pot cannot be settled without them");
  });

  it('names a card dealt twice and a board action with too many cards as the file\'s faults, with the card', () => {
    const actions = (list: string[]): string => `actions = [${list.map((action) => `'${action}'`).join(', ')}]`;
    const dealt = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 f', 'p1 cbr 300', 'p2 cc'];
    expect(replayText([...allIn, actions(['d dh p1 AsAs', 'd dh p2 KsKh', 'd dh p3 QsQh'])]).error).toBe("'d dh p1 AsAs': As is dealt twice: a deck has one of each");
    expect(replayText([...allIn, actions([...dealt, 'd db 2c7dAs'])]).error).toBe("'d db 2c7dAs': As is dealt twice (also in 'd dh p1 AsAh'): a deck has one of each");
    expect(replayText([...allIn, actions([...dealt.slice(0, 4), 'p1 cbr 20', 'p2 cc', 'd db 2c3c4c5c6c7c'])]).error).toBe("'d db 2c3c4c5c6c7c': 6 board cards in one action, where 3 are due (the flop is three cards, the turn and the river one each; the rest of the board at once only when all-ins have closed the betting)");
    expect(replayText([...allIn, actions([...dealt, 'd db 2c7d9h', 'd db Jc', 'd db 3s', 'd db Qd'])]).error).toBe("'d db Qd': the board has its five cards already");
    expect(() => parseTomlTables('[1]\nvariant = "NT"\n[1]\nvariant = "NT"\n')).toThrow('line 3, column 1: the table [1] is given twice');
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
    expect(result).toEqual({ finishingStacks: ['28.00', '49.50', '6.35'], pots: [{ amount: '28.00', winners: ['p1'] }], matchesRecorded: true, rake: null, unfinished: null, notes: [], error: null });
  });

  it('converts amounts to chip units without floating point', () => {
    expect(toUnits('13.75', 2)).toBe(1375);
    expect(toUnits('0.1', 2)).toBe(10);
    expect(toUnits('200', 2)).toBe(20000);
    expect(fromUnits(5, 2)).toBe('0.05');
    expect(() => toUnits('1.234', 2)).toThrow('more than 2 decimal places');
    expect(() => toUnits('-5', 0)).toThrow('is not an amount');
  });

  it('keeps seat numbers as they are, and words a rule message’s amounts as the file writes them', () => {
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
    expect(result.error).toBe("'p3 cbr 0.75': Seat 7 cannot raise to 0.75: the minimum is 1.00 (p3 is seat 7)");
    // A short stack's refusal: every amount in the file's tenths, the seat as it is.
    const [short] = parseTomlTables(
      [
        "variant = 'NT'",
        'antes = [0, 0, 0]',
        'blinds_or_straddles = [0.5, 1, 0]',
        'min_bet = 1',
        'starting_stacks = [20, 20, 15.5]',
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cc', 'p1 cbr 9', 'p2 f', 'p3 cbr 15.4']",
      ].join('\n'),
    );
    expect(replayPhh(short as NonNullable<typeof short>).error).toBe("'p3 cbr 15.4': Seat 3 cannot raise: the stack is short of the least raise: all-in for 15.5 or call");
  });

  it('names what cannot be read', () => {
    expect(() => replayPhh({ variant: 'PO' })).toThrow(PhhError);
    expect(() => replayPhh({ variant: 'PO' })).toThrow("variant 'PO' is not Texas hold'em");
    expect(() => parseTomlTables('variant = "NT"\nantes = [0, 0\n')).toThrow("line 3, column 1: expected ',' or ']'");
    expect(() => parseTomlTables('a = 1\na = 2\n')).toThrow("line 2, column 1: 'a' is given twice");
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
      { file: fixture('session.phhs'), index: 0, table: '1', finishingStacks: [1010, 990], pots: [{ amount: 20, winners: ['p1'] }], matchesRecorded: true, rake: null, unfinished: null, notes: [] },
      { file: fixture('session.phhs'), index: 1, table: '2', finishingStacks: null, pots: [], matchesRecorded: null, rake: null, unfinished: null, notes: [], error: "'p3 cbr 15': Seat 3 cannot raise to 15: the minimum is 20" },
      { file: fixture('session.phhs'), index: 2, table: '3', finishingStacks: [995, 1005, 1000], pots: [{ amount: 10, winners: ['p2'] }], matchesRecorded: false, rake: null, unfinished: null, notes: [] },
    ]);
    expect(run.status).toBe(1);
    const good = spawnSync(felt, ['replay', fixture('decimal-all-in.phh')], { encoding: 'utf8' });
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('stacks 28.00 49.50 6.35; pots 28.00 to p1; matches the recorded result');
    const missing = spawnSync(felt, ['replay', 'no-such-file.phh'], { encoding: 'utf8' });
    expect(missing.stdout).toBe('no-such-file.phh: no such file\n');
    expect(missing.status).toBe(1);
  });
});

describe('PHH replay: a file is input, and every fault in it is named on its hand’s line', () => {
  const threeHanded = (...extra: string[]): string[] => [
    "variant = 'NT'",
    'antes = [0, 0, 0]',
    'blinds_or_straddles = [1, 2, 0]',
    'min_bet = 2',
    'starting_stacks = [100, 100, 100]',
    "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 f', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'd db Jc', 'p1 cc', 'p2 cc', 'd db 3s', 'p1 cc', 'p2 cc', 'p1 sm', 'p2 sm']",
    ...extra,
  ];
  const fault = (...extra: string[]): string => {
    try {
      replayText(threeHanded(...extra));
    } catch (error) {
      if (error instanceof PhhError) return error.message;
      throw error;
    }
    return 'accepted';
  };

  it("refuses Felt's own fields when they are not Felt's, naming the field and the part", () => {
    expect(fault("_betting_structure = 'null'")).toBe("the field '_betting_structure' is not Felt's: must be an object");
    expect(fault(`_betting_structure = '{"kind":"spread-limit"}'`)).toBe("the field '_betting_structure' is not Felt's: lower must be an object");
    expect(fault(`_betting_structure = '{"kind":"fixed-limit"}'`)).toBe("the field '_betting_structure' is not Felt's: kind must be 'no-limit', 'pot-limit' or 'spread-limit' (fixed limit is the variant FT)");
    expect(fault("_blinds = 'null'")).toBe("the field '_blinds' is not Felt's: must be an object");
    expect(fault(`_blinds = '{"smallBlindSeat":1,"bigBlindSeat":2,"bigBlind":0.001}'`)).toBe("the field '_blinds bigBlind': '0.001' has more than 0 decimal places, where the file's amounts have 0 decimal places");
    expect(fault(`_blinds = '{"smallBlindSeat":1,"bigBlindSeat":2}'`, `_extra_posts = '5'`)).toBe("the field '_extra_posts' is not Felt's: must be a list");
    expect(fault("_rake = '{}'")).toBe("the field '_rake' is not Felt's: basisPoints must be a whole number of at least 0");
    expect(fault(`_rake = '{"basisPoints":500,"cap":0.5,"noFlopNoDrop":true}'`)).toBe("the field '_rake cap': '0.5' has more than 0 decimal places, where the file's amounts have 0 decimal places");
    expect(fault("_blinds = '{'")).toBe("the field '_blinds' is not valid JSON");
  });

  it('takes hole cards two at once or one at a time, and refuses a third, and an action before every player has two', () => {
    const deal = (actions: string): string => replayText([...threeHanded().slice(0, 5), `actions = [${actions}]`]).error ?? 'no error';
    expect(deal("'d dh p1 As', 'd dh p2 KsKh', 'd dh p3 QsQh', 'd dh p1 Ah', 'p3 f', 'p1 f'")).toBe('no error');
    expect(replayText([...threeHanded().slice(0, 5), "actions = ['d dh p1 As', 'd dh p2 KsKh', 'd dh p3 QsQh', 'd dh p1 Ah', 'p3 f', 'p1 f']"]).finishingStacks).toEqual(['99', '101', '100']);
    expect(deal("'d dh p1 AsAhAd', 'd dh p2 KsKh', 'd dh p3 QsQh'")).toBe("'d dh p1 AsAhAd': a player is dealt two hole cards, and this makes 3 for p1");
    expect(deal("'d dh p1 AsAh', 'd dh p1 KsKh'")).toBe("'d dh p1 KsKh': a player is dealt two hole cards, and this makes 4 for p1");
    expect(deal("'d dh p1 As', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 f'")).toBe("'p3 f': comes before every player is dealt two hole cards (not yet: p1)");
    expect(deal("'d dh p1 AsXx'")).toBe("'d dh p1 AsXx': 'Xx' is not a card");
  });

  it('refuses what the file says that Felt does not play, saying what: another least bet, no big blind, untrimmed short antes, too few players', () => {
    const start = (lines: string[]): string => {
      try {
        replayText(lines);
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const hand = threeHanded();
    expect(start([...hand.slice(0, 3), 'min_bet = 4', ...hand.slice(4)])).toBe("min_bet 4 is not the big blind 2: Felt's least bet is the big blind");
    expect(start([hand[0] as string, 'antes = [1, 1, 1]', 'blinds_or_straddles = [0, 0, 0]', ...hand.slice(3)])).toBe("the hand has no big blind: Felt plays hold'em with blinds, not antes alone");
    const shortOfAnte = [hand[0] as string, 'antes = [2, 2, 2]', ...hand.slice(2, 4), 'starting_stacks = [100, 100, 1]', "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh']"];
    expect(start(shortOfAnte)).toMatch(/^p3's stack is short of the ante, and the file puts every ante in the main pot \(ante_trimming_status is not true, PHH's default\)/);
    expect(start([...shortOfAnte, 'ante_trimming_status = true'])).toBe('accepted');
    // Felt's own files from before they wrote the field (they have `_button_seat`) meant antes as stakes.
    expect(start([...shortOfAnte, '_button_seat = 3'])).toBe('accepted');
    expect(start([hand[0] as string, 'antes = [0]', 'blinds_or_straddles = [2]', 'starting_stacks = [100]', "actions = []"])).toBe('starting_stacks has 1 player: a hand has 2 to 14');
    expect(start([...hand, 'seats = [1, 2]'])).toBe('seats has 2 entries for 3 players');
  });

  it('a show of cards the history did not record (`????`) tables the cards dealt when the history has them', () => {
    const river = ['d dh p1 2c3d', 'd dh p2 KsKc', 'd dh p3 9d9h', 'p3 f', 'p1 cc', 'p2 cc', 'd db 7c5d4h', 'p1 cc', 'p2 cc', 'd db 5s', 'p1 cc', 'p2 cc', 'd db 8h', 'p1 cbr 10', 'p2 cc'];
    const hand = (shows: string[]): string[] => [...threeHanded().slice(0, 5), `actions = [${[...river, ...shows].map((action) => `'${action}'`).join(', ')}]`];
    // PHH's `sm ????` is a show whose cards the recorder did not see: the cards dealt are the ones shown.
    expect(replayText(hand(['p1 sm 2c3d', 'p2 sm ????']))).toMatchObject({ error: null, pots: [{ amount: '24', winners: ['p2'] }] });
    expect(replayText(hand(['p1 sm ????', 'p2 sm KsKc']))).toMatchObject({ error: null, pots: [{ amount: '24', winners: ['p2'] }] });
    // Cards dealt unread and shown unrecorded: a hand not tabled, which may be mucked after a show.
    const unread = [...threeHanded().slice(0, 5), `actions = [${[...river.map((action) => action.replace('d dh p2 KsKc', 'd dh p2 ????')), 'p1 sm 2c3d', 'p2 sm ????'].map((action) => `'${action}'`).join(', ')}]`];
    expect(replayText(unread)).toMatchObject({ error: null, pots: [{ amount: '24', winners: ['p1'] }] });
  });

  it('a show written before the rest of the board answers for its own faults, and a card shown that was dealt elsewhere is named', () => {
    const allIn = ['d dh p1 ????', 'd dh p2 AsKd', 'd dh p3 QsQh', 'p3 f', 'p1 cbr 100', 'p2 cc'];
    const hand = (actions: string[]): string[] => [...threeHanded().slice(0, 5), `actions = [${[...allIn, ...actions].map((action) => `'${action}'`).join(', ')}]`];
    expect(replayText(hand(['p1 sm AhAd', 'p2 sm AsKh', 'd db 2c7d9h', 'd db Jc', 'd db 3s'])).error).toBe("'p2 sm AsKh': Seat 2 was dealt other cards");
    expect(replayText(hand(['d db 2c7d9h', 'd db Jc', 'd db 3s', 'p1 sm Ah9h', 'p2 sm AsKd'])).error).toBe("'p1 sm Ah9h': 9h is dealt twice (also in 'd db 2c7d9h'): a deck has one of each");
  });

  it('a stack the history does not know (`inf`) covers every bet and stays unknown at the end', () => {
    const result = replayText([
      ...threeHanded().slice(0, 4),
      'starting_stacks = [inf, 100, inf]',
      "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 cbr 500', 'p1 cbr 2000', 'p2 f', 'p3 cc', 'd db 2c7d9h', 'p1 cc', 'p3 cc', 'd db Jc', 'p1 cc', 'p3 cc', 'd db 3s', 'p1 cc', 'p3 cc', 'p1 sm AsAh', 'p3 sm QsQh']",
      'finishing_stacks = [inf, 98, inf]',
    ]);
    expect(result).toMatchObject({ error: null, finishingStacks: ['inf', '98', 'inf'], pots: [{ amount: '4002', winners: ['p1'] }], matchesRecorded: true });
  });

  it('a fixed-limit file without Felt’s cap takes four raises besides the big blind, as pokerkit does, and five bets a round after the flop (the permissive reading, D15)', () => {
    const fixed = (actions: string[]): string | null =>
      replayText([
        "variant = 'FT'",
        'antes = [0, 0, 0]',
        'blinds_or_straddles = [1, 2, 0]',
        'small_bet = 2',
        'big_bet = 4',
        'starting_stacks = [100, 100, 100]',
        `actions = [${['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', ...actions].map((action) => `'${action}'`).join(', ')}]`,
      ]).error;
    const fourRaises = ['p3 cbr 4', 'p1 cbr 6', 'p2 cbr 8', 'p3 cbr 10'];
    expect(fixed([...fourRaises, 'p1 cc', 'p2 cc'])).toBeNull();
    expect(fixed([...fourRaises, 'p1 cbr 12'])).toBe("'p1 cbr 12': Seat 1 cannot raise: the betting is capped this round");
    const toFlop = [...fourRaises, 'p1 cc', 'p2 cc', 'd db 2c7d9h'];
    expect(fixed([...toFlop, 'p1 cbr 2', 'p2 cbr 4', 'p3 cbr 6', 'p1 cbr 8', 'p2 cbr 10', 'p3 cc', 'p1 cc'])).toBeNull();
    expect(fixed([...toFlop, 'p1 cbr 2', 'p2 cbr 4', 'p3 cbr 6', 'p1 cbr 8', 'p2 cbr 10', 'p3 cbr 12'])).toBe("'p3 cbr 12': Seat 3 cannot raise: the betting is capped this round");
  });
});
