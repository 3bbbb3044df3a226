import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReplay } from '../../src/cli/commands/replay.js';
import { NO_LIMIT_5_10 } from '../../src/engine/hand/config.js';
import { exportPhh } from '../../src/phh/export.js';
import { replayPhh } from '../../src/phh/replay.js';
import { parseTomlTables } from '../../src/phh/toml.js';
import { HandDriver } from '../support/hand-driver.js';
import { cliIo, scratch } from '../cli/cli-io.js';

/** A hand in the dataset's form (the online files' fields, p1 the small blind, the button last). */
function hand(fields: Record<string, string>): string {
  const base: Record<string, string> = {
    variant: "'NT'",
    ante_trimming_status: 'false',
    antes: '[0, 0, 0]',
    blinds_or_straddles: '[5, 10, 0]',
    min_bet: '10',
    starting_stacks: '[1000, 1000, 1000]',
  };
  return Object.entries({ ...base, ...fields })
    .map(([key, value]) => `${key} = ${value}`)
    .join('\n');
}

function replayText(text: string) {
  const [table] = parseTomlTables(text);
  return replayPhh(table as NonNullable<typeof table>);
}

const actions = (list: readonly string[]): string => `[${list.map((action) => `'${action}'`).join(', ')}]`;
const checkedDown = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'd db Jc', 'p1 cc', 'p2 cc', 'd db 3s', 'p1 cc', 'p2 cc'];

describe('a foreign file under its own house’s rules: replayed as recorded, with a note (D55)', () => {
  it('a player shows first and the one Felt has show first mucks: the shower wins', () => {
    // Nobody bet on the river: Felt has p1 (first left of the button) show first; the record has p2 show, then p1 muck.
    const result = replayText(hand({ actions: actions([...checkedDown, 'p2 sm AsAh', 'p1 sm']), winnings: '[0, 20, 0]' }));
    expect(result).toMatchObject({ error: null, matchesRecorded: true, pots: [{ amount: '20', winners: ['p2'] }] });
    expect(result.notes).toEqual(["p1 mucked and p2 showed, where Felt's rules have p1 show first (E10: the last to bet or raise on the last round, else the first left of the button)"]);
    // The river's bettor mucks after the caller shows: the same.
    const river = [...checkedDown.slice(0, -2), 'p1 cbr 20', 'p2 cc', 'p2 sm KdKh', 'p1 sm ????'];
    expect(replayText(hand({ actions: actions(river), finishing_stacks: '[970, 1030, 1000]' }))).toMatchObject({ error: null, matchesRecorded: true, notes: [expect.stringMatching(/^p1 mucked and p2 showed/)] });
  });

  it('a showdown in Felt’s own order, a muck after a show, is no house rule: no note', () => {
    const result = replayText(hand({ actions: actions([...checkedDown, 'p1 sm AsAh', 'p2 sm']), winnings: '[20, 0, 0]' }));
    expect(result).toMatchObject({ error: null, matchesRecorded: true, notes: [] });
  });

  it('a side pot only one player could win is theirs, though they mucked at the showdown', () => {
    // p3 all-in for 100; p1 and p2 build a side pot, p2 folds on the turn: only p1 can win it. At the
    // showdown p3 shows and p1 mucks: p3 takes the main pot, p1 the side pot nobody contests.
    const sidePot = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 100', 'p1 cbr 300', 'p2 cc', 'd db 2c7d9h', 'p1 cbr 200', 'p2 cc', 'd db Jc', 'p1 cbr 100', 'p2 f', 'd db 3s', 'p3 sm AsAh', 'p1 sm'];
    const result = replayText(hand({ starting_stacks: '[1000, 1000, 100]', actions: actions(sidePot), finishing_stacks: '[1300, 500, 300]' }));
    expect(result).toMatchObject({ error: null, matchesRecorded: true });
    expect(result.pots).toEqual([expect.objectContaining({ amount: '300', winners: ['p3'] }), expect.objectContaining({ amount: '800', winners: ['p1'] })]);
  });

  it('a side pot every player of which mucked cannot be settled, and says so', () => {
    const allIn = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 100', 'p1 cbr 1000', 'p2 cc', 'd db 2c7d9h', 'd db Jc', 'd db 3s', 'p3 sm AsAh', 'p1 sm', 'p2 sm'];
    const result = replayText(hand({ starting_stacks: '[1000, 1000, 100]', actions: actions(allIn) }));
    expect(result.error).toBe("'p2 sm': every player in one of the pots mucked, and that pot cannot be settled");
  });
});

