import { describe, expect, it } from 'vitest';
import { parseKioskArguments, userArguments } from '../../electron/options.js';

const dev = { packaged: false };
const packaged = { packaged: true };

function problemOf(args: string[], context = dev): string {
  const parsed = parseKioskArguments(args, context);
  if (parsed.ok) throw new Error(`expected a refusal of ${args.join(' ')}`);
  return parsed.problem;
}

describe('the kiosk command line', () => {
  it('defaults to the data folder’s database and simulated hardware', () => {
    expect(parseKioskArguments([], dev)).toEqual({ ok: true, options: { db: null, hardware: 'sim', floorPin: null, seed: null, tournament: null, devtools: false } });
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

  it('lets Chromium’s own switches through', () => {
    expect(parseKioskArguments(['--no-sandbox', '--ozone-platform=wayland', '--db', 't.db'], dev)).toMatchObject({ ok: true, options: { db: 't.db' } });
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
