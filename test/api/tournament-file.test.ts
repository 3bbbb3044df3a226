import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
    expect(refusal({ ...base, levels: [{ smallBlind: 10, bigBlind: 20.5 }] })).toMatch(/^f\.json: levels\.0\.bigBlind: /);
    expect(refusal([])).toMatch(/^f\.json: /);
  });
});
