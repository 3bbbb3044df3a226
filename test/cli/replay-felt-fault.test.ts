import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { runReplay } from '../../src/cli/commands/replay.js';
import type * as Replay from '../../src/phh/replay.js';
import { cliIo } from './cli-io.js';

// A fault of Felt's own while replaying one hand (here: made to happen at the second of each run's three hands).
vi.mock('../../src/phh/replay.js', async (original) => {
  const real = await original<typeof Replay>();
  let calls = 0;
  return {
    ...real,
    replayPhh: (...args: Parameters<typeof real.replayPhh>) => {
      calls++;
      if (calls % 3 === 2) throw new TypeError("Cannot read properties of undefined (reading 'min')");
      return real.replayPhh(...args);
    },
  };
});

const session = fileURLToPath(new URL('../fixtures/phh/session.phhs', import.meta.url));

describe('felt replay: a fault of its own in one hand', () => {
  it('is that hand’s line, said as Felt’s fault; the other hands still go on, and the exit code says it failed', async () => {
    const io = cliIo();
    const status = await runReplay([session], io);
    const lines = io.written.out.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(`${session} [2]: Felt could not replay this hand (an error in Felt, please report it): TypeError: Cannot read properties of undefined (reading 'min')`);
    expect(lines[2]).toMatch(/^.*session\.phhs \[3\]: stacks 995 1005 1000/);
    expect(status).toBe(1);
    // Where it happened, for whoever mends it: the stack, on the error stream.
    expect(io.written.err).toMatch(/^TypeError: Cannot read properties of undefined \(reading 'min'\)\n\s+at /);
  });

  it('in JSON, the hand’s line has the shape of every hand’s line, with the error', async () => {
    const io = cliIo();
    await runReplay(['--json', session], io);
    const second = JSON.parse(io.written.out.trim().split('\n')[1] as string) as Record<string, unknown>;
    expect(Object.keys(second)).toEqual(['file', 'index', 'table', 'finishingStacks', 'pots', 'matchesRecorded', 'rake', 'unfinished', 'notes', 'error']);
    expect(second).toMatchObject({ finishingStacks: null, pots: [], matchesRecorded: null, error: expect.stringMatching(/^Felt could not replay this hand \(an error in Felt/) });
  });
});
