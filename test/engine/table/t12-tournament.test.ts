import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { getPrompt } from '../../../src/engine/table/prompt.js';
import { openTable } from '../../../src/engine/table/table.js';
import { CASINO_5_10, type TableConfig } from '../../../src/engine/table/table-config.js';
import { MINUTE, TableDriver } from '../../support/table-driver.js';
import { finishedTournament } from '../../support/finished-tournament.js';

const LEVELS = [
  { smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 },
  { smallBlind: 20, bigBlind: 40, ante: 0, bigBlindAnte: 40 },
  { smallBlind: 50, bigBlind: 100, ante: 0, bigBlindAnte: 100 },
];

function tournament(levelEvery: { minutes: number } | { hands: number }): Partial<TableConfig> {
  return { timeCollection: null, tournament: { startingStack: 1000, levels: LEVELS, levelEvery } };
}

/**
 * T12 — tournament mode (seed 004): the same starting chips for everyone, blind levels rising by time or by
 * number of hands, players without chips are out, the last player with chips wins; no top-ups.
 */
describe('T12 tournament mode (seed 004)', () => {
  it('raises the blinds by number of hands, and the new level is the next hand\'s configuration', () => {
    const table = new TableDriver(tournament({ hands: 2 })).sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).draw('1:As 2:Ks 3:Qs');
    table.playHand();
    expect(table.state.hand?.config.bigBlind).toBe(20);
    table.playHand();
    table.playHand();
    expect(table.state.hand?.config).toMatchObject({ smallBlind: 20, bigBlind: 40, bigBlindAnte: 40 });
    expect(table.state.tournament?.level).toBe(1);
    expect(getPrompt(table.state, table.now).words.en).toContain('Level 2: blinds 20/40, big-blind ante 40. Button to seat');
    table.playHand();
    table.playHand();
    expect(getPrompt(table.state, table.now).words.de).toContain('Stufe 3: Blinds 50/100, Big-Blind-Ante 100. Button auf Platz');
  });

  it('raises the blinds by time, and stays on the last level', () => {
    const table = new TableDriver(tournament({ minutes: 20 })).sit(1, 'A', 1000).sit(2, 'B', 1000).draw('1:As 2:Ks').playHand();
    table.now = 19 * MINUTE;
    table.playHand();
    expect(table.state.tournament?.level).toBe(0);
    table.now = 21 * MINUTE;
    table.playHand();
    expect(table.state.tournament?.level).toBe(1);
    table.now = 200 * MINUTE;
    table.playHand().playHand();
    expect(table.state.tournament?.level).toBe(2);
    expect(table.state.hand?.config.bigBlind).toBe(100);
  });

  it('a player without chips is out; several out in one hand place by the chips they began it with; the last player wins', () => {
    const table = new TableDriver(tournament({ hands: 100 })).sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).draw('1:As 2:Ks 3:Qs');
    table.do({ type: 'adjust-stack', seat: 3, amount: -400, reason: 'a shorter stack for the test', by: 'Floor' });
    table.start(); // button 1, small blind 2, big blind 3
    table.do({ type: 'deal', card: null });
    for (const card of ['Ks', 'Qs', 'As', 'Kh', 'Qh', 'Ah']) table.do({ type: 'deal', card: parseCard(card) });
    table.do({ type: 'all-in' }).do({ type: 'all-in' }).do({ type: 'call' });
    for (const card of [null, '2c', '7d', '9h', null, 'Tc', null, '3s']) table.do({ type: 'deal', card: card === null ? null : parseCard(card) });
    while (table.state.hand?.phase.kind === 'showdown') table.do({ type: 'show' });
    expect(table.log.filter((entry) => entry.type === 'eliminated' || entry.type === 'tournament-won')).toEqual([
      { type: 'eliminated', seat: 3, name: 'C', place: 3 },
      { type: 'eliminated', seat: 2, name: 'B', place: 2 },
      { type: 'tournament-won', seat: 1, name: 'A' },
    ]);
    expect(table.state.seats.filter((player) => player !== null).map((player) => [player?.name, player?.stack])).toEqual([['A', 2600]]);
    expect(() => table.start()).toThrow('The tournament is over: A won');
    // The croupier's screen says so, with the places of the last hand, the best first.
    expect(getPrompt(table.state, table.now)).toMatchObject({
      kind: 'tournament-over',
      winner: 'A',
      words: { en: 'Tournament over: A wins. Seat 2, B, is out in 2nd place. Seat 3, C, is out in 3rd place', de: 'Turnier beendet: A gewinnt. Platz 2, B, scheidet als 2. aus. Platz 3, C, scheidet als 3. aus' },
    });
  });

  it('refuses late registration, other buy-ins, top-ups and leaving with chips', () => {
    const table = new TableDriver(tournament({ hands: 5 })).sit(1, 'A', 1000);
    expect(() => table.sit(2, 'B', 500)).toThrow('Every player starts the tournament with 1000, not 500');
    table.sit(2, 'B', 1000).draw('1:As 2:Ks').playHand();
    expect(() => table.sit(3, 'C', 1000)).toThrow('registration is closed');
    expect(() => table.do({ type: 'top-up', seat: 1, amount: 100 })).toThrow('No top-ups in this tournament');
    expect(() => table.do({ type: 'leave', seat: 1, at: 0 })).toThrow("chips stay in play until they are lost");
  });

  it('refuses a tournament with time collection, rake, no levels or an unplayable level', () => {
    expect(() => openTable({ ...CASINO_5_10, tournament: { startingStack: 1000, levels: LEVELS, levelEvery: { hands: 5 } } }, 0)).toThrow('a tournament collects no time and takes no rake');
    expect(() => openTable({ ...CASINO_5_10, timeCollection: null, tournament: { startingStack: 1000, levels: [], levelEvery: { hands: 5 } } }, 0)).toThrow('at least one blind level');
    expect(() => openTable({ ...CASINO_5_10, timeCollection: null, tournament: { startingStack: 1000, levels: [{ smallBlind: 50, bigBlind: 20, ante: 0, bigBlindAnte: 0 }], levelEvery: { hands: 5 } } }, 0)).toThrow('tournament level 1: the big blind must be positive and at least the small blind');
    // A big-blind ante above the big blind is taken for a slip (a level's or a cash table's own).
    const levels = [LEVELS[0] as (typeof LEVELS)[number], { smallBlind: 50, bigBlind: 100, ante: 0, bigBlindAnte: 1000 }];
    expect(() => openTable({ ...CASINO_5_10, timeCollection: null, tournament: { startingStack: 1000, levels, levelEvery: { hands: 5 } } }, 0)).toThrow('tournament level 2: the big-blind ante (1000) may be at most the big blind (100)');
    expect(() => openTable({ ...CASINO_5_10, hand: { ...CASINO_5_10.hand, bigBlindAnte: 20 } }, 0)).toThrow('the big-blind ante (20) may be at most the big blind (10)');
    expect(openTable({ ...CASINO_5_10, hand: { ...CASINO_5_10.hand, bigBlindAnte: 10 } }, 0).state.config.hand.bigBlindAnte).toBe(10);
  });
});

