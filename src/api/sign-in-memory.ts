import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

/** What the floor gate counts of wrong sign-ins: kept beyond a restart, so that a restart lifts no lock-out. */
export type SignInCounts = {
  /** Wrong PINs or badges since the last lock-out (or since they were forgotten). */
  readonly wrong: number;
  /** When the last wrong one came, ms since the epoch. */
  readonly lastWrong: number;
  /** Sign-in is refused until then. */
  readonly lockedUntil: number;
  /** Lock-outs so far: each one doubles the next. */
  readonly lockouts: number;
};

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

function countsOf(value: unknown): SignInCounts | null {
  if (typeof value !== 'object' || value === null) return null;
  const { wrong, lastWrong, lockedUntil, lockouts } = value as Record<string, unknown>;
  const counts = [wrong, lastWrong, lockedUntil, lockouts];
  if (!counts.every((count) => typeof count === 'number' && Number.isSafeInteger(count) && count >= 0)) return null;
  return { wrong: wrong as number, lastWrong: lastWrong as number, lockedUntil: lockedUntil as number, lockouts: lockouts as number };
}
