import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTournamentFile, tournamentTable } from '../../src/api/tournament-file.js';

const example = fileURLToPath(new URL('../../docs/examples/tournament.json', import.meta.url));

describe('a tournament structure file', () => {
  it('the example in docs/examples is a table the engine plays: levels, stack, seats, no time or rake', () => {
    const config = readTournamentFile(example);
    expect(config.tournament?.levels).toHaveLength(10);
    expect(config.tournament?.levels[3]).toEqual({ smallBlind: 100, bigBlind: 200, ante: 0, bigBlindAnte: 200 });
    expect(config).toMatchObject({ seatCount: 10, maxPlayers: 10, button: 'dead', buyIn: { min: 10_000, max: 10_000 }, timeCollection: null });
    expect(config.hand).toMatchObject({ structure: { kind: 'no-limit' }, smallBlind: 25, bigBlind: 50, chipUnit: 25, straddle: 0, rake: null });
  });

  it('refuses what is not a structure, naming the field', () => {
    const refusal = (value: unknown): string => {
      try {
        tournamentTable(value, 'f.json');
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const base = { startingStack: 1500, levelEvery: { hands: 10 }, levels: [{ smallBlind: 10, bigBlind: 20 }] };
    expect(refusal(base)).toBe('accepted');
    expect(refusal({ ...base, game: 'fixed-limit' })).toMatch(/^f\.json: game: /);
    expect(refusal({ ...base, levelEvery: { minutes: 0 } })).toMatch(/^f\.json: levelEvery/);
    expect(refusal({ ...base, seats: 15 })).toMatch(/^f\.json: seats: /);
    expect(refusal({ ...base, maxPlayers: 11 })).toBe('f.json: maxPlayers must be 2 to the seat count, got 11');
    expect(refusal({ ...base, levels: [{ smallBlind: 10, bigBlind: 20.5 }] })).toBe('f.json: level 1 bigBlind: must be a whole number from 1 to 1,000,000,000');
    expect(refusal([])).toBe('f.json: must be an object of fields (startingStack, levels, levelEvery …)');
    // In words, every fault at once, each with its field.
    expect(refusal({ ...base, levelEvery: { minutes: '20' } })).toBe('f.json: levelEvery: must be { "minutes": N } (N from 1 to 1,440) or { "hands": N } (N from 1 to 10,000)');
    expect(refusal({ ...base, startingStack: 1500.5, seats: 0, levels: [{ smallBlind: 10, bigBlind: 20, bigBlindAnt: 20 }] })).toBe(
      "f.json: startingStack: must be a whole number from 1 to 1,000,000,000; level 1: no such field: 'bigBlindAnt'; seats: must be a whole number from 2 to 14",
    );
    expect(refusal({ levels: base.levels, levelEvery: base.levelEvery })).toBe('f.json: startingStack: missing');
    // Mistakes a structure does not make on purpose.
    expect(refusal({ ...base, levels: [{ smallBlind: 25, bigBlind: 50 }, { smallBlind: 10, bigBlind: 20 }] })).toBe('f.json: level 2: the blinds go down, from 25/50 to 10/20');
    expect(refusal({ ...base, startingStack: 10 })).toBe('f.json: startingStack 10 is less than the first big blind, 20');
  });

  it('reads a file saved with a byte-order mark, as some editors save JSON', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'felt-tournament-')), 'bom.json');
    writeFileSync(file, `\uFEFF${JSON.stringify({ startingStack: 1500, levelEvery: { hands: 10 }, levels: [{ smallBlind: 10, bigBlind: 20 }] })}`);
    expect(readTournamentFile(file).tournament?.startingStack).toBe(1500);
  });
});
