import { describe, expect, it } from 'vitest';
import { checkConfig, type HandConfig, NO_LIMIT_5_10, settleConfig } from '../../src/engine/hand/config.js';
import { RuleViolation } from '../../src/engine/rule-violation.js';
import { CASINO_5_10, settleTableConfig, type TableConfig } from '../../src/engine/table/table-config.js';
import { TableDriver } from '../support/table-driver.js';

/**
 * Every refusal of a hand's and a table's configuration, word for word in English and German, with the
 * values either side of each bound (docs/mutation.md: a bound moved by one, or a check skipped so that
 * another answered instead, went unnoticed when a test tried only one value well past it).
 */
type Refusal = readonly [code: string, en: string, de: string];

function refused(check: () => unknown): Refusal {
  try {
    check();
  } catch (error) {
    if (!(error instanceof RuleViolation)) throw error;
    return [error.code, error.words.en, error.words.de];
  }
  throw new Error('the configuration was accepted');
}

const hand = (change: Record<string, unknown>): Refusal => refused(() => checkConfig({ ...NO_LIMIT_5_10, ...change } as HandConfig));
const handAccepted = (change: Record<string, unknown>): void => expect(() => checkConfig({ ...NO_LIMIT_5_10, ...change } as HandConfig)).not.toThrow();
const table = (change: Record<string, unknown>): Refusal => refused(() => settleTableConfig({ ...CASINO_5_10, ...change } as TableConfig));
const tableAccepted = (change: Record<string, unknown>): void => expect(() => settleTableConfig({ ...CASINO_5_10, ...change } as TableConfig)).not.toThrow();

const FIXED = { kind: 'fixed-limit', smallBet: 10, bigBet: 20, maxBetsPerRound: 4, uncapped: 'two-players-left' } as const;
const SPREAD = { kind: 'spread-limit', lower: { min: 10, max: 50 }, higher: { min: 10, max: 100 }, maxBetsPerRound: 4, uncapped: 'never' } as const;
const RAKE = { basisPoints: 500, cap: 30, noFlopNoDrop: true };

function amount(name: string, value: number, unit = 1): Refusal {
  return ['invalid-config', `${name} must be a whole number of chip units (${unit}), got ${value}`, `${name} muss ein Vielfaches der Chipeinheit (${unit}) sein, nicht ${value}`];
}

