import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { TableDriver } from '../../support/table-driver.js';

/** T2 — the draw for the button (seed 000): one open card each, the highest rank wins, ties by suit ♣ < ♦ < ♥ < ♠. */
describe('T2 draw for the button (seed 000)', () => {
  it('the highest rank gets the button, and the blinds go to the next players', () => {
    const table = new TableDriver().sit(2, 'A').sit(4, 'B').sit(6, 'C').draw('2:9c 4:Kd 6:5s');
    expect(table.state.button).toBe(4);
    table.start();
    expect(table.positions()).toEqual({ button: 4, small: 6, big: 2, dealtIn: [2, 4, 6] });
  });

  it('equal ranks are decided by suit: spades over hearts over diamonds over clubs', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:Ah 2:As 3:Ad');
    expect(table.state.button).toBe(2);
  });

  it('the button is decided only when every player has drawn, each once, with distinct cards', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:Ah 2:As');
    expect(table.state.button).toBeNull();
    expect(() => table.start()).toThrow('Draw for the button first');
    expect(() => table.draw('1:2c')).toThrow('Seat 1 has drawn already');
    expect(() => table.draw('3:As')).toThrow('A♠ is drawn already'.replace('A♠', 'As'));
    table.do({ type: 'draw', seat: 3, card: parseCard('Kc') });
    expect(table.state.button).toBe(2);
    expect(() => table.draw('3:Qc')).toThrow('The button has been drawn already');
  });
});

describe('T2 a player who leaves before the button is decided', () => {
  it('takes their card out of the draw, and a new player at the seat may draw', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As');
    table.do({ type: 'leave', seat: 1, at: 0 });
    table.draw('2:2c 3:3c 4:4c');
    expect(table.state.button).toBe(4);
  });
});

describe('T2 the draw winner who leaves before the first hand', () => {
  it('passes the button to the highest card still at the table (seed 000: the highest card is the first dealer)', () => {
    const table = new TableDriver().sit(2, 'A').sit(4, 'B').sit(6, 'C').sit(8, 'D').draw('2:9c 4:Kd 6:5s 8:Qh');
    expect(table.state.button).toBe(4);
    table.do({ type: 'leave', seat: 4, at: 0 });
    expect(table.state.button).toBe(8);
    expect(table.log.at(-1)).toEqual({ type: 'button-drawn', seat: 8 });
    table.start();
    expect(table.positions()).toEqual({ button: 8, small: 2, big: 6, dealtIn: [2, 6, 8] });
  });

  it('keeps the button where it is once a hand has been dealt: from then on it moves by the hands', () => {
    const table = new TableDriver().sit(2, 'A').sit(4, 'B').sit(6, 'C').sit(8, 'D').draw('2:9c 4:Kd 6:5s 8:Qh');
    table.playHand();
    table.do({ type: 'leave', seat: 4, at: 0 });
    expect(table.state.button).toBe(4);
    expect(table.log.at(-1)?.type).toBe('left');
  });

  it('a player who did not draw (seated after the draw) does not get it, even at a seat whose drawer left', () => {
    const table = new TableDriver().sit(2, 'A').sit(4, 'B').sit(6, 'C').sit(8, 'D').draw('2:9c 4:Kd 6:5s 8:Qh');
    table.do({ type: 'leave', seat: 8, at: 0 }).sit(8, 'Z').sit(5, 'E');
    table.do({ type: 'leave', seat: 4, at: 0 });
    // The queen drawn at seat 8 left with D: the nine at seat 2 is the highest card still at the table.
    expect(table.state.button).toBe(2);
  });
});

describe('T2 the draw, with one player, and players leaving who do not hold the button', () => {
  it('one player alone draws no button: a second player sits down and draws, and the button is decided', () => {
    const table = new TableDriver().sit(1, 'A').draw('1:As');
    expect(table.state.button).toBeNull();
    table.sit(2, 'B').draw('2:Ks');
    expect(table.state.button).toBe(1);
  });

  it('a player leaving before the first hand who does not hold the button leaves it where it is, with no new row', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs');
    table.do({ type: 'leave', seat: 3, at: 0 });
    expect(table.log.at(-1)?.type).toBe('left');
    expect(table.log.filter((entry) => entry.type === 'button-drawn')).toEqual([{ type: 'button-drawn', seat: 1 }]);
    expect(table.state.button).toBe(1);
  });
});
