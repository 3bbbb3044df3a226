import { describe, expect, it } from 'vitest';
import { e2eTables, PIN } from './support.js';

/**
 * The croupier's screen end to end: Debian's Chromium drives the built React screens in browser mode
 * against the real core (store on disk, engine, floor gate), tapping as a croupier would and asserting
 * what the screen shows. Three players: Ada (seat 1), Ben (seat 3), Cleo (seat 6); Cleo draws the button,
 * so Ada posts the small blind and Ben the big blind, and the deal runs burn, 1, 3, 6, 1, 3, 6.
 */
const { tableOfThree, kiosk } = e2eTables();

const MINUTE = 60_000;

describe('the croupier screen', () => {
  it('plays a hand with every action: blinds, fold, check, call, bet, raise, all-in, an uncontested pot; a reload shows the same screen', async () => {
    const croupier = await tableOfThree();
    await croupier.sees('device-shoe', 'deck checked: 52 cards');
    expect(await croupier.text('seat-1-stack')).toBe('480'); // 500 − 15 time − 5 small blind
    expect(await croupier.text('seat-3-stack')).toBe('775'); // 800 − 15 − 10
    await croupier.sees('seat-1-bet', '5');
    await croupier.sees('seat-3-bet', '10');
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.sees('prompt', 'Action on seat 6');
    // The pad offers exactly what the rules allow: no check facing the big blind.
    expect(await croupier.locator('action-check').count()).toBe(0);
    expect(await croupier.text('action-call')).toBe('Call 10');
    expect(await croupier.text('action-allin')).toBe('All-in 985');
    await croupier.tap('size-pot');
    // The pot after calling (5 + 10 + 10) on top of the 10 to call: raise to 35.
    expect(await croupier.locator('raise-amount').inputValue()).toBe('35');
    await croupier.raiseTo(30);
    await croupier.sees('seat-6-bet', '30');
    await croupier.sees('prompt', 'Action on seat 1');
    await croupier.act('action-fold');
    await croupier.sees('seat-1-status', /folded/i);
    // The big blind's call, as every amount on the pad: the total in front once called (10 in, 20 more).
    expect(await croupier.text('action-call')).toBe('Call 30');
    await croupier.act('action-call');
    await croupier.sees('prompt', 'Deal the burn');
    await croupier.sees('pot-main', '65');
    await croupier.deal('2d', 'Jh', '7s', '4c');
    await croupier.sees('prompt', 'Action on seat 3');
    await croupier.act('action-check');
    await croupier.raiseTo(40);
    await croupier.sees('action-raise', /Raise to/);
    await croupier.raiseTo(120);
    await croupier.sees('seat-3-bet', '120');

    // A reload in the middle of the hand shows the same screen: the view comes from the table, not the page.
    const before = await Promise.all(['prompt', 'seat-1', 'seat-3', 'seat-6', 'board', 'pot-main', 'action-call'].map((id) => croupier.text(id)));
    await croupier.page.reload();
    await croupier.sees('prompt', 'Action on seat 6');
    const after = await Promise.all(['prompt', 'seat-1', 'seat-3', 'seat-6', 'board', 'pot-main', 'action-call'].map((id) => croupier.text(id)));
    expect(after).toEqual(before);

    await croupier.allIn(true);
    await croupier.sees('seat-6-status', /all-in/i);
    await croupier.act('action-fold');
    // Ben folds to the all-in: Cleo's uncalled chips come back and she wins the pot without a show.
    await croupier.sees('prompt', /Seat 6 wins the main pot, 305/);
    expect(await croupier.text('seat-6-stack')).toBe('1,140'); // 985 − 30 − 120 + the pot of 305
    // No hole card was ever drawn face up: the only faces are the board's.
    expect(await croupier.page.locator('[data-testid^="seat-"] .card-face').count()).toBe(0);
  });

  it('splits a three-way all-in into a main pot and a side pot, and awards each to its best hand', async () => {
    const croupier = await tableOfThree([200, 400, 600]);
    await croupier.deal('5d', 'As', 'Ks', 'Qs', 'Ah', 'Kh', 'Qh');
    await croupier.allIn(true); // Cleo, 585, beside a call of 10
    // A call that takes every chip is the all-in: one button, the total in front (D44).
    expect(await croupier.page.locator('[data-testid="action-call"]').count()).toBe(0);
    expect(await croupier.text('action-allin')).toBe('All-in 185');
    await croupier.allIn(false); // Ada, all-in for 180 more: her call
    await croupier.sees('prompt', 'Action on seat 3');
    await croupier.allIn(false); // Ben, all-in for 375 more: his call
    await croupier.sees('pot-main', '555');
    expect(await croupier.text('pot-main')).toMatch(/555.*1, 3, 6/);
    await croupier.sees('pot-side-1', '400');
    expect(await croupier.text('pot-side-1')).toMatch(/400.*3, 6/);
    expect(await croupier.text('seat-6-stack')).toBe('200'); // the uncalled 200 came back
    // Every hole card is dealt and read, but the seats show only their backs until the showdown.
    expect(await croupier.page.locator('[data-testid^="seat-"] .card-back').count()).toBe(6);
    expect(await croupier.page.locator('[data-testid^="seat-"] .card-face').count()).toBe(0);
    await croupier.deal('6d', '2c', '7d', '9h', '8d', '3s', 'Jc', '4c');
    // All-in with the betting closed: every hand is tabled, the croupier shows them in order.
    for (let shows = 0; shows < 3; shows++) {
      await croupier.sees('prompt', /^Seat \d shows$/);
      expect(await croupier.page.locator('[data-testid="muck"]').count()).toBe(0);
      await croupier.act('show');
    }
    await croupier.sees('prompt', 'Seat 1 wins the main pot, 555 — Pair of aces');
    await croupier.sees('prompt', 'Seat 3 wins side pot 1, 400 — Pair of kings');
    expect(await croupier.text('seat-1-stack')).toBe('555');
    expect(await croupier.text('seat-3-stack')).toBe('400');
    expect(await croupier.text('seat-6-stack')).toBe('200');
    // Tabled at the showdown: now the faces show.
    expect(await croupier.page.locator('[data-testid="seat-1-tabled"] .card-face').count()).toBe(2);
  });

  it('splits a pot with an odd chip: the first winner left of the button gets it', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', '9s', '2c', '3h', '9d', '2d', '3d');
    await croupier.act('action-call'); // Cleo
    await croupier.act('action-fold'); // Ada: her 5 stays in the pot
    await croupier.act('action-check'); // Ben
    await croupier.sees('pot-main', '25');
    await croupier.deal('Ks', '5c', '6d', '7h');
    await croupier.act('action-check');
    await croupier.act('action-check');
    await croupier.deal('Kh', '8s');
    await croupier.act('action-check');
    await croupier.act('action-check');
    await croupier.deal('Kc', '9c');
    await croupier.act('action-check');
    await croupier.act('action-check');
    // The first to show must show; the next may muck.
    await croupier.sees('prompt', 'Seat 3 shows');
    await croupier.act('show');
    await croupier.sees('prompt', 'Seat 6 shows or mucks');
    await croupier.act('show');
    await croupier.sees('prompt', 'Seat 3 wins the main pot, 13 — Straight, nine high');
    await croupier.sees('prompt', 'Seat 6 wins the main pot, 12 — Straight, nine high');
    expect(await croupier.text('seat-3-stack')).toBe('788'); // 800 − 15 − 10 + 13
    expect(await croupier.text('seat-6-stack')).toBe('987'); // 1000 − 15 − 10 + 12
  });

  it('collects time when the period is up, and not before', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.act('action-fold');
    await croupier.act('action-fold');
    // Ben's big blind is called by nobody: 5 of it comes back, the pot is 10.
    await croupier.sees('prompt', 'Seat 3 wins the main pot, 10');
    kiosk().now += 29 * MINUTE;
    await croupier.page.reload();
    await croupier.sees('prompt', 'Button to seat 1');
    expect(await croupier.text('prompt')).not.toContain('Collect time');
    kiosk().now += MINUTE;
    await croupier.page.reload();
    await croupier.sees('prompt', 'Collect time, 15 each, from seat 1, 3, 6');
    await croupier.command('start-hand');
    // Ada, on the button now: 500 − 15 − 5 (her folded small blind) − 15.
    await croupier.sees('seat-1-stack', '465');
  });

  it('undoes a mistaken raise behind the supervisor PIN, with a reason, and the hand replays it', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.raiseTo(60);
    await croupier.sees('prompt', 'Action on seat 1');
    // Locked: a wrong PIN is refused and says so.
    await croupier.unlockFloor('111111');
    await croupier.sees('floor-problem', 'Wrong staff number or PIN');
    await croupier.signIn('floor', '1', PIN);
    await croupier.sees('floor-who', 'Manager, manager #1');
    await croupier.sees('floor-undo', 'Seat 6 raises to 60');
    await croupier.tap('floor-undo');
    await croupier.tap('undo-reason-0');
    await croupier.command('floor-confirm');
    await croupier.sees('prompt', 'Action on seat 6');
    expect(await croupier.locator('seat-6-bet').count()).toBe(0);
    expect(await croupier.text('seat-6-stack')).toBe('985');
    await croupier.act('action-call');
    await croupier.sees('prompt', 'Action on seat 1');
    // The hand's replay shows the undo, with who approved it.
    await croupier.tap('hands-open');
    await croupier.tap('hand-row-1');
    let steps = '';
    for (let step = 0; step < 40; step++) {
      steps += `${await croupier.text('replay-step')}\n`;
      if ((await croupier.locator('replay-next').isDisabled()) || step === 39) break;
      await croupier.tap('replay-next');
    }
    expect(steps).toContain('Seat 6 raises to 60');
    expect(steps).toMatch(/Floor undid: Seat 6 raises to 60 \(.+; Manager \(manager #1\)\)/);
    expect(steps).toContain('Seat 6 calls 10');
    expect(steps).toContain('Seat 6 gets a card');
    expect(steps).not.toMatch(/(10|[2-9JQKA])[♣♦♥♠]/); // no card was tabled in this hand: no face anywhere
  });

  it('sets the table up anew between hands behind the PIN: a refused setup says why, an accepted one deals the next hand under it', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.act('action-fold');
    await croupier.act('action-fold');
    await croupier.sees('prompt', 'Seat 3 wins the main pot, 10');
    await croupier.unlockFloor();
    await croupier.tap('floor-setup');
    await croupier.locator('setup-smallBlind').fill('25');
    await croupier.locator('setup-bigBlind').fill('20');
    await croupier.tap('setup-confirm');
    // Refused: the dialog stays open with what was typed, and says why.
    await croupier.sees('dialog-error', 'the big blind must be positive and at least the small blind');
    expect(await croupier.locator('setup-smallBlind').inputValue()).toBe('25');
    await croupier.tap('setup-structure-pot-limit');
    await croupier.locator('setup-smallBlind').fill('10');
    await croupier.tap('setup-bigBlind');
    for (const key of ['keypad-clear', 'keypad-2', 'keypad-0']) await croupier.tap(key);
    await croupier.command('setup-confirm');
    await croupier.sees('prompt', 'Post blinds: seat 3 small blind 10, seat 6 big blind 20');
    await croupier.sees('stakes', 'Pot limit 10/20');
    await croupier.command('start-hand');
    await croupier.sees('seat-6-bet', '20');
  });

  it('takes the keypad that types into the screen (the keyboard wedge): an action armed, shown, then confirmed', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    const keyboard = croupier.page.keyboard;
    await keyboard.press('F2');
    await croupier.sees('device-keypad', 'Seat 6 calls 10 — press Confirm');
    expect(await croupier.text('seat-6-stack')).toBe('985');
    await keyboard.press('Enter');
    await croupier.sees('prompt', 'Action on seat 1');
    for (const key of ['6', '0', 'F3']) await keyboard.press(key);
    await croupier.sees('device-keypad', 'Seat 1 raises to 60 — press Confirm');
    await keyboard.press('Enter');
    await croupier.sees('seat-1-bet', '60');
    await croupier.sees('prompt', 'Action on seat 3');
  });
});