describe('T12 places, levels and absences', () => {
  it('players out in one hand place by the chips they began it with, the big-blind ante included', () => {
    // Seat 2 began the hand with 900, seat 3 with 1,000 (200 of it the big-blind ante): seat 3 places higher.
    expect(finishedTournament().log.filter((entry) => entry.type === 'eliminated')).toEqual([
      { type: 'eliminated', seat: 2, name: 'B', place: 3 },
      { type: 'eliminated', seat: 3, name: 'C', place: 2 },
    ]);
  });

  it('the next hand\'s prompt says who went out in the hand just played, and in which place', () => {
    const table = new TableDriver(tournament({ hands: 100 })).sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).sit(4, 'D', 1000).draw('1:As 2:Ks 3:Qs 4:Js');
    table.do({ type: 'adjust-stack', seat: 3, amount: -900, reason: 'a short stack for the test', by: 'Floor' });
    table.start(); // button 1, small blind 2, big blind 3 (C, 100)
    table.do({ type: 'deal', card: null });
    for (const card of ['2s', '7c', 'As', 'Ks', '3s', '2d', 'Ad', 'Kd']) table.do({ type: 'deal', card: parseCard(card) });
    table.do({ type: 'call' }).do({ type: 'fold' }).do({ type: 'fold' }).do({ type: 'all-in' }).do({ type: 'call' });
    for (const card of [null, 'Kh', 'Qh', 'Jc', null, 'Ts', null, '4s']) table.do({ type: 'deal', card: card === null ? null : parseCard(card) });
    while (table.state.hand?.phase.kind === 'showdown') table.do({ type: 'show' });
    const prompt = getPrompt(table.state, table.now);
    expect(prompt.kind).toBe('start-hand');
    expect(prompt.words.en).toContain('Seat 3, C, is out in 4th place');
    expect(prompt.words.de).toContain('Platz 3, C, scheidet als 4. aus');
  });

  it('each level is written once, when it begins, with its hand and time: by the clock of the day, from the first hand', () => {
    const start = Date.UTC(2026, 11, 2, 18, 0); // 18:00 on a December evening
    const table = new TableDriver(tournament({ minutes: 20 }));
    table.now = start;
    table.sit(1, 'A', 1000).sit(2, 'B', 1000).draw('1:As 2:Ks').playHand();
    table.now = start + 19 * MINUTE;
    table.playHand();
    table.now = start + 21 * MINUTE;
    table.playHand().playHand();
    expect(table.log.filter((entry) => entry.type === 'level-up')).toEqual([
      { type: 'level-up', level: 0, at: start, handNumber: 1 },
      { type: 'level-up', level: 1, at: start + 21 * MINUTE, handNumber: 3 },
    ]);
    expect(table.state.hand?.config).toMatchObject({ smallBlind: 20, bigBlind: 40 });
  });

  it('time-based levels run on the schedule from the first hand and may skip levels after a long break', () => {
    const table = new TableDriver({ timeCollection: null, tournament: { startingStack: 1000, levels: LEVELS, levelEvery: { minutes: 20 } } }).sit(1, 'A', 1000).sit(2, 'B', 1000).draw('1:As 2:Ks');
    const levels: number[] = [];
    for (const minutes of [0, 21, 40.5, 45]) {
      table.now = minutes * MINUTE;
      table.playHand();
      levels.push(table.state.tournament?.level ?? -1);
    }
    expect(levels).toEqual([0, 1, 2, 2]);
  });

  it('a player without chips after a correction is out; an absent player is not sat out but blinded off', () => {
    const table = new TableDriver(tournament({ hands: 100 })).sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).draw('1:As 2:Ks 3:Qs');
    expect(() => table.do({ type: 'sit-out', seat: 2 })).toThrow('In a tournament an absent player is dealt in and blinded off');
    table.do({ type: 'adjust-stack', seat: 3, amount: -1000, reason: 'disqualified', by: 'Tournament director' });
    expect(table.log.at(-1)).toEqual({ type: 'eliminated', seat: 3, name: 'C', place: 3 });
  });
});

