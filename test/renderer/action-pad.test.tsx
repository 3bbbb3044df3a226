// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { WireCommand } from '../../src/api/requests';
import type { ViewModel } from '../../src/controller/view-model';
import type { LegalActions } from '../../src/engine/hand/betting';
import { ActionPad } from '../../renderer/src/components/controls/ActionPad';
import { viewOf } from '../../src/controller/view-model';
import { TableDriver } from '../support/table-driver';
import { RAISE_LEGAL } from './fixtures';
import { cleanup, render } from './support';

afterEach(cleanup);

type Actor = NonNullable<ViewModel['actor']>;

const facingBet: Actor = { seat: 4, bet: 0, legal: RAISE_LEGAL, sizes: { min: 40, halfPot: 150, pot: 260, max: 340 } };

async function pad(actor: Actor, structure: 'no-limit' | 'pot-limit' = 'no-limit') {
  const sent: WireCommand[] = [];
  const rendered = await render(<ActionPad actor={actor} structure={structure} onCommand={(command) => sent.push(command)} onTooSoon={() => undefined} />);
  return { ...rendered, sent };
}

function value(element: HTMLElement): string {
  if (!(element instanceof HTMLInputElement)) throw new Error('not an input');
  return element.value;
}

describe('the action pad shows what legal allows, and nothing else', () => {
  it('facing a bet: fold, call 20, raise 40 to 340, all-in 340 — and no check', async () => {
    const { query, text, get } = await pad(facingBet);
    expect(text('action-fold')).toBe('Fold');
    expect(text('action-call')).toBe('Call 20');
    expect(text('action-allin')).toBe('All-in 340');
    expect(query('action-check')).toBeNull();
    expect(value(get('raise-amount'))).toBe('40');
    expect(text('action-raise')).toBe('Raise to 40');
    expect(get('action-raise').closest('.action-pad')?.textContent).toContain('40 to 340');
  });

  it('first to act on a street: check and bet, no fold or call, no all-in when legal has none', async () => {
    const legal: LegalActions = { seat: 4, fold: false, check: true, call: null, betOrRaise: { kind: 'bet', min: 10, max: 360 }, allIn: null };
    const { query, text } = await pad({ seat: 4, bet: 0, legal, sizes: { min: 10, halfPot: 110, pot: 220, max: 360 } });
    expect(text('action-check')).toBe('Check');
    expect(query('action-fold')).toBeNull();
    expect(query('action-call')).toBeNull();
    expect(query('action-allin')).toBeNull();
    expect(text('action-raise')).toBe('Bet 10');
  });

  it('a call that puts the player all-in: no bet, no amount field, no keypad', async () => {
    const legal: LegalActions = { seat: 4, fold: true, check: false, call: 35, betOrRaise: null, allIn: 35 };
    const { query, text } = await pad({ seat: 4, bet: 0, legal, sizes: null });
    expect(query('action-call')).toBeNull();
    expect(text('action-allin')).toBe('All-in 35');
    expect(query('action-raise')).toBeNull();
    expect(query('raise-amount')).toBeNull();
    expect(query('size-min')).toBeNull();
    expect(query('keypad-1')).toBeNull();
  });

  it('shows the pot-limit maximum in a pot-limit game only', async () => {
    const limited = await pad(facingBet, 'pot-limit');
    expect(limited.container.textContent).toContain('Pot-limit maximum 340');
    await cleanup();
    const open = await pad(facingBet, 'no-limit');
    expect(open.container.textContent).not.toContain('Pot-limit');
  });
});

