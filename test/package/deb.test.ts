import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { launchChromium } from '../e2e/support.js';
import { freePort, startTable, type TableProcess } from '../e2e/table-process.js';

/**
 * The table PC's package (`npm run package:deb`, docs/operations.md "Installing a table PC"), built from this
 * checkout's dist/ as CI builds it, then checked as Debian checks a package — dpkg-deb, lintian, the units
 * with systemd-analyze — and installed into a throwaway root with dpkg, from where the table service's
 * command starts and the kiosk's way in (the launcher) opens its screen in Chromium. The maintainer scripts
 * run in full in a debootstrapped Debian: `npm run test:package` (minutes; README).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const ARCH = execFileSync('dpkg', ['--print-architecture'], { encoding: 'utf8' }).trim();
const UNITS = ['felt-table.service', 'felt-kiosk.service', 'felt-verify.service', 'felt-verify.timer'];

let folder = '';
let deb = '';
let browser: Browser | null = null;
const running: TableProcess[] = [];

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'felt-deb-'));
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'package-deb.mjs'), '--out', folder], { cwd: ROOT, encoding: 'utf8' });
  expect(built.stderr).toBe('');
  expect(built.status).toBe(0);
  deb = join(folder, `felt_${VERSION}_${ARCH}.deb`);
  expect(built.stdout).toMatch(/felt_.*\.deb: \d+\.\d MB, \d+ MB installed\n$/);
}, 120_000);

afterAll(async () => {
  for (const table of running) await table.stop();
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the Debian package of a table PC', () => {
  it('says what it is, and holds the table, its own Node.js, the units and the rules — and no development tool', () => {
    const control = execFileSync('dpkg-deb', ['--field', deb], { encoding: 'utf8' });
    expect(control).toMatch(new RegExp(`^Package: felt$[\\s\\S]*^Version: ${VERSION.replaceAll('.', '\\.')}$[\\s\\S]*^Architecture: ${ARCH}$`, 'm'));
    expect(control).toMatch(/^Depends: adduser, libc6 \(>= 2\.28\), libgcc-s1, libstdc\+\+6, systemd$/m);
    expect(control).toMatch(/^Recommends: cage, chromium, fonts-dejavu-core, kbd, libusb-1\.0-0$/m);
    expect(execFileSync('dpkg-deb', ['--field', deb, 'Installed-Size'], { encoding: 'utf8' }).trim()).toMatch(/^\d{5,6}$/);
    const files = execFileSync('dpkg-deb', ['--contents', deb], { encoding: 'utf8', maxBuffer: 64 << 20 })
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.slice(line.indexOf('./') + 1).replace(/ -> .*$/, ''));
    for (const path of [
      '/usr/bin/felt',
      '/usr/lib/felt/dist/felt.js',
      '/usr/lib/felt/dist/renderer/index.html',
      '/usr/lib/felt/node/bin/node',
      '/usr/lib/felt/node/LICENSE',
      '/usr/lib/felt/kiosk-session',
      '/usr/lib/felt/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      '/usr/lib/felt/node_modules/ws/package.json',
      '/lib/udev/rules.d/60-felt.rules',
      '/lib/udev/rules.d/70-felt.rules',
      '/etc/default/felt',
      '/usr/share/doc/felt/copyright',
      '/usr/share/man/man1/felt.1.gz',
      ...UNITS.map((unit) => `/lib/systemd/system/${unit}`),
    ]) {
      expect(files, path).toContain(path);
    }
    // Only what the table runs: no development package, no tool's bundle, no source map, no other
    // platform's prebuilt binary, nothing an addon was compiled from.
    const unwanted = files.filter((path) => /\/node_modules\/(vitest|typescript|electron|esbuild|vite|playwright-core|@stryker-mutator|eslint)\//.test(path) || /\/dist\/(bench-|screenshots)/.test(path) || path.endsWith('.map') || /prebuilds\/(win32|darwin|android)|musl/.test(path) || /better-sqlite3\/(deps|src)\//.test(path));
    expect(unwanted).toEqual([]);
    expect(execFileSync('dpkg-deb', ['--ctrl-tarfile', deb]).length).toBeGreaterThan(0);
    expect(execFileSync('dpkg-deb', ['--info', deb, 'conffiles'], { encoding: 'utf8' })).toBe('/etc/default/felt\n');
  });

  it('passes lintian, with only the overrides it names and says why', () => {
    const lintian = spawnSync('lintian', ['--tag-display-limit', '0', '--fail-on', 'error,warning', deb], { encoding: 'utf8' });
    expect(lintian.stdout).toBe('');
    expect(lintian.status).toBe(0);
    const overrides = readFileSync(join(ROOT, 'packaging', 'debian', 'lintian-overrides'), 'utf8').split('\n');
    // Every override has its reason above it.
    overrides.forEach((line, index) => {
      if (line.startsWith('felt:')) expect(overrides.slice(0, index).some((above) => above.startsWith('#')), line).toBe(true);
    });
  }, 120_000);

  it('has units systemd takes, maintainer scripts the shell reads, and refuses a unit that is wrong', () => {
    const root = join(folder, 'units');
    execFileSync('dpkg-deb', ['--extract', deb, root]);
    // The units need the targets and programs they name: the machine's own, copied beside them.
    const units = join(root, 'lib', 'systemd', 'system');
    for (const unit of readdirSync('/lib/systemd/system')) {
      if (/\.(target|mount|socket|slice)$/.test(unit) || ['systemd-udev-settle.service', 'systemd-user-sessions.service', 'getty@.service', 'plymouth-quit-wait.service'].includes(unit)) {
        cpSync(join('/lib/systemd/system', unit), join(units, unit), { dereference: true, force: false, errorOnExist: false });
      }
    }
    mkdirSync(join(root, 'bin'), { recursive: true });
    copyFileSync('/bin/sh', join(root, 'bin', 'sh'));
    const verify = (names: readonly string[]) => spawnSync('systemd-analyze', ['--root', root, 'verify', ...names.map((name) => join(units, name))], { encoding: 'utf8' });
    const checked = verify(UNITS);
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
    // The check can fail: a unit whose program is not there.
    writeFileSync(join(units, 'felt-broken.service'), '[Service]\nExecStart=/usr/lib/felt/not-there\n');
    expect(verify(['felt-broken.service']).status).not.toBe(0);
    for (const script of ['preinst', 'postinst', 'prerm', 'postrm']) {
      expect(spawnSync('sh', ['-n', join(ROOT, 'packaging', 'debian', script)]).status, script).toBe(0);
    }
    for (const script of ['felt', 'kiosk-session']) expect(spawnSync('sh', ['-n', join(ROOT, 'packaging', 'debian', script)]).status, script).toBe(0);
  });

  it('installs into a throwaway root with dpkg, and the table service’s command starts from there and shows its screen in Chromium', async () => {
    const root = join(folder, 'root');
    for (const path of ['var/lib/dpkg/info', 'var/lib/dpkg/updates', 'var/lib/dpkg/triggers', 'bin']) mkdirSync(join(root, path), { recursive: true });
    writeFileSync(join(root, 'var/lib/dpkg/status'), '');
    // dpkg runs the package's preinst inside the root: a shell and the libraries it links.
    copyFileSync('/bin/dash', join(root, 'bin', 'sh'));
    for (const library of execFileSync('ldd', ['/bin/dash'], { encoding: 'utf8' }).match(/\/\S+/g) ?? []) {
      mkdirSync(join(root, dirname(library)), { recursive: true });
      copyFileSync(library, join(root, library));
    }
    const unpacked = spawnSync('dpkg', ['--root', root, '--force-not-root', '--force-depends', '--unpack', deb], { encoding: 'utf8' });
    expect(unpacked.status, unpacked.stderr).toBe(0);
    expect(execFileSync('dpkg', ['--root', root, '--status', 'felt'], { encoding: 'utf8' })).toMatch(/^Status: install ok unpacked$/m);
    const app = join(root, 'usr', 'lib', 'felt');
    const felt = [join(app, 'node', 'bin', 'node'), join(app, 'dist', 'felt.js')];
    // The package's own Node runs the package's bundle: the version stamped at the build.
    const stamped = /^felt (\S+) \(build (\S+)\)\n$/.exec(execFileSync(felt[0] as string, [felt[1] as string, '--version'], { encoding: 'utf8' }));
    expect(stamped?.[1]).toBe(VERSION);
    // The table service's command (felt-table.service), on a table of its own, and the kiosk's way in.
    const db = join(folder, 'table.db');
    const port = await freePort();
    const table = await startTable(db, port, process.env, felt, ['--hardware', 'sim']);
    running.push(table);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`file://${db}.screen.html`);
    await page.locator('[data-testid="prompt"]').filter({ hasText: 'Seat at least two players' }).waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(`http://127.0.0.1:${port}/`);
    // The start wrote which software runs the table: the package's version, its build.
    running.splice(running.indexOf(table), 1);
    expect(await table.stop()).toBe(0);
    const store = Store.open(db);
    const starts = [...store.entries()].filter((entry) => entry.type === 'software-started');
    store.close();
    expect(starts).toEqual([expect.objectContaining({ version: VERSION, build: stamped?.[2] })]);
    const verified = spawnSync(felt[0] as string, [felt[1] as string, 'verify', '--db', db, '--full'], { encoding: 'utf8' });
    expect(verified.stdout).toMatch(/in an unbroken chain/);
    expect(verified.status).toBe(0);
    // A printed report: the fonts the package keeps of DejaVu are the ones it prints with.
    const pdf = join(folder, 'session.pdf');
    const printed = spawnSync(felt[0] as string, [felt[1] as string, 'report', '--db', db, '--kind', 'session', '--format', 'pdf', '--lang', 'de', '--out', pdf], { encoding: 'utf8' });
    expect(printed.stderr).toBe('');
    expect(printed.status).toBe(0);
    expect(readFileSync(pdf).subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
  }, 120_000);
});
