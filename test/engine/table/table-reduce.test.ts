import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { InvariantError } from '../../../src/invariant-error.js';
import { getPrompt } from '../../../src/engine/table/prompt.js';
import { CASINO_5_10, type TableConfig } from '../../../src/engine/table/table-config.js';
import type { TableLogEntry } from '../../../src/engine/table/table-operations.js';
import { isTableOperation, reduceTable, replayTable } from '../../../src/engine/table/table-reduce.js';
import type { TableState } from '../../../src/engine/table/table-state.js';
import { MINUTE, TableDriver } from '../../support/table-driver.js';

/**
 * The table's record of its log (`reduceTable`): what each table fact does to the table when the log is
 * read back, with no rule applied. The rules' tests (T1–T14) drive the table through `applyTable`; these pin
 * the record itself where those never look — a table as it opens, the guards of a log that is no table's, and
 * the facts whose effect no rule reads at once (mutation testing found them: docs/mutation.md).
 */
const TOURNAMENT: TableConfig = { ...CASINO_5_10, timeCollection: null, tournament: { startingStack: 1000, levels: [{ smallBlind: 5, bigBlind: 10, ante: 0, bigBlindAnte: 0 }], levelEvery: { hands: 5 } } };

function dealt(table: TableDriver): TableDriver {
  while (getPrompt(table.state, table.now).kind === 'deal') table.do({ type: 'deal', card: null });
  return table;
}

describe('the table as it opens', () => {
  it('is every seat empty, nothing drawn, no hand, no totals — with a time period from the opening when time is collected', () => {
    const empty = {
      seats: Array.from({ length: CASINO_5_10.seatCount }, () => null),
      buttonDraw: [],
      button: null,
      smallBlindPosition: null,
      bigBlind: null,
      hand: null,
      handLog: [],
      positions: null,
      handActions: { count: 0, chips: 0 },
      voided: null,
      redeal: null,
      handNumber: 0,
      departures: [],
      totals: { buyIns: 0, cashOuts: 0, timeCollected: 0, rake: 0, adjustments: 0 },
    };
    expect(reduceTable(undefined, { type: 'table-opened', config: CASINO_5_10, at: 7 * MINUTE })).toEqual({ ...empty, config: CASINO_5_10, nextTimeCollection: 7 * MINUTE, tournament: null });
    const untimed = { ...CASINO_5_10, timeCollection: null };
    expect(reduceTable(undefined, { type: 'table-opened', config: untimed, at: 7 * MINUTE })).toEqual({ ...empty, config: untimed, nextTimeCollection: null, tournament: null });
    expect(reduceTable(undefined, { type: 'table-opened', config: TOURNAMENT, at: 0 })).toEqual({ ...empty, config: TOURNAMENT, nextTimeCollection: null, tournament: { level: 0, startedAt: null, eliminated: [], winner: null } });
  });
});

describe('a log that is no table’s', () => {
  const table = new TableDriver().sit(1, 'A').sit(2, 'B');

  it('is refused as a bug, never read as a table: a fact before the opening, no opening at all', () => {
    expect(() => reduceTable(undefined, { type: 'sat-out', seat: 1 })).toThrow(new InvariantError('sat-out before table-opened'));
    expect(() => replayTable([])).toThrow(new InvariantError('a table replays from its table-opened operation'));
  });

  it('is refused as a bug: a seat nobody sits at, a tournament’s fact at a cash table, a void with no hand', () => {
    expect(() => reduceTable(table.state, { type: 'topped-up', seat: 5, amount: 100 })).toThrow(new InvariantError('nobody sits at seat 5'));
    expect(() => reduceTable(table.state, { type: 'topped-up', seat: 12, amount: 100 })).toThrow(new InvariantError('nobody sits at seat 12'));
    expect(() => reduceTable(table.state, { type: 'level-up', level: 2, at: 0, handNumber: 1 })).toThrow(new InvariantError('a tournament operation at a cash table'));
    expect(() => reduceTable(table.state, { type: 'hand-voided', handNumber: 1, reason: 'seat-skipped', by: 'Floor' })).toThrow(new InvariantError('hand-voided without a hand'));
  });

  it('is refused as a bug: time waived that is not the time due', () => {
    const owing = reduceTable(table.state, { type: 'time-due', seat: 1, amount: 15 });
    expect(() => reduceTable(owing, { type: 'time-waived', seat: 1, amount: 10, reason: 'x', by: 'Floor' })).toThrow(new InvariantError("seat 1's 10 of time waived is not the 15 due"));
    expect(reduceTable(owing, { type: 'time-waived', seat: 1, amount: 15, reason: 'courtesy', by: 'Floor' }).seats[0]).toMatchObject({ timeDue: 0, stack: 500 });
  });
});

