import { describe, expect, it } from 'vitest';
import { getPrompt } from '../../../src/engine/table/prompt.js';
import { replayTable } from '../../../src/engine/table/table-reduce.js';
import { MINUTE, TableDriver } from '../../support/table-driver.js';

function dealtAndAsked(): TableDriver {
  const table = new TableDriver().sit(1, 'A', 300).sit(2, 'B', 400).sit(3, 'C', 500).sit(4, 'D', 600).draw('1:As 2:2c 3:3c 4:4c').start();
  for (let card = 0; card < 9; card++) table.do({ type: 'deal', card: null });
  return table;
}

/**
 * T10 — misdeals (TDA 35–36, WSOP Live Action, Robert's Rules): before substantial action a dealing error
 * voids the hand — every chip back, the button does not move, the same players redeal; after it the hand
 * plays on. A fouled deck voids the hand at any time.
 */
describe('T10 misdeal and a fouled deck (TDA 35–36)', () => {
  it('voids the hand before substantial action: chips back, the button stays, the same blinds redeal', () => {
    const table = dealtAndAsked();
    const stacksBefore = table.state.seats.map((player) => player?.stack);
    const positions = table.positions();
    table.do({ type: 'call' }); // one action: not yet substantial
    table.do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor: M. Dealer' });
    expect(table.state.hand).toBeNull();
    expect(table.state.seats.map((player) => player?.stack)).toEqual(stacksBefore);
    expect(table.log.at(-1)).toEqual({ type: 'hand-voided', handNumber: 1, reason: 'seat-skipped', by: 'Floor: M. Dealer' });
    expect(getPrompt(table.state, table.now).words.en).toMatch(/^Misdeal \(a seat entitled to cards was skipped\): every chip back, redeal\. Button to seat 1/);
    expect(() => table.sit(6, 'E')).toThrow('Redeal the misdealt hand first: seat changes come after it');
    table.start();
    expect(table.positions()).toEqual(positions);
    // The redeal counts as the same hand (TDA 35).
    expect(table.state.handNumber).toBe(1);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('a player who asked to sit out during the voided hand is dealt into the redeal and sits out after it', () => {
    const table = dealtAndAsked().do({ type: 'sit-out', seat: 2 });
    table.do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    table.start();
    expect(table.positions().dealtIn).toContain(2);
    expect(table.player(2).status).toBe('sitting-out');
    while (table.state.hand?.phase.kind !== 'complete') table.do(getPrompt(table.state, table.now).kind === 'deal' ? { type: 'deal', card: null } : { type: 'fold' });
    table.start();
    expect(table.positions().dealtIn).not.toContain(2);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('after substantial action (two actions, one with chips; or three actions) there is no misdeal', () => {
    const twoWithChips = dealtAndAsked().do({ type: 'call' }).do({ type: 'fold' });
    expect(() => twoWithChips.do({ type: 'misdeal', reason: 'wrong-card-count', by: 'Floor' })).toThrow('No misdeal after substantial action (2 actions)');
    const threeChecksAndFolds = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').start();
    for (let card = 0; card < 9; card++) threeChecksAndFolds.do({ type: 'deal', card: null });
    threeChecksAndFolds.do({ type: 'fold' }).do({ type: 'fold' });
    // Two folds put no chips in: still a misdeal.
    expect(() => threeChecksAndFolds.do({ type: 'misdeal', reason: 'wrong-card-count', by: 'Floor' })).not.toThrow();
  });

  it('a fouled deck voids the hand even after substantial action', () => {
    const table = dealtAndAsked().do({ type: 'call' }).do({ type: 'call' }).do({ type: 'call' });
    const stacksBefore = table.state.seats.map((player) => player?.stack);
    table.do({ type: 'misdeal', reason: 'fouled-deck', by: 'Floor' });
    expect(table.state.seats.map((player) => player?.stack)).toEqual(stacksBefore);
  });

  it('a player who posted owed blinds owes them again after the void, and posts them again at the redeal', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').playHand(); // 1 button, 2 small, 3 big
    table.sit(6, 'E').do({ type: 'post', seat: 6 }).start();
    expect(table.positions().dealtIn).toContain(6);
    table.do({ type: 'misdeal', reason: 'button-out-of-position', by: 'Floor' });
    expect(table.player(6)).toMatchObject({ status: 'waiting', posting: true, owes: { big: true, small: false }, handsDealt: 0 });
    table.start();
    expect(table.log.filter((entry) => entry.type === 'post' && entry.seat === 6)).toHaveLength(2);
  });

  it('a new player who posted, and asked to sit out during the voided hand, posts in the redeal and sits out after it', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').playHand();
    table.sit(6, 'E').do({ type: 'post', seat: 6 }).start();
    table.do({ type: 'sit-out', seat: 6 });
    table.do({ type: 'misdeal', reason: 'button-out-of-position', by: 'Floor' });
    expect(table.player(6).status).toBe('sitting-out');
    table.start();
    expect(table.positions().dealtIn).toContain(6);
    expect(table.log.filter((entry) => entry.type === 'post' && entry.seat === 6)).toHaveLength(2);
    while (table.state.hand?.phase.kind !== 'complete') table.do(getPrompt(table.state, table.now).kind === 'deal' ? { type: 'deal', card: null } : { type: 'fold' });
    expect(table.player(6).status).toBe('sitting-out');
    table.start();
    expect(table.positions().dealtIn).not.toContain(6);
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('refuses a misdeal without a hand, without a name, or with an unknown reason', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks');
    expect(() => table.do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' })).toThrow('No hand is in play');
    table.start();
    expect(() => table.do({ type: 'misdeal', reason: 'seat-skipped', by: ' ' })).toThrow('needs the name of who declared it');
    expect(() => table.do({ type: 'misdeal', reason: 'bad-luck' as never, by: 'Floor' })).toThrow("'bad-luck' is not a reason for a misdeal");
  });
});

describe('T10 the redeal keeps the limits', () => {
  it('a tournament level that comes due during the misdealt hand waits for the next hand', () => {
    const table = new TableDriver({ timeCollection: null, tournament: { startingStack: 1000, levels: [{ smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 }, { smallBlind: 50, bigBlind: 100, ante: 0, bigBlindAnte: 0 }], levelEvery: { minutes: 20 } } });
    table.sit(1, 'A', 1000).sit(2, 'B', 1000).sit(3, 'C', 1000).draw('1:As 2:Ks 3:Qs').playHand();
    table.now = 19.9 * MINUTE;
    table.start().do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    table.now = 21 * MINUTE;
    table.start();
    expect(table.state.hand?.config.bigBlind).toBe(20);
    table.foldAround().playHand();
    expect(table.state.hand?.config.bigBlind).toBe(100);
  });

  it('refuses a misdeal reason that is not one of the rulebook\'s, even an object\'s own property name', () => {
    const table = dealtAndAsked();
    expect(() => table.do({ type: 'misdeal', reason: 'toString' as never, by: 'Floor' })).toThrow("'toString' is not a reason for a misdeal");
  });
});

describe('T10 what the void puts back, and the redeal of a dead small blind', () => {
  it('three actions without a chip are substantial action', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').sit(5, 'E').draw('1:As 2:2c 3:3c 4:4c 5:5c').start();
    for (let card = 0; card < 11; card++) table.do({ type: 'deal', card: null });
    table.do({ type: 'fold' }).do({ type: 'fold' }).do({ type: 'fold' });
    expect(() => table.do({ type: 'misdeal', reason: 'wrong-card-count', by: 'Floor' })).toThrow('No misdeal after substantial action (3 actions)');
  });

  it('the button and blinds go back to where they were before the voided hand, the redeal\'s too', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:2c 3:3c');
    table.start().do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    expect(table.state).toMatchObject({ button: 1, smallBlindPosition: null, bigBlind: null });
    table.start().do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    expect(table.state).toMatchObject({ button: 1, smallBlindPosition: null, bigBlind: null });
    table.start().foldAround().start().do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    expect(table.state).toMatchObject({ button: 1, smallBlindPosition: 2, bigBlind: 3 });
    expect(replayTable(table.log)).toEqual(table.state);
  });

  it('a player sitting out since before the hand is not sat out again by the void', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').do({ type: 'sit-out', seat: 4 }).start();
    table.do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' });
    expect(table.log.at(-1)?.type).toBe('hand-voided');
    expect(table.player(4).status).toBe('sitting-out');
  });

  it('a hand with a dead small blind is redealt with the small blind dead', () => {
    // Button 1, small blind 2, big blind 3; seat 3 leaves: the next hand's small blind (where the big blind was) is dead.
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').sit(4, 'D').draw('1:As 2:2c 3:3c 4:4c').playHand();
    table.do({ type: 'leave', seat: 3, at: 0 }).start();
    const positions = table.positions();
    expect(positions).toEqual({ button: 2, small: null, big: 4, dealtIn: [1, 2, 4] });
    table.do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' }).start();
    expect(table.positions()).toEqual(positions);
    expect(table.state.hand?.players.map((player) => player.bet)).toEqual([0, 0, 10]);
  });
});

describe('T10 the redeal of a first hand whose one player posts the big blind alone', () => {
  it('is redealt with the small blind dead and the same posts', () => {
    // As in T6's test: seats 1 and 5 drew (5 the button), seats 2 and 3 post, seat 5 sits out: seat 1 is the
    // small blind's position and the big blind at once, and posts only the big blind.
    const table = new TableDriver({ seatCount: 6, maxPlayers: 6 }).sit(1, 'A').sit(5, 'B').draw('1:2c 5:As');
    table.sit(2, 'C').do({ type: 'post', seat: 2 }).sit(3, 'D').do({ type: 'post', seat: 3 }).do({ type: 'sit-out', seat: 5 }).start();
    const positions = table.positions();
    expect(positions).toEqual({ button: 5, small: null, big: 1, dealtIn: [1, 2, 3] });
    table.do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor' }).start();
    expect(table.positions()).toEqual(positions);
    expect(table.state.hand?.players.map((player) => player.bet)).toEqual([10, 10, 10]);
  });
});
