import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReplay } from '../../src/cli/commands/replay.js';
import { cliIo, scratch } from './cli-io.js';

/** `felt replay ARGS…`: its exit code and what it wrote. */
async function replay(args: string[]): Promise<{ status: number; out: string; err: string }> {
  const io = cliIo();
  const status = await runReplay(args, io);
  return { status, ...io.written };
}

describe('felt replay: a file that gives no hand says why, on one line, exit 1', () => {
  it('says in words that a file does not exist or is a folder', async () => {
    const folder = scratch();
    const missing = join(folder, 'nothere.phh');
    expect(await replay([missing])).toEqual({ status: 1, out: `${missing}: no such file\n`, err: '' });
    const inside = join(folder, 'exp');
    mkdirSync(inside);
    expect(await replay([inside])).toEqual({ status: 1, out: `${inside}: is a folder: give the .phh or .phhs files in it\n`, err: '' });
    expect(await replay(['--json', missing])).toEqual({ status: 1, out: `${JSON.stringify({ file: missing, error: 'no such file' })}\n`, err: '' });
  });

  it('says that an empty file, or one of comments only, holds no hand', async () => {
    const folder = scratch();
    const empty = join(folder, 'empty.phh');
    writeFileSync(empty, '');
    const comments = join(folder, 'comments.phhs');
    writeFileSync(comments, '# nothing here yet\n\n');
    expect(await replay([empty, comments])).toEqual({
      status: 1,
      out: `${empty}: holds no hand (the file is empty, or only comments)\n${comments}: holds no hand (the file is empty, or only comments)\n`,
      err: '',
    });
  });

  it('shows a control character from the file escaped, so that every message is one line', async () => {
    const folder = scratch();
    const garbage = join(folder, 'garbage.phh');
    writeFileSync(garbage, 'this is not a hand history\n');
    expect(await replay([garbage])).toEqual({ status: 1, out: `${garbage}: line 1, column 6: expected '=' after the key, found 'i'\n`, err: '' });
    const word = join(folder, 'word.phh');
    writeFileSync(word, 'hello\nworld\n');
    expect(await replay([word])).toEqual({ status: 1, out: `${word}: line 1, column 6: expected '=' after the key, found '\\n'\n`, err: '' });
    // A string of the file's own, with a line break in it, quoted by the replay.
    const variant = join(folder, 'variant.phh');
    writeFileSync(variant, 'variant = "N\\nT"\n');
    const quoted = await replay([variant]);
    expect(quoted.status).toBe(1);
    expect(quoted.out).toBe(`${variant} #1: variant 'N\\nT' is not Texas hold'em (NT or FT)\n`);

    // A file name with a line break in it, escaped the same way.
    const named = join(folder, 'two\nlines.phh');
    expect(await replay([named])).toEqual({ status: 1, out: `${join(folder, 'two\\nlines.phh')}: no such file\n`, err: '' });
  });

  it('says what is wrong with arrays nested thousands deep, in the hand or in a field Felt reads, never "an error in Felt"', async () => {
    const folder = scratch();
    const deep = join(folder, 'deep.phh');
    writeFileSync(deep, `variant = 'NT'\nblinds_or_straddles = ${'['.repeat(5000)}${']'.repeat(5000)}\n`);
    expect(await replay([deep])).toEqual({ status: 1, out: `${deep}: line 2, column 87: arrays or inline tables nested more than 64 deep: a hand history nests one array deep\n`, err: '' });
    // As deep as the reader takes, in a field the replay walks: the hand's own line says why.
    const nested = join(folder, 'nested.phh');
    writeFileSync(nested, `variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = ${'['.repeat(64)}1${']'.repeat(64)}\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = []\n`);
    expect(await replay([nested])).toEqual({ status: 1, out: `${nested} #1: blinds_or_straddles[0] must be a number\n`, err: '' });
  });
});