describe('every amount on the pad is the total in front of the player, as "raise to" is', () => {
  // The engine's legal actions for a short blind facing a bet of 500: the call is the chips added (the
  // whole stack of 425), the all-in the total for the round (blind + stack).
  const shortBlind = (posted: number): Actor => ({ seat: 4, bet: posted, legal: { seat: 4, fold: true, check: false, call: 425, betOrRaise: null, allIn: posted + 425 }, sizes: null });

  it('a small blind (5 posted, 425 behind) whose call takes every chip: one all-in button, 430', async () => {
    const { click, query, text, sent } = await pad(shortBlind(5));
    expect(query('action-call')).toBeNull();
    expect(text('action-allin')).toBe('All-in 430');
    await click('action-allin');
    expect(sent).toEqual([{ type: 'all-in', seat: 4 }]);
  });

  it('a big blind (10 posted, 425 behind) whose call takes every chip: one all-in button, 435', async () => {
    const { query, text } = await pad(shortBlind(10));
    expect(query('action-call')).toBeNull();
    expect(text('action-allin')).toBe('All-in 435');
  });

  it('a big blind (10 posted) facing a raise to 30: call 30 (20 added), raise to 50, all-in 510', async () => {
    const legal: LegalActions = { seat: 4, fold: true, check: false, call: 20, betOrRaise: { kind: 'raise', min: 50, max: 510 }, allIn: 510 };
    const { text } = await pad({ seat: 4, bet: 10, legal, sizes: null });
    expect(text('action-call')).toBe('Call 30');
    expect(text('action-raise')).toBe('Raise to 50');
    expect(text('action-allin')).toBe('All-in 510');
  });

  it('a short stack who may call but not raise fully: call and all-in both as totals', async () => {
    // 10 posted, 35 behind, facing 40: calling adds 30 and leaves 5; all-in is 45 in front.
    const legal: LegalActions = { seat: 4, fold: true, check: false, call: 30, betOrRaise: null, allIn: 45 };
    const { text } = await pad({ seat: 4, bet: 10, legal, sizes: null });
    expect(text('action-call')).toBe('Call 40');
    expect(text('action-allin')).toBe('All-in 45');
  });

  it('from the engine: the short big blind’s call that takes every chip is one all-in button', async () => {
    // Ann (button) raises to 500; Bob (small blind, 430) folds; Cy (big blind, 435) has 425 behind.
    const table = new TableDriver({ timeCollection: null }).sit(1, 'Ann', 1000).sit(4, 'Bob', 430).sit(7, 'Cy', 435).draw('1:As 4:2c 7:3c').start();
    while (table.state.hand?.phase.kind === 'dealing') table.do({ type: 'deal', card: null });
    table.do({ type: 'bet', to: 500 });
    const small = viewOf(table.state, table.now, null, table.log.length).actor as Actor;
    expect(small).toMatchObject({ seat: 4, bet: 5, legal: { call: 425, allIn: 430 } });
    table.do({ type: 'fold' });
    const big = viewOf(table.state, table.now, null, table.log.length).actor as Actor;
    expect(big).toMatchObject({ seat: 7, bet: 10, legal: { call: 425, allIn: 435 } });
    const { click, query, text, sent } = await pad(big);
    expect(query('action-call')).toBeNull();
    expect(text('action-allin')).toBe('All-in 435');
    await click('action-allin');
    expect(sent).toEqual([{ type: 'all-in', seat: 7 }]);
    // The core takes it as the call it is: every chip of Cy's, 435 in front.
    table.do({ type: 'all-in' });
    expect(table.log.findLast((entry) => entry.type === 'call')).toMatchObject({ seat: 7, amount: 425 });
    expect(table.state.hand?.players.find((player) => player.seat === 7)).toMatchObject({ stack: 0, status: 'all-in' });
  });
});

describe('the raise amount', () => {
  it('quick sizes fill the amount with the view’s raise-to totals', async () => {
    const { click, get, text } = await pad(facingBet);
    expect(text('size-half-pot')).toContain('150');
    await click('size-pot');
    expect(value(get('raise-amount'))).toBe('260');
    expect(text('action-raise')).toBe('Raise to 260');
    await click('size-half-pot');
    expect(value(get('raise-amount'))).toBe('150');
    await click('size-max');
    expect(value(get('raise-amount'))).toBe('340');
    await click('size-min');
    expect(value(get('raise-amount'))).toBe('40');
  });

  it('the keypad types, deletes and clears; an amount out of range cannot be sent', async () => {
    const { click, get, sent } = await pad(facingBet);
    await click('keypad-clear');
    expect(value(get('raise-amount'))).toBe('');
    expect(get('action-raise').textContent).toBe('Raise');
    await click('keypad-1');
    await click('keypad-2');
    await click('keypad-5');
    expect(value(get('raise-amount'))).toBe('125');
    await click('keypad-back');
    expect(value(get('raise-amount'))).toBe('12');
    // 12 is below the minimum raise-to of 40
    expect(get('action-raise').hasAttribute('disabled')).toBe(true);
    await click('action-raise');
    expect(sent).toEqual([]);
    await click('keypad-0');
    expect(value(get('raise-amount'))).toBe('120');
    expect(get('action-raise').hasAttribute('disabled')).toBe(false);
  });

  it('a typed amount is sent as a bet to that total', async () => {
    const { click, fill, sent, text } = await pad(facingBet);
    await fill('raise-amount', '200');
    expect(text('action-raise')).toBe('Raise to 200');
    await click('action-raise');
    expect(sent).toEqual([{ type: 'bet', seat: 4, to: 200 }]);
  });

  it('a point or a comma typed is refused in words, never dropped; above the maximum is refused before sending', async () => {
    const { fill, get, query, text } = await pad(facingBet);
    await fill('raise-amount', '60.5');
    expect(value(get('raise-amount'))).toBe('60.5');
    expect(text('raise-amount-invalid')).toBe('Whole chips: digits only, no point or comma');
    expect(get('action-raise').hasAttribute('disabled')).toBe(true);
    // No amount in the field: the button names the verb alone, never 'Raise to 0' or a number made up.
    expect(text('action-raise')).toBe('Raise');
    await fill('raise-amount', '341');
    expect(query('raise-amount-invalid')).toBeNull();
    expect(get('action-raise').hasAttribute('disabled')).toBe(true);
  });
});

