import { describe, expect, it } from 'vitest';
import type { TableConfig } from '../../src/engine/table/table-config.js';
import { factsOf } from '../../src/reports/facts.js';
import { incidents } from '../../src/reports/incidents.js';
import { MINUTE, TableDriver } from '../support/table-driver.js';

describe('a table set up anew, in the incidents', () => {
  it('names the setup as it became at the first change, and what changed from the one before at the next', () => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks').playHand();
    const setup = (change: Partial<TableConfig>): TableConfig => ({ ...table.state.config, ...change });
    table.now = 10 * MINUTE;
    table.do({ type: 'configure', config: setup({ buyIn: { min: 200, max: 999_999_990 } }), by: 'Sam (floor supervisor #20)', at: table.now });
    table.do({ type: 'configure', config: setup({ buyIn: { min: 200, max: 2_000 }, timeCollection: null }), by: 'Sam (floor supervisor #20)', at: table.now });
    table.do({ type: 'configure', config: setup({ buyIn: { min: 200, max: 2_000 }, timeCollection: null }), by: 'Sam (floor supervisor #20)', at: table.now });
    const setups = incidents(factsOf(table.log)).filter((incident) => incident.kind === 'table-setup');
    expect(setups.map((incident) => incident.words.en)).toEqual([
      'The table was set up anew: Game No limit 5/10; Chip unit 1; Seats 10, at most 10 players; Buy-in 200–999,999,990; Time 15 every 30 min; Rake none; Button dead; New players post or wait; Return within 60 min',
      'The table was set up anew: Buy-in from 200–999,999,990 to 200–2,000; Time from 15 every 30 min to none',
      'The table was set up anew, as it was',
    ]);
    expect(setups[1]?.words.de).toBe('Der Tisch wurde neu eingerichtet: Buy-in von 200–999.999.990 auf 200–2.000; Zeit von 15 alle 30 Min. auf keine');
  });

  it('names a limit game’s bet sizes, and says so where only a rule the words leave out changed', () => {
    const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 300).draw('1:As 2:Ks').playHand();
    const fixed = (smallBet: number, bigBet: number): TableConfig => ({
      ...table.state.config,
      hand: { ...table.state.config.hand, structure: { kind: 'fixed-limit', smallBet, bigBet, maxBetsPerRound: 4, uncapped: 'two-players-left' } },
    });
    table.do({ type: 'configure', config: fixed(10, 20), by: 'Floor', at: table.now });
    table.do({ type: 'configure', config: fixed(20, 40), by: 'Floor', at: table.now });
    const burnless = { ...fixed(20, 40), hand: { ...fixed(20, 40).hand, burnBeforeHoleCards: false } };
    table.do({ type: 'configure', config: burnless, by: 'Floor', at: table.now });
    const words = incidents(factsOf(table.log))
      .filter((incident) => incident.kind === 'table-setup')
      .map((incident) => incident.words.en);
    expect(words.slice(1)).toEqual(['The table was set up anew: Limits from 10/20, 4 bets a round to 20/40, 4 bets a round', 'The table was set up anew: other rules changed']);
    expect(words[0]).toContain('Game Fixed limit 5/10; Limits 10/20, 4 bets a round;');
  });
});
