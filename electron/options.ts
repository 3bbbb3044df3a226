/**
 * The kiosk's command line, parsed without Electron: `felt-kiosk [--db PATH] [--hardware sim|real]
 * [--floor-pin PIN] [--seed N] [--devtools]`, as `felt start` passes them, and the Chromium switches a
 * kiosk may need. Every refusal names the argument at fault.
 */

export type Hardware = 'sim' | 'real';

export type KioskOptions = {
  /** The table's database; null: the default in the user's data folder (main.ts asks the core for it). */
  readonly db: string | null;
  /** null: not given — real where the table's devices are configured, else simulated (`hardwareFor`, D58). */
  readonly hardware: Hardware | null;
  /** Sets the supervisor's PIN (the core keeps its hash beside the database); null: the kept one. */
  readonly floorPin: string | null;
  /** The simulated shoe's seed (0–4294967295); null: random. */
  readonly seed: number | null;
  /** A new table's tournament structure (a JSON file: src/api/tournament-file.ts); null: a cash table. */
  readonly tournament: string | null;
  /** Opens the developer tools (refused in a packaged build). */
  readonly devtools: boolean;
};

export type ParsedArguments = { readonly ok: true; readonly options: KioskOptions } | { readonly ok: false; readonly problem: string };

export const KIOSK_USAGE = 'usage: felt-kiosk [--db PATH] [--hardware sim|real] [--floor-pin PIN] [--seed N] [--tournament FILE] [--devtools]';

/**
 * Switches that belong to Chromium and Electron, not to Felt, let through in development (Chromium reads
 * them from the same command line) rather than refused. Anything else unknown is refused, so that a typo
 * (`--hardwre=real`) stops the start instead of quietly running with the default.
 */
export const CHROMIUM_SWITCHES: ReadonlySet<string> = new Set([
  'no-sandbox',
  'disable-gpu',
  'disable-gpu-sandbox',
  'disable-dev-shm-usage',
  'enable-logging',
  'log-file',
  'log-level',
  'v',
  'vmodule',
  'ozone-platform',
  'ozone-platform-hint',
  'enable-features',
  'disable-features',
  'enable-wayland-ime',
  'force-device-scale-factor',
  'touch-events',
  'lang',
]);

/**
 * The only Chromium switches a packaged kiosk takes (D58), each with the values it may have (null: none):
 * what a kiosk compositor such as cage needs to show the window — the display protocol, the scale, touch,
 * an input method — and a way round a broken graphics driver. Chromium reads every switch of the command
 * line before Felt's code runs; the switches that weaken the screen's sandbox (`--no-sandbox`,
 * `--disable-gpu-sandbox`) or change what Chromium does (`--enable-features`, `--disable-features`, a
 * remote debugging port, a log file) stop a packaged kiosk before it opens a window.
 */
export const PACKAGED_SWITCHES: ReadonlyMap<string, (value: string | null) => boolean> = new Map([
  ['ozone-platform', (value: string | null) => value === 'wayland' || value === 'x11'],
  ['ozone-platform-hint', (value: string | null) => value === 'auto' || value === 'wayland' || value === 'x11'],
  ['enable-wayland-ime', (value: string | null) => value === null],
  ['force-device-scale-factor', (value: string | null) => value !== null && /^(?:[1-3](?:\.\d{1,2})?|0\.(?:[5-9]\d?))$/.test(value)],
  ['touch-events', (value: string | null) => value === null || value === 'enabled' || value === 'disabled' || value === 'auto'],
  ['lang', (value: string | null) => value !== null && /^[a-z]{2,3}(?:-[A-Z]{2})?$/.test(value)],
  ['disable-gpu', (value: string | null) => value === null],
]);

/** What hardware a kiosk runs: as given, else real where the table's devices are configured (D58). */
export function hardwareFor(given: Hardware | null, configured: boolean): Hardware {
  return given ?? (configured ? 'real' : 'sim');
}

/**
 * The arguments meant for the app. `electron dist/electron/main.js --db x` (development: Electron's
 * `process.defaultApp`) puts the executable and the script first, with Electron's own switches possibly
 * before the script; a packaged `felt-kiosk --db x` only the executable.
 */
