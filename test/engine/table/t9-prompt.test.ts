import { describe, expect, it } from 'vitest';
import type { Card } from '../../../src/cards/card.js';
import { NO_LIMIT_5_10 } from '../../../src/engine/hand/config.js';
import { getPrompt } from '../../../src/engine/table/prompt.js';
import { TableDriver } from '../../support/table-driver.js';

/** T9 — the prompt: what the croupier must do next, in words (English and German) and as data. */
describe('T9 the croupier\'s prompt', () => {
  it('walks from seating through the draw to the blinds, the deal and the action', () => {
    const table = new TableDriver();
    expect(getPrompt(table.state, 0)).toMatchObject({ kind: 'seat-players', words: { en: 'Seat at least two players' } });
    table.sit(3, 'A').sit(4, 'B').sit(7, 'C');
    expect(getPrompt(table.state, 0)).toMatchObject({ kind: 'draw-for-button', seats: [3, 4, 7] });
    table.draw('3:As 4:2c 7:3c').sit(8, 'D');
    expect(getPrompt(table.state, 0)).toMatchObject({
      kind: 'start-hand',
      collectTime: [{ seat: 3, amount: 15 }, { seat: 4, amount: 15 }, { seat: 7, amount: 15 }, { seat: 8, amount: 15 }],
      button: 3,
      smallBlind: { seat: 4, amount: 5 },
      bigBlind: { seat: 7, amount: 10 },
      words: {
        en: 'Collect time, 15 each, from seat 3, 4, 7, 8. Button to seat 3. Post blinds: seat 4 small blind 5, seat 7 big blind 10',
        de: 'Zeit kassieren, je 15: Platz 3, 4, 7, 8. Button auf Platz 3. Blinds setzen: Platz 4 Small Blind 5, Platz 7 Big Blind 10',
      },
    });
    table.start();
    expect(getPrompt(table.state, 0)).toMatchObject({ kind: 'deal', target: 'burn', words: { en: 'Shuffle, then deal the burn', de: 'Mischen, dann austeilen: die Brennkarte' } });
    table.do({ type: 'deal', card: null });
    expect(getPrompt(table.state, 0)).toMatchObject({ kind: 'deal', target: { seat: 4 }, words: { en: 'Deal seat 4' } });
    for (let card = 0; card < 6; card++) table.do({ type: 'deal', card: null });
    expect(getPrompt(table.state, 0)).toMatchObject({ kind: 'action', seat: 3, legal: { call: 10 }, words: { en: 'Action on seat 3', de: 'Platz 3 ist am Zug' } });
  });

  it('after a hand: the awards to announce, then the next button and blinds, with what a new player posts', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').playHand();
    table.sit(6, 'E').do({ type: 'post', seat: 6 });
    const prompt = getPrompt(table.state, 0);
    expect(prompt).toMatchObject({ kind: 'start-hand', button: 2, smallBlind: { seat: 3 }, bigBlind: { seat: 4 }, owed: [{ seat: 6, live: 10, dead: 0 }] });
    expect(prompt.words.en).toContain('Seat 3 wins the main pot, 10');
    expect(prompt.words.de).toContain('Platz 3 gewinnt den Hauptpot, 10');
    expect(prompt.words.en).toContain('seat 6 owes 10');
    expect(prompt.words.de).toContain('Platz 6 schuldet 10');
  });

  it('at the showdown: the first to show must show; later hands may be mucked; with a player all-in every hand is tabled (E10)', () => {
    const toShowdown = (stacks: readonly number[], action: 'check' | 'all-in'): TableDriver => {
      const table = new TableDriver();
      stacks.forEach((stack, index) => table.sit(index + 1, `P${index + 1}`, stack));
      table.draw('1:As 2:2c 3:3c').start();
      let card = 0;
      while (table.state.hand?.phase.kind !== 'showdown') {
        const prompt = getPrompt(table.state, 0);
        if (prompt.kind === 'deal') table.do({ type: 'deal', card: card++ as Card });
        else if (prompt.kind === 'action') table.do(prompt.legal.check ? { type: 'check' } : action === 'all-in' && prompt.legal.allIn !== null ? { type: 'all-in' } : { type: 'call' });
      }
      return table;
    };
    const checked = toShowdown([500, 500, 500], 'check');
    expect(getPrompt(checked.state, 0)).toMatchObject({ kind: 'show', muck: false, words: { en: expect.stringMatching(/^Seat \d shows$/), de: expect.stringMatching(/^Platz \d zeigt$/) } });
    checked.do({ type: 'show' });
    expect(getPrompt(checked.state, 0)).toMatchObject({ kind: 'show', muck: true, words: { en: expect.stringMatching(/^Seat \d shows or mucks$/), de: expect.stringMatching(/^Platz \d zeigt oder wirft ab$/) } });
    const allIn = toShowdown([500, 500, 200], 'all-in');
    allIn.do({ type: 'show' });
    expect(getPrompt(allIn.state, 0)).toMatchObject({ kind: 'show', muck: false });
  });

  it('names the antes, the big-blind ante and the straddle the croupier takes in, on the seats the engine posts them from', () => {
    const table = new TableDriver({ timeCollection: null, hand: { ...NO_LIMIT_5_10, ante: 1, bigBlindAnte: 10, straddle: 20 } });
    table.sit(2, 'A').sit(4, 'B').sit(5, 'C').sit(9, 'D').draw('2:As 4:2c 5:3c 9:4c');
    const words = getPrompt(table.state, 0).words;
    expect(words.en).toBe('Button to seat 2. Antes: 1 from every player. Post blinds: seat 4 small blind 5, seat 5 big blind 10 and big-blind ante 10, seat 9 straddle 20');
    expect(words.de).toBe('Button auf Platz 2. Ante: 1 von jedem Spieler. Blinds setzen: Platz 4 Small Blind 5, Platz 5 Big Blind 10 und Big-Blind-Ante 10, Platz 9 Straddle 20');
    table.start();
    const posts = table.log.filter((entry) => entry.type === 'post').map((entry) => (entry.type === 'post' ? `${entry.seat} ${entry.kind} ${entry.amount}` : ''));
    expect(posts).toEqual(['4 ante 1', '5 ante 1', '9 ante 1', '2 ante 1', '5 big-blind-ante 10', '4 small-blind 5', '5 big-blind 10', '9 straddle 20']);
  });
});
