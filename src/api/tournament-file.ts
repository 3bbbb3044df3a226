/**
 * A tournament table's structure, as the floor writes it in a file for `felt start --tournament FILE`: the
 * starting stack, the blind levels and how long each lasts, the game and the seats. A tournament's structure
 * is fixed at its start (D31), so it is given once, when the table is made; every field is checked, and a
 * refusal names the file and the field.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { settleConfig } from '../engine/hand/config.js';
import { RuleViolation } from '../engine/rule-violation.js';
import { CASINO_5_10, MAX_SEATS, settleTableConfig, type TableConfig } from '../engine/table/table-config.js';

/** The largest amount a file may name: far above any tournament's chips, and exact in a double. */
const MOST_CHIPS = 1_000_000_000;

/** A whole number from `least` to `most`, refused in words a floor supervisor reads. */
function whole(least: number, most: number) {
  const range = `a whole number from ${least.toLocaleString('en')} to ${most.toLocaleString('en')}`;
  return z.number({ error: `must be ${range}` }).int({ error: `must be ${range}` }).min(least, { error: `must be ${range}` }).max(most, { error: `must be ${range}` });
}

const chips = whole(0, MOST_CHIPS);

const level = z
  .object({
    smallBlind: chips,
    bigBlind: whole(1, MOST_CHIPS),
    ante: chips.default(0),
    bigBlindAnte: chips.default(0),
  })
  .strict();

const LEVEL_EVERY = 'must be { "minutes": N } (N from 1 to 1,440) or { "hands": N } (N from 1 to 10,000)';

const tournamentFile = z
  .object({
    game: z.enum(['no-limit', 'pot-limit'], { error: "must be 'no-limit' or 'pot-limit'" }).default('no-limit'),
    startingStack: whole(1, MOST_CHIPS),
    levelEvery: z.union([z.object({ minutes: z.number().int().min(1).max(1440) }).strict(), z.object({ hands: z.number().int().min(1).max(10_000) }).strict()], { error: LEVEL_EVERY }),
    levels: z.array(level, { error: 'must be a list of levels' }).min(1, { error: 'must hold at least one level' }).max(200, { error: 'may hold at most 200 levels' }),
    seats: whole(2, MAX_SEATS).default(10),
    maxPlayers: whole(2, MAX_SEATS).optional(),
    chipUnit: whole(1, MOST_CHIPS).default(1),
    button: z.enum(['dead', 'moving'], { error: "must be 'dead' or 'moving'" }).default('dead'),
  })
  .strict();

/** A structure that cannot be played, or a file that cannot be read: the message names what. */
export class TournamentFileError extends Error {
  override readonly name = 'TournamentFileError';
}

/** The table a structure describes: a cash table's defaults with the tournament's chips, levels and seats. */
export function tournamentTable(value: unknown, where: string): TableConfig {
  const parsed = tournamentFile.safeParse(value);
  if (!parsed.success) {
    // Every fault at once (a few), each with its field: a file is mended in one go, not one typo a start.
    const faults = parsed.error.issues.slice(0, 5).map((issue) => {
      const field = fieldName(issue.path);
      if (issue.code === 'unrecognized_keys') return `${field === '' ? '' : `${field}: `}no such field: ${issue.keys.map((key) => `'${key}'`).join(', ')}`;
      if (field === '') return 'must be an object of fields (startingStack, levels, levelEvery …)';
      if (issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined) return `${field}: missing`;
      return `${field}: ${issue.message}`;
    });
    throw new TournamentFileError(`${where}: ${faults.join('; ')}`);
  }
  const file = parsed.data;
  // Every amount in whole chips of the smallest chip in play, named where it is not.
  const unit = file.chipUnit;
  const offUnit = (amount: number, field: string): void => {
    if (amount % unit !== 0) throw new TournamentFileError(`${where}: ${field} ${amount} is not a whole number of the chip unit ${unit}`);
  };
  offUnit(file.startingStack, 'startingStack');
  file.levels.forEach((level, index) => {
    for (const name of ['smallBlind', 'bigBlind', 'ante', 'bigBlindAnte'] as const) offUnit(level[name], `level ${index + 1} ${name}`);
  });
  const hand = { ...CASINO_5_10.hand, structure: { kind: file.game }, chipUnit: file.chipUnit, straddle: 0, rake: null };
  // Each level is the blinds of its hands: one that could not be played is named by its place.
  file.levels.forEach((level, index) => {
    try {
      settleConfig({ ...hand, ...level });
    } catch (error) {
      if (error instanceof RuleViolation) throw new TournamentFileError(`${where}: level ${index + 1}: ${error.message}`);
      throw error;
    }
  });
  // Blinds that go down, or a stack that cannot pay the first big blind, are mistakes in the file.
  file.levels.forEach((level, index) => {
    const before = file.levels[index - 1];
    if (before !== undefined && (level.bigBlind < before.bigBlind || level.smallBlind < before.smallBlind)) {
      throw new TournamentFileError(`${where}: level ${index + 1}: the blinds go down, from ${before.smallBlind}/${before.bigBlind} to ${level.smallBlind}/${level.bigBlind}`);
    }
  });
  const first = file.levels[0] as (typeof file.levels)[number];
  if (file.startingStack < first.bigBlind) throw new TournamentFileError(`${where}: startingStack ${file.startingStack} is less than the first big blind, ${first.bigBlind}`);
  const config: TableConfig = {
    ...CASINO_5_10,
    hand: { ...hand, ...first },
    seatCount: file.seats,
    maxPlayers: file.maxPlayers ?? file.seats,
    // Everyone sits down with the starting stack, and nobody buys more.
    buyIn: { min: file.startingStack, max: file.startingStack },
    button: file.button,
    timeCollection: null,
    tournament: { startingStack: file.startingStack, levels: file.levels, levelEvery: file.levelEvery },
  };
  try {
    return settleTableConfig(config);
  } catch (error) {
    if (error instanceof RuleViolation) throw new TournamentFileError(`${where}: ${error.message}`);
    throw error;
  }
}

/** A field as the floor counts it: the levels from 1 ("level 3 bigBlind"), other fields by their path. */
function fieldName(path: readonly PropertyKey[]): string {
  const [first, second, ...rest] = path.map(String);
  if (first === 'levels' && second !== undefined) return [`level ${Number(second) + 1}`, ...rest].join(' ');
  return path.map(String).join('.');
}

/** What a parsed file holds at a path (undefined for a field it does not have). */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** Reads and checks a structure file (JSON). */
export function readTournamentFile(path: string): TableConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TournamentFileError(`${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder' : `cannot be read (${code ?? 'unknown error'})`}`);
  }
  let json: unknown;
  try {
    // A byte-order mark, as some editors write first, is no part of the JSON.
    json = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text) as unknown;
  } catch (error) {
    throw new TournamentFileError(`${path}: not JSON (${(error as Error).message})`);
  }
  return tournamentTable(json, path);
}

/**
 * The table `--tournament FILE` makes at `dbPath`: only a new one. A table that exists keeps the setup it was
 * made with (a tournament's structure is fixed at its start, and a cash table does not become one, D31).
 */
export function newTournamentTable(file: string, dbPath: string): TableConfig {
  if (dbPath !== ':memory:' && existsSync(dbPath) && statSync(dbPath).size > 0) {
    throw new TournamentFileError(`--tournament makes a new table, and ${dbPath} holds one already: to go on with it, start it without --tournament; for a new tournament, give a new --db`);
  }
  return readTournamentFile(file);
}
