import { describe, expect, it } from 'vitest';
import { lastStep } from '../../../src/engine/table/undo.js';
import { replayTable } from '../../../src/engine/table/table-reduce.js';
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
