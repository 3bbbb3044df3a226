import { parseCard } from '../../src/cards/notation.js';
import { getPrompt } from '../../src/engine/table/prompt.js';
import type { TableCommand } from '../../src/engine/table/table.js';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import type { TableState } from '../../src/engine/table/table-state.js';
import { threeAtTheTable } from './three-at-the-table.js';

export const SAM = 'Sam (floor supervisor #20)';

/**
 * A table with the dealer's card errors (D94), as commands the table takes, each with its rows: Dana
 * (croupier #7) deals; in hand 1 a hole card is exposed in the deal and a board card turned too early
 * before the flop; the flop is dealt again; on the flop a screen reports a premature burn card, card entry
 * stops and the floor (Sam) takes the report; then the hand is played out. `steps`: the rows each command
 * wrote (the table's opening and seating first) and the table after them, for a store to append as the
 * table would.
 */
export function cardErrorsTable(at: number): { log: TableLogEntry[]; steps: { command: TableCommand | null; rows: TableLogEntry[]; state: TableState }[] } {
  const { log, run, state, deck } = threeAtTheTable(at);
  deck.push(...['Ks', 'Qs', 'Js', 'Ts', '9s', '8s', '7s', '6s', '4c', '5c', '6c', '7c', '8c'].map((card) => parseCard(card)));
  const steps: { command: TableCommand | null; rows: TableLogEntry[]; state: TableState }[] = [{ command: null, rows: [...log], state: state() }];
  const go = (command: TableCommand): void => {
    const before = log.length;
    run(command);
    steps.push({ command, rows: log.slice(before), state: state() });
  };
  go({ type: 'dealer-change', number: '7', name: 'Dana', at });
  go({ type: 'start-hand', at: at + 60_000 });
  const deal = (): void => go({ type: 'deal', card: deck.shift() ?? null });
  // The fourth hole card dealt, then exposed: it is burned, the seat gets the next card.
  for (let count = 0; count < 4; count++) deal();
  go({ type: 'exposed' });
  for (let guard = 0; guard < 20 && getPrompt(state(), at).kind === 'deal'; guard++) deal();
  // A board card turned before the betting was over.
  go({ type: 'premature', to: 'board', card: parseCard('Ac') });
  for (let guard = 0; guard < 10 && state().hand?.street === 'preflop'; guard++) {
    const prompt = getPrompt(state(), at);
    if (prompt.kind === 'deal') break;
    go(prompt.kind === 'action' && prompt.legal.check ? { type: 'check' } : { type: 'call' });
  }
  for (let guard = 0; guard < 20 && getPrompt(state(), at).kind === 'deal'; guard++) deal();
  // The flop dealt again before anyone acted on it.
  go({ type: 'redeal-flop' });
  for (let guard = 0; guard < 20 && getPrompt(state(), at).kind === 'deal'; guard++) deal();
  // A screen reports a premature burn card: card entry stops; the floor takes the report.
  go({ type: 'stop-card-entry', command: 'premature', card: parseCard('Ad'), report: { type: 'premature', card: parseCard('Ad'), to: 'burn' }, at: at + 120_000 });
  go({ type: 'resume-card-entry', take: true, by: SAM, at: at + 130_000 });
  for (let guard = 0; guard < 100; guard++) {
    const prompt = getPrompt(state(), at);
    if (prompt.kind === 'deal') deal();
    else if (prompt.kind === 'action') go(prompt.legal.check ? { type: 'check' } : { type: 'call' });
    else break;
  }
  go({ type: 'show' });
  return { log, steps };
}
