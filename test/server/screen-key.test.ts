import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepTableFilesPrivate } from '../../src/api/data-folder.js';
import { ScreenKeyError, screenAddress, screenKeyPath, tableScreenKey, writeScreenLauncher } from '../../src/server/screen-key.js';

function table(): string {
  return join(mkdtempSync(join(tmpdir(), 'felt-key-')), 'table.db');
}

describe('the table’s screen key (D56)', () => {
  it('is made once, the table’s user’s only, and the same at every later start', () => {
    keepTableFilesPrivate();
    const db = table();
    const made = tableScreenKey(db);
    expect(made.made).toBe(true);
    expect(made.key).toMatch(/^[\w-]{43}$/);
    expect(statSync(screenKeyPath(db)).mode & 0o777).toBe(0o600);
    expect(tableScreenKey(db)).toEqual({ key: made.key, made: false });
    expect(tableScreenKey(table()).key).not.toBe(made.key);
  });

  it('a table in memory gets a new key at every start, kept nowhere', () => {
    const first = tableScreenKey(':memory:');
    expect(first.made).toBe(true);
    expect(tableScreenKey(':memory:').key).not.toBe(first.key);
  });

  it('refuses a key file others may read, and one that holds no key, saying what to do', () => {
    const db = table();
    tableScreenKey(db);
    chmodSync(screenKeyPath(db), 0o644);
    expect(() => tableScreenKey(db)).toThrow(ScreenKeyError);
    expect(() => tableScreenKey(db)).toThrow(`${screenKeyPath(db)} can be read by every user of this machine, and it lets a screen drive the table: chmod 600 ${screenKeyPath(db)}`);
    chmodSync(screenKeyPath(db), 0o640);
    expect(tableScreenKey(db).made).toBe(false);
    for (const text of ['', 'short', 'x'.repeat(31), `${'k'.repeat(40)}&evil=1`, '<script>'.repeat(8)]) {
      writeFileSync(screenKeyPath(db), text, { mode: 0o600 });
      expect(() => tableScreenKey(db), JSON.stringify(text)).toThrow(`${screenKeyPath(db)} holds no screen key (32 to 256 letters, digits, '-' or '_'): delete it, and the next start makes a new one`);
    }
  });

  it('trusts no key file it did not write, and writes its secrets through no link (a table in a folder others may write to)', () => {
    const db = table();
    symlinkSync(join(tmpdir(), 'felt-planted-key'), screenKeyPath(db));
    expect(() => tableScreenKey(db)).toThrow(`${screenKeyPath(db)} is not a file of the table's user: delete it while the table is stopped, and the next start makes a new key`);
    rmSync(screenKeyPath(db));
    if (process.getuid?.() === 0) {
      // Planted by another user (here: made so by root), though no one else may read it.
      writeFileSync(screenKeyPath(db), `${'k'.repeat(43)}\n`, { mode: 0o600 });
      chownSync(screenKeyPath(db), 65534, 65534);
      expect(() => tableScreenKey(db)).toThrow('is not a file of the table\'s user');
    }
    // A link where the launcher goes: refused, and the file it points at is left alone.
    const target = join(mkdtempSync(join(tmpdir(), 'felt-target-')), 'bashrc');
    writeFileSync(target, 'mine');
    symlinkSync(target, `${db}.screen.html`);
    expect(() => writeScreenLauncher(db, 'http://127.0.0.1:1/#key=k')).toThrow(`${db}.screen.html is a symbolic link: the table writes its secrets only to a file of its own (remove the link)`);
    expect(readFileSync(target, 'utf8')).toBe('mine');
  });

  it('the launcher sends a browser on to the screen’s address with the key, without script, the table’s user’s only', () => {
    keepTableFilesPrivate();
    const db = table();
    const address = screenAddress('http://127.0.0.1:8420/', 'k'.repeat(43));
    expect(address).toBe(`http://127.0.0.1:8420/#key=${'k'.repeat(43)}`);
    const file = writeScreenLauncher(db, address);
    expect(file).toBe(`${db}.screen.html`);
    const page = readFileSync(file, 'utf8');
    expect(page).toContain(`<meta http-equiv="refresh" content="0; url=${address}">`);
    expect(page).toContain(`<a href="${address}">`);
    expect(page).not.toMatch(/<script/i);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // An address that would break out of the attribute is written escaped.
    expect(readFileSync(writeScreenLauncher(db, 'http://x/"><script>'), 'utf8')).toContain('url=http://x/&quot;&gt;&lt;script&gt;"');
  });
});
