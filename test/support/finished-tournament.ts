import { parseCard } from '../../src/cards/notation.js';
import type { BlindLevel } from '../../src/engine/table/table-config.js';
import { TableDriver } from './table-driver.js';

/**
 * A three-player tournament played to its end in one hand (rule T12's test): A wins; B (900 to start the
 * hand) and C (1,000, 200 of it the big-blind ante) go out in it, C in 2nd place by the bigger stack.
 */
export function finishedTournament(levels: readonly BlindLevel[] = [{ smallBlind: 100, bigBlind: 200, ante: 0, bigBlindAnte: 200 }]): TableDriver {
  const table = new TableDriver({ timeCollection: null, tournament: { startingStack: 1500, levels, levelEvery: { hands: 3 } } });
  table.sit(1, 'A', 1500).sit(2, 'B', 1500).sit(3, 'C', 1500).draw('1:As 2:Ks 3:Qs');
  table.do({ type: 'adjust-stack', seat: 2, amount: -600, reason: 'test stacks', by: 'Floor' }).do({ type: 'adjust-stack', seat: 3, amount: -500, reason: 'test stacks', by: 'Floor' });
  table.start(); // button 1, small blind 2, big blind 3 (with the big-blind ante)
  table.do({ type: 'deal', card: null });
  for (const card of ['Ks', 'Qs', 'As', 'Kh', 'Qh', 'Ah']) table.do({ type: 'deal', card: parseCard(card) });
  table.do({ type: 'all-in' }).do({ type: 'all-in' }).do({ type: 'call' });
  for (const card of [null, '2c', '7d', '9h', null, 'Tc', null, '3s']) table.do({ type: 'deal', card: card === null ? null : parseCard(card) });
  while (table.state.hand?.phase.kind === 'showdown') table.do({ type: 'show' });
  return table;
}
