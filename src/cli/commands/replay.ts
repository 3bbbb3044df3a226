import { readFileSync } from 'node:fs';
import { PhhError, replayPhh, type ReplayResult } from '../../phh/replay.js';
import { parseTomlTables, TomlError } from '../../phh/toml.js';
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
    let hands;
    try {
      hands = parseTomlTables(readFileSync(file, 'utf8'));
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
    hands.forEach((hand, index) => {
      let result: ReplayResult;
      try {
        result = replayPhh(hand);
      } catch (error) {
        if (!(error instanceof PhhError)) throw error;
        failures++;
        const message = printable(error.message);
        io.out(json ? `${JSON.stringify({ file, index, error: message })}\n` : `${printable(file)} #${index + 1}: ${message}\n`);
        return;
      }
      if (result.error !== null || result.matchesRecorded === false) failures++;
      io.out(json ? `${jsonLine(file, index, result)}\n` : `${textLine(file, index, result)}\n`);
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

function jsonLine(file: string, index: number, result: ReplayResult): string {
  return JSON.stringify({
    file,
    index,
    finishingStacks: result.finishingStacks?.map(Number) ?? null,
    pots: result.pots.map((pot) => ({ amount: Number(pot.amount), winners: pot.winners })),
    matchesRecorded: result.matchesRecorded,
    ...(result.error === null ? {} : { error: printable(result.error) }),
  });
}

function textLine(file: string, index: number, result: ReplayResult): string {
  // A file's name may hold a line break too: escaped, the line stays one line.
  const where = `${printable(file)} #${index + 1}`;
  if (result.error !== null) return `${where}: stopped: ${printable(result.error)}`;
  const pots = result.pots.map((pot) => `${pot.amount} to ${pot.winners.join(' and ')}`).join('; ');
  const match = result.matchesRecorded === null ? 'no recorded stacks to compare' : result.matchesRecorded ? 'matches the recorded stacks' : 'DIFFERS from the recorded stacks';
  return `${where}: ${result.finishingStacks === null ? 'unfinished' : `stacks ${result.finishingStacks.join(' ')}`}; pots ${pots || 'none'}; ${match}`;
}
