import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { PhhError, replayPhh, type ReplayResult } from '../../phh/replay.js';
import { HandTableReader, type NamedTable, TomlError } from '../../phh/toml.js';
import { Utf8Pieces } from '../../phh/utf8.js';
import { printable } from '../../printable.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';

/** How much of a file is read at a time: the reader holds this and one hand, whatever the file's size (D54). */
const PIECE_BYTES = 1 << 20;
/** Hands between two waits for standard output to take their lines (`CommandIo.drained`). */
const DRAIN_EVERY = 256;
/** A progress line is written this often (ms), from the first time a run takes this long. */
const PROGRESS_EVERY = 1000;

/** Progress on standard error when it is a terminal and standard output is not (see `ProgressLine`). */
function defaultProgress(): number | null {
  return process.stderr.isTTY === true && process.stdout.isTTY !== true ? PROGRESS_EVERY : null;
}

/**
 * `felt replay [--json] FILE…`: every hand of every PHH file (`.phh`, or `.phhs` with many) through the
 * engine. One line per hand; a hand that breaks a rule or cannot be read gets a line that says why, and
 * the others go on. A file is read a piece at a time and each hand replayed as soon as it is read, so a
 * file of any size runs in one pass and bounded memory (D54); a file that stops being TOML part-way has
 * its hands before that place replayed, then a line that says where and why. On long runs a progress
 * line goes to standard error when it is a terminal. Exit 1 if any hand failed or did not match its
 * recorded result.
 */
export async function runReplay(args: readonly string[], io: CommandIo, progressEvery: number | null = defaultProgress()): Promise<number> {
  const { values, positionals: files } = readArgs(args, { json: { type: 'boolean' } }, true);
  const json = values.json === true;
  if (files.length === 0) throw new CliUsageError('give one or more PHH files');
  let failures = 0;
  const meter = progressEvery === null ? null : new ProgressLine(io, progressEvery);
  for (const file of files) {
    let index = 0;
    const replayHands = async (reader: HandTableReader): Promise<void> => {
      for (let hand = reader.next(); hand !== null; hand = reader.next()) {
        if (!replayHand(io, json, { file, index: index++, name: hand.name }, hand.table)) failures++;
        meter?.hands(file, 1);
        // Lines standard output has not taken yet (a slow pipe) would pile up in memory: wait for it (D54).
        if (index % DRAIN_EVERY === 0) await io.drained?.();
      }
    };
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (error) {
      failures++;
      fileFailed(io, json, file, unreadable(error));
      continue;
    }
    try {
      await readHands(fd, replayHands, (fraction) => meter?.at(file, fraction));
      if (index === 0) {
        // A file of nothing (or only comments) replays nothing: it is not a hand history that matched.
        failures++;
        fileFailed(io, json, file, 'holds no hand (the file is empty, or only comments)');
      }
    } catch (error) {
      failures++;
      meter?.clear();
      fileFailed(io, json, file, error instanceof TomlError ? error.message : unreadable(error));
    } finally {
      closeSync(fd);
    }
  }
  meter?.clear();
  return failures === 0 ? 0 : 1;
}

/**
 * Reads an open file a piece at a time, `replayHands` taking each hand from the reader as soon as the next
 * begins, and tells `afterPiece` how much is read. Throws `TomlError` where the file stops being TOML (a byte that
 * is not UTF-8 included).
 */
async function readHands(fd: number, replayHands: (reader: HandTableReader) => Promise<void>, afterPiece: (fraction: number | null) => void): Promise<void> {
  const size = fstatSync(fd).size;
  const buffer = Buffer.alloc(PIECE_BYTES);
  const pieces = new Utf8Pieces();
  const reader = new HandTableReader();
  let offset = 0;
  for (;;) {
    const length = readSync(fd, buffer, 0, buffer.length, null);
    offset += length;
    const { text, invalidAt } = pieces.decode(buffer.subarray(0, length), length === 0);
    reader.push(text);
    await replayHands(reader);
    if (invalidAt !== null) reader.refuseAtEnd(`the byte at offset ${invalidAt} is not UTF-8 text (a hand history is TOML, which is UTF-8)`);
    if (length === 0) break;
    afterPiece(size > 0 ? offset / size : null);
  }
  reader.end();
  await replayHands(reader);
}

