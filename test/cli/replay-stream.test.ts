import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runReplay } from '../../src/cli/commands/replay.js';
import { cliIo, scratch } from './cli-io.js';

const session = readFileSync(fileURLToPath(new URL('../fixtures/phh/session.phhs', import.meta.url)), 'utf8');

async function replay(args: string[], progressEvery: number | null = null): Promise<{ status: number; out: string; err: string }> {
  const io = cliIo();
  const status = await runReplay(args, io, progressEvery);
  return { status, ...io.written };
}

/** A hand of the session fixture's first kind, as table `[n]`. */
function hand(n: number, note = ''): string {
  return `[${n}]\nvariant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10\nstarting_stacks = [1000, 1000]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\nfinishing_stacks = [1005, 995]\n${note}\n`;
}

describe('felt replay reads a file hand by hand (D54)', () => {
  it('replays the hands before the place a file stops being TOML, then says where and why; exit 1', async () => {
    const file = join(scratch(), 'broken.phhs');
    writeFileSync(file, `${hand(1)}${hand(2)}[3]\nvariant = NT\n${hand(4)}`);
    const run = await replay([file]);
    expect(run.out.split('\n')).toEqual([
      `${file} [1]: stacks 1005 995; pots 10 to p1; matches the recorded result`,
      `${file} [2]: stacks 1005 995; pots 10 to p1; matches the recorded result`,
      `${file}: line 20, column 11: 'NT' is not a TOML value: a value is a number, a string in quotes, true or false, a date or a time, an array or an inline table`,
      '',
    ]);
    expect(run.status).toBe(1);
  });

  it('a file cut off in the middle of a value says so with the line; one cut between lines ends its last hand short', async () => {
    const folder = scratch();
    const cut = join(folder, 'cut.phhs');
    writeFileSync(cut, session.slice(0, session.indexOf('"d dh p2', session.indexOf('[3]')) + 5));
    const run = await replay([cut]);
    expect(run.out.split('\n').slice(2)).toEqual([`${cut}: line 24, column 33: no end to a string: its closing " is missing on this line`, '']);
    const short = join(folder, 'short.phhs');
    writeFileSync(short, session.slice(0, session.indexOf('actions', session.indexOf('[3]'))));
    expect((await replay([short])).out.split('\n')[2]).toBe(`${short} [3]: the field 'actions' is missing or not an array`);
  });

  it('names the line, column and byte of a byte that is not UTF-8 (garbage is refused, never read as other text)', async () => {
    const file = join(scratch(), 'latin1.phhs');
    writeFileSync(file, Buffer.concat([Buffer.from(hand(1)), Buffer.from('[2]\nvariant = "N'), Buffer.from([0xc9]), Buffer.from('T"\n')]));
    const run = await replay(['--json', file]);
    const lines = run.out.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ table: '1', matchesRecorded: true });
    expect(lines[1]).toEqual({ file, error: `line 11, column 13: the byte at offset ${Buffer.byteLength(hand(1)) + 16} is not UTF-8 text (a hand history is TOML, which is UTF-8)` });
    expect(run.status).toBe(1);
  });

  it('reads a character split between two pieces of the file, and a byte-order mark only at its start', async () => {
    const folder = scratch();
    const file = join(folder, 'boundary.phhs');
    // The 'é' of the comment straddles the first piece's end (1 MiB).
    const head = `\uFEFF${hand(1)}# `;
    const padding = 'x'.repeat((1 << 20) - Buffer.byteLength(head) - 1);
    writeFileSync(file, `${head}${padding}é\n${hand(2)}`);
    const run = await replay([file]);
    expect(run.out.split('\n').map((line) => line.replace(file, 'F'))).toEqual(['F [1]: stacks 1005 995; pots 10 to p1; matches the recorded result', 'F [2]: stacks 1005 995; pots 10 to p1; matches the recorded result', '']);
    const inside = join(folder, 'inside.phh');
    writeFileSync(inside, 'variant = "NT"\n\uFEFFantes = [0, 0]\n');
    expect((await replay([inside])).out).toBe(`${inside}: line 2, column 1: expected a key, found '\uFEFF'\n`);
  });

  it('a line of 100 MB is refused once its first MiB is read, without reading the rest', async () => {
    const file = join(scratch(), 'long-line.phh');
    writeFileSync(file, `variant = "NT"\nplayers = ["${'x'.repeat(100_000_000)}"]\n`);
    const run = await replay([file]);
    expect(run).toEqual({ status: 1, out: `${file}: line 2, column 1: more than 1 MiB without the end of a line or a value: a hand history's lines are short (a hand is a few kilobytes)\n`, err: '' });
  });

  it('writes a progress line on standard error (when asked: a terminal), over itself, and clears it at the end', async () => {
    const file = join(scratch(), 'many.phhs');
    writeFileSync(file, Array.from({ length: 50 }, (_, index) => hand(index + 1)).join(''));
    const run = await replay([file], 0);
    expect(run.status).toBe(0);
    expect(run.out.split('\n')).toHaveLength(51);
    // eslint-disable-next-line no-control-regex -- the terminal's escape (clear the line) is what is looked for
    expect(run.err).toMatch(/^\r\u001b\[K.*many\.phhs: (\d+ % read, )?\d+ hands replayed \([\d,]+\/s\)/);
    expect(run.err.endsWith('\r\u001b[K')).toBe(true);
    expect(run.err).toContain('100 % read, 50 hands replayed');
  });
});

describe('felt replay keeps its output from piling up', () => {
  it('waits for standard output to take what was written every 256 hands (a slow pipe)', async () => {
    const file = join(scratch(), 'many-hands.phhs');
    writeFileSync(file, Array.from({ length: 600 }, (_, index) => hand(index + 1)).join(''));
    const io = cliIo();
    const seen: number[] = [];
    let lines = 0;
    const counting = { ...io, out: (text: string) => void (lines += text.split('\n').length - 1), drained: async () => void seen.push(lines) };
    expect(await runReplay([file], counting, null)).toBe(0);
    expect({ lines, seen }).toEqual({ lines: 600, seen: [256, 512] });
  });
});
