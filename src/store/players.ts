import type Database from 'better-sqlite3';
import { hash, randomBytes } from 'node:crypto';
import type { TableLogEntry } from '../engine/table/table-operations.js';
import type { TableState } from '../engine/table/table-state.js';
import { ERASED_PLAYER, erasedToken, NUMBERED, parseReference, type PlayerName, type PlayerNames, unnamedToken } from '../reports/player-names.js';

export { ERASED_PLAYER, NUMBERED, parseReference, type PlayerName, type PlayerNames };

/**
 * Players' names beside the log, never in it (D102). A guest may ask the casino to erase their data (GDPR
 * art. 17), and the log's rows can never change: so the rows, the commands kept with them, the snapshots and
 * the report facts name a player by a reference, `player:ID:DIGEST` — the player's number at this table and
 * the SHA-256 of a random salt and the name — and the name and salt lie in the `player` table beside the
 * log, where a manager's erasure removes them (a chained `player-erased` row says that it happened, by whom
 * and when). The digest binds the row to the name: a name changed in the side table shows at verify; an
 * erased one cannot be guessed back from it without the salt, which goes with the name.
 *
 * A player is a name at this table: the same name seated again is the same player (the table cannot tell two
 * guests of one name apart either: it takes a returning "Hans" as the Hans who left), until erased; a name
 * seated after its erasure is a new player.
 */

export const PLAYERS_SQL = `
  -- Players' names beside the log, never in it (D102): the rows name a player 'player:ID:DIGEST', DIGEST
  -- the SHA-256 of the salt and the name; an erasure removes name and salt and appends a 'player-erased' row.
  CREATE TABLE player (
    id         INTEGER PRIMARY KEY,
    name       TEXT,              -- as the table keeps it; null once erased
    salt       BLOB,              -- 16 random bytes; null once erased
    first_row  INTEGER NOT NULL,  -- the row that named the player first
    erased_row INTEGER,           -- the 'player-erased' row, once erased
    erased_at  INTEGER,
    erased_by  TEXT,
    CHECK ((name IS NULL) = (salt IS NULL) AND (name IS NULL) = (erased_row IS NOT NULL))
  ) STRICT;
  CREATE INDEX player_name ON player (name) WHERE name IS NOT NULL;
  -- From which row the log names players by reference: row 1 for a table this Felt began; no row for one an
  -- earlier Felt began, whose rows hold names (D103).
  -- unnamed_up_to: the players (1 … it) the log names with no name kept here — a log restored from the
  -- floor's copy, which holds no names (D99, D104); 0 for a table that wrote its own rows. New players are
  -- numbered after them.
  CREATE TABLE player_references (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    from_row      INTEGER NOT NULL,
    unnamed_up_to INTEGER NOT NULL DEFAULT 0
  ) STRICT;
`;

/** The migration's step: a table with no row yet names its players by reference from its first row. */
export function startReferences(db: Database.Database): void {
  const rows = db.prepare('SELECT count(*) FROM (SELECT 1 FROM log LIMIT 1)').pluck().get() as number;
  if (rows === 0) db.prepare('INSERT INTO player_references (id, from_row) VALUES (1, 1)').run();
}

/** The digest a reference carries: SHA-256 over the salt and the name (UTF-8). */
export function nameDigest(salt: Uint8Array, name: string): string {
  return hash('sha256', Buffer.concat([salt, Buffer.from(name, 'utf8')]));
}

/** The entry with its player's name (a seat taken or left, a player out, the winner) mapped by `map`; other entries as they are. */
export function mapEntryName(entry: TableLogEntry, map: (name: string) => string): TableLogEntry {
  switch (entry.type) {
    case 'seated':
    case 'left':
    case 'eliminated':
    case 'tournament-won':
      return { ...entry, name: map(entry.name) };
    default:
      return entry;
  }
}

