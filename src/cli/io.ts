/** What a command may touch: its input lines and two output streams. Tests pass their own. */
export type CommandIo = {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Standard input, line by line. */
  lines: () => AsyncIterable<string>;
  /**
   * Resolves once standard output has taken what was written: a pipe to a slower reader holds the rest
   * in memory, so a command that writes without end (`felt replay` of a large file) waits here now and then.
   */
  drained?: () => Promise<void>;
};

/** Wrong arguments: the message is shown with the command's usage, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

export function nodeIo(): CommandIo {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    lines: async function* () {
      const { createInterface } = await import('node:readline');
      yield* createInterface({ input: process.stdin, crlfDelay: Infinity });
    },
    drained: () => {
      const stdout = process.stdout;
      if (!stdout.writableNeedDrain) return Promise.resolve();
      // A reader gone (a closed pipe) drains nothing more: stop waiting then too.
      return new Promise((resolve) => {
        const done = (): void => {
          stdout.off('drain', done).off('close', done).off('error', done);
          resolve();
        };
        stdout.once('drain', done).once('close', done).once('error', done);
      });
    },
  };
}
