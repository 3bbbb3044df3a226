// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { viewOf, type ViewModel } from '../../src/controller/view-model';
import { Table } from '../../renderer/src/components/table/Table';
import { TableDriver } from '../support/table-driver';
import { cleanup, render } from './support';

afterEach(cleanup);

const noop = (): void => undefined;

function view(table: TableDriver): ViewModel {
  return viewOf(table.state, table.now, null, table.log.length);
}

/**
 * Ann (seat 1, the button, 1000), Bob (seat 4, small blind, 500), Cy (seat 7, big blind, 500), no time
 * collected: Ann moves all-in and Bob folds; Cy is still to act.
 */
function allInAndAFold(): TableDriver {
  const table = new TableDriver({ timeCollection: null }).sit(1, 'Ann', 1000).sit(4, 'Bob').sit(7, 'Cy').draw('1:As 4:2c 7:3c').start();
  while (table.state.hand?.phase.kind === 'dealing') table.do({ type: 'deal', card: null });
  return table.do({ type: 'all-in' }).do({ type: 'fold' });
}

describe('a hand’s statuses show while that hand is in play, and only then', () => {
  it('during the hand: all-in and folded on the seats', async () => {
    const { text } = await render(<Table view={view(allInAndAFold())} onSeatTap={noop} onEmptySeatTap={noop} />);
    expect(text('seat-1-status')).toBe('All-in');
    expect(text('seat-4-status')).toBe('Folded');
    expect(text('seat-7-status')).toBe('To act');
  });

  it('after the hand: the stacks, no "All-in" or "Folded"; the result is still announced', async () => {
    const table = allInAndAFold().do({ type: 'fold' });
    const current = view(table);
    expect(current.handInPlay).toBe(false);
    expect(current.awards.map((award) => award.en)).toEqual([expect.stringMatching(/^Seat 1 wins/)]);
    expect(current.seats.map(({ seat, stack, bet, status }) => ({ seat, stack, bet, status }))).toEqual([
      { seat: 1, stack: 1015, bet: 0, status: 'out-of-hand' },
      { seat: 4, stack: 495, bet: 0, status: 'out-of-hand' },
      { seat: 7, stack: 490, bet: 0, status: 'out-of-hand' },
    ]);
    const { text } = await render(<Table view={current} onSeatTap={noop} onEmptySeatTap={noop} />);
    expect(text('seat-1-stack')).toBe('1,015'); // grouped as the award words group it
    // The winner is marked with what it won; the others show no status of the hand.
    expect(text('seat-1-won')).toBe('Wins 25');
    expect(text('seat-4-status')).toBe('');
  });

  it('between hands the seat shows the table’s status and the stack as it is now (a top-up since)', async () => {
    const table = allInAndAFold().do({ type: 'fold' });
    table.do({ type: 'top-up', seat: 4, amount: 200 }).do({ type: 'sit-out', seat: 7 });
    const { text } = await render(<Table view={view(table)} onSeatTap={noop} onEmptySeatTap={noop} />);
    expect(text('seat-4-stack')).toBe('695');
    expect(text('seat-4-status')).toBe('');
    expect(text('seat-7-status')).toBe('Sitting out');
  });

  it('a sit-out asked for during the hand: the hand’s status, then what follows it; coming back undoes it before the next hand', async () => {
    const table = allInAndAFold().do({ type: 'sit-out', seat: 4 });
    expect(view(table).seats.find((seat) => seat.seat === 4)).toMatchObject({ status: 'folded', sitsOutNext: true });
    const { text } = await render(<Table view={view(table)} onSeatTap={noop} onEmptySeatTap={noop} />);
    expect(text('seat-4-status')).toBe('Folded · Sits out next hand');
    expect(text('seat-1-status')).toBe('All-in');
    table.do({ type: 'come-back', seat: 4 });
    expect(view(table).seats.find((seat) => seat.seat === 4)?.sitsOutNext).toBe(false);
    // Once the hand is over the table's own status shows, and the flag is only a hand's.
    table.do({ type: 'sit-out', seat: 4 }).do({ type: 'fold' });
    expect(view(table).seats.find((seat) => seat.seat === 4)).toMatchObject({ status: 'sitting-out', sitsOutNext: false });
  });

  it('the player to act who asked to sit out: both, the turn first', async () => {
    const { text } = await render(<Table view={view(allInAndAFold().do({ type: 'sit-out', seat: 7 }))} onSeatTap={noop} onEmptySeatTap={noop} />);
    expect(text('seat-7-status')).toBe('To act · Sits out next hand');
  });
});
