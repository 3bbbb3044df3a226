import { describe, expect, it } from 'vitest';
import { hardwareFor, parseKioskArguments, userArguments } from '../../electron/options.js';

const dev = { packaged: false };
const packaged = { packaged: true };

function problemOf(args: string[], context = dev): string {
  const parsed = parseKioskArguments(args, context);
  if (parsed.ok) throw new Error(`expected a refusal of ${args.join(' ')}`);
  return parsed.problem;
}

describe('the kiosk command line', () => {
  it('defaults to the data folder’s database, and leaves the hardware to the table (D58)', () => {
    expect(parseKioskArguments([], dev)).toEqual({ ok: true, options: { db: null, hardware: null, floorPin: null, seed: null, tournament: null, devtools: false } });
    expect(hardwareFor(null, false)).toBe('sim');
    expect(hardwareFor(null, true)).toBe('real');
    expect(hardwareFor('real', false)).toBe('real');
    // Given as sim where devices are configured: the core refuses to start (test/electron/main-glue.test.ts).
    expect(hardwareFor('sim', true)).toBe('sim');
  });

  it('reads --db, --hardware and --floor-pin, spaced or with =', () => {
    expect(parseKioskArguments(['--db', '/var/lib/felt/table-7.db', '--hardware', 'real', '--floor-pin', '4711', '--seed', '0'], dev)).toEqual({
      ok: true,
      options: { db: '/var/lib/felt/table-7.db', hardware: 'real', floorPin: '4711', seed: 0, tournament: null, devtools: false },
    });
    expect(parseKioskArguments(['--db=t.db', '--hardware=sim', '--floor-pin=123456', '--seed=4294967295'], dev)).toEqual({
      ok: true,
      options: { db: 't.db', hardware: 'sim', floorPin: '123456', seed: 4294967295, tournament: null, devtools: false },
    });
  });

  it('takes what felt start passes to the kiosk', () => {
    const argv = ['/usr/lib/electron/electron', '/srv/felt/dist/electron/main.js', '--db', '/d/table.db', '--hardware', 'sim', '--floor-pin', '2468'];
    expect(parseKioskArguments(userArguments(argv, true), dev)).toEqual({ ok: true, options: { db: '/d/table.db', hardware: 'sim', floorPin: '2468', seed: null, tournament: null, devtools: false } });
  });

  it('takes a new table’s tournament structure file, as felt start passes it', () => {
    expect(parseKioskArguments(['--db', 't.db', '--tournament', '/srv/felt/sunday.json'], dev)).toMatchObject({ ok: true, options: { db: 't.db', tournament: '/srv/felt/sunday.json' } });
    expect(problemOf(['--tournament'])).toMatch(/^--tournament needs a value \(a tournament structure file\)/);
  });

  it('lets Chromium’s own switches through in development', () => {
    expect(parseKioskArguments(['--no-sandbox', '--ozone-platform=wayland', '--enable-features=X', '--db', 't.db'], dev)).toMatchObject({ ok: true, options: { db: 't.db' } });
  });

  it('as a packaged kiosk, takes the switches a kiosk compositor needs, with their values checked (D58)', () => {
    const taken = ['--ozone-platform=wayland', '--ozone-platform=x11', '--ozone-platform-hint=auto', '--enable-wayland-ime', '--force-device-scale-factor=1.5', '--force-device-scale-factor=0.75', '--touch-events', '--touch-events=enabled', '--lang=de', '--lang=en-GB', '--disable-gpu'];
    expect(parseKioskArguments([...taken, '--db', 't.db', '--hardware', 'real'], packaged)).toMatchObject({ ok: true, options: { db: 't.db', hardware: 'real' } });
  });

  it.each([
    ['--no-sandbox', /^--no-sandbox: a packaged kiosk takes only the Chromium switches a kiosk compositor needs \(--ozone-platform, /],
    ['--disable-gpu-sandbox', /^--disable-gpu-sandbox: a packaged kiosk takes only/],
    ['--enable-features=UseOzonePlatform', /^--enable-features: a packaged kiosk takes only/],
    ['--disable-features=SitePerProcess', /^--disable-features: a packaged kiosk takes only/],
    ['--log-file=/tmp/x', /^--log-file: a packaged kiosk takes only/],
    ['--v=1', /^--v: a packaged kiosk takes only/],
    ['--remote-debugging-port=9222', /^unknown option '--remote-debugging-port'/],
    ['--ozone-platform=headless', /^--ozone-platform=headless: a packaged kiosk takes --ozone-platform only as --ozone-platform=wayland or =x11/],
    ['--ozone-platform', /^--ozone-platform: a packaged kiosk takes --ozone-platform only as/],
    ['--disable-gpu=1', /^--disable-gpu=1: a packaged kiosk takes --disable-gpu only as --disable-gpu, without a value/],
    ['--force-device-scale-factor=40', /^--force-device-scale-factor=40: .* \(0\.5 to 3\.99\)/],
    ['--lang=de;rm', /^--lang=de;rm: a packaged kiosk takes --lang only as/],
  ])('as a packaged kiosk, refuses %s, naming it', (argument, problem) => {
    const refusal = problemOf([argument], packaged);
    expect(refusal).toMatch(problem);
    expect(refusal).toContain('usage: felt-kiosk');
  });

  it('opens the developer tools only outside a package', () => {
    expect(parseKioskArguments(['--devtools'], dev)).toMatchObject({ ok: true, options: { devtools: true } });
    expect(problemOf(['--devtools'], packaged)).toMatch(/^--devtools: .*packaged/);
  });

  it.each([
    [['--hardware', 'usb'], /^--hardware must be 'sim' or 'real', not 'usb'/],
    [['--hardware=Real'], /^--hardware must be 'sim' or 'real', not 'Real'/],
    [['--db'], /^--db needs a value \(a database file\)/],
    [['--db', '--hardware', 'sim'], /^--db needs a value/],
    [['--db='], /^--db needs a value .*not an empty one/],
    [['--floor-pin'], /^--floor-pin needs a value/],
    [['--hardware'], /^--hardware needs a value \('sim' or 'real'\)/],
    [['--db', 'a.db', '--db', 'b.db'], /^--db is given twice/],
    [['--hardwre=real'], /^unknown option '--hardwre'/],
    [['--remote-debugging-port=9222'], /^unknown option '--remote-debugging-port'/],
    [['table.db'], /^unexpected argument 'table\.db'/],
    [['-d', 'table.db'], /^unexpected argument '-d'/],
    [['--devtools=yes'], /^--devtools takes no value/],
    [['--seed', '4294967296'], /^--seed needs an integer 0–4294967295, not '4294967296'/],
    [['--seed', '-1'], /^--seed needs an integer/],
    [['--seed', '1.5'], /^--seed needs an integer/],
    [['--seed='], /^--seed needs a value/],
  ])('refuses %j, naming the argument', (args, problem) => {
    const refusal = problemOf(args);
    expect(refusal).toMatch(problem);
    expect(refusal).toContain('usage: felt-kiosk');
  });
});

describe('the arguments meant for the app', () => {
  it('drop the executable of a packaged kiosk', () => {
    expect(userArguments(['/opt/Felt/felt-kiosk', '--db', 't.db'], false)).toEqual(['--db', 't.db']);
  });

  it('drop the executable, Electron’s switches and the script in development', () => {
    expect(userArguments(['/usr/lib/electron/electron', 'dist/electron/main.js', '--db', 't.db'], true)).toEqual(['--db', 't.db']);
    expect(userArguments(['electron', '--no-sandbox', 'dist/electron/main.js', '--hardware', 'sim'], true)).toEqual(['--hardware', 'sim']);
    expect(userArguments(['electron'], true)).toEqual([]);
  });
});