describe('a negative blind is a posted bet (PHH): a newcomer posting to come in', () => {
  it('is read as the post, live up to the big blind and dead beyond it; before, "\'-10\' is not an amount"', () => {
    const fields = { antes: '[0, 0, 0, 0]', blinds_or_straddles: '[5, 10, 0, -10]', starting_stacks: '[1000, 1000, 1000, 1000]' };
    // p4 (the button) posted 10 to come in: it is their bet, and they may check it.
    const checked = replayText(hand({ ...fields, actions: actions(['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 f', 'p4 cc', 'p1 f', 'p2 cbr 40', 'p4 f']), finishing_stacks: '[995, 1015, 1000, 990]' }));
    expect(checked).toMatchObject({ error: null, matchesRecorded: true, pots: [{ amount: '25', winners: ['p2'] }] });
    // A post of both blinds: 10 live, 5 dead in the pot.
    const both = replayText(hand({ ...fields, blinds_or_straddles: '[5, 10, 0, -15]', actions: actions(['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 f', 'p4 cbr 30', 'p1 f', 'p2 f']), winnings: '[0, 0, 0, 30]' }));
    // The blinds 15, p4's 10 live (their raise's uncalled 20 back) and 5 dead.
    expect(both).toMatchObject({ error: null, matchesRecorded: true, pots: [{ amount: '30', winners: ['p4'] }], finishingStacks: ['995', '990', '1000', '1015'] });
  });

  it('refuses a post where a blind is due, and heads-up, with the reason', () => {
    expect(() => replayText(hand({ blinds_or_straddles: '[5, -10, 0]', actions: '[]' }))).toThrow('blinds_or_straddles[1] is a posted bet (negative) where the big blind is due');
    expect(() => replayText(hand({ antes: '[0, 0]', starting_stacks: '[100, 100]', blinds_or_straddles: '[-5, 10]', actions: '[]' }))).toThrow('blinds_or_straddles[0] is a posted bet (negative), heads-up, where both players post a blind');
  });

  it('felt export writes a newcomer’s post the same way, and the file replays to the same stacks with Felt’s fields or without', () => {
    const driver = new HandDriver({
      config: NO_LIMIT_5_10,
      players: [1, 2, 3, 4].map((seat) => ({ seat, stack: 1000 })),
      buttonSeat: 4,
      extraPosts: [{ seat: 3, live: 10, dead: 0 }],
    })
      .dealHoleCards(['AhAd', 'KhKd', 'QhQd', 'JhJd'])
      .actions('x f f b40 f');
    const text = exportPhh(driver.log);
    expect(text).toContain('blinds_or_straddles = [5, 10, -10, 0]');
    expect(replayText(text)).toMatchObject({ error: null, matchesRecorded: true });
    const foreign = text.split('\n').filter((line) => !line.startsWith('_')).join('\n');
    expect(foreign).not.toContain('_extra_posts');
    expect(replayText(foreign)).toMatchObject({ error: null, matchesRecorded: true, finishingStacks: replayText(text).finishingStacks });
  });
});

describe('a record that simply ends says so', () => {
  const started = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 30', 'p1 cc'];

  it('where it ends, and whether what it records is reached: the stacks as they stand, or a result the hand does not reach', () => {
    expect(replayText(hand({ actions: actions(started) }))).toMatchObject({ error: null, unfinished: 'the record ends with p2 to act before the flop', matchesRecorded: null, finishingStacks: null });
    expect(replayText(hand({ actions: actions(started), finishing_stacks: '[970, 990, 970]' }))).toMatchObject({ unfinished: 'the record ends with p2 to act before the flop', matchesRecorded: true });
    expect(replayText(hand({ actions: actions(started), finishing_stacks: '[970, 990, 1040]' }))).toMatchObject({ matchesRecorded: false });
    expect(replayText(hand({ actions: actions([...started, 'p2 f']) })).unfinished).toBe('the record ends before the flop is dealt');
    expect(replayText(hand({ actions: actions(['d dh p1 ????', 'd dh p2 ????']) })).unfinished).toBe('the record ends before every player is dealt two hole cards');
    expect(replayText(hand({ actions: actions([...checkedDown, 'p1 sm AsAh']) })).unfinished).toBe('the record ends with p2 to show or muck');
  });

  it('felt replay: words in the text, a field in the JSON, exit 1 only when the file records a result the hand does not reach', async () => {
    const folder = scratch();
    const open = join(folder, 'open.phh');
    writeFileSync(open, hand({ actions: actions(started) }));
    const text = cliIo();
    expect(await runReplay([open], text, null)).toBe(0);
    expect(text.written.out).toBe(`${open} #1: unfinished: the record ends with p2 to act before the flop; pots none; no recorded result to compare\n`);
    const json = cliIo();
    await runReplay(['--json', open], json, null);
    expect(JSON.parse(json.written.out)).toMatchObject({ finishingStacks: null, matchesRecorded: null, unfinished: 'the record ends with p2 to act before the flop' });
    const claims = join(folder, 'claims.phh');
    writeFileSync(claims, hand({ actions: actions(started), finishing_stacks: '[970, 990, 1040]' }));
    const claimed = cliIo();
    expect(await runReplay([claims], claimed, null)).toBe(1);
    expect(claimed.written.out).toContain('records a result the hand does not reach');
  });
});

