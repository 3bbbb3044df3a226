import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { NO_LIMIT_5_10 } from '../../../src/engine/hand/config.js';
import { getPrompt, type Prompt } from '../../../src/engine/table/prompt.js';
import type { TableConfig } from '../../../src/engine/table/table-config.js';
import { MINUTE, TableDriver } from '../../support/table-driver.js';

const prompt = (table: TableDriver): Prompt => getPrompt(table.state, table.now);

/** Deals every card asked for (unread) until someone is to act. */
function dealToAction(table: TableDriver): TableDriver {
  while (table.state.hand?.phase.kind === 'dealing') table.do({ type: 'deal', card: null });
  return table;
}

const MISDEAL_EN = 'Misdeal (a seat entitled to cards was skipped): every chip back, redeal';
const MISDEAL_DE = 'Misdeal (ein Platz wurde beim Geben übersprungen): alle Chips zurück, neu geben';

function tournament(levels: NonNullable<TableConfig['tournament']>['levels'], levelEvery: { minutes: number } | { hands: number }): Partial<TableConfig> {
  return { timeCollection: null, tournament: { startingStack: 1000, levels, levelEvery } };
}

/**
 * Plays one hand in which the big blind, cut to the big blind's amount first, is all-in and loses to the
 * first player to act, who calls; everyone else folds. Returns the seat knocked out.
 */
function knockOutBigBlind(table: TableDriver): number {
  const next = prompt(table);
  if (next.kind !== 'start-hand') throw new Error(`no hand to start: ${next.kind}`);
  const out = next.bigBlind.seat;
  table.do({ type: 'adjust-stack', seat: out, amount: next.bigBlind.amount - table.player(out).stack, reason: 'a short stack for the test', by: 'Floor' });
  table.start();
  const dealtIn = table.positions().dealtIn;
  const caller = dealtIn.find((seat) => seat > out) ?? (dealtIn[0] as number);
  const hole = new Map<number, string[]>();
  const board = ['Kd', 'Qd', '9s', '5h', '3c'];
  for (let steps = 0; table.state.hand?.phase.kind !== 'complete'; steps++) {
    if (steps > 200) throw new Error('the hand does not end');
    const step = prompt(table);
    if (step.kind === 'deal') {
      const target = step.target;
      let card: string | null = null;
      if (target === 'board') card = board.shift() ?? null;
      else if (typeof target === 'object' && (target.seat === out || target.seat === caller)) {
        const cards = hole.get(target.seat) ?? (target.seat === out ? ['7c', '2d'] : ['As', 'Ah']);
        card = cards.shift() ?? null;
        hole.set(target.seat, cards);
      }
      table.do({ type: 'deal', card: card === null ? null : parseCard(card) });
    } else if (step.kind === 'action') {
      table.do(step.seat === caller ? { type: 'call' } : { type: 'fold' });
    } else if (step.kind === 'show') {
      table.do({ type: 'show' });
    } else {
      throw new Error(`unexpected ${step.kind}`);
    }
  }
  return out;
}

/**
 * T9 — the prompt's every line, word for word in English and German: the draw for the button, the redeal
 * after a misdeal, a dead small blind, a tournament's level and its antes, blinds owed, players out.
 */
