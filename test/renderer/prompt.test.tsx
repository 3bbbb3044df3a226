// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Prompt } from '../../renderer/src/components/Prompt';
import { cleanup, render } from './support';

afterEach(cleanup);

const noop = (): void => undefined;
const award = (pot: string, amount: string): string => `Seat 8 wins ${pot}, ${amount} — Two pair, sevens and twos. `;

describe('the prompt', () => {
  it('is large when short, and smaller the longer it is, so that a showdown of many pots leaves the seats their room', async () => {
    const short = await render(<Prompt prompt={{ en: 'Action on seat 6', de: 'Platz 6 ist am Zug' }} awards={[]} notice={null} onDismiss={noop} />);
    expect(short.get('prompt').className).toBe('prompt');
    await cleanup();
    const two = award('the main pot', '2,005') + award('side pot 1', '630');
    const long = await render(<Prompt prompt={{ en: two, de: two }} awards={[]} notice={null} onDismiss={noop} />);
    expect(long.get('prompt').className).toBe('prompt prompt-long');
    await cleanup();
    const six = ['the main pot', 'side pot 1', 'side pot 2', 'side pot 3', 'side pot 4'].map((pot) => award(pot, '300')).join('') + 'Button to seat 6.';
    const longer = await render(<Prompt prompt={{ en: six, de: six }} awards={[]} notice={null} onDismiss={noop} />);
    expect(longer.get('prompt').className).toBe('prompt prompt-longer');
  });
});
