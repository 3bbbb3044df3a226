import { describe, expect, it } from 'vitest';
import { openTable } from '../../../src/engine/table/table.js';
import { planHand } from '../../../src/engine/table/table-blinds.js';
import { CASINO_5_10, type TableConfig } from '../../../src/engine/table/table-config.js';
import type { SeatedPlayer, SeatStatus, TableState } from '../../../src/engine/table/table-state.js';

/**
 * Where the next hand's button and blinds go, worked out by hand for table states the played tests
 * (t3, t5, t6) do not reach: `planHand` alone, on a table set up as it stands between two hands.
 */
const seat = (number: number, stack: number, status: SeatStatus = 'playing'): SeatedPlayer => ({ seat: number, name: `P${number}`, stack, status, posting: false, owes: { small: false, big: false }, handsDealt: 10, timeOwed: 0 });

function table(button: TableConfig['button'], seats: (SeatedPlayer | null)[], last: { button: number; smallBlindPosition: number; bigBlind: number }): TableState {
  const { state } = openTable({ ...CASINO_5_10, seatCount: seats.length, maxPlayers: seats.length, button }, 0);
  return { ...state, seats, ...last };
}

describe('T3, T5, T6: the next hand planned from the table as it stands', () => {
  it('a player left with no chips is not dealt in, the big blind passes them, and they owe both blinds (moving button)', () => {
    // Last hand: button 1, small blind 2, big blind 3. Seat 4 lost everything.
    const plan = planHand(table('moving', [seat(1, 1000), seat(2, 1000), seat(3, 1000), seat(4, 0)], { button: 1, smallBlindPosition: 2, bigBlind: 3 }));
    expect(plan).toMatchObject({ button: 2, smallBlindPosition: 3, smallBlindSeat: 3, bigBlind: 1, dealtIn: [1, 2, 3], missed: [{ seat: 4, small: true, big: true }] });
  });

  it('the same under the dead button: the big blind skips the empty stack, and the small blind stays on the last big blind', () => {
    const plan = planHand(table('dead', [seat(1, 1000), seat(2, 1000), seat(3, 1000), seat(4, 0)], { button: 1, smallBlindPosition: 2, bigBlind: 3 }));
    expect(plan).toMatchObject({ button: 2, smallBlindPosition: 3, smallBlindSeat: 3, bigBlind: 1, dealtIn: [1, 2, 3], missed: [{ seat: 4, small: true, big: true }] });
  });

  it('dead button, from heads-up back to three: the button is the seat just before the small blind', () => {
    // Heads-up, seat 1 had the button and the small blind, seat 3 the big blind; seat 2 now plays again.
    const plan = planHand(table('dead', [seat(1, 1000), seat(2, 1000), seat(3, 1000), null], { button: 1, smallBlindPosition: 1, bigBlind: 3 }));
    // The big blind moves on from 3 past the empty seat 4 to seat 1; the small blind is where it was (3);
    // the button just before it, seat 2.
    expect(plan).toMatchObject({ button: 2, smallBlindPosition: 3, smallBlindSeat: 3, bigBlind: 1, dealtIn: [1, 2, 3], missed: [] });
  });

  it('no hand before the draw for the button', () => {
    expect(planHand({ ...table('moving', [seat(1, 1000), seat(2, 1000)], { button: 1, smallBlindPosition: 1, bigBlind: 2 }), button: null })).toBeNull();
  });

  it('a table that emptied and fills again is a new game: the waiting players with chips play, not those away', () => {
    // Nobody is playing: seats 1 and 2 wait with chips, seat 3 sits out, seat 4 waits with nothing, seat 5 is empty.
    const seats = [seat(1, 1000, 'waiting'), seat(2, 1000, 'waiting'), seat(3, 1000, 'sitting-out'), seat(4, 0, 'waiting'), null];
    const plan = planHand(table('moving', seats, { button: 1, smallBlindPosition: 2, bigBlind: 3 }));
    // The button moves on to seat 2; heads-up it posts the small blind and seat 1 the big blind. The blinds
    // passed seats 3 and 4 on their way round: both owe the small blind, seat 4 (passed by the big blind
    // from seat 3 to seat 1) the big one too.
    expect(plan).toMatchObject({ button: 2, smallBlindSeat: 2, bigBlind: 1, dealtIn: [1, 2], extraPosts: [], missed: [{ seat: 3, small: true, big: false }, { seat: 4, small: true, big: true }] });
  });

  it('one player left and a newcomer waiting in the dead button’s gap: heads-up, the newcomer takes the big blind at once (T6)', () => {
    // Heads-up, seat 1 had the button and the small blind, seat 3 (gone now) the big blind; seat 2 waits, posting.
    const newcomer = { ...seat(2, 1000, 'waiting'), posting: true, owes: { small: false, big: true } };
    const plan = planHand(table('dead', [seat(1, 1000), newcomer, null], { button: 1, smallBlindPosition: 1, bigBlind: 3 }));
    // The big blind moves on to seat 1 and the dead button to seat 2, whose seat is in the gap: nobody else
    // could be dealt in, so seat 2 takes the big blind and seat 1 the button with the small blind.
    expect(plan).toEqual({ button: 1, smallBlindPosition: 1, smallBlindSeat: 1, bigBlind: 2, dealtIn: [1, 2], extraPosts: [], missed: [] });
  });
});