export function userArguments(argv: readonly string[], defaultApp: boolean): string[] {
  const rest = argv.slice(1);
  if (!defaultApp) return rest;
  const script = rest.findIndex((argument) => !argument.startsWith('-'));
  return script === -1 ? [] : rest.slice(script + 1);
}

export function parseKioskArguments(args: readonly string[], context: { readonly packaged: boolean }): ParsedArguments {
  let db: string | null = null;
  let hardware: Hardware | null = null;
  let floorPin: string | null = null;
  let seed: number | null = null;
  let tournament: string | null = null;
  let devtools = false;
  const seen = new Set<string>();
  const refuse = (problem: string): ParsedArguments => ({ ok: false, problem: `${problem}\n${KIOSK_USAGE}` });

  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    if (!argument.startsWith('--')) return refuse(`unexpected argument '${argument}'`);
    const equals = argument.indexOf('=');
    const name = equals === -1 ? argument : argument.slice(0, equals);
    const inline = equals === -1 ? null : argument.slice(equals + 1);
    if (context.packaged) {
      const allowed = PACKAGED_SWITCHES.get(name.slice(2));
      if (allowed !== undefined) {
        if (!allowed(inline)) return refuse(`${argument}: a packaged kiosk takes ${name} only as ${switchForm(name)}`);
        continue;
      }
      if (CHROMIUM_SWITCHES.has(name.slice(2))) return refuse(`${name}: a packaged kiosk takes only the Chromium switches a kiosk compositor needs (${[...PACKAGED_SWITCHES.keys()].map((known) => `--${known}`).join(', ')})`);
    } else if (CHROMIUM_SWITCHES.has(name.slice(2))) continue;

    if (name === '--devtools') {
      if (inline !== null) return refuse(`--devtools takes no value (got '${argument}')`);
      if (context.packaged) return refuse('--devtools: the developer tools are not available in a packaged kiosk');
      devtools = true;
      continue;
    }
    if (name !== '--db' && name !== '--hardware' && name !== '--floor-pin' && name !== '--seed' && name !== '--tournament') {
      return refuse(`unknown option '${name}'`);
    }
    if (seen.has(name)) return refuse(`${name} is given twice`);
    seen.add(name);

    let value = inline;
    if (value === null) {
      const next = args[index + 1];
      if (next === undefined || next.startsWith('--')) return refuse(`${name} needs a value (${valueName(name)})`);
      value = next;
      index += 1;
    }
    if (value === '') return refuse(`${name} needs a value (${valueName(name)}), not an empty one`);

    if (name === '--db') db = value;
    else if (name === '--tournament') tournament = value;
    else if (name === '--floor-pin') floorPin = value;
    else if (name === '--seed') {
      const number = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
      if (!(number <= 0xffffffff)) return refuse(`--seed needs an integer 0–4294967295, not '${value}'`);
      seed = number;
    }
    else if (value === 'sim' || value === 'real') hardware = value;
    else return refuse(`--hardware must be 'sim' or 'real', not '${value}'`);
  }
  return { ok: true, options: { db, hardware, floorPin, seed, tournament, devtools } };
}

/** How a packaged kiosk's switch is written. */
function switchForm(name: string): string {
  if (name === '--ozone-platform') return '--ozone-platform=wayland or =x11';
  if (name === '--ozone-platform-hint') return '--ozone-platform-hint=auto, =wayland or =x11';
  if (name === '--force-device-scale-factor') return '--force-device-scale-factor=N (0.5 to 3.99)';
  if (name === '--touch-events') return '--touch-events, or =enabled, =disabled or =auto';
  if (name === '--lang') return '--lang=xx or xx-YY (de, en-GB)';
  return `${name}, without a value`;
}

function valueName(option: string): string {
  if (option === '--db') return 'a database file';
  if (option === '--hardware') return "'sim' or 'real'";
  if (option === '--seed') return 'an integer 0–4294967295';
  if (option === '--tournament') return 'a tournament structure file';
  return 'a PIN of 6 to 12 digits';
}
