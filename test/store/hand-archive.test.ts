import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/cards/card.js';
import { formatCardSymbol } from '../../src/cards/notation.js';
import { HandArchive } from '../../src/store/hand-archive.js';
import { NO_LIMIT_5_10 } from '../../src/engine/hand/config.js';
import { TableDriver } from '../support/table-driver.js';

/** The hand list's replay (HandArchive): the steps a hand went through, as the screen shows them. */
describe('the replay of a voided hand', () => {
  it('ends with every chip back in the stacks, as the void returned them: no bet, no pot', () => {
    // Ann (button), Bob (small blind 5) and Cy (big blind 10), 500 each; a fouled deck voids the hand.
    const table = new TableDriver({ timeCollection: null }).sit(1, 'Ann').sit(4, 'Bob').sit(7, 'Cy').draw('1:As 4:2c 7:3c').start();
    for (let card = 0; card < 3; card++) table.do({ type: 'deal', card: null });
    table.do({ type: 'misdeal', reason: 'fouled-deck', by: 'Floor' });
    const archive = new HandArchive((after) => table.log.slice(after));
    const replay = archive.replay(archive.list().hands[0]?.id ?? 0);
    const last = replay?.steps.at(-1);
    expect(last?.words.en).toMatch(/^Misdeal/);
    expect(last?.pots).toEqual([]);
    expect(last?.seats.map(({ seat, stack, bet }) => ({ seat, stack, bet }))).toEqual([
      { seat: 1, stack: 500, bet: 0 },
      { seat: 4, stack: 500, bet: 0 },
      { seat: 7, stack: 500, bet: 0 },
    ]);
    // The seats after the void hold the same: the replay shows what the table did.
    expect([1, 4, 7].map((seat) => table.player(seat).stack)).toEqual([500, 500, 500]);
  });

  it('gives back dead money too: a big-blind ante is back in its stack', () => {
    const table = new TableDriver({ timeCollection: null, hand: { ...NO_LIMIT_5_10, bigBlindAnte: 10 } }).sit(1, 'Ann').sit(4, 'Bob').sit(7, 'Cy').draw('1:As 4:2c 7:3c').start();
    for (let card = 0; card < 3; card++) table.do({ type: 'deal', card: null });
    table.do({ type: 'misdeal', reason: 'fouled-deck', by: 'Floor' });
    const archive = new HandArchive((after) => table.log.slice(after));
    const last = archive.replay(archive.list().hands[0]?.id ?? 0)?.steps.at(-1);
    expect(last?.seats.map(({ seat, stack, bet }) => ({ seat, stack, bet }))).toEqual([1, 4, 7].map((seat) => ({ seat, stack: table.player(seat).stack, bet: 0 })));
    expect(last?.seats.map(({ stack }) => stack)).toEqual([500, 500, 500]);
  });

  it('names an undone board card as a board card: it goes back into the stub and may come again', () => {
    const table = new TableDriver({ timeCollection: null }).sit(1, 'Ann').sit(4, 'Bob').sit(7, 'Cy').draw('1:As 4:2c 7:3c').start();
    while (table.state.hand?.phase.kind === 'dealing') table.do({ type: 'deal', card: null });
    table.do({ type: 'call' }).do({ type: 'call' }).do({ type: 'check' });
    table.do({ type: 'deal', card: null }).do({ type: 'deal', card: 12 as Card });
    table.do({ type: 'undo', reason: 'read twice', by: 'Floor' });
    const archive = new HandArchive((after) => table.log.slice(after));
    const words = archive.replay(archive.list().hands[0]?.id ?? 0)?.steps.map((step) => step.words.en) ?? [];
    expect(words.at(-1)).toBe('Floor undid: a board card (read twice; Floor)');
    expect(words.join(' ')).not.toContain(formatCardSymbol(12 as Card));
  });
});

describe('the replay of a hand played out', () => {
  it('ends with who won what: stepped to its end, the replay shows the result', () => {
    // Ann (button) and Bob (small blind) fold to Cy's big blind: 5 of it back uncalled, 10 in the pot.
    const table = new TableDriver({ timeCollection: null }).sit(1, 'Ann').sit(4, 'Bob').sit(7, 'Cy').draw('1:As 4:2c 7:3c').playHand();
    const archive = new HandArchive((after) => table.log.slice(after));
    const last = archive.replay(archive.list().hands[0]?.id ?? 0)?.steps.at(-1);
    expect(last?.words).toEqual({ en: 'Hand over: Seat 7 wins the main pot, 10', de: 'Hand beendet: Platz 7 gewinnt den Hauptpot, 10' });
  });
});