describe('results after rake (handhq records winnings, not finishing stacks)', () => {
  const won = hand({ actions: actions(['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 30', 'p1 f', 'p2 cc', 'd db 2c7d9h', 'p2 cc', 'p3 cbr 30', 'p2 f']) });

  it('equal, or less by a rake of at most a tenth of the pots (the amount said); more, or another winner, differs', () => {
    expect(replayText(`${won}\nwinnings = [0, 0, 65]`)).toMatchObject({ matchesRecorded: true, rake: null });
    expect(replayText(`${won}\nwinnings = [0, 0, 62]`)).toMatchObject({ matchesRecorded: true, rake: '3' });
    expect(replayText(`${won}\nwinnings = [0, 0, 58]`)).toMatchObject({ matchesRecorded: true, rake: '7' });
    expect(replayText(`${won}\nwinnings = [0, 0, 57]`)).toMatchObject({ matchesRecorded: false, rake: null });
    expect(replayText(`${won}\nwinnings = [0, 0, 70]`)).toMatchObject({ matchesRecorded: false });
    expect(replayText(`${won}\nwinnings = [0, 65, 0]`)).toMatchObject({ matchesRecorded: false });
    expect(replayText(`${won}\nwinnings = [0, 0, 'x']`)).toMatchObject({ matchesRecorded: false });
  });
});

describe("a file's own chip unit (D55)", () => {
  it('is the finest its amounts and recorded results use; a result of a float’s endless third does not set it, and differs', () => {
    // Three hands alike split the pot; the record's stacks are a float's (12 places: units too large to count).
    const split = ['d dh p1 AsKd', 'd dh p2 AhKc', 'd dh p3 AdKh', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Jc', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 3s', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm AsKd', 'p2 sm AhKc', 'p3 sm AdKh'];
    const noisy = replayText(hand({ starting_stacks: '[10000, 10000, 10000]', actions: actions(split), finishing_stacks: '[10000.000000000002, 9999.999999999998, 10000.0]' }));
    expect(noisy).toMatchObject({ error: null, matchesRecorded: false, finishingStacks: ['10000', '10000', '10000'] });
    // A half chip in the record: the hand plays in tenths, and the record is reached.
    const halves = replayText(hand({ starting_stacks: '[10000, 10000, 10000]', actions: actions(split), finishing_stacks: '[10000.0, 10000, 10000]' }));
    expect(halves).toMatchObject({ error: null, matchesRecorded: true, finishingStacks: ['10000.0', '10000.0', '10000.0'] });
  });

  it('refuses amounts too fine to count exactly in whole chip units, naming the finest', () => {
    expect(() => replayText(hand({ starting_stacks: '[0.1234567890123456789, 100, 100]', actions: '[]' }))).toThrow("the hand's amounts, to the finest of them ('0.1234567890123456789', 19 decimal places), are too many chip units to count exactly");
  });
});

describe('docs/examples/foreign-hands.phhs', () => {
  it('replays as the README says: a posted bet, a house’s showdown after its rake, a record that ends; exit 0', async () => {
    const example = fileURLToPath(new URL('../../docs/examples/foreign-hands.phhs', import.meta.url));
    const io = cliIo();
    expect(await runReplay(['--json', example], io, null)).toBe(0);
    const lines = io.written.out.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map(({ matchesRecorded, rake, unfinished, notes }) => ({ matchesRecorded, rake, unfinished, notes: (notes as string[]).length }))).toEqual([
      { matchesRecorded: true, rake: null, unfinished: null, notes: 0 },
      { matchesRecorded: true, rake: 3, unfinished: null, notes: 1 },
      { matchesRecorded: null, rake: null, unfinished: 'the record ends with p2 to act on the flop', notes: 0 },
    ]);
  });
});
