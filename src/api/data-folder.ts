import { mkdirSync } from 'node:fs';
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

export function defaultDatabasePath(): string {
  return join(dataFolder(), 'table.db');
}
