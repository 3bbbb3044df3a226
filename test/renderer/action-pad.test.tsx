// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { WireCommand } from '../../src/api/requests';
import type { ViewModel } from '../../src/controller/view-model';
import type { LegalActions } from '../../src/engine/betting';
import { ActionPad } from '../../renderer/src/components/ActionPad';
import { RAISE_LEGAL } from './fixtures';
import { cleanup, render } from './support';

afterEach(cleanup);

type Actor = NonNullable<ViewModel['actor']>;

const facingBet: Actor = { seat: 4, legal: RAISE_LEGAL, sizes: { min: 40, halfPot: 150, pot: 260, max: 340 } };

async function pad(actor: Actor, structure: 'no-limit' | 'pot-limit' = 'no-limit') {
  const sent: WireCommand[] = [];
  const rendered = await render(<ActionPad actor={actor} structure={structure} onCommand={(command) => sent.push(command)} />);
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
    const { query, text } = await pad({ seat: 4, legal, sizes: { min: 10, halfPot: 110, pot: 220, max: 360 } });
    expect(text('action-check')).toBe('Check');
    expect(query('action-fold')).toBeNull();
    expect(query('action-call')).toBeNull();
    expect(query('action-allin')).toBeNull();
    expect(text('action-raise')).toBe('Bet 10');
  });

  it('a call that puts the player all-in: no bet, no amount field, no keypad', async () => {
    const legal: LegalActions = { seat: 4, fold: true, check: false, call: 35, betOrRaise: null, allIn: 35 };
    const { query, text } = await pad({ seat: 4, legal, sizes: null });
    expect(text('action-call')).toBe('Call 35');
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

  it('typing keeps digits only, and above the maximum is refused before sending', async () => {
    const { fill, get } = await pad(facingBet);
    await fill('raise-amount', '3a41');
    expect(value(get('raise-amount'))).toBe('341');
    expect(get('action-raise').hasAttribute('disabled')).toBe(true);
  });
});

describe('the other actions send their commands', () => {
  it('fold, call and all-in', async () => {
    const { click, sent } = await pad(facingBet);
    await click('action-fold');
    await click('action-call');
    await click('action-allin');
    expect(sent).toEqual([{ type: 'fold', seat: 4 }, { type: 'call', seat: 4 }, { type: 'all-in', seat: 4 }]);
  });
});