/** One hand's line. False when the hand failed: it could not be read or replayed, or differs from its record. */
function replayHand(io: CommandIo, json: boolean, where: HandPlace, table: NamedTable['table']): boolean {
  let result: ReplayResult;
  try {
    result = replayPhh(table);
  } catch (error) {
    // A hand Felt could not read is that hand's line; anything else is Felt's own fault, said as such
    // (with where it happened on the error stream, for whoever mends it), and the other hands still go on.
    if (!(error instanceof PhhError)) io.err(`${error instanceof Error ? (error.stack ?? String(error)) : String(error)}\n`);
    const message = printable(error instanceof PhhError ? error.message : `Felt could not replay this hand (an error in Felt, please report it): ${String(error)}`);
    io.out(json ? `${jsonLine(where, { finishingStacks: null, pots: [], matchesRecorded: null, rake: null, unfinished: null, notes: [], error: message })}\n` : `${textWhere(where)}: ${message}\n`);
    return false;
  }
  io.out(json ? `${jsonLine(where, result)}\n` : `${textLine(where, result)}\n`);
  return result.error === null && result.matchesRecorded !== false;
}

/**
 * A line on standard error that says how far a long run is, written over itself (`\r`), and cleared when
 * the run ends or a file's line follows. Only when standard error is a terminal, so that no log or pipe
 * gets it, and standard output is not (there the hands' own lines show how far it is).
 */
class ProgressLine {
  private readonly started = performance.now();
  private last = this.started;
  private count = 0;
  /** How much of the file is read, null where its size is not known (a pipe). */
  private fraction: number | null = null;
  private shown = false;

  constructor(
    private readonly io: CommandIo,
    private readonly every: number,
  ) {}

  hands(file: string, count: number): void {
    this.count += count;
    this.maybeShow(file);
  }

  at(file: string, fraction: number | null): void {
    this.fraction = fraction;
    this.maybeShow(file);
  }

  private maybeShow(file: string): void {
    const now = performance.now();
    if (now - this.last < this.every) return;
    this.last = now;
    const rate = Math.round((this.count * 1000) / (now - this.started));
    const read = this.fraction === null ? '' : `${Math.floor(this.fraction * 100)} % read, `;
    this.io.err(`\r\u001b[K${printable(file)}: ${read}${this.count.toLocaleString('en')} hands replayed (${rate.toLocaleString('en')}/s)`);
    this.shown = true;
  }

  clear(): void {
    if (this.shown) this.io.err('\r\u001b[K');
    this.shown = false;
  }
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
    rake: result.rake === null ? null : Number(result.rake),
    unfinished: result.unfinished,
    notes: result.notes.map(printable),
    ...(result.error === null ? {} : { error: printable(result.error) }),
  });
}

function textLine(place: HandPlace, result: ReplayResult): string {
  const where = textWhere(place);
  if (result.error !== null) return `${where}: stopped: ${printable(result.error)}`;
  const pots = result.pots.map((pot) => `${pot.amount} to ${pot.winners.join(' and ')}`).join('; ');
  const recorded =
    result.matchesRecorded === null
      ? 'no recorded result to compare'
      : result.matchesRecorded
        ? `matches the recorded ${result.unfinished === null ? 'result' : 'stacks where it ends'}${result.rake === null ? '' : ` after a rake of ${result.rake} taken from the pot`}`
        : result.unfinished === null
          ? 'DIFFERS from the recorded result'
          : 'records a result the hand does not reach';
  const state = result.unfinished === null ? `stacks ${(result.finishingStacks ?? []).join(' ')}` : `unfinished: ${result.unfinished}`;
  const notes = result.notes.length === 0 ? '' : `; as its house played it: ${result.notes.map(printable).join('; ')}`;
  return `${where}: ${state}; pots ${pots || 'none'}; ${recorded}${notes}`;
}