/** A command as sent, its player's name (a seat taken: `sit`) mapped by `map`, as the table keeps it (trimmed). */
export function mapCommandName(command: unknown, map: (name: string) => string): unknown {
  if (command === null || typeof command !== 'object' || Array.isArray(command)) return command;
  const sent = command as Record<string, unknown>;
  if (sent.type !== 'sit' || typeof sent.name !== 'string') return command;
  // The spaces around the name as sent stay (the command is kept as sent; the table takes the name trimmed).
  const { lead = '', name = '', trail = '' } = /^(?<lead>\s*)(?<name>.*?)(?<trail>\s*)$/su.exec(sent.name)?.groups ?? {};
  return { ...sent, name: `${lead}${map(name)}${trail}` };
}

/** The table with every player's name in it mapped by `map`: the seats, the departures, a tournament's places and winner. */
export function mapStateNames(state: TableState, map: (name: string) => string): TableState {
  const tournament = state.tournament;
  return {
    ...state,
    seats: state.seats.map((player) => (player === null ? null : { ...player, name: map(player.name) })),
    departures: state.departures.map((left) => ({ ...left, name: map(left.name) })),
    tournament: tournament === null ? null : { ...tournament, eliminated: tournament.eliminated.map((out) => ({ ...out, name: map(out.name) })), winner: tournament.winner === null ? null : map(tournament.winner) },
  };
}

/** A player as the side table keeps them. */
export type PlayerRow = { readonly id: number; readonly name: string | null; readonly salt: Uint8Array | null; readonly first_row: number; readonly erased_row: number | null; readonly erased_at: number | null; readonly erased_by: string | null };