describe('T9 the prompt, word for word', () => {
  it('the draw for the button: every playing seat not yet drawn, and two players are enough', () => {
    const table = new TableDriver();
    expect(prompt(table)).toEqual({ kind: 'seat-players', words: { en: 'Seat at least two players', de: 'Mindestens zwei Spieler setzen' } });
    table.sit(3, 'A').sit(4, 'B');
    expect(prompt(table)).toEqual({ kind: 'draw-for-button', seats: [3, 4], words: { en: 'Draw for the button: seat 3, 4', de: 'Button auslosen: Platz 3, 4' } });
    // A player sitting out draws no card.
    table.sit(7, 'C').do({ type: 'sit-out', seat: 7 });
    expect(prompt(table)).toMatchObject({ kind: 'draw-for-button', seats: [3, 4] });
    table.draw('3:As');
    expect(prompt(table)).toEqual({ kind: 'draw-for-button', seats: [4], words: { en: 'Draw for the button: seat 4', de: 'Button auslosen: Platz 4' } });
    table.draw('4:2c').start().do({ type: 'deal', card: null });
    expect(prompt(table)).toMatchObject({ kind: 'deal', words: { en: 'Deal seat 4', de: 'Austeilen: Platz 4' } });
  });

  it('a table with a button but fewer than two players to deal asks for players again', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:2c').playHand().do({ type: 'sit-out', seat: 2 });
    expect(prompt(table)).toEqual({ kind: 'seat-players', words: { en: 'Seat at least two players', de: 'Mindestens zwei Spieler setzen' } });
  });

  it('the redeal after a misdeal: the voided hand\'s positions, no time collected, in both languages', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').start();
    // Seat 2 asks to sit out during the voided hand: it is dealt into the redeal all the same (T10).
    dealToAction(table).do({ type: 'sit-out', seat: 2 }).do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    // The next period's time is due by the clock, but a redeal is the same hand: it collects none.
    table.now = 31 * MINUTE;
    expect(prompt(table)).toEqual({
      kind: 'start-hand',
      awards: [],
      collectTime: [],
      button: 1,
      smallBlind: { seat: 2, amount: 5 },
      bigBlind: { seat: 3, amount: 10 },
      owed: [],
      words: {
        en: `${MISDEAL_EN}. Button to seat 1. Post blinds: seat 2 small blind 5, seat 3 big blind 10`,
        de: `${MISDEAL_DE}. Button auf Platz 1. Blinds setzen: Platz 2 Small Blind 5, Platz 3 Big Blind 10`,
      },
    });
  });

  it('a dead small blind is named by nobody, before the hand and at its redeal (T3)', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').sit(5, 'E').sit(6, 'F').draw('1:As 2:2c 3:3c 4:4c 5:5c 6:6c').playHand();
    table.do({ type: 'leave', seat: 3, at: 0 });
    expect(prompt(table)).toMatchObject({
      button: 2,
      smallBlind: null,
      bigBlind: { seat: 4, amount: 10 },
      words: {
        en: 'Seat 3 wins the main pot, 10. Button to seat 2. Post blinds: seat 4 big blind 10',
        de: 'Platz 3 gewinnt den Hauptpot, 10. Button auf Platz 2. Blinds setzen: Platz 4 Big Blind 10',
      },
    });
    dealToAction(table.start()).do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    expect(prompt(table)).toMatchObject({
      button: 2,
      smallBlind: null,
      words: { en: `${MISDEAL_EN}. Button to seat 2. Post blinds: seat 4 big blind 10`, de: `${MISDEAL_DE}. Button auf Platz 2. Blinds setzen: Platz 4 Big Blind 10` },
    });
  });

  it('heads-up there is no straddle, though the table has one', () => {
    const table = new TableDriver({ timeCollection: null, hand: { ...NO_LIMIT_5_10, straddle: 20 } }).sit(1, 'A').sit(2, 'B').draw('1:As 2:2c');
    expect(prompt(table).words).toEqual({
      en: 'Button to seat 1. Post blinds: seat 1 small blind 5, seat 2 big blind 10',
      de: 'Button auf Platz 1. Blinds setzen: Platz 1 Small Blind 5, Platz 2 Big Blind 10',
    });
  });

  it('a returning player owes the big blind live and the small blind dead: both named as one sum (T6)', () => {
    const table = new TableDriver({ seatCount: 8, maxPlayers: 8 }).sit(1, 'A').sit(3, 'B').sit(5, 'C').sit(7, 'D').draw('1:As 3:2c 5:3c 7:4c').playHand();
    table.do({ type: 'sit-out', seat: 7 }).playHand().do({ type: 'come-back', seat: 7 }).do({ type: 'post', seat: 7 }).playHand();
    expect(prompt(table)).toMatchObject({
      owed: [{ seat: 7, live: 10, dead: 5 }],
      words: {
        en: 'Seat 3 wins the main pot, 10. Button to seat 1. Post blinds: seat 3 small blind 5, seat 5 big blind 10, seat 7 owes 15',
        de: 'Platz 3 gewinnt den Hauptpot, 10. Button auf Platz 1. Blinds setzen: Platz 3 Small Blind 5, Platz 5 Big Blind 10, Platz 7 schuldet 15',
      },
    });
  });

  it('a tournament\'s level: its blinds and only the antes it has; a level due by the clock is the next hand\'s, not a redeal\'s', () => {
    const levels = [{ smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 }, { smallBlind: 20, bigBlind: 40, ante: 5, bigBlindAnte: 0 }];
    const table = new TableDriver(tournament(levels, { minutes: 20 })).sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).draw('1:As 2:Ks 3:Qs');
    expect(prompt(table).words).toEqual({
      en: 'Level 1: blinds 10/20. Button to seat 1. Post blinds: seat 2 small blind 10, seat 3 big blind 20',
      de: 'Stufe 1: Blinds 10/20. Button auf Platz 1. Blinds setzen: Platz 2 Small Blind 10, Platz 3 Big Blind 20',
    });
    table.playHand();
    table.now = 21 * MINUTE;
    // The antes are in the level's line, not again as a line of their own.
    expect(prompt(table)).toMatchObject({
      smallBlind: { seat: 3, amount: 20 },
      bigBlind: { seat: 1, amount: 40 },
      words: {
        en: 'Seat 3 wins the main pot, 20. Level 2: blinds 20/40, ante 5. Button to seat 2. Post blinds: seat 3 small blind 20, seat 1 big blind 40',
        de: 'Platz 3 gewinnt den Hauptpot, 20. Stufe 2: Blinds 20/40, Ante 5. Button auf Platz 2. Blinds setzen: Platz 3 Small Blind 20, Platz 1 Big Blind 40',
      },
    });

    // Both antes: one after the other.
    const both = new TableDriver(tournament([{ smallBlind: 10, bigBlind: 20, ante: 5, bigBlindAnte: 20 }], { hands: 10 })).sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).draw('1:As 2:Ks 3:Qs');
    expect(prompt(both).words).toEqual({
      en: 'Level 1: blinds 10/20, ante 5, big-blind ante 20. Button to seat 1. Post blinds: seat 2 small blind 10, seat 3 big blind 20 and big-blind ante 20',
      de: 'Stufe 1: Blinds 10/20, Ante 5, Big-Blind-Ante 20. Button auf Platz 1. Blinds setzen: Platz 2 Small Blind 10, Platz 3 Big Blind 20 und Big-Blind-Ante 20',
    });

    const voided = new TableDriver(tournament(levels, { minutes: 20 })).sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).draw('1:As 2:Ks 3:Qs');
    dealToAction(voided.start()).do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    voided.now = 21 * MINUTE;
    expect(prompt(voided)).toMatchObject({
      smallBlind: { seat: 2, amount: 10 },
      bigBlind: { seat: 3, amount: 20 },
      words: {
        en: `${MISDEAL_EN}. Level 1: blinds 10/20. Button to seat 1. Post blinds: seat 2 small blind 10, seat 3 big blind 20`,
        de: `${MISDEAL_DE}. Stufe 1: Blinds 10/20. Button auf Platz 1. Blinds setzen: Platz 2 Small Blind 10, Platz 3 Big Blind 20`,
      },
    });
  });

  it('a player out is named after the hand they went out in, and not after the next hand nor at a redeal', () => {
    const table = new TableDriver(tournament([{ smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 }], { hands: 100 }))
      .sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).sit(4, 'D', 1000).draw('1:As 2:Ks 3:Qs 4:Js');
    table.do({ type: 'adjust-stack', seat: 3, amount: -900, reason: 'a short stack for the test', by: 'Floor' });
    table.start(); // button 1, small blind 2, big blind 3 (C, 100)
    table.do({ type: 'deal', card: null });
    for (const card of ['2s', '7c', 'As', 'Ks', '3s', '2d', 'Ad', 'Kd']) table.do({ type: 'deal', card: parseCard(card) });
    table.do({ type: 'call' }).do({ type: 'fold' }).do({ type: 'fold' }).do({ type: 'all-in' }).do({ type: 'call' });
    for (const card of [null, 'Kh', 'Qh', 'Jc', null, 'Ts', null, '4s']) table.do({ type: 'deal', card: card === null ? null : parseCard(card) });
    while (table.state.hand?.phase.kind === 'showdown') table.do({ type: 'show' });
    expect(prompt(table).words).toEqual({
      en: 'Seat 4 wins the main pot, 210 — Straight, ace high. Seat 3, C, is out in 4th place. Level 1: blinds 10/20. Button to seat 2. Post blinds: seat 4 big blind 20',
      de: 'Platz 4 gewinnt den Hauptpot, 210 — Straße, Ass hoch. Platz 3, C, scheidet als 4. aus. Stufe 1: Blinds 10/20. Button auf Platz 2. Blinds setzen: Platz 4 Big Blind 20',
    });
    table.playHand();
    expect(prompt(table).words).toEqual({
      en: 'Level 1: blinds 10/20. Button to seat 3. Post blinds: seat 4 small blind 10, seat 1 big blind 20',
      de: 'Stufe 1: Blinds 10/20. Button auf Platz 3. Blinds setzen: Platz 4 Small Blind 10, Platz 1 Big Blind 20',
    });
    dealToAction(table.start()).do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    expect(prompt(table).words.en).toBe(`${MISDEAL_EN}. Level 1: blinds 10/20. Button to seat 3. Post blinds: seat 4 small blind 10, seat 1 big blind 20`);
  });

  it('places past the tenth: 13th, 12th, 11th and 10th, each named after its own hand only', () => {
    const levels = [{ smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 }];
    const names = 'ABCDEFGHIJKLM';
    const table = new TableDriver({ ...tournament(levels, { hands: 100 }), seatCount: 14, maxPlayers: 14 });
    for (let seat = 1; seat <= 13; seat++) table.sit(seat, names[seat - 1] as string, 1000);
    table.draw('1:As 2:2c 3:3c 4:4c 5:5c 6:6c 7:7c 8:8c 9:9c 10:Tc 11:Jc 12:Qc 13:Kc');
    const said: string[] = [];
    for (const [place, ordinal] of [[13, '13th'], [12, '12th'], [11, '11th'], [10, '10th']] as const) {
      const out = knockOutBigBlind(table);
      const name = names[out - 1] as string;
      const { en, de } = prompt(table).words;
      expect(en).toContain(`Seat ${out}, ${name}, is out in ${ordinal} place`);
      expect(de).toContain(`Platz ${out}, ${name}, scheidet als ${place}. aus`);
      // Only the player out in this hand: not those out before it.
      expect(en.match(/is out in/g)).toHaveLength(1);
      for (const earlier of said) expect(en).not.toContain(earlier);
      said.push(`Seat ${out}, ${name},`);
    }
  });
});
