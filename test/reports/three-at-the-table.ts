import type { Card } from '../../src/cards/card.js';
import { parseCard } from '../../src/cards/notation.js';
import { applyTable, openTable, type TableCommand } from '../../src/engine/table/table.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import type { TableState } from '../../src/engine/table/table-state.js';

/**
 * The reports' tests' table, opened at `at` on the casino's 5/10 setup: Ada 500 (seat 1), Ben 800 (seat 3)
 * and Cleo 1,000 (seat 6) sit down and draw, and Cleo wins the button. `run` applies a command and keeps
 * its rows in `log`; `state()` is the table as it is now; `deck` the cards the hands deal, in order.
 */
export function threeAtTheTable(at: number): { log: TableLogEntry[]; run: (command: TableCommand) => void; state: () => TableState; deck: Card[] } {
  const log: TableLogEntry[] = [];
  let { state, operations } = openTable(CASINO_5_10, at);
  log.push(...operations);
  const run = (command: TableCommand): void => {
    ({ state, operations } = applyTable(state, command));
    log.push(...operations);
  };
  run({ type: 'sit', seat: 1, name: 'Ada', buyIn: 500, at });
  run({ type: 'sit', seat: 3, name: 'Ben', buyIn: 800, at });
  run({ type: 'sit', seat: 6, name: 'Cleo', buyIn: 1000, at });
  for (const [seat, card] of [[1, '2c'], [3, '3c'], [6, 'As']] as const) run({ type: 'draw', seat, card: parseCard(card) });
  const deck = ['Kh', 'Qh', 'Jh', 'Th', '9h', '8h', '7h', '2d', '3d', '4d', '5s', '6d', '7d', '8d', '9d'].map((card) => parseCard(card));
  return { log, run, state: () => state, deck };
}
