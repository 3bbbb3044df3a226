/** What a command may touch: its input lines and two output streams. Tests pass their own. */
export type CommandIo = {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Standard input, line by line. */
  lines: () => AsyncIterable<string>;
};

/** Wrong arguments: the message is shown with the command's usage, exit code 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

/** An argument a command does not take: an option it does not know, or a word where only options go. */
export function unexpectedArgument(arg: string | undefined): CliUsageError {
  const text = String(arg);
  return new CliUsageError(text.startsWith('-') ? `unknown option ${text}` : `unexpected argument '${text}': this command takes options only (they start with --)`);
}

export function nodeIo(): CommandIo {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    lines: async function* () {
      const { createInterface } = await import('node:readline');
      yield* createInterface({ input: process.stdin, crlfDelay: Infinity });
    },
  };
}
