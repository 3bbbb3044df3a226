/**
 * A tournament table's structure, as the floor writes it in a file for `felt start --tournament FILE`: the
 * starting stack, the blind levels and how long each lasts, the game and the seats. A tournament's structure
 * is fixed at its start (D31), so it is given once, when the table is made; every field is checked, and a
 * refusal names the file and the field.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { settleConfig } from '../engine/config.js';
import { RuleViolation } from '../engine/rule-violation.js';
import { CASINO_5_10, MAX_SEATS, settleTableConfig, type TableConfig } from '../engine/table-config.js';

/** The largest amount a file may name: far above any tournament's chips, and exact in a double. */
const MOST_CHIPS = 1_000_000_000;

const chips = z.number().int().min(0).max(MOST_CHIPS);

const level = z
  .object({
    smallBlind: chips,
    bigBlind: chips.min(1),
    ante: chips.default(0),
    bigBlindAnte: chips.default(0),
  })
  .strict();

const tournamentFile = z
  .object({
    game: z.enum(['no-limit', 'pot-limit']).default('no-limit'),
    startingStack: chips.min(1),
    levelEvery: z.union([z.object({ minutes: z.number().int().min(1).max(1440) }).strict(), z.object({ hands: z.number().int().min(1).max(10_000) }).strict()]),
    levels: z.array(level).min(1).max(200),
    seats: z.number().int().min(2).max(MAX_SEATS).default(10),
    maxPlayers: z.number().int().min(2).max(MAX_SEATS).optional(),
    chipUnit: z.number().int().min(1).max(MOST_CHIPS).default(1),
    button: z.enum(['dead', 'moving']).default('dead'),
  })
  .strict();

export type TournamentFile = z.input<typeof tournamentFile>;

/** A structure that cannot be played, or a file that cannot be read: the message names what. */
export class TournamentFileError extends Error {
  override readonly name = 'TournamentFileError';
}

/** The table a structure describes: a cash table's defaults with the tournament's chips, levels and seats. */
export function tournamentTable(value: unknown, where: string): TableConfig {
  const parsed = tournamentFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.map(String).join('.')}: `;
    throw new TournamentFileError(`${where}: ${field}${issue?.message ?? 'not a tournament structure'}`);
  }
  const file = parsed.data;
  // Every amount in whole chips of the smallest chip in play, named where it is not.
  const unit = file.chipUnit;
  const offUnit = (amount: number, field: string): void => {
    if (amount % unit !== 0) throw new TournamentFileError(`${where}: ${field} ${amount} is not a whole number of the chip unit ${unit}`);
  };
  offUnit(file.startingStack, 'startingStack');
  file.levels.forEach((level, index) => {
    for (const name of ['smallBlind', 'bigBlind', 'ante', 'bigBlindAnte'] as const) offUnit(level[name], `levels.${index}.${name}`);
  });
  const hand = { ...CASINO_5_10.hand, structure: { kind: file.game }, chipUnit: file.chipUnit, straddle: 0, rake: null };
  // Each level is the blinds of its hands: one that could not be played is named by its place.
  file.levels.forEach((level, index) => {
    try {
      settleConfig({ ...hand, ...level });
    } catch (error) {
      if (error instanceof RuleViolation) throw new TournamentFileError(`${where}: levels.${index}: ${error.message}`);
      throw error;
    }
  });
  const first = file.levels[0] as (typeof file.levels)[number];
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
    json = JSON.parse(text) as unknown;
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
    throw new TournamentFileError(`--tournament makes a new table, and ${dbPath} holds one already: give a new --db`);
  }
  return readTournamentFile(file);
}
