import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliUsageError } from './io.js';

/** A command's options, as `node:util` `parseArgs` takes them (no short forms: Felt's options are spelled out). */
export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

type Strict<O extends OptionsConfig, P extends boolean> = { args: string[]; options: O; strict: true; allowPositionals: P; tokens: true };

/**
 * Every command's arguments, read one way (`node:util` `parseArgs`): `--flag value` and `--flag=value`
 * alike, `--` ends the options, an unknown option or a missing or empty value is a usage error in Felt's words (shown
 * with the command's usage, exit code 2). An option given twice is refused, not silently the last: a second
 * `--db` in a pasted command line is a mistake, and which table it means must not be a guess.
 */
export function readArgs<const O extends OptionsConfig, const P extends boolean = false>(args: readonly string[], options: O, allowPositionals?: P): ReturnType<typeof parseArgs<Strict<O, P>>> {
  let parsed: ReturnType<typeof parseArgs<Strict<O, P>>>;
  try {
    parsed = parseArgs<Strict<O, P>>({ args: [...args], options, strict: true, allowPositionals: (allowPositionals ?? false) as P, tokens: true });
  } catch (error) {
    throw usageError(error, args);
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    // `--db ''` (an unset variable in a script) names no file: the same as a missing value.
    if (token.value === '') throw new CliUsageError(`--${token.name} needs a value`);
    if (options[token.name]?.multiple === true) continue;
    if (seen.has(token.name)) throw new CliUsageError(`--${token.name} is given twice: give each option once`);
    seen.add(token.name);
  }
  return parsed;
}

/** parseArgs's errors in Felt's words: the option named as it was typed, never Node's error codes. */
function usageError(error: unknown, args: readonly string[]): Error {
  if (!(error instanceof TypeError) || !('code' in error) || typeof error.code !== 'string' || !error.code.startsWith('ERR_PARSE_ARGS_')) return error instanceof Error ? error : new Error(String(error));
  const option = /'(-{1,2}[^' <]+)/.exec(error.message)?.[1];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new CliUsageError(`unknown option ${option ?? error.message}`);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const word = /'([^']*)'/.exec(error.message)?.[1] ?? args.find((arg) => !arg.startsWith('-')) ?? '';
      return new CliUsageError(`unexpected argument '${word}': this command takes options only (they start with --)`);
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      // A string option with no value, or one given to a switch (`--full=yes`).
      if (/argument missing/.test(error.message)) return new CliUsageError(`${option ?? 'an option'} needs a value`);
      if (/ambiguous/.test(error.message)) return new CliUsageError(`${option ?? 'an option'} needs a value, not an option (write ${option ?? '--option'}=VALUE for a value that starts with -)`);
      return new CliUsageError(`${option ?? 'an option'} takes no value`);
    default:
      return new CliUsageError(error.message);
  }
}
