import { describe, expect, it } from 'vitest';
import { startHand } from '../../src/engine/hand/apply.js';
import { NO_LIMIT_5_10, settleConfig } from '../../src/engine/hand/config.js';
import { RuleViolation } from '../../src/engine/rule-violation.js';

const players = [
  { seat: 1, stack: 1000 },
  { seat: 4, stack: 1000 },
];

describe('starting a hand refuses a table or configuration that cannot be played, naming what is wrong', () => {
  it.each([
    [{ config: NO_LIMIT_5_10, players: players.slice(0, 1), buttonSeat: 1 }, 'A hand needs 2 to 14 players, got 1'],
    [{ config: NO_LIMIT_5_10, players: [players[0], { seat: 1, stack: 500 }], buttonSeat: 1 }, 'Seat 1 is not a seat number or is taken twice'],
    [{ config: NO_LIMIT_5_10, players: [players[0], { seat: 0, stack: 500 }], buttonSeat: 1 }, 'Seat 0 is not a seat number'],
    [{ config: NO_LIMIT_5_10, players: [players[0], { seat: 2, stack: 0 }], buttonSeat: 1 }, "Seat 2's stack 0 is not a positive number of chip units"],
    [{ config: NO_LIMIT_5_10, players: [players[0], { seat: 2, stack: 12.5 }], buttonSeat: 1 }, "Seat 2's stack 12.5 is not a positive number of chip units"],
    [{ config: NO_LIMIT_5_10, players, buttonSeat: 3 }, 'The button is at seat 3, where nobody plays this hand'],
    [{ config: { ...NO_LIMIT_5_10, chipUnit: 0 }, players, buttonSeat: 1 }, 'chipUnit must be a positive integer, got 0'],
    [{ config: { ...NO_LIMIT_5_10, chipUnit: 5, smallBlind: 7 }, players, buttonSeat: 1 }, 'smallBlind must be a whole number of chip units (5), got 7'],
    [{ config: { ...NO_LIMIT_5_10, straddle: 10 }, players, buttonSeat: 1 }, 'a straddle must be more than the big blind'],
    [{ config: { ...NO_LIMIT_5_10, smallBlind: 20 }, players, buttonSeat: 1 }, 'the big blind must be positive and at least the small blind'],
    [
      { config: { ...NO_LIMIT_5_10, structure: { kind: 'fixed-limit', smallBet: 20, bigBet: 10, maxBetsPerRound: 4, uncapped: 'never' } }, players, buttonSeat: 1 },
      'fixed limit needs 0 < small bet ≤ big bet',
    ],
    [{ config: { ...NO_LIMIT_5_10, rake: { basisPoints: 20_000, cap: 5, noFlopNoDrop: true } }, players, buttonSeat: 1 }, 'rake needs 0–10,000 basis points'],
  ] as const)('%#: %s', (input, message) => {
    expect(() => startHand(input as Parameters<typeof startHand>[0])).toThrow(RuleViolation);
    expect(() => startHand(input as Parameters<typeof startHand>[0])).toThrow(message);
  });

  it('records a copy of the configuration: changing the caller object later changes nothing', () => {
    const config = { ...NO_LIMIT_5_10, structure: { kind: 'no-limit' as const } };
    const { operations } = startHand({ config, players, buttonSeat: 1 });
    (config as { bigBlind: number }).bigBlind = 999;
    expect(operations[0]).toMatchObject({ type: 'hand-started', config: { bigBlind: 10 } });
  });

  it('records a configuration frozen all the way down, and reuses one already settled', () => {
    const rake = { basisPoints: 500, cap: 30, noFlopNoDrop: true };
    const config = { ...NO_LIMIT_5_10, rake };
    const first = startHand({ config, players, buttonSeat: 1 }).state.config;
    rake.cap = 1;
    expect(first.rake?.cap).toBe(30);
    expect(Object.isFrozen(first) && Object.isFrozen(first.rake) && Object.isFrozen(first.structure)).toBe(true);
    expect(settleConfig(first)).toBe(first);
    expect(startHand({ config: first, players, buttonSeat: 1 }).state.config).toBe(first);
    expect(startHand({ config: NO_LIMIT_5_10, players, buttonSeat: 1 }).state.config).toBe(NO_LIMIT_5_10);
  });

  it('checks a frozen configuration before using it', () => {
    const frozen = Object.freeze({ ...NO_LIMIT_5_10, bigBlind: 0 });
    expect(() => settleConfig(frozen)).toThrow('the big blind must be positive');
  });
});
