import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
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

export function defaultDatabasePath(): string {
  return join(dataFolder(), 'table.db');
}
