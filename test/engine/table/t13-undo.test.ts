import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import type { Operation } from '../../../src/engine/hand/operations.js';
import { RuleViolation } from '../../../src/engine/rule-violation.js';
import { lastStep } from '../../../src/engine/table/undo.js';
import { reduceTable, replayTable } from '../../../src/engine/table/table-reduce.js';
import { TableDriver } from '../../support/table-driver.js';

/** Deals face-down cards until the betting opens. */
function dealToBetting(table: TableDriver): TableDriver {
  while (table.state.hand?.phase.kind === 'dealing') table.do({ type: 'deal', card: null });
  return table;
}

const FLOOR = { reason: 'Wrong button pressed', by: 'Floor: supervisor' } as const;

/**
 * T13 — the floor undoes the hand's last step (the kiosk issue): a compensating operation with who and
 * why, never an edit; the hand is exactly as it was before the step, and the log replays to it.
 */
describe('T13 the floor undoes the last step of the hand in play', () => {
  it('takes back a raise: the hand is as it was, the log says what was undone, by whom and why', () => {
    const table = dealToBetting(new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').start());
    const before = table.state;
    table.do({ type: 'bet', to: 30 });
    expect(lastStep(table.state)?.en).toMatch(/^Seat \d raises to 30$/);
    table.do({ type: 'undo', ...FLOOR });
    expect(table.state.hand).toEqual(before.hand);
    expect(table.state.handActions).toEqual(before.handActions);
    const undo = table.log.at(-1);
    expect(undo).toMatchObject({ type: 'step-undone', handNumber: 1, reason: 'Wrong button pressed', by: 'Floor: supervisor' });
    expect(undo?.type === 'step-undone' && undo.undone.map((operation) => operation.type)).toEqual(['bet', 'next-actor']);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('takes back an action that closed the round, with the collection and the next street it caused', () => {
    const table = dealToBetting(new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').start());
    table.do({ type: 'call' });
    const before = table.state;
    table.do({ type: 'check' });
    expect(table.state.hand?.street).toBe('flop');
    table.do({ type: 'undo', ...FLOOR });
    expect(table.state.hand).toEqual(before.hand);
    expect(table.state.hand?.street).toBe('preflop');
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('takes back a card: the same card may then be dealt where it belongs', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').start();
    table.do({ type: 'deal', card: 0 as never });
    expect(lastStep(table.state)?.en).toBe('Burn card');
    table.do({ type: 'undo', ...FLOOR });
    expect(() => table.do({ type: 'deal', card: 0 as never })).not.toThrow();
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('counts actions again after an undo: a misdeal is allowed once substantial action is taken back (TDA 36)', () => {
    const table = dealToBetting(new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').start());
    table.do({ type: 'call' }).do({ type: 'bet', to: 40 });
    expect(() => table.do({ type: 'misdeal', reason: 'cards-exposed', by: 'Floor' })).toThrow('No misdeal after substantial action');
    table.do({ type: 'undo', ...FLOOR });
    table.do({ type: 'misdeal', reason: 'cards-exposed', by: 'Floor' });
    expect(table.state.voided).toMatchObject({ reason: 'cards-exposed' });
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it.each([
    ['no hand', (table: TableDriver) => table, 'No hand is in play'],
    ['only the blinds', (table: TableDriver) => table.start(), 'Nothing to undo in this hand yet'],
    ['a finished hand', (table: TableDriver) => table.playHand(), 'No hand is in play'],
  ])('refuses an undo with %s', (_, setUp, message) => {
    const table = setUp(new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks'));
    expect(lastStep(table.state)).toBeNull();
    expect(() => table.do({ type: 'undo', ...FLOOR })).toThrow(message);
  });

  it('refuses an undo without a reason or without who approved it', () => {
    const table = dealToBetting(new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').start()).do({ type: 'call' });
    expect(() => table.do({ type: 'undo', reason: ' ', by: 'Floor' })).toThrow('An undo needs its reason');
    expect(() => table.do({ type: 'undo', reason: 'x', by: '' })).toThrow('A floor decision needs the name of who made it');
  });
});

/** Deals the cards named, in the order of the deal ('?' for a card dealt unread). */
function deal(table: TableDriver, cards: string): TableDriver {
  for (const card of cards.split(' ')) table.do({ type: 'deal', card: card === '?' ? null : parseCard(card) });
  return table;
}

/** Three players, button 1, small blind 2, big blind 3; the burn, then the hole cards read (seat 2: 2c 3c, seat 3: 7d 8d, seat 1: Kh Kd). */
function threeHanded(): TableDriver {
  return new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').start();
}
const HOLE_CARDS = '? 2c 7d Kh 3c 8d Kd';

/** Played to the river and checked down: seat 2 shows first. */
function atShowdown(): TableDriver {
  const table = deal(threeHanded(), HOLE_CARDS);
  for (const action of ['call', 'call', 'check'] as const) table.do({ type: action });
  deal(table, '? 2s 7s 9h');
  for (let index = 0; index < 3; index++) table.do({ type: 'check' });
  deal(table, '? Jc');
  for (let index = 0; index < 3; index++) table.do({ type: 'check' });
  deal(table, '? 4h');
  for (let index = 0; index < 3; index++) table.do({ type: 'check' });
  return table;
}

describe('T13 each kind of step is taken back alone, as it was', () => {
  const steps: [string, () => TableDriver, (table: TableDriver) => void, Operation['type']][] = [
    ['a fold', () => deal(threeHanded(), HOLE_CARDS), (table) => table.do({ type: 'fold' }), 'fold'],
    ['a call', () => deal(threeHanded(), HOLE_CARDS), (table) => table.do({ type: 'call' }), 'call'],
    ['an exposed hole card', () => deal(threeHanded(), '? 2c 7d Kh'), (table) => table.do({ type: 'exposed' }), 'card-exposed'],
    ['a premature burn card', () => deal(threeHanded(), HOLE_CARDS).do({ type: 'call' }), (table) => table.do({ type: 'premature', to: 'burn', card: parseCard('2s') }), 'premature-card'],
    ['a flop dealt again', () => deal(deal(threeHanded(), HOLE_CARDS).do({ type: 'call' }).do({ type: 'call' }).do({ type: 'check' }), '? 2s 7s 9h'), (table) => table.do({ type: 'redeal-flop' }), 'cards-returned'],
    ['a show', atShowdown, (table) => table.do({ type: 'show' }), 'show'],
    ['a muck', () => atShowdown().do({ type: 'show' }), (table) => table.do({ type: 'muck' }), 'muck'],
  ];

  it.each(steps)('%s', (_, setUp, step, first) => {
    const table = setUp();
    const before = table.state;
    step(table);
    table.do({ type: 'undo', ...FLOOR });
    const undo = table.log.at(-1);
    expect(undo?.type === 'step-undone' && undo.undone[0]?.type).toBe(first);
    expect(table.state.hand).toEqual(before.hand);
    expect(table.state.handLog).toEqual(before.handLog);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('an action that closes the round takes back with it the premature cards the engine returned to the stub', () => {
    const table = deal(threeHanded(), HOLE_CARDS).do({ type: 'call' }).do({ type: 'call' });
    table.do({ type: 'premature', to: 'board', card: parseCard('Ah') });
    const before = table.state;
    table.do({ type: 'check' });
    // The round closed: the bets collected, the flop's street opened, the card set aside back in the stub.
    expect(table.state.handLog.at(-1)).toEqual({ type: 'cards-returned', cards: [parseCard('Ah')], redeal: false });
    table.do({ type: 'undo', ...FLOOR });
    expect(table.state.hand).toEqual(before.hand);
    expect(table.state.hand?.heldCards).toEqual([parseCard('Ah')]);
  });

  it('the step is said as it was made: a bet into nobody is a bet, not a raise', () => {
    const table = deal(deal(threeHanded(), HOLE_CARDS).do({ type: 'call' }).do({ type: 'call' }).do({ type: 'check' }), '? 2s 7s 9h');
    table.do({ type: 'bet', to: 20 });
    expect(lastStep(table.state)).toEqual({ en: 'Seat 2 bets 20', de: 'Platz 2 setzt 20' });
  });
});

describe('T13 refusals and logs that do not replay', () => {
  it.each([
    ['no hand', (table: TableDriver) => table, 'No hand is in play: a finished hand is corrected with a stack adjustment', 'Keine Hand läuft: eine beendete Hand wird mit einer Stapelkorrektur berichtigt'],
    ['only the blinds', (table: TableDriver) => table.start(), 'Nothing to undo in this hand yet: only the blinds are in', 'In dieser Hand gibt es noch nichts zurückzunehmen: nur die Blinds stehen'],
  ])('the refusal with %s, in both languages', (_, setUp, en, de) => {
    const table = setUp(new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks'));
    let refused: unknown;
    try {
      table.do({ type: 'undo', ...FLOOR });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RuleViolation);
    expect(refused).toMatchObject({ code: 'nothing-to-undo', words: { en, de } });
  });

  it('an undo that does not take back the end of the hand in play does not replay', () => {
    const table = deal(threeHanded(), HOLE_CARDS).do({ type: 'call' }).do({ type: 'call' });
    const log = table.state.handLog;
    const last = log.slice(-2);
    const undo = (undone: readonly Operation[]) => () => reduceTable(table.state, { type: 'step-undone', handNumber: 1, undone, reason: 'test', by: 'Floor' });
    expect(undo(last)).not.toThrow();
    // Another step than the last; the last with one operation changed; more than the hand holds.
    expect(undo(log.slice(-4, -2))).toThrow('an undone step is not the end of the hand in play');
    expect(undo([last[0] as Operation, { type: 'next-actor', seat: 1 }])).toThrow('an undone step is not the end of the hand in play');
    expect(undo([{ type: 'next-actor', seat: 1 }, last[1] as Operation])).toThrow('an undone step is not the end of the hand in play');
    expect(undo(log)).toThrow('an undone step is not the end of the hand in play');
  });
});

describe('T13 no step to undo outside a hand in play', () => {
  it('before the first hand and after a hand ends, the floor is offered no step to undo', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks');
    expect(lastStep(table.state)).toBeNull();
    table.start();
    expect(lastStep(table.state)).toBeNull();
    dealToBetting(table).do({ type: 'fold' });
    expect(table.state.hand?.phase.kind).toBe('complete');
    expect(lastStep(table.state)).toBeNull();
  });
});
