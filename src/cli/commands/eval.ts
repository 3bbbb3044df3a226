import { formatCard, formatCardSymbol, parseCards } from '../../cards/notation.js';
import { CardInputError } from '../../cards/card-input-error.js';
import { evaluateHand, type HandEvaluation } from '../../evaluator/evaluate.js';
import { HAND_VALUE_COUNT } from '../../evaluator/category.js';
import type { Card } from '../../cards/card.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';

/** The JSON shape of one evaluated hand, one object a line in `--stdin` mode. */
export function evaluationJson(cards: readonly Card[], evaluation: HandEvaluation): string {
  return JSON.stringify({
    cards: cards.map(formatCard),
    category: evaluation.category,
    value: evaluation.value,
    best: evaluation.best.map(formatCard),
    words: evaluation.words,
  });
}

function forPeople(cards: readonly Card[], evaluation: HandEvaluation): string {
  return [
    `${evaluation.words.en}  ·  ${evaluation.words.de}`,
    `plays:    ${evaluation.best.map(formatCardSymbol).join(' ')}`,
    `from:     ${cards.map(formatCardSymbol).join(' ')}`,
    `category: ${evaluation.category}`,
    `value:    ${evaluation.value} of ${HAND_VALUE_COUNT} (higher wins)`,
    '',
  ].join('\n');
}

export async function runEval(args: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals: cardArgs } = readArgs(args, { json: { type: 'boolean' }, stdin: { type: 'boolean' } }, true);
  const json = values.json === true;
  const fromStdin = values.stdin === true;

  if (fromStdin) {
    if (cardArgs.length > 0) throw new CliUsageError('--stdin reads the hands from standard input: give no cards as arguments');
    return evalLines(io);
  }
  if (cardArgs.length === 0) throw new CliUsageError('give 5 to 7 cards, e.g. felt eval Ah Kh Qh Jh Th 2c 3d');
  try {
    const cards = parseCards(cardArgs);
    const evaluation = evaluateHand(cards);
    io.out(json ? `${evaluationJson(cards, evaluation)}\n` : forPeople(cards, evaluation));
    return 0;
  } catch (error) {
    if (error instanceof CardInputError) {
      io.err(`felt eval: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** One hand a line in, one JSON object a line out; a bad line gets `{"error":…}` and the rest go on. */
async function evalLines(io: CommandIo): Promise<number> {
  let failures = 0;
  let batch: string[] = [];
  for await (const line of io.lines()) {
    try {
      if (line.trim() === '') throw new CardInputError('wrong-card-count', 'empty line: no cards');
      const cards = parseCards(line);
      batch.push(evaluationJson(cards, evaluateHand(cards)));
    } catch (error) {
      if (!(error instanceof CardInputError)) throw error;
      failures++;
      batch.push(JSON.stringify({ error: error.message }));
    }
    if (batch.length >= 4096) {
      io.out(`${batch.join('\n')}\n`);
      batch = [];
    }
  }
  if (batch.length > 0) io.out(`${batch.join('\n')}\n`);
  return failures === 0 ? 0 : 1;
}
