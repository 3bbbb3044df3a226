import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSim } from '../../src/cli/commands/sim.js';
import { appendOnlyTriggers } from '../../src/store/migrations.js';
import { until } from '../support/until.js';
import { cliIo, scratch, simulatedTable } from './cli-io.js';

const felt = fileURLToPath(new URL('../../bin/felt', import.meta.url));
const run = (args: string[]): { status: number | null; stdout: string; stderr: string } => {
  const result = spawnSync(felt, args, { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('felt sim', () => {
  it('plays a session whose last line is JSON with integer totals that balance; the same seed prints the same bytes', () => {
    const first = run(['sim', '--hands', '300', '--seed', '11', '--players', '8', '--structure', 'pl']);
    expect(first.status).toBe(0);
    const last = first.stdout.trim().split('\n').at(-1) as string;
    const summary = JSON.parse(last) as { hands: number; buyIns: number; cashOuts: number; collected: { time: number; rake: number }; chipsOnTable: number };
    expect(summary.hands).toBe(300);
    for (const value of [summary.buyIns, summary.cashOuts, summary.collected.time, summary.collected.rake, summary.chipsOnTable]) expect(Number.isSafeInteger(value)).toBe(true);
    expect(summary.buyIns - summary.cashOuts - summary.collected.time - summary.collected.rake).toBe(summary.chipsOnTable);
    expect(summary.collected.time).toBeGreaterThan(0);
    expect(run(['sim', '--hands', '300', '--seed', '11', '--players', '8', '--structure', 'pl']).stdout).toBe(first.stdout);
    expect(run(['sim', '--hands', '300', '--seed', '12', '--players', '8', '--structure', 'pl']).stdout).not.toBe(first.stdout);
  });

  it('--phh writes every hand as PHH, and every one replays to its recorded stacks', () => {
    const directory = mkdtempSync(join(tmpdir(), 'felt-sim-'));
    const result = run(['sim', '--hands', '40', '--seed', '5', '--structure', 'fl', '--button', 'moving', '--json', '--phh', directory]);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const files = readdirSync(directory).map((name) => join(directory, name));
    expect(files).toHaveLength(40);
    const replayed = run(['replay', '--json', ...files]);
    expect(replayed.status).toBe(0);
    const lines = replayed.stdout.trim().split('\n').map((line) => JSON.parse(line) as { matchesRecorded: boolean });
    expect(lines.filter((line) => line.matchesRecorded)).toHaveLength(40);
  });

  it.each([
    [['sim', '--seed', '1'], '--hands is required'],
    [['sim', '--hands', '10'], '--seed is required'],
    [['sim', '--hands', 'ten', '--seed', '1'], "--hands must be a whole number 1–10000000, got 'ten'"],
    [['sim', '--hands', '10', '--seed', '1', '--players', '12'], "--players must be a whole number 2–11, got '12'"],
    [['sim', '--hands', '10', '--seed', '1', '--structure', 'stud'], "--structure must be nl, pl, fl or spread, got 'stud'"],
    [['sim', '--hands', '10', '--seed', '1', '--speed'], 'unknown option --speed'],
  ])('%j is refused: %s', (args, message) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe('felt sim --resume', () => {
  it('on a database another simulation made says so, and that --resume takes the same seed and options', async () => {
    const db = await simulatedTable(3, 9);
    const io = cliIo();
    expect(await runSim(['--hands', '3', '--seed', '10', '--db', db, '--resume'], io)).toBe(1);
    expect(io.written.err).toBe(`felt sim: ${db} was made by a different simulation (another --seed or other options, or another version of felt sim): --resume continues a session only with the --seed and options it was made with\n`);
  });
});

describe('felt sim --mode tournament', () => {
  it('plays to one winner, every chip still in play', () => {
    const result = run(['sim', '--hands', '5000', '--seed', '4', '--players', '7', '--mode', 'tournament', '--json']);
    expect(result.status).toBe(0);
    const summary = JSON.parse(result.stdout) as { winner: string; buyIns: number; chipsOnTable: number; players: number };
    expect(summary.winner).toMatch(/^Player \d+$/);
    expect(summary.chipsOnTable).toBe(summary.buyIns);
    expect(summary.players).toBe(1);
  });

  it('says what it played in its first line: the game at a tournament or at a cash table', async () => {
    const tournament = cliIo();
    expect(await runSim(['--hands', '2', '--seed', '1', '--mode', 'tournament', '--structure', 'pl'], tournament)).toBe(0);
    expect(tournament.written.out.split('\n')[0]).toBe('Simulated 2 hands of a pot-limit tournament (blinds up every 10 hands), 6 players to start, dead button, seed 1');
    const cash = cliIo();
    expect(await runSim(['--hands', '1', '--seed', '1'], cash)).toBe(0);
    expect(cash.written.out.split('\n')[0]).toBe('Simulated 1 hand of no-limit 5/10, 6 players to start, dead button, seed 1');
  });

  it('refuses a limit tournament', () => {
    const result = run(['sim', '--hands', '10', '--seed', '1', '--mode', 'tournament', '--structure', 'fl']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--mode tournament plays no limit or pot limit');
  });
});

describe('felt verify and felt export on a simulated table database', () => {
  it('verify passes a session and names a changed row; export writes hands that replay, and refuses a log that does not verify', async () => {
    const { default: Database } = await import('better-sqlite3');
    const directory = mkdtempSync(join(tmpdir(), 'felt-db-'));
    const db = join(directory, 'table.db');
    const session = run(['sim', '--hands', '20', '--seed', '9', '--db', db, '--json']);
    expect(session.status).toBe(0);
    const { logHash } = JSON.parse(session.stdout) as { logHash: string };
    const verified = run(['verify', '--db', db, '--expect-head', logHash]);
    expect(verified.status).toBe(0);
    expect(verified.stdout).toContain('20 hands replayed, every chip accounted for');
    const out = join(directory, 'hands');
    expect(run(['export', '--db', db, '--format', 'phh', '--out', out]).stdout).toContain('Wrote 20 hands');
    // Every hole card is in them: owner-only, as the table's own files are — also over files that were there.
    expect(readdirSync(out).map((name) => statSync(join(out, name)).mode & 0o777)).toEqual(readdirSync(out).map(() => 0o600));
    expect(statSync(out).mode & 0o777).toBe(0o700);
    const first = join(out, readdirSync(out)[0] as string);
    chmodSync(first, 0o644);
    expect(run(['export', '--db', db, '--format', 'phh', '--out', out]).stdout).toContain('Wrote 20 hands');
    expect(statSync(first).mode & 0o777).toBe(0o600);
    const report = join(directory, 'session.csv');
    writeFileSync(report, 'old\n', { mode: 0o644 });
    run(['report', '--db', db, '--kind', 'session', '--format', 'csv', '--out', report]);
    expect(statSync(report).mode & 0o777).toBe(0o600);
    const replayed = run(['replay', '--json', ...readdirSync(out).map((name) => join(out, name))]);
    expect(replayed.status).toBe(0);

    const raw = new Database(db);
    // Behind the trigger's back, and the trigger put back as it was.
    raw.exec(`DROP TRIGGER log_no_update; UPDATE log SET payload = payload || ' ' WHERE seq = 3; ${appendOnlyTriggers().get('log_no_update') ?? ''};`);
    raw.close();
    const bad = run(['verify', '--db', db]);
    expect(bad.status).toBe(1);
    // The chain's hash is kept where a command ends (D81): the finding names the command's first row.
    expect(bad.stdout).toMatch(/row (\d) is bad: (row 3 does not give the hash kept for it|rows \1–\d+ do not give the hash kept at their end) \(command '.*'\)/);
    const refused = run(['export', '--db', db, '--format', 'phh', '--out', join(directory, 'more')]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/does not verify \(row [1-3]:/);
  });
});

describe("felt sim's files", () => {
  it('are readable by their owner only: the log holds every hole card', async () => {
    process.umask(0o022);
    const db = join(scratch(), 'table.db');
    expect(await runSim(['--hands', '1', '--seed', '1', '--db', db, '--json'], cliIo())).toBe(0);
    for (const file of readdirSync(join(db, '..'))) expect(`${file} ${(statSync(join(db, '..', file)).mode & 0o777).toString(8)}`).toBe(`${file} 600`);
  });
});

describe('felt sim --hardware pty leaves nothing behind', () => {
  /** Runs `work` with the system's temporary folder at a new scratch folder, which it returns. */
  async function inScratchTmp(work: () => Promise<void>): Promise<string> {
    const folder = scratch();
    const kept = process.env['TMPDIR'];
    process.env['TMPDIR'] = folder;
    try {
      await work();
    } finally {
      if (kept === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = kept;
    }
    return folder;
  }

  it('removes its pseudo-terminals and its own log when the session ends; a log given with --db stays', async () => {
    const io = cliIo();
    const tmp = await inScratchTmp(async () => void expect(await runSim(['--hardware', 'pty', '--hands', '1', '--seed', '1', '--json'], io)).toBe(0));
    expect(readdirSync(tmp)).toEqual([]);
    expect(JSON.parse(io.written.out)).toMatchObject({ hands: 1, verified: true, db: null });
    const db = join(scratch(), 'kept.db');
    const kept = await inScratchTmp(async () => void expect(await runSim(['--hardware', 'pty', '--hands', '1', '--seed', '1', '--json', '--db', db], cliIo())).toBe(0));
    expect(readdirSync(kept)).toEqual([]);
    expect(statSync(db).isFile()).toBe(true);
  }, 60_000);

  it('removes them when it fails, and when it is stopped by Ctrl-C', async () => {
    const table = await simulatedTable(1);
    const failed = await inScratchTmp(() => expect(runSim(['--hardware', 'pty', '--hands', '1', '--seed', '1', '--db', table], cliIo())).rejects.toThrow('holds a table already'));
    expect(readdirSync(failed)).toEqual([]);
    const io = cliIo();
    const stopped = await inScratchTmp(async () => {
      const session = runSim(['--hardware', 'pty', '--hands', '50', '--seed', '1'], io);
      await until(() => io.written.out.includes('hand 1:'), 'the first hand', 20_000);
      process.emit('SIGINT', 'SIGINT');
      expect(await session).toBe(130);
    });
    expect(io.written.err).toBe('felt sim: stopped by SIGINT\n');
    expect(readdirSync(stopped)).toEqual([]);
  }, 60_000);
});
