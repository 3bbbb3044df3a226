import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The built CLI, run as a user runs it (`npm test` builds dist/ first). */
const felt = fileURLToPath(new URL('../../bin/felt', import.meta.url));
const run = (args: string[], input?: string): { status: number | null; stdout: string; stderr: string } => {
  const result = spawnSync(felt, args, { encoding: 'utf8', input });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('felt CLI', () => {
  it('--help lists the commands', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: felt <command>');
    expect(result.stdout).toMatch(/^\s+eval\s+Evaluate a poker hand/m);
  });

  it('an unknown command is named, exit 2', () => {
    const result = run(['deal']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("'deal' is not a command");
  });

  it('eval prints the hand for a person', () => {
    const output = execFileSync(felt, ['eval', 'Ah', 'Kh', 'Qh', 'Jh', 'Th', '2c', '3d'], { encoding: 'utf8' });
    expect(output).toContain('Royal flush  ·  Royal Flush');
    expect(output).toContain('plays:    A♥ K♥ Q♥ J♥ 10♥');
    expect(output).toContain('value:    7462 of 7462');
  });

  it('eval --json prints the JSON object', () => {
    const output = execFileSync(felt, ['eval', '--json', 'As', 'Ad', '3h', '3s', '2c'], { encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual({
      cards: ['As', 'Ad', '3h', '3s', '2c'],
      category: 'two-pair',
      value: expect.any(Number) as number,
      best: ['As', 'Ad', '3s', '3h', '2c'],
      words: { en: 'Two pair, aces and threes', de: 'Zwei Paare, Asse und Dreien' },
    });
  });

  it('eval names a bad card and exits non-zero', () => {
    const result = run(['eval', 'Ah', '1x', 'Qh', 'Jh', 'Th']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("felt eval: '1x' is not a card\n");
    expect(run(['eval']).stderr).toContain('give 5 to 7 cards');
    expect(run(['eval', '--fast', 'Ah']).stderr).toContain('unknown option --fast');
  });

  it('eval --stdin answers one JSON line per input line, errors on their own line, and goes on', () => {
    const input = ['Ah Kh Qh Jh Th 2c 3d', '1x 2c 3c 4c 5c', '', 'Ah Ah Kd Qc Jc', 'Qs Qh Qd Tc Td 2s', 'Ah Kh'].join('\n');
    const result = run(['eval', '--stdin'], `${input}\n`);
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatchObject({ category: 'royal-flush', value: 7462, best: ['Ah', 'Kh', 'Qh', 'Jh', 'Th'] });
    expect(lines[1]).toEqual({ error: "'1x' is not a card" });
    expect(lines[2]).toEqual({ error: 'empty line: no cards' });
    expect(lines[3]).toEqual({ error: 'Ah appears twice' });
    expect(lines[4]).toMatchObject({ category: 'full-house', words: { en: 'Full house, queens full of tens', de: 'Full House, Damen voll Zehnen' } });
    expect(lines[5]).toEqual({ error: 'a hand has 5 to 7 cards, got 2' });
    expect(result.status).toBe(1);
  });

  it('eval --stdin exits 0 when every line is a hand', () => {
    const result = run(['eval', '--stdin'], '2c 3d 4h 5s 7c\r\n');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ category: 'high-card', value: 1 });
  });
});
