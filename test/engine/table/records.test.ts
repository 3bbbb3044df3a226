import { describe, expect, it } from 'vitest';
import { replayTable } from '../../../src/engine/table/table-reduce.js';
import { TableDriver } from '../../support/table-driver.js';

/**
 * What the table records for the floor besides the play (D37: who and when): a dealer taking over, the
 * software that decided, a device's incident, a card refused, a lock-out lifted, a hand's history shown.
 * Each is an entry of the log, with its time; none moves a chip or changes the hand.
 */
describe('the table’s records for the floor', () => {
  it('a dealer takes over between hands, named and timed; the same dealer twice is refused', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks');
    table.do({ type: 'dealer-change', number: '17', name: ' Dana ', at: 1_000 });
    expect(table.log.at(-1)).toEqual({ type: 'dealer-on-duty', number: '17', name: 'Dana', at: 1_000 });
    expect(table.state.dealer).toEqual({ number: '17', name: 'Dana', since: 1_000 });
    table.do({ type: 'dealer-change', number: '18', name: 'Eli', at: 2_000 });
    expect(table.state.dealer?.name).toBe('Eli');
    // After a misdeal, the redeal is the same dealer's hand.
    table.start().do({ type: 'misdeal', reason: 'fouled-deck', by: 'Floor' });
    expect(() => table.do({ type: 'dealer-change', number: '17', name: 'Dana', at: 3_000 })).toThrow('A dealer change is recorded between hands: finish this hand first');
    table.start().foldAround().do({ type: 'dealer-change', number: '17', name: 'Dana', at: 3_000 });
    expect(table.state.dealer?.name).toBe('Dana');
  });

  it('the software, a device incident, a refused card, a lifted lock-out and a history shown are written as given', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').start();
    const hand = table.state.hand;
    const words = { en: 'The shoe is unplugged', de: 'Der Schlitten ist ausgesteckt' };
    table
      .do({ type: 'software-start', version: '1.4.0', build: 'abc123', at: 10 })
      .do({ type: 'device-incident', device: 'shoe-1', kind: 'shoe', incident: 'unplugged', words, at: 11 })
      .do({ type: 'device-incident', device: 'shoe-1', kind: 'shoe', incident: 'device-fault', words, technical: 'EIO on /dev/ttyUSB0', at: 12 })
      .do({ type: 'card-refused', source: 'screen', at: 13 })
      .do({ type: 'lift-lockout', gate: 'dealer', by: ' Floor ', at: 14 })
      .do({ type: 'history-viewed', hand: 3, handNumber: 1, by: 'Manager', at: 15 });
    expect(table.log.slice(-6)).toEqual([
      { type: 'software-started', version: '1.4.0', build: 'abc123', at: 10 },
      { type: 'device-incident', device: 'shoe-1', kind: 'shoe', incident: 'unplugged', words, at: 11 },
      { type: 'device-incident', device: 'shoe-1', kind: 'shoe', incident: 'device-fault', words, technical: 'EIO on /dev/ttyUSB0', at: 12 },
      { type: 'card-refused', source: 'screen', handNumber: 1, at: 13 },
      { type: 'lockout-lifted', gate: 'dealer', by: 'Floor', at: 14 },
      { type: 'hand-history-viewed', hand: 3, handNumber: 1, by: 'Manager', at: 15 },
    ]);
    expect(table.state.hand).toBe(hand);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('the software’s version and build are one printable word of at most 64 characters', () => {
    const table = new TableDriver();
    const start = (version: string, build = 'b1'): unknown => table.do({ type: 'software-start', version, build, at: 0 }).log.at(-1);
    expect(start('x'.repeat(64))).toMatchObject({ version: 'x'.repeat(64) });
    for (const version of ['x'.repeat(65), '', '1.0 beta', '1.0\n', ' 1.0', 'ä']) expect(() => start(version)).toThrow(`The software's version is 1–64 printable characters without spaces, not ${JSON.stringify(version)}`);
    expect(() => start('1.0', 'b\t1')).toThrow('The software\'s build is');
  });
});
