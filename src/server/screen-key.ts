import { randomBytes } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { ownedHere, writeSecretFile } from '../api/data-folder.js';

/**
 * The table's screen key (D56): what a browser's screen shows the socket to be let in. One per table, kept
 * beside its database (`<db>.screen-key`, the table's user's only) and the same at every start, so a screen
 * that was let in comes back by itself after a restart; a new key — the file deleted while the table is
 * stopped — shuts every screen out that had the old one.
 */
export class ScreenKeyError extends Error {
  override readonly name = 'ScreenKeyError';
}

/** 32 random bytes, as base64url: the form the page and the socket pass on unescaped. */
const KEY = /^[A-Za-z0-9_-]{32,256}$/;

export function newScreenKey(): string {
  return randomBytes(32).toString('base64url');
}

export function screenKeyPath(dbPath: string): string {
  return `${dbPath}.screen-key`;
}

/** The page that opens the screen with its key (for a kiosk's browser, or a person at the table's machine). */
export function screenLauncherPath(dbPath: string): string {
  return `${dbPath}.screen.html`;
}

/**
 * The table's key: read from its file, or made and written there (`made`) when there is none. Only called
 * while the table's writer lock is held, so two starts never make two keys. A table in memory gets a new
 * key at every start, kept nowhere.
 */
export function tableScreenKey(dbPath: string): { readonly key: string; readonly made: boolean } {
  if (dbPath === ':memory:') return { key: newScreenKey(), made: true };
  const file = screenKeyPath(dbPath);
  if (lstatSync(file, { throwIfNoEntry: false }) === undefined) {
    const key = newScreenKey();
    writeSecretFile(file, `${key}\n`);
    return { key, made: true };
  }
  const stat = lstatSync(file);
  // A key someone else put there would be theirs: they could drive the table with it.
  if (!stat.isFile() || !ownedHere(stat.uid)) throw new ScreenKeyError(`${file} is not a file of the table's user: delete it while the table is stopped, and the next start makes a new key`);
  if ((stat.mode & 0o007) !== 0) {
    throw new ScreenKeyError(`${file} can be read by every user of this machine, and it lets a screen drive the table: chmod 600 ${file} (or delete it while the table is stopped: the next start makes a new key, and each screen is opened again)`);
  }
  const key = readFileSync(file, 'utf8').trim();
  if (!KEY.test(key)) throw new ScreenKeyError(`${file} holds no screen key (32 to 256 letters, digits, '-' or '_'): delete it, and the next start makes a new one`);
  return { key, made: false };
}

/** The screen's address with its key, in the part of an address a browser never sends (`#key=…`). */
export function screenAddress(base: string, key: string): string {
  return `${base}#key=${key}`;
}

/**
 * Writes the launcher: a page of the table's user's only that sends the browser on to the screen's
 * address with the key. A kiosk's browser is started on the file's name (`chromium --kiosk
 * file:///var/lib/felt/table.db.screen.html`): the process list shows the name, never the key. Written at
 * every start, since the address (the port) may change. No script: a refresh and a link.
 */
export function writeScreenLauncher(dbPath: string, address: string): string {
  const file = screenLauncherPath(dbPath);
  const href = escapeHtml(address);
  writeSecretFile(
    file,
    [
      '<!doctype html>',
      '<meta charset="utf-8">',
      '<meta name="referrer" content="no-referrer">',
      `<meta http-equiv="refresh" content="0; url=${href}">`,
      '<title>Felt</title>',
      `<p><a href="${href}">Open the croupier screen</a></p>`,
      '',
    ].join('\n'),
  );
  return file;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