describe('T12 leaving, and a player without chips at a cash table', () => {
  it('before the first hand a player may leave with the starting chips', () => {
    const table = new TableDriver(tournament({ hands: 10 })).sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).draw('1:As 2:Ks 3:Qs');
    // Every player starts playing, owing nothing (the croupier's screen shows what a seat owes).
    expect(table.player(1)).toMatchObject({ status: 'playing', owes: { small: false, big: false } });
    table.do({ type: 'leave', seat: 3, at: 0 });
    expect(table.log.at(-1)).toEqual({ type: 'left', seat: 3, name: 'C', stack: 1000, at: 0 });
  });

  it('at a cash table a player who loses every chip is not out: they sit out, and may buy again', () => {
    const table = new TableDriver({ timeCollection: null }).sit(1, 'A', 200).sit(2, 'B', 500).draw('1:As 2:Ks').start();
    // Heads-up: seat 1 on the button posts the small blind and acts first. Seat 2 holds A♠ A♥, seat 1 2♣ 7♦.
    table.do({ type: 'deal', card: null });
    for (const card of ['As', '2c', 'Ah', '7d']) table.do({ type: 'deal', card: parseCard(card) });
    table.do({ type: 'all-in' }).do({ type: 'call' });
    for (const card of [null, 'Ks', 'Qd', '9h', null, '5c', null, '3s']) table.do({ type: 'deal', card: card === null ? null : parseCard(card) });
    while (table.state.hand?.phase.kind === 'showdown') table.do({ type: 'show' });
    expect(table.state.hand?.phase.kind).toBe('complete');
    expect(table.player(1)).toMatchObject({ stack: 0, status: 'sitting-out' });
    expect(table.log.some((entry) => entry.type === 'eliminated' || entry.type === 'tournament-won')).toBe(false);
    expect(table.state.tournament).toBeNull();
    table.do({ type: 'top-up', seat: 1, amount: 200 }).do({ type: 'come-back', seat: 1 });
    expect(table.player(1).stack).toBe(200);
  });
});
