import { describe, expect, it } from 'vitest';
import { viewOf, type ViewModel } from '../../src/controller/view-model.js';
import { TableDriver } from '../support/table-driver.js';
import { finishedTournament } from '../support/finished-tournament.js';
import { parseCard } from '../../src/cards/notation.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';

/** The view of the driven table now, as the controller publishes it. */
function view(table: TableDriver): ViewModel {
  return viewOf(table.state, table.now, null, table.log.length);
}

/** The markers the table draws, beside what the prompt tells the croupier (button and blinds to post). */
function markersAndPrompt(current: ViewModel): { markers: Pick<ViewModel, 'button' | 'blinds'>; prompt: Pick<ViewModel, 'button' | 'blinds'> | null } {
  const { prompt } = current;
  return {
    markers: { button: current.button, blinds: current.blinds },
    prompt: prompt.kind === 'start-hand' ? { button: prompt.button, blinds: { small: prompt.smallBlind?.seat ?? null, big: prompt.bigBlind.seat } } : null,
  };
}

/** Ann (seat 1), Bob (seat 4) and Cy (seat 7); Ann draws the button: the first hand is 1 button, 4 small, 7 big. */
function tableOfThree(): TableDriver {
  return new TableDriver().sit(1, 'Ann').sit(4, 'Bob').sit(7, 'Cy').draw('1:As 4:2c 7:3c');
}

describe('the dealer button and the blinds on the seats', () => {
  it('during a hand: that hand’s button and blinds', () => {
    const table = tableOfThree().start();
    expect(view(table)).toMatchObject({ handInPlay: true, button: 1, blinds: { small: 4, big: 7 } });
  });

  it('before the first hand: where the prompt puts the button and the blinds', () => {
    const current = view(tableOfThree());
    expect(current.prompt.kind).toBe('start-hand');
    expect(markersAndPrompt(current)).toEqual({ markers: { button: 1, blinds: { small: 4, big: 7 } }, prompt: { button: 1, blinds: { small: 4, big: 7 } } });
  });

  it('after a settled hand: the markers stay where the hand was played while its cards lie on the table; the prompt names the next ones', () => {
    const table = tableOfThree().playHand();
    const current = view(table);
    expect(current.handInPlay).toBe(false);
    expect(current.prompt.words.en).toMatch(/Button to seat 4\. Post blinds: seat 7 small blind 5, seat 1 big blind 10$/);
    expect(markersAndPrompt(current)).toEqual({ markers: { button: 1, blinds: { small: 4, big: 7 } }, prompt: { button: 4, blinds: { small: 7, big: 1 } } });
    // Started, the next hand has its own.
    expect(view(table.start())).toMatchObject({ button: 4, blinds: { small: 7, big: 1 } });
  });

  it('after a misdeal: the redeal’s button and blinds (the voided hand’s own), not the hand before it', () => {
    const table = tableOfThree().playHand().start();
    for (let card = 0; card < 3; card++) table.do({ type: 'deal', card: null });
    expect(view(table)).toMatchObject({ handInPlay: true, button: 4, blinds: { small: 7, big: 1 } });
    table.do({ type: 'misdeal', reason: 'fouled-deck', by: 'Floor' });
    const current = view(table);
    expect(current.prompt.words.en).toMatch(/^Misdeal \(a fouled deck\): every chip back, redeal\. Button to seat 4\. Post blinds: seat 7 small blind 5, seat 1 big blind 10$/);
    expect(markersAndPrompt(current)).toEqual({ markers: { button: 4, blinds: { small: 7, big: 1 } }, prompt: { button: 4, blinds: { small: 7, big: 1 } } });
  });

  it('a dead button: on the free seat the prompt names, before the first hand after a misdeal', () => {
    // Four players: 1 button, 3 small, 5 big. Seat 3 leaves: the button moves to its free seat (dead button).
    const table = new TableDriver().sit(1, 'Ann').sit(3, 'Bob').sit(5, 'Cy').sit(7, 'Di').draw('1:As 3:2c 5:3c 7:4c').playHand();
    table.do({ type: 'leave', seat: 3, at: table.now });
    expect(view(table).seats.map((seat) => seat.seat)).toEqual([1, 5, 7]);
    // The next hand voided at once: the redeal's markers, on the free seat.
    table.start().do({ type: 'misdeal', reason: 'fouled-deck', by: 'Floor' });
    expect(markersAndPrompt(view(table))).toEqual({ markers: { button: 3, blinds: { small: 5, big: 7 } }, prompt: { button: 3, blinds: { small: 5, big: 7 } } });
  });

  it('with no next hand to start yet: the last hand’s button stays where it was', () => {
    const table = tableOfThree().playHand();
    table.do({ type: 'leave', seat: 4, at: table.now }).do({ type: 'leave', seat: 7, at: table.now });
    expect(view(table)).toMatchObject({ prompt: { kind: 'seat-players' }, button: 1 });
  });

  it('holds no hole card between hands (a hand won without a showdown shows none)', () => {
    const current = view(tableOfThree().playHand());
    expect(JSON.stringify(current)).not.toMatch(/holeCards/);
    expect(current.seats.map((seat) => seat.shown)).toEqual([null, null, null]);
  });
});

