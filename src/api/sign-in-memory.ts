import type { SignInGate } from '../engine/table/table-operations.js';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

/** The two sign-ins a table counts apart (D60): the floor's (supervisors, managers) and the dealer's. */
export const SIGN_IN_GATES: readonly SignInGate[] = ['floor', 'dealer'];

/** What the floor gate counts of wrong sign-ins, per sign-in: kept beyond a restart, so that a restart lifts no lock-out. */
export type SignInCounts = Readonly<Record<SignInGate, GateCounts>>;

/** One sign-in's wrong tries and lock-outs. */
export type GateCounts = {
  /** Wrong PINs or badges since the last lock-out (or since they were forgotten). */
  readonly wrong: number;
  /** When the last wrong one came, ms since the epoch. */
  readonly lastWrong: number;
  /** Sign-in is refused until then. */
  readonly lockedUntil: number;
  /** Lock-outs so far: each one doubles the next. */
  readonly lockouts: number;
  /** Wrong tries of a manager's lift during the lock-out in force: a few at most, so it is no back door. */
  readonly liftTries: number;
};

export const NO_WRONG_SIGN_INS: GateCounts = { wrong: 0, lastWrong: 0, lockedUntil: 0, lockouts: 0, liftTries: 0 };

export type SignInMemory = {
  load(): SignInCounts | null;
  save(counts: SignInCounts): void;
};

/**
 * The counts in a file beside the table's database (`<table>.db.signin.json`, readable by its owner only),
 * written whole or not at all. A file that cannot be read as counts is taken as none: it holds no secret,
 * and anyone who could damage it could delete it.
 */
export function fileSignInMemory(path: string): SignInMemory {
  return {
    load() {
      if (!existsSync(path)) return null;
      try {
        return countsOf(JSON.parse(readFileSync(path, 'utf8')));
      } catch {
        return null;
      }
    },
    save(counts) {
      // Synced before the rename: a power cut (the restart this file is for) leaves the old counts or the
      // new ones, never an empty file.
      const next = `${path}.${process.pid}.new`;
      const file = openSync(next, 'w', 0o600);
      try {
        writeSync(file, `${JSON.stringify(counts)}\n`);
        fsyncSync(file);
      } finally {
        closeSync(file);
      }
      renameSync(next, path);
    },
  };
}

export function signInMemoryPath(dbPath: string): string {
  return `${dbPath}.signin.json`;
}

/**
 * The counts in a file: one per sign-in, or (written before D60) one for all of them, which becomes the
 * floor's and the dealer's alike — a lock-out in force stays in force for both.
 */
function countsOf(value: unknown): SignInCounts | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (!('floor' in record)) {
    const single = gateCountsOf(record);
    return single === null ? null : { floor: single, dealer: single };
  }
  const floor = gateCountsOf(record['floor']);
  const dealer = gateCountsOf(record['dealer']);
  return floor === null || dealer === null ? null : { floor, dealer };
}

function gateCountsOf(value: unknown): GateCounts | null {
  if (typeof value !== 'object' || value === null) return null;
  const { wrong, lastWrong, lockedUntil, lockouts, liftTries = 0 } = value as Record<string, unknown>;
  const counts = [wrong, lastWrong, lockedUntil, lockouts, liftTries];
  if (!counts.every((count) => typeof count === 'number' && Number.isSafeInteger(count) && count >= 0)) return null;
  return { wrong: wrong as number, lastWrong: lastWrong as number, lockedUntil: lockedUntil as number, lockouts: lockouts as number, liftTries: liftTries as number };
}
