import Database from 'better-sqlite3';

/** The lock is held by another process (or connection) beyond the wait. */
export class LockHeld extends Error {}

/**
 * An exclusive lock on a small SQLite database beside what it guards (`<file>.lock`). SQLite's locks are
 * the operating system's file locks, released when their process ends however it ends: a crash leaves no
 * lock behind, and a process number used again holds none.
 */
export class FileLock {
  private constructor(private readonly db: Database.Database) {}

  /**
   * Takes the lock at `path`, waiting up to `waitMs` for another holder to let go (`LockHeld` when it is
   * still held then). Hold it as long as needed, then `release` it.
   */
  static take(path: string, waitMs: number): FileLock {
    const db = new Database(path, { timeout: waitMs });
    try {
      db.exec('BEGIN EXCLUSIVE');
      return new FileLock(db);
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new LockHeld(`${path} is held`, { cause: error });
      throw error;
    }
  }

  release(): void {
    if (!this.db.open) return;
    this.db.exec('COMMIT');
    this.db.close();
  }
}

/** Runs `work` holding the lock at `path`; `busy` words the error when another holds it longer than `waitMs`. */
export function withFileLock<T>(path: string, waitMs: number, busy: (held: LockHeld) => Error, work: () => T): T {
  let lock: FileLock;
  try {
    lock = FileLock.take(path, waitMs);
  } catch (error) {
    if (error instanceof LockHeld) throw busy(error);
    throw error;
  }
  try {
    return work();
  } finally {
    lock.release();
  }
}