describe('seating a new player', () => {
  const tournament = { timeCollection: null, tournament: { startingStack: 1500, levels: [{ smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 }], levelEvery: { hands: 100 } } };

  it('a cash table: its buy-in limits, seats always open', () => {
    expect(view(tableOfThree().playHand())).toMatchObject({ buyIn: { min: 200, max: 1000 }, seatsOpen: true });
  });

  it('a tournament: its starting stack, seats open until the first hand and closed after, as `sit` decides', () => {
    const table = new TableDriver(tournament).sit(1, 'Ann', 1500).sit(4, 'Bob', 1500).sit(7, 'Cy', 1500).draw('1:As 4:2c 7:3c');
    expect(view(table)).toMatchObject({ buyIn: { min: 1500, max: 1500 }, seatsOpen: true });
    table.start();
    expect(view(table).seatsOpen).toBe(false);
    expect(() => table.sit(2, 'Di', 1500)).toThrow('registration is closed');
  });
});

describe('a tournament’s blind level on the status bar', () => {
  const levels = [
    { smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 },
    { smallBlind: 20, bigBlind: 40, ante: 0, bigBlindAnte: 40 },
  ];
  const tournament = (levelEvery: { minutes: number } | { hands: number }) => ({ timeCollection: null, tournament: { startingStack: 1000, levels, levelEvery } });

  it('by minutes: the level, and the time the next one begins on the schedule from the first hand; none after the last', () => {
    const table = new TableDriver(tournament({ minutes: 20 })).sit(1, 'A', 1000).sit(2, 'B', 1000).draw('1:As 2:Ks');
    expect(view(table).stakes.level).toEqual({ number: 1, next: null });
    const start = table.now;
    table.playHand();
    expect(view(table).stakes.level).toEqual({ number: 1, next: { at: start + 20 * 60_000 } });
    // The level comes by the clock: between hands the bar shows it (with the prompt) before the next hand starts.
    table.now = start + 21 * 60_000;
    expect(view(table).stakes).toMatchObject({ bigBlind: 40, bigBlindAnte: 40, level: { number: 2, next: null } });
    expect(view(table).prompt.words.en).toContain('Level 2: blinds 20/40');
    table.playHand();
    expect(view(table).stakes.level).toEqual({ number: 2, next: null });
  });

  it('none after a tournament is won, whatever levels are left', () => {
    const table = finishedTournament([levels[0] as (typeof levels)[number], levels[1] as (typeof levels)[number]]);
    expect(table.state.tournament?.winner).toBe('A');
    expect(view(table).stakes.level).toEqual({ number: 1, next: null });
  });

  it('by hands: the hand the next level begins at; a cash table has no level', () => {
    const table = new TableDriver(tournament({ hands: 3 })).sit(1, 'A', 1000).sit(2, 'B', 1000).draw('1:As 2:Ks').playHand();
    expect(view(table).stakes.level).toEqual({ number: 1, next: { hand: 4 } });
    expect(view(tableOfThree()).stakes.level).toBeNull();
  });
});

describe('the seat a report of an exposed hole card names', () => {
  it('is the seat of the last hole card dealt, during the deal and as the betting opens; none once reported, or after the first action', () => {
    const table = tableOfThree().start();
    expect(view(table).lastHoleCardSeat).toBeNull();
    table.do({ type: 'deal', card: null });
    expect(view(table).lastHoleCardSeat).toBeNull();
    // The deal runs 4, 7, 1, 4, 7, 1 (the small blind first).
    table.do({ type: 'deal', card: parseCard('2h') }).do({ type: 'deal', card: parseCard('3h') });
    expect(view(table).lastHoleCardSeat).toBe(7);
    table.do({ type: 'deal', card: parseCard('4h') }).do({ type: 'deal', card: parseCard('5h') });
    expect(view(table).lastHoleCardSeat).toBe(4);
    table.do({ type: 'exposed', seat: 4 });
    expect(view(table).lastHoleCardSeat).toBeNull();
    table.do({ type: 'deal', card: parseCard('6h') });
    expect(view(table).lastHoleCardSeat).toBe(7);
    table.do({ type: 'deal', card: parseCard('7h') });
    // The deal's last card went to the button (seat 1); then seat 4 gets its replacement.
    expect(view(table).lastHoleCardSeat).toBe(1);
    table.do({ type: 'deal', card: parseCard('8h') });
    expect(table.state.hand?.phase.kind).toBe('betting');
    expect(view(table).lastHoleCardSeat).toBe(4);
    table.do({ type: 'call' });
    expect(view(table).lastHoleCardSeat).toBeNull();
  });

  it('counts from the first card when no card is burned before the hole cards', () => {
    const table = new TableDriver({ hand: { ...CASINO_5_10.hand, burnBeforeHoleCards: false } }).sit(1, 'Ann').sit(4, 'Bob').sit(7, 'Cy').draw('1:As 4:2c 7:3c').start();
    table.do({ type: 'deal', card: parseCard('2h') });
    expect(view(table).lastHoleCardSeat).toBe(4);
  });
});