/** Whether the database has the players' side table (a table an earlier Felt wrote and this one has not opened has none). */
export function hasPlayerTable(db: Database.Database): boolean {
  return (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'player'").pluck().get() as number) > 0;
}

/** The players (1 … it) the log names with no name kept (a log restored from the floor's copy: D99, D104); 0 for none. */
export function unnamedUpTo(db: Database.Database): number {
  if (!hasPlayerTable(db)) return 0;
  return (db.prepare('SELECT unnamed_up_to FROM player_references WHERE id = 1').pluck().get() as number | undefined) ?? 0;
}

/** The row from which the log names players by reference, or null: a table an earlier Felt began keeps writing names until they are moved (D103, D113). */
export function referencesFrom(db: Database.Database): number | null {
  if (!hasPlayerTable(db)) return null;
  return (db.prepare('SELECT from_row FROM player_references WHERE id = 1').pluck().get() as number | undefined) ?? null;
}

/**
 * The players' side table of one database: names to references as rows are written (in the append's
 * transaction), references to names as they are read. Names are cached: a player's name changes only by an
 * erasure, which `forget` follows.
 */
/** Where a new player's salt comes from: random (a table's), or from a simulation's seed (`simulatedSalts`). */
export type SaltSource = (player: number) => Uint8Array;

export const RANDOM_SALTS: SaltSource = () => randomBytes(16);

/**
 * A simulation's salts, from its seed and the player's number: a simulated session resumed after a kill ends
 * with the same log, hash for hash, as one run through (the recovery trials check that). Never for a real
 * table: a salt one can work out lets an erased name be guessed back from its digest.
 */
export function simulatedSalts(seed: number): SaltSource {
  return (player) => hash('sha256', `felt simulated salt ${seed}:${player}`, 'buffer').subarray(0, 16);
}

export class Players {
  private readonly references = new Map<string, string>();
  private readonly names = new Map<number, PlayerName>();
  /** Erased players' tokens (as the table holds them) to their references: an erasure is for good, so never forgotten. */
  private readonly erased = new Map<string, string>();
  /**
   * Players whose names this database never had (a log restored from the floor's copy, D99), as the table
   * holds them ("player 7" between isolate marks, which no typed name holds) to their references: the same
   * player when they leave, never a new one named "player 7".
   */
  private readonly unnamed = new Map<string, string>();
  /** The numbers of those players: referenced in the log, with no row in the side table (found as `resolve` reads them). */
  private readonly unknown = new Set<number>();
  private readonly present: boolean;

  constructor(
    private readonly db: Database.Database,
    private readonly salts: SaltSource = RANDOM_SALTS,
  ) {
    this.present = hasPlayerTable(db);
  }

  /**
   * The reference for a name at row `row`: the unerased player of that name, or a new one (call inside the
   * append's transaction). `inTable`: a name the table holds (a snapshot's), where an erased player stays as
   * their reference (`nameOf`) and is kept as it is — never a name typed at the table, which is always a name,
   * however much it looks like a reference.
   */
  referenceOf(name: string, row: number, inTable = false): string {
    const known = this.references.get(name) ?? this.unnamed.get(name);
    if (known !== undefined) return known;
    // An erased player in the table: their reference again, so the table's snapshots after an erasure are the
    // table its rows replay to.
    const erased = inTable ? this.erased.get(name) : undefined;
    if (erased !== undefined) return erased;
    const kept = this.db.prepare('SELECT id, salt FROM player WHERE name = ? ORDER BY id DESC LIMIT 1').get(name) as { id: number; salt: Uint8Array } | undefined;
    let id: number;
    let salt: Uint8Array;
    if (kept === undefined) {
      id = Math.max((this.db.prepare('SELECT max(id) FROM player').pluck().get() as number | null) ?? 0, unnamedUpTo(this.db)) + 1;
      salt = this.salts(id);
      this.db.prepare('INSERT INTO player (id, name, salt, first_row) VALUES (?, ?, ?, ?)').run(id, name, salt, row);
    } else {
      ({ id, salt } = kept);
    }
    const reference = `player:${id}:${nameDigest(salt, name)}`;
    this.references.set(name, reference);
    return reference;
  }

  /** A name as kept, read: a reference's player (erased, or "player 7" for a number the side table lacks), or an earlier Felt's name as it is. */
  readonly resolve: PlayerNames = (stored) => {
    const reference = parseReference(stored);
    if (reference === null) return NUMBERED(stored);
    const known = this.names.get(reference.player);
    if (known !== undefined) return known;
    const row = this.present ? (this.db.prepare('SELECT name FROM player WHERE id = ?').get(reference.player) as { name: string | null } | undefined) : undefined;
    if (row === undefined) this.unknown.add(reference.player);
    const resolved: PlayerName = row === undefined ? NUMBERED(stored) : row.name === null ? { name: ERASED_PLAYER.en, erased: true, player: reference.player } : { name: row.name, erased: false, player: reference.player };
    this.names.set(reference.player, resolved);
    return resolved;
  };

  /**
   * The name to put back where the log kept a reference, for the table (replayed, reopened) and a hand's
   * history: the player's name, or — erased — their token (`erasedToken`: "erased player 7"), which names no
   * one, is no name a croupier can type, and keeps two erased players apart. Reports print it in their words.
   */
  readonly nameOf = (stored: string): string => {
    const resolved = this.resolve(stored);
    if (!resolved.erased && resolved.player !== null && this.unknown.has(resolved.player) && parseReference(stored) !== null) {
      const token = unnamedToken(resolved.player);
      this.unnamed.set(token, stored);
      return token;
    }
    if (!resolved.erased || resolved.player === null) return resolved.name;
    const token = erasedToken(resolved.player);
    this.erased.set(token, stored);
    return token;
  };

  /** After an erasure: names and references read again. */
  forget(): void {
    this.references.clear();
    this.names.clear();
  }

  /** Every player, in order (`felt players list`). */
  all(): PlayerRow[] {
    return this.present ? (this.db.prepare('SELECT id, name, salt, first_row, erased_row, erased_at, erased_by FROM player ORDER BY id').all() as PlayerRow[]) : [];
  }

  /** One player by number, or undefined. */
  byId(id: number): PlayerRow | undefined {
    return this.present ? (this.db.prepare('SELECT id, name, salt, first_row, erased_row, erased_at, erased_by FROM player WHERE id = ?').get(id) as PlayerRow | undefined) : undefined;
  }
}

/** A log entry read back: its player's name resolved (an entry of another kind as it is). */
export function entryRead(entry: TableLogEntry, nameOf: (stored: string) => string): TableLogEntry {
  return mapEntryName(entry, nameOf);
}
