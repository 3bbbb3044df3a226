import { readFileSync } from 'node:fs';
import { PhhError, replayPhh, type ReplayResult } from '../../phh/replay.js';
import { type NamedTable, parseHandTables, TomlError } from '../../phh/toml.js';
import { printable } from '../../printable.js';
import { CliUsageError, type CommandIo } from '../io.js';

/**
 * `felt replay [--json] FILE…`: every hand of every PHH file (`.phh`, or `.phhs` with many) through the
 * engine. One line per hand; a hand that breaks a rule or cannot be read gets a line that says why, and
 * the others go on. Exit 1 if any hand failed or did not match its recorded finishing stacks.
 */
export async function runReplay(args: readonly string[], io: CommandIo): Promise<number> {
  const json = args.includes('--json');
  const unknown = args.find((arg) => arg.startsWith('--') && arg !== '--json');
  if (unknown !== undefined) throw new CliUsageError(`unknown option ${unknown}`);
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (files.length === 0) throw new CliUsageError('give one or more PHH files');
  let failures = 0;
  for (const file of files) {
    let hands: NamedTable[];
    try {
      hands = parseHandTables(readFileSync(file, 'utf8'));
    } catch (error) {
      failures++;
      fileFailed(io, json, file, error instanceof TomlError ? error.message : unreadable(error));
      continue;
    }
    if (hands.length === 0) {
      // A file of nothing (or only comments) replays nothing: it is not a hand history that matched.
      failures++;
      fileFailed(io, json, file, 'holds no hand (the file is empty, or only comments)');
      continue;
    }
    hands.forEach(({ name, table }, index) => {
      const where = { file, index, name };
      let result: ReplayResult;
      try {
        result = replayPhh(table);
      } catch (error) {
        failures++;
        // A hand Felt could not read is that hand's line; anything else is Felt's own fault, said as such
        // (with where it happened on the error stream, for whoever mends it), and the other hands still go on.
        if (!(error instanceof PhhError)) io.err(`${error instanceof Error ? (error.stack ?? String(error)) : String(error)}\n`);
        const message = printable(error instanceof PhhError ? error.message : `Felt could not replay this hand (an error in Felt, please report it): ${String(error)}`);
        io.out(json ? `${jsonLine(where, { finishingStacks: null, pots: [], matchesRecorded: null, error: message })}\n` : `${textWhere(where)}: ${message}\n`);
        return;
      }
      if (result.error !== null || result.matchesRecorded === false) failures++;
      io.out(json ? `${jsonLine(where, result)}\n` : `${textLine(where, result)}\n`);
    });
  }
  return failures === 0 ? 0 : 1;
}

/** A file that gave no hand, on its one line: the message escapes what it quotes from the file. */
function fileFailed(io: CommandIo, json: boolean, file: string, message: string): void {
  const line = printable(message);
  io.out(json ? `${JSON.stringify({ file, error: line })}\n` : `${printable(file)}: ${line}\n`);
}

/** Why a file could not be read, in words (its line names the file). */
function unreadable(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'is a folder: give the .phh or .phhs files in it';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read: permission denied';
    default: {
      // Node's words without the code and path around them: "ELOOP: too many symbolic links…, open 'x'".
      const words = /^[A-Z]+: (.*?), \w+ '/.exec(message)?.[1] ?? message;
      return `cannot be read: ${words}${code === undefined ? '' : ` (${code})`}`;
    }
  }
}

/** Which hand a line is about: its place in the file, and in a `.phhs` file its table's name. */
type HandPlace = { readonly file: string; readonly index: number; readonly name: string | null };

function jsonWhere({ file, index, name }: HandPlace): { file: string; index: number; table?: string } {
  return name === null ? { file, index } : { file, index, table: name };
}

function textWhere({ file, index, name }: HandPlace): string {
  // A file's name may hold a line break too: escaped, the line stays one line.
  return name === null ? `${printable(file)} #${index + 1}` : `${printable(file)} [${printable(name)}]`;
}

function jsonLine(where: HandPlace, result: ReplayResult): string {
  return JSON.stringify({
    ...jsonWhere(where),
    // An unknown (`inf`) stack is null: JSON has no infinity.
    finishingStacks: result.finishingStacks?.map((stack) => (stack === 'inf' ? null : Number(stack))) ?? null,
    pots: result.pots.map((pot) => ({ amount: Number(pot.amount), winners: pot.winners })),
    matchesRecorded: result.matchesRecorded,
    ...(result.error === null ? {} : { error: printable(result.error) }),
  });
}

function textLine(place: HandPlace, result: ReplayResult): string {
  const where = textWhere(place);
  if (result.error !== null) return `${where}: stopped: ${printable(result.error)}`;
  const pots = result.pots.map((pot) => `${pot.amount} to ${pot.winners.join(' and ')}`).join('; ');
  const match = result.matchesRecorded === null ? 'no recorded stacks to compare' : result.matchesRecorded ? 'matches the recorded stacks' : 'DIFFERS from the recorded stacks';
  return `${where}: ${result.finishingStacks === null ? 'unfinished' : `stacks ${result.finishingStacks.join(' ')}`}; pots ${pots || 'none'}; ${match}`;
}