describe('the other actions send their commands', () => {
  it('fold, call and all-in — the all-in beside a call asked again, with Back where the actions were', async () => {
    const { click, sent, text, query } = await pad(facingBet);
    await click('action-fold');
    await click('action-call');
    await click('action-allin');
    expect(sent).toEqual([{ type: 'fold', seat: 4 }, { type: 'call', seat: 4 }]);
    expect(text('allin-confirm')).toContain('Seat 4 goes all-in for 340?');
    await click('allin-back');
    expect(query('allin-confirm')).toBeNull();
    await click('action-allin');
    await click('allin-confirm-yes');
    expect(sent).toEqual([{ type: 'fold', seat: 4 }, { type: 'call', seat: 4 }, { type: 'all-in', seat: 4 }]);
  });
});

describe('a tap counts only on a decision that has been on the screen long enough to be seen (D59)', () => {
  it('refuses a tap in the settling time, marks the pad as settling, then takes the next tap', async () => {
    const sent: WireCommand[] = [];
    let tooSoon = 0;
    const { click, get } = await render(<ActionPad actor={facingBet} structure="no-limit" onCommand={(command) => sent.push(command)} onTooSoon={() => tooSoon++} />, 60);
    expect(get('action-pad').hasAttribute('data-settling')).toBe(true);
    await click('action-call');
    await click('action-allin');
    expect(sent).toEqual([]);
    expect(tooSoon).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await click('action-call');
    expect(sent).toEqual([{ type: 'call', seat: 4 }]);
    expect(get('action-pad').hasAttribute('data-settling')).toBe(false);
  });

  it('asks again for an all-in beside a call, and the confirmation settles on its own', async () => {
    const sent: WireCommand[] = [];
    let tooSoon = 0;
    const { click } = await render(<ActionPad actor={facingBet} structure="no-limit" onCommand={(command) => sent.push(command)} onTooSoon={() => tooSoon++} />, 40);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await click('action-allin');
    // A second tap at once lands on the confirmation just drawn: refused, not an all-in.
    await click('allin-confirm-yes');
    expect([sent, tooSoon]).toEqual([[], 1]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await click('allin-confirm-yes');
    expect(sent).toEqual([{ type: 'all-in', seat: 4 }]);
  });
});

describe('the amount field opens with the minimum, and the first digit typed replaces it', () => {
  it('types 5 over the prefilled 40: 5, then 50; a quick size is replaced the same way', async () => {
    const { click, get, text } = await pad(facingBet);
    expect(value(get('raise-amount'))).toBe('40');
    await click('keypad-5');
    expect(value(get('raise-amount'))).toBe('5');
    expect(get('action-raise').hasAttribute('disabled')).toBe(true);
    await click('keypad-0');
    expect(value(get('raise-amount'))).toBe('50');
    expect(text('action-raise')).toBe('Raise to 50');
    await click('size-pot');
    expect(value(get('raise-amount'))).toBe('260');
    await click('keypad-9');
    await click('keypad-0');
    expect(value(get('raise-amount'))).toBe('90');
    // Delete edits what is there, and the digits after it append.
    await click('size-max');
    await click('keypad-back');
    await click('keypad-0');
    expect(value(get('raise-amount'))).toBe('340');
  });
});