describe('a hand\'s configuration refused, word for word', () => {
  it('the chip unit and every amount, named', () => {
    expect(hand({ chipUnit: 0 })).toEqual(['invalid-config', 'chipUnit must be a positive integer, got 0', 'chipUnit muss eine positive ganze Zahl sein, nicht 0']);
    expect(hand({ smallBlind: 2.5 })).toEqual(amount('smallBlind', 2.5));
    expect(hand({ bigBlind: -10 })).toEqual(amount('bigBlind', -10));
    expect(hand({ ante: 1.5 })).toEqual(amount('ante', 1.5));
    expect(hand({ bigBlindAnte: -1 })).toEqual(amount('bigBlindAnte', -1));
    expect(hand({ straddle: 2 ** 60 })).toEqual(amount('straddle', 2 ** 60));
    // Off the chip unit, though whole and positive.
    expect(hand({ chipUnit: 5, ante: 3 })).toEqual(amount('ante', 3, 5));
    expect(hand({ structure: { ...FIXED, smallBet: 2.5 } })).toEqual(amount('smallBet', 2.5));
    expect(hand({ structure: { ...FIXED, bigBet: -20 } })).toEqual(amount('bigBet', -20));
    expect(hand({ structure: { ...SPREAD, lower: { min: 0.5, max: 50 } } })).toEqual(amount('lower.min', 0.5));
    expect(hand({ structure: { ...SPREAD, lower: { min: 10, max: 0.5 } } })).toEqual(amount('lower.max', 0.5));
    expect(hand({ structure: { ...SPREAD, higher: { min: -1, max: 100 } } })).toEqual(amount('higher.min', -1));
    expect(hand({ structure: { ...SPREAD, higher: { min: 10, max: 1.5 } } })).toEqual(amount('higher.max', 1.5));
    handAccepted({ chipUnit: 5, ante: 5, smallBlind: 5, bigBlind: 10 });
    handAccepted({ ante: 0, bigBlindAnte: 0 });
  });

  it('a refusal is a RuleViolation by name, its message the English words (as a log or a crash report shows it)', () => {
    const error = (() => {
      try {
        checkConfig({ ...NO_LIMIT_5_10, chipUnit: 0 });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(RuleViolation);
    expect(String(error)).toBe('RuleViolation: chipUnit must be a positive integer, got 0');
  });

  it('the blinds and the straddle', () => {
    const blinds: Refusal = ['invalid-config', 'the big blind must be positive and at least the small blind', 'Der Big Blind muss positiv und mindestens so groß wie der Small Blind sein'];
    expect(hand({ smallBlind: 0, bigBlind: 0 })).toEqual(blinds);
    expect(hand({ smallBlind: 15, bigBlind: 10 })).toEqual(blinds);
    handAccepted({ smallBlind: 10, bigBlind: 10 });
    handAccepted({ smallBlind: 0, bigBlind: 1 });
    const straddle: Refusal = ['invalid-config', 'a straddle must be more than the big blind', 'Ein Straddle muss größer als der Big Blind sein'];
    expect(hand({ straddle: 10 })).toEqual(straddle);
    expect(hand({ straddle: 5 })).toEqual(straddle);
    handAccepted({ straddle: 11 });
  });

  it('the limits of fixed and spread limit', () => {
    const bets: Refusal = ['invalid-config', 'maxBetsPerRound must be at least 1', 'maxBetsPerRound muss mindestens 1 sein'];
    expect(hand({ structure: { ...FIXED, maxBetsPerRound: 0 } })).toEqual(bets);
    expect(hand({ structure: { ...SPREAD, maxBetsPerRound: 1.5 } })).toEqual(bets);
    handAccepted({ structure: { ...FIXED, maxBetsPerRound: 1 } });
    handAccepted({ structure: { ...SPREAD, maxBetsPerRound: 1 } });
    const fixed: Refusal = ['invalid-config', 'fixed limit needs 0 < small bet ≤ big bet', 'Fixed Limit braucht 0 < Small Bet ≤ Big Bet'];
    expect(hand({ structure: { ...FIXED, smallBet: 0 } })).toEqual(fixed);
    expect(hand({ structure: { ...FIXED, bigBet: 5 } })).toEqual(fixed);
    handAccepted({ structure: { ...FIXED, smallBet: 1, bigBet: 1 } });
    const spread: Refusal = ['invalid-config', 'spread limit needs 0 < min ≤ max on every street', 'Spread Limit braucht 0 < Minimum ≤ Maximum in jeder Runde'];
    expect(hand({ structure: { ...SPREAD, lower: { min: 0, max: 50 } } })).toEqual(spread);
    expect(hand({ structure: { ...SPREAD, lower: { min: 20, max: 10 } } })).toEqual(spread);
    expect(hand({ structure: { ...SPREAD, higher: { min: 0, max: 100 } } })).toEqual(spread);
    expect(hand({ structure: { ...SPREAD, higher: { min: 100, max: 99 } } })).toEqual(spread);
    handAccepted({ structure: { ...SPREAD, lower: { min: 1, max: 1 }, higher: { min: 1, max: 1 } } });
  });

  it('the premature cards\' rule and the rake', () => {
    expect(hand({ prematureCards: 'shuffle' })).toEqual(['invalid-config', "prematureCards must be 'restore-order' or 'scramble'", "prematureCards muss 'restore-order' oder 'scramble' sein"]);
    handAccepted({ prematureCards: 'scramble' });
    const rake: Refusal = ['invalid-config', 'rake needs 0–10,000 basis points and a cap of at least 0', 'Rake braucht 0–10.000 Basispunkte und eine Obergrenze ab 0'];
    expect(hand({ rake: { ...RAKE, basisPoints: 2.5 } })).toEqual(rake);
    expect(hand({ rake: { ...RAKE, basisPoints: -1 } })).toEqual(rake);
    expect(hand({ rake: { ...RAKE, basisPoints: 10_001 } })).toEqual(rake);
    expect(hand({ rake: { ...RAKE, cap: 1.5 } })).toEqual(rake);
    expect(hand({ rake: { ...RAKE, cap: -1 } })).toEqual(rake);
    handAccepted({ rake: { ...RAKE, basisPoints: 0, cap: 0 } });
    handAccepted({ rake: { ...RAKE, basisPoints: 10_000 } });
  });

  it('a configuration settled is a frozen copy, settled once', () => {
    const open = { ...NO_LIMIT_5_10, structure: { ...SPREAD, lower: { ...SPREAD.lower } }, rake: { ...RAKE } } as HandConfig;
    const settled = settleConfig(open);
    expect(settled).not.toBe(open);
    expect(settled).toEqual(open);
    expect(Object.isFrozen(settled)).toBe(true);
    expect(Object.isFrozen(settled.structure)).toBe(true);
    expect(Object.isFrozen(settled.structure.kind === 'spread-limit' ? settled.structure.lower : null)).toBe(true);
    expect(Object.isFrozen(settled.rake)).toBe(true);
    expect(Object.isFrozen(open)).toBe(false);
    expect(settleConfig(settled)).toBe(settled);
    // Frozen at every level and never seen: used as it is, not copied.
    const frozen = Object.freeze({ ...NO_LIMIT_5_10, rake: Object.freeze({ ...RAKE }) }) as HandConfig;
    expect(settleConfig(frozen)).toBe(frozen);
    // Frozen at the top but not below: copied all the same.
    const shallow = Object.freeze({ ...NO_LIMIT_5_10, rake: { ...RAKE } }) as HandConfig;
    const copied = settleConfig(shallow);
    expect(copied).not.toBe(shallow);
    expect(Object.isFrozen(copied.rake)).toBe(true);
  });
});

describe('a table\'s configuration refused, word for word', () => {
  it('the big-blind ante, the seats and the players', () => {
    expect(table({ hand: { ...NO_LIMIT_5_10, bigBlindAnte: 20 } })).toEqual(['invalid-config', 'the big-blind ante (20) may be at most the big blind (10)', 'der Big-Blind-Ante (20) darf höchstens der Big Blind (10) sein']);
    const seats = (value: number): Refusal => ['invalid-config', `seatCount must be 2 to 14, got ${value}`, `seatCount muss 2 bis 14 sein, nicht ${value}`];
    expect(table({ seatCount: 1, maxPlayers: 1 })).toEqual(seats(1));
    expect(table({ seatCount: 15 })).toEqual(seats(15));
    expect(table({ seatCount: 9.5 })).toEqual(seats(9.5));
    tableAccepted({ seatCount: 14, maxPlayers: 14 });
    tableAccepted({ seatCount: 2, maxPlayers: 2 });
    const players = (value: number): Refusal => ['invalid-config', `maxPlayers must be 2 to the seat count, got ${value}`, `maxPlayers muss 2 bis zur Platzzahl sein, nicht ${value}`];
    expect(table({ maxPlayers: 1 })).toEqual(players(1));
    expect(table({ maxPlayers: 11 })).toEqual(players(11));
    expect(table({ maxPlayers: 8.5 })).toEqual(players(8.5));
  });

  it('the buy-in, the time and the rake', () => {
    const buyIn: Refusal = ['invalid-config', 'buyIn needs 0 < min ≤ max in whole chip units', 'buyIn braucht 0 < min ≤ max in ganzen Chipeinheiten'];
    for (const bad of [{ min: 0, max: 100 }, { min: 200, max: 199 }, { min: 2.5, max: 100 }, { min: 100, max: 1000.5 }, { min: 100, max: -1 }]) expect(table({ buyIn: bad })).toEqual(buyIn);
    const unitOf5 = { hand: { ...NO_LIMIT_5_10, chipUnit: 5 }, timeCollection: null };
    expect(table({ ...unitOf5, buyIn: { min: 102, max: 1000 } })).toEqual(buyIn);
    expect(table({ ...unitOf5, buyIn: { min: 100, max: 1003 } })).toEqual(buyIn);
    tableAccepted({ buyIn: { min: 1, max: 1 } });
    const time: Refusal = ['invalid-config', 'timeCollection needs a positive amount in chip units, a period in whole minutes and whole courtesy hands', 'timeCollection braucht einen positiven Betrag in Chipeinheiten, eine Periode in ganzen Minuten und ganze Freihände'];
    const base = CASINO_5_10.timeCollection as NonNullable<TableConfig['timeCollection']>;
    for (const bad of [{ amount: 0 }, { amount: 2.5 }, { amount: -15 }, { everyMinutes: 0 }, { everyMinutes: 1.5 }, { courtesyHands: 1.5 }, { courtesyHands: -1 }]) {
      expect(table({ timeCollection: { ...base, ...bad } })).toEqual(time);
    }
    expect(table({ hand: { ...NO_LIMIT_5_10, chipUnit: 5 }, timeCollection: { ...base, amount: 12 } })).toEqual(time);
    tableAccepted({ timeCollection: { ...base, amount: 1, everyMinutes: 1, courtesyHands: 0 } });
    expect(table({ hand: { ...NO_LIMIT_5_10, rake: RAKE } })).toEqual(['invalid-config', 'a table collects time or takes rake, not both', 'Ein Tisch kassiert Zeit oder Rake, nicht beides']);
    tableAccepted({ hand: { ...NO_LIMIT_5_10, rake: RAKE }, timeCollection: null });
  });

  it('the return window, the button, premature cards and new players', () => {
    const back: Refusal = ['invalid-config', 'returnWithinMinutes must be a whole number of minutes, at most 1440', 'returnWithinMinutes muss eine ganze Zahl von Minuten sein, höchstens 1440'];
    for (const bad of [-1, 1.5, 1441]) expect(table({ returnWithinMinutes: bad })).toEqual(back);
    tableAccepted({ returnWithinMinutes: 1440 });
    tableAccepted({ returnWithinMinutes: 0 });
    expect(table({ button: 'floating' })).toEqual(['invalid-config', "button must be 'dead' or 'moving'", "button muss 'dead' oder 'moving' sein"]);
    tableAccepted({ button: 'moving' });
    const premature: Refusal = ['invalid-config', 'prematurePerStreet must be 0 to 4', 'prematurePerStreet muss 0 bis 4 sein'];
    for (const bad of [-1, 5, 1.5]) expect(table({ prematurePerStreet: bad })).toEqual(premature);
    tableAccepted({ prematurePerStreet: 0 });
    tableAccepted({ prematurePerStreet: 4 });
    expect(table({ newPlayers: 'wait' })).toEqual(['invalid-config', "newPlayers must be 'post-or-wait' or 'post'", "newPlayers muss 'post-or-wait' oder 'post' sein"]);
    tableAccepted({ newPlayers: 'post' });
  });

  it('a tournament\'s rules', () => {
    const levels = [{ smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 }];
    const rule = { startingStack: 1000, levels, levelEvery: { hands: 10 } };
    const noTime = { timeCollection: null };
    const paid: Refusal = ['invalid-config', 'a tournament collects no time and takes no rake', 'Ein Turnier kassiert weder Zeit noch Rake'];
    expect(table({ tournament: rule })).toEqual(paid);
    expect(table({ ...noTime, hand: { ...NO_LIMIT_5_10, rake: RAKE }, tournament: rule })).toEqual(paid);
    tableAccepted({ ...noTime, tournament: rule });
    const stack: Refusal = ['invalid-config', 'tournament.startingStack must be a positive number of chip units', 'tournament.startingStack muss eine positive Zahl von Chipeinheiten sein'];
    for (const bad of [0, -1000, 1000.5]) expect(table({ ...noTime, tournament: { ...rule, startingStack: bad } })).toEqual(stack);
    expect(table({ ...noTime, hand: { ...NO_LIMIT_5_10, chipUnit: 5 }, tournament: { ...rule, startingStack: 1002 } })).toEqual(stack);
    tableAccepted({ ...noTime, tournament: { ...rule, startingStack: 1 } });
    expect(table({ ...noTime, tournament: { ...rule, levels: [] } })).toEqual(['invalid-config', 'a tournament needs at least one blind level', 'Ein Turnier braucht mindestens eine Blindstufe']);
    // The level named is counted from 1, in both languages.
    const [code, en, de] = table({ ...noTime, tournament: { ...rule, levels: [...levels, { smallBlind: 50, bigBlind: 20, ante: 0, bigBlindAnte: 0 }] } });
    expect([code, en]).toEqual(['invalid-config', 'tournament level 2: the big blind must be positive and at least the small blind']);
    expect(de).toBe('Turnierstufe 2: Der Big Blind muss positiv und mindestens so groß wie der Small Blind sein');
    expect(table({ ...noTime, tournament: { ...rule, levels: [...levels, { smallBlind: 50, bigBlind: 100, ante: 0, bigBlindAnte: 200 }] } })).toEqual([
      'invalid-config',
      'tournament level 2: the big-blind ante (200) may be at most the big blind (100)',
      'Turnierstufe 2: der Big-Blind-Ante (200) darf höchstens der Big Blind (100) sein',
    ]);
    const every: Refusal = ['invalid-config', 'tournament.levelEvery needs a positive number of minutes or hands', 'tournament.levelEvery braucht eine positive Zahl von Minuten oder Händen'];
    for (const bad of [{ hands: 0 }, { minutes: 0 }, { minutes: 2.5 }, { hands: -1 }]) expect(table({ ...noTime, tournament: { ...rule, levelEvery: bad } })).toEqual(every);
    tableAccepted({ ...noTime, tournament: { ...rule, levelEvery: { minutes: 1 } } });
  });

  it('the casino table\'s time: a player sitting out pays none', () => {
    const casino = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').do({ type: 'sit-out', seat: 3 }).playHand();
    expect(casino.state.totals.timeCollected).toBe(30);
  });
});