describe('facts the table only records', () => {
  it('an erased player’s name and names moved out of the rows, like the other records, change nothing at the table', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B');
    const entry: TableLogEntry = { type: 'player-erased', player: 1, by: 'Mara (manager #1)', at: 0 };
    expect(isTableOperation(entry)).toBe(true);
    // The opening is a table's fact too (the hand's facts are not).
    expect(isTableOperation({ type: 'table-opened', config: CASINO_5_10, at: 0 })).toBe(true);
    expect(isTableOperation({ type: 'fold', seat: 1 })).toBe(false);
    expect(reduceTable(table.state, entry)).toBe(table.state);
    // So does the record of an older table's names moved out of its rows (D113).
    const moved: TableLogEntry = { type: 'names-moved', commands: 3, pins: 'a'.repeat(64), by: 'Mara (manager #1)', at: 0 };
    expect(isTableOperation(moved)).toBe(true);
    expect(reduceTable(table.state, moved)).toBe(table.state);
  });
});

describe('seats', () => {
  it('a player who leaves before the button is drawn takes their card out of the draw; after the draw the cards stay as drawn', () => {
    const drawing = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Kd');
    const left = drawing.do({ type: 'leave', seat: 1, at: 0 }).state;
    expect(left.buttonDraw.map((drawn) => drawn.seat)).toEqual([2]);
    const drawn = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Kd 3:Qc');
    const cards = drawn.state.buttonDraw;
    expect(drawn.state.button).toBe(1);
    expect(reduceTable(drawn.state, { type: 'left', seat: 2, name: 'B', stack: 500, at: 0 }).buttonDraw).toBe(cards);
  });

  it('a player who leaves again is one departure, the latest, beside the others', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C');
    const once = reduceTable(table.state, { type: 'left', seat: 1, name: 'A', stack: 400, at: MINUTE });
    const other = reduceTable(once, { type: 'left', seat: 2, name: 'B', stack: 300, at: 2 * MINUTE });
    const back = reduceTable(other, { type: 'seated', seat: 1, name: 'A', stack: 400, status: 'waiting', owesBigBlind: true });
    const twice = reduceTable(back, { type: 'left', seat: 1, name: 'A', stack: 350, at: 3 * MINUTE });
    expect(twice.departures).toEqual([
      { name: 'B', stack: 300, at: 2 * MINUTE },
      { name: 'A', stack: 350, at: 3 * MINUTE },
    ]);
  });

  it('blinds missed add to what is owed and take nothing away', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B');
    const big = reduceTable(table.state, { type: 'blinds-missed', seat: 1, small: false, big: true });
    expect(big.seats[0]?.owes).toEqual({ small: false, big: true });
    const both = reduceTable(big, { type: 'blinds-missed', seat: 1, small: true, big: false });
    expect(both.seats[0]?.owes).toEqual({ small: true, big: true });
  });

  it('a player left without chips between hands sits out and posts no more; one with chips left keeps posting', () => {
    const table = new TableDriver().sit(2, 'B', 500);
    const short = reduceTable(table.state, { type: 'seated', seat: 1, name: 'A', stack: 15, status: 'waiting', owesBigBlind: true });
    const posting = reduceTable(reduceTable(short, { type: 'will-post', seat: 1 }), { type: 'will-post', seat: 2 });
    const broke = reduceTable(posting, { type: 'time-collected', seat: 1, amount: 15 });
    expect(broke.seats[0]).toMatchObject({ stack: 0, status: 'sitting-out', posting: false });
    const paid = reduceTable(broke, { type: 'time-collected', seat: 2, amount: 15 });
    expect(paid.seats[1]).toMatchObject({ stack: 485, status: posting.seats[1]?.status, posting: true });
  });
});

describe('the table set up again', () => {
  const config = (seatCount: number): TableConfig => ({ ...CASINO_5_10, seatCount, maxPlayers: seatCount });
  const played = (): TableState => {
    const table = new TableDriver().sit(1, 'A').sit(8, 'B').sit(9, 'C').draw('1:2c 8:3c 9:As').playHand();
    return table.state;
  };

  it('at an empty table, a seat removed under the button or a blind starts the order anew, with a draw', () => {
    const before = played();
    expect(before.button).toBe(9);
    const empty = { ...before, seats: before.seats.map(() => null) };
    const fewer = reduceTable(empty, { type: 'table-configured', config: config(8), by: 'Floor', at: 0 });
    expect(fewer).toMatchObject({ button: null, smallBlindPosition: null, bigBlind: null, buttonDraw: [] });
    expect(fewer.seats).toHaveLength(8);
  });

  it('keeps the order when the removed seats hold neither the button nor a blind, or when anyone sits', () => {
    const before = played();
    const empty = { ...before, seats: before.seats.map(() => null) };
    // Nine seats again: the button's seat 9 stays.
    const same = reduceTable(empty, { type: 'table-configured', config: config(9), by: 'Floor', at: 0 });
    expect([same.button, same.smallBlindPosition, same.bigBlind]).toEqual([before.button, before.smallBlindPosition, before.bigBlind]);
    expect(same.buttonDraw).toBe(before.buttonDraw);
    const seated = reduceTable(before, { type: 'table-configured', config: config(8), by: 'Floor', at: 0 });
    expect(seated.button).toBe(9);
    expect(seated.buttonDraw).toBe(before.buttonDraw);
  });
});

