import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/cards/notation.js';
import { e2eTables, PIN } from './support.js';

/**
 * The dealing errors a croupier puts right on the screen, without a misdeal (rules E16, E17): Ada (seat 1),
 * Ben (seat 3), Cleo (seat 6, the button); the deal runs burn, 1, 3, 6, 1, 3, 6.
 */
const { tableOfThree, kiosk } = e2eTables();

describe('card errors on the croupier screen', () => {
  it('an exposed hole card becomes the burn and the seat gets the next card after the deal; the first two are a misdeal', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('2h', '3h');
    await croupier.tap('card-error');
    await croupier.tap('card-error-exposed');
    // The first or second card exposed is a misdeal (TDA 35): refused in words, the panel stays.
    await croupier.sees('last-error', /Misdeal: the first or second card exposed/);
    await croupier.tap('card-error-back');
    await croupier.deal('4h', '5h');
    await croupier.tap('card-error');
    // The report names the seat the croupier saw get the card: a card the shoe reads meanwhile is refused.
    await croupier.sees('card-error-exposed', "Seat 6's card, just dealt, was exposed");
    await croupier.command('card-error-exposed');
    // The error recorded closes the panel; the deal goes on where it was.
    expect(await croupier.locator('card-error-panel').count()).toBe(0);
    await croupier.sees('deal-target', 'Hole card, seat 1');
    await croupier.deal('6h', '7h', '8h');
    await croupier.sees('deal-target', 'Hole card, seat 6');
    await croupier.deal('9h');
    await croupier.sees('prompt', 'Action on seat 6');
    const seats = kiosk().core.controller.view().seats;
    expect(seats.map((seat) => [seat.seat, seat.faceDown])).toEqual([
      [1, 2],
      [3, 2],
      [6, 2],
    ]);
  });

  it('a card the shoe reads while the panel is open closes it, says so, and a report on its way for the seat before is refused', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('2h', '3h', '4h', '5h');
    await croupier.tap('card-error');
    await croupier.sees('card-error-exposed', "Seat 6's card, just dealt, was exposed");
    // The shoe reads seat 1's second card: not the croupier's step.
    const core = kiosk().core.controller;
    core.submit({ id: 'shoe-1', command: { type: 'deal', card: parseCard('9c') } });
    await croupier.sees('card-error-moved-on', 'The hand moved on and Card error closed');
    expect(await croupier.locator('card-error-panel').count()).toBe(0);
    await croupier.tap('card-error');
    expect(await croupier.locator('card-error-moved-on').count()).toBe(0);
    await croupier.sees('card-error-exposed', "Seat 1's card, just dealt, was exposed");
    // A report for seat 6 that reaches the core after the card: refused, the card stays seat 1's.
    const view = core.submit({ id: 'late-report', command: { type: 'exposed', seat: 6 } });
    expect(view.lastError?.en).toBe('The last card went to seat 1, not seat 6: a card was dealt since; the floor can undo that card, then report the exposed one');
    expect(core.view().seats.map((seat) => [seat.seat, seat.faceDown])).toEqual([
      [1, 2],
      [3, 1],
      [6, 1],
    ]);
  });

  it('a board card turned too early is set aside and comes back before the flop, dealt without a burn', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('2h', '3h', '4h', '5h', '6h', '7h', '8h');
    await croupier.sees('prompt', 'Action on seat 6');
    await croupier.tap('card-error');
    await croupier.tap('card-error-premature-board');
    await croupier.command('card-Kd');
    expect(await croupier.locator('card-error-panel').count()).toBe(0);
    // A card named by a screen is the floor's to take (D65): the hand waits for it.
    await croupier.sees('card-entry-stopped', 'A card error was reported: the hand waits for the floor');
    await croupier.tap('card-entry-floor');
    await croupier.signIn('floor', '1', PIN);
    await croupier.sees('card-entry-words', 'A screen reported a premature board card, Kd, in play nowhere');
    await croupier.command('card-entry-take');
    await croupier.act('action-call');
    await croupier.act('action-call');
    await croupier.act('action-check');
    // The premature card went back into the stub; the flop's first card comes without a burn.
    await croupier.sees('deal-target', 'Board card');
    await croupier.deal('Ks', 'Qs', 'Js');
    await croupier.sees('prompt', 'Action on seat 1');
  });

  it('a flop dealt again before anyone acts: its cards go back, and three new cards come', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('2h', '3h', '4h', '5h', '6h', '7h', '8h');
    await croupier.act('action-call');
    await croupier.act('action-call');
    await croupier.act('action-check');
    await croupier.deal('9h', 'Ks', 'Qs', 'Js');
    await croupier.sees('prompt', 'Action on seat 1');
    await croupier.tap('card-error');
    await croupier.command('card-error-redeal-flop');
    await croupier.sees('deal-target', 'Board card');
    expect(kiosk().core.controller.view().board).toEqual([]);
    await croupier.deal('Ks', 'Qs', 'Js');
    await croupier.sees('prompt', 'Action on seat 1');
    // Once someone acted on the flop, it is too late: refused in words.
    await croupier.act('action-check');
    await croupier.tap('card-error');
    await croupier.tap('card-error-redeal-flop');
    await croupier.sees('last-error', /only before anyone acts on it/);
  });
});
