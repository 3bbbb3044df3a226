/**
 * The kiosk's command line, parsed without Electron: `felt-kiosk [--db PATH] [--hardware sim|real]
 * [--floor-pin PIN] [--seed N] [--devtools]`, as `felt start` passes them. Every refusal names the argument at fault.
 */

export type Hardware = 'sim' | 'real';

export type KioskOptions = {
  /** The table's database; null: the default in the user's data folder (main.ts asks the core for it). */
  readonly db: string | null;
  readonly hardware: Hardware;
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
 * Switches that belong to Chromium and Electron, not to Felt: let through untouched (Chromium reads them
 * from the same command line) rather than refused. Anything else unknown is refused, so that a typo
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
    if (CHROMIUM_SWITCHES.has(name.slice(2))) continue;

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
  return { ok: true, options: { db, hardware: hardware ?? 'sim', floorPin, seed, tournament, devtools } };
}

function valueName(option: string): string {
  if (option === '--db') return 'a database file';
  if (option === '--hardware') return "'sim' or 'real'";
  if (option === '--seed') return 'an integer 0–4294967295';
  if (option === '--tournament') return 'a tournament structure file';
  return 'a PIN of 6 to 12 digits';
}
