// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../../src/cards/card';
import { formatCard, formatCardSymbol } from '../../src/cards/notation';
import { cardFace } from '../../renderer/src/card-faces';
import { CardPicker } from '../../renderer/src/components/controls/CardPicker';
import { cleanup, render } from './support';

afterEach(cleanup);

describe('card faces', () => {
  it('name every card as src/cards does', () => {
    for (let n = 0; n < 52; n++) {
      const card = n as Card;
      const face = cardFace(card);
      expect(face.code).toBe(formatCard(card));
      expect(`${face.rank}${face.suit}`).toBe(formatCardSymbol(card));
      expect(face.red).toBe(face.suit === '♥' || face.suit === '♦');
    }
  });
});

describe('the card picker', () => {
  it('offers all 52 cards in four rows by suit, and a tap picks that card', async () => {
    const picked: Card[] = [];
    const { container, click, get } = await render(<CardPicker onPick={(card) => picked.push(card)} />);
    const buttons = get('card-picker').querySelectorAll('button');
    expect(buttons).toHaveLength(52);
    expect(new Set(Array.from(buttons, (button) => button.getAttribute('data-testid'))).size).toBe(52);
    expect(container.querySelectorAll('.card-picker-row')).toHaveLength(4);
    await click('card-Ah');
    await click('card-Tc');
    await click('card-2d');
    expect(picked).toEqual([50, 32, 1]);
    expect(get('card-Ah').textContent).toBe('A♥');
    expect(get('card-Tc').textContent).toBe('10♣');
  });

  it('never marks a card: after taps every card looks as it did and stays enabled', async () => {
    const { container, click } = await render(<CardPicker onPick={() => undefined} />);
    const look = () => Array.from(container.querySelectorAll('button'), (button) => [button.className, button.disabled, button.getAttribute('aria-pressed'), button.getAttribute('aria-disabled'), button.getAttribute('style')]);
    const before = look();
    for (const code of ['Ah', 'Kd', '7c', '2s']) await click(`card-${code}`);
    expect(look()).toEqual(before);
    // Only the suit's colour differs between cards.
    expect(new Set(before.map(([className]) => className))).toEqual(new Set(['pick red', 'pick black']));
    expect(before.every(([, disabled, pressed, ariaDisabled, style]) => disabled === false && pressed === null && ariaDisabled === null && style === null)).toBe(true);
  });
});