describe('a hand voided', () => {
  it('gives a player who posted to come in their debt back, the one posted and no other; the others are only not dealt this hand', () => {
    const table = new TableDriver({ seatCount: 8, maxPlayers: 8, newPlayers: 'post' }).sit(1, 'A').sit(3, 'B').sit(5, 'C').sit(7, 'D').draw('1:As 3:2c 5:3c 7:4c').playHand();
    table.sit(8, 'E').start();
    const { positions } = table.state;
    expect(positions?.extraPosts.map((post) => post.seat)).toEqual([8]);
    const before = table.state.seats.map((player) => player && { ...player });
    const voided = reduceTable(table.state, { type: 'hand-voided', handNumber: table.state.handNumber, reason: 'seat-skipped', by: 'Floor' });
    expect(voided.seats[7]).toMatchObject({ status: 'waiting', posting: true, owes: { small: false, big: true }, handsDealt: (before[7]?.handsDealt ?? 0) - 1 });
    for (const seat of [1, 3, 5, 7]) expect(voided.seats[seat - 1]).toEqual({ ...before[seat - 1], handsDealt: (before[seat - 1]?.handsDealt ?? 0) - 1 });
    expect(voided.redeal).toEqual({ positions, config: table.state.hand?.config });
    // A post of the dead small blind alone owes the small blind only.
    const deadOnly = { ...table.state, positions: positions && { ...positions, extraPosts: [{ ...positions.extraPosts[0], seat: 8, dead: 5, live: 0 } as (typeof positions.extraPosts)[number]] } };
    expect(reduceTable(deadOnly, { type: 'hand-voided', handNumber: table.state.handNumber, reason: 'seat-skipped', by: 'Floor' }).seats[7]?.owes).toEqual({ small: true, big: false });
  });
});

describe('actions in turn (TDA 36’s substantial action)', () => {
  const table = (): TableDriver => dealt(new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').start());

  it('count checks and folds as actions, calls and bets as actions with chips', () => {
    const folds = table().do({ type: 'fold' }).do({ type: 'fold' });
    expect(folds.state.handActions).toEqual({ count: 2, chips: 0 });
    const raised = table().do({ type: 'bet', to: 30 });
    expect(raised.state.handActions).toEqual({ count: 1, chips: 1 });
    const limped = table().do({ type: 'call' }).do({ type: 'call' }).do({ type: 'call' }).do({ type: 'check' });
    expect(limped.state.handActions).toEqual({ count: 4, chips: 3 });
  });

  it('count the same when a step is undone: the hand’s log counted again', () => {
    const limped = table().do({ type: 'call' }).do({ type: 'call' }).do({ type: 'fold' }).do({ type: 'undo', reason: 'the fold was tapped for the wrong seat', by: 'Floor' });
    expect(limped.log.at(-1)?.type).toBe('step-undone');
    expect(limped.state.handActions).toEqual({ count: 2, chips: 2 });
    // Heads-up to the flop: a call and a check before it, a check and a bet on it; the bet undone.
    const flop = dealt(new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:2c').start()).do({ type: 'call' }).do({ type: 'check' });
    for (const card of ['2h', '7d', '9s', 'Kc']) if (getPrompt(flop.state, flop.now).kind === 'deal') flop.do({ type: 'deal', card: parseCard(card) });
    flop.do({ type: 'check' }).do({ type: 'bet', to: 10 });
    expect(flop.state.handActions).toEqual({ count: 4, chips: 2 });
    flop.do({ type: 'undo', reason: 'the bet was tapped for the wrong seat', by: 'Floor' });
    expect(flop.state.handActions).toEqual({ count: 3, chips: 1 });
    expect(replayTable(flop.log)).toEqual(flop.state);
    // A fold and a bet before the step undone are counted again too.
    const raised = table().do({ type: 'fold' }).do({ type: 'bet', to: 30 }).do({ type: 'call' }).do({ type: 'undo', reason: 'the call was tapped for the wrong seat', by: 'Floor' });
    expect(raised.state.handActions).toEqual({ count: 2, chips: 1 });
    const checked = dealt(new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:2c').start()).do({ type: 'call' }).do({ type: 'check' });
    expect(checked.state.handActions).toEqual({ count: 2, chips: 1 });
  });
});
