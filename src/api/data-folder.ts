import { chmodSync, closeSync, constants, fchmodSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where a table keeps its log by default: the user's data folder ($XDG_DATA_HOME, else
 * ~/.local/share), in `felt/`. Created on first use.
 */
export function dataFolder(): string {
  const base = process.env['XDG_DATA_HOME'] !== undefined && process.env['XDG_DATA_HOME'] !== '' ? process.env['XDG_DATA_HOME'] : join(homedir(), '.local', 'share');
  const folder = join(base, 'felt');
  // Only the table's own user reads it: the log holds hole cards while a hand is played.
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return folder;
}

/**
 * Every file this process makes from here on is its user's only (umask 077): a table's log holds hole cards
 * while a hand is played, and beside it are the staff's PIN hashes. Called by each command that makes a
 * table's files (start, sim, staff) and by the kiosk shell, before they make any.
 */
export function keepTableFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Writes a file with what a table holds (hands with their hole cards, reports with names and money) for its
 * owner only — also over a file that was there before, whose mode a umask would not change.
 */
export function writePrivateFile(path: string, data: string | Uint8Array): void {
  writeFileSync(path, data, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/**
 * Appends one line to a record of the table's user's only (created 0600, never through a link), on disk
 * when this returns: a record that could be lost in a power cut would record nothing.
 */
export function appendPrivateLine(path: string, line: string): void {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new Error(`${path} is a symbolic link: the table keeps its records only in a file of its own (remove the link)`, { cause: error });
    throw error;
  }
  try {
    // A record another user made (a table kept in a folder others may write to) could say anything.
    const stat = fstatSync(fd);
    if (!stat.isFile() || !ownedHere(stat.uid)) throw new Error(`${path} is not a file of the table's user: the table keeps its records only in a file of its own (remove it)`);
    fchmodSync(fd, 0o600);
    writeSync(fd, line.endsWith('\n') ? line : `${line}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a secret of the table's (its screen key, a made-up PIN) to a file of the table's user's only: never
 * through a symbolic link, and never into a file another user owns — a table kept in a folder others may
 * write to (`--db /tmp/table.db`) must not be made to write its secret where they choose, or read one they
 * planted.
 */
export function writeSecretFile(path: string, data: string): void {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new Error(`${path} is a symbolic link: the table writes its secrets only to a file of its own (remove the link)`, { cause: error });
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || !ownedHere(stat.uid)) throw new Error(`${path} is not a file of the table's user: the table writes its secrets only to a file of its own (remove it)`);
    // Emptied only once it is known to be the table's own.
    ftruncateSync(fd, 0);
    fchmodSync(fd, 0o600);
    writeSync(fd, data);
  } finally {
    closeSync(fd);
  }
}

/** Whether a file's owner is this process's user (where the system has users). */
export function ownedHere(uid: number): boolean {
  const own = process.getuid?.();
  return own === undefined || uid === own;
}

export function defaultDatabasePath(): string {
  return join(dataFolder(), 'table.db');
}

/** Where a table's first start leaves the PIN it made up when nobody is at a terminal to see it (D58). */
export function managerPinPath(dbPath: string): string {
  return `${dbPath}.manager-pin`;
}

/**
 * Shows the PIN a table's first start made up for its manager (staff number 1), once, where only a person
 * sees it (D58): on a terminal, in the line returned; otherwise — a service, whose output a system journal
 * keeps for anyone who may read the journal — in `<db>.manager-pin`, the table's user's only, and the line
 * names the file. A table in memory has no folder for the file: then the PIN is not shown at all.
 */
export function showNewPin(dbPath: string, pin: string, terminal: boolean): string {
  if (terminal) return `Manager's PIN (staff number 1), made up for this table and shown only now: ${pin} (set another with --floor-pin or FELT_FLOOR_PIN; add staff with felt staff)`;
  if (dbPath === ':memory:') return "Manager's PIN (staff number 1) made up for this table in memory, and not shown: the output is no terminal (give one with FELT_FLOOR_PIN)";
  const file = managerPinPath(dbPath);
  writeSecretFile(file, `The PIN of staff number 1, the manager of the table ${dbPath}, made up at its first start: ${pin}\nKeep it somewhere safe, then delete this file. Add staff and change PINs with felt staff.\n`);
  return `Manager's PIN (staff number 1), made up for this table: in ${file}, readable by the table's user only — keep it safe, then delete the file (add staff with felt staff)`;
}
