import { describe, expect, it } from 'vitest';
import { type Croupier, e2eTables } from './support.js';

/**
 * The simulation panel's faults end to end: Debian's Chromium taps the built screens in browser mode against
 * the real core on simulated hardware, whose devices speak their real protocols to the real drivers and
 * are found by the real hardware root. A fault tapped on the screen is a cable pulled or bytes gone wrong;
 * the status bar shows what the table made of it. Three players: Ada (seat 1), Ben (seat 3), Cleo (seat 6);
 * Cleo draws the button, so the action opens on seat 6 before the flop and on seat 1 after it.
 */
const { tableOfThree, kiosk } = e2eTables();

/** What the page showed at any moment, not only when a step looked: each text of the shoe's entry, and every refusal. */
type Seen = { shoe: string[]; refusals: string[] };

/**
 * Notes in the page every change of the shoe's entry and every refusal (in the prompt's place or a dialog's)
 * as the DOM changes, into `window.feltSeen`. Plain script: the checkout's types have no DOM outside renderer/.
 */
const WATCH = `(() => {
  const seen = { shoe: [], refusals: [] };
  window.feltSeen = seen;
  const textOf = (element) => (element?.textContent ?? '').replace(/\\s+/g, ' ').trim();
  const note = () => {
    const shoe = textOf(document.querySelector('[data-testid="device-shoe"]'));
    if (seen.shoe.at(-1) !== shoe) seen.shoe.push(shoe);
    for (const refusal of document.querySelectorAll('[data-testid="last-error"], [data-testid="dialog-error"]')) {
      if (!seen.refusals.includes(textOf(refusal))) seen.refusals.push(textOf(refusal));
    }
  };
  note();
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

async function watch(croupier: Croupier): Promise<void> {
  await croupier.page.evaluate(WATCH);
}

function seen(croupier: Croupier): Promise<Seen> {
  return croupier.page.evaluate<Seen>('window.feltSeen');
}

/** Opens the faults dialog and taps the fault labelled `label`: the dialog closes at once. */
async function fault(croupier: Croupier, name: string, label: string): Promise<void> {
  await croupier.tap('sim-faults');
  await croupier.locator('sim-faults-dialog').waitFor({ timeout: 5_000 });
  expect(await croupier.text(`sim-fault-${name}`)).toBe(label);
  await croupier.tap(`sim-fault-${name}`);
  await croupier.locator('sim-faults-dialog').waitFor({ state: 'detached', timeout: 5_000 });
}

/** The device's entry on the status bar is in this state (its class) and says so. */
async function device(croupier: Croupier, testId: string, state: 'connected' | 'disconnected' | 'fault', words: string | RegExp): Promise<void> {
  await croupier.sees(testId, words);
  expect(await croupier.locator(testId).getAttribute('class')).toBe(`device device-${state}`);
}

describe('the simulation panel', () => {
  it('unplugs the shoe and plugs it back in, puts a foreign card on the board, and the simulated shoe still deals the whole hand', async () => {
    const croupier = await tableOfThree();
    await watch(croupier);
    await device(croupier, 'device-shoe', 'connected', 'Shoe ✓ — deck checked: 52 cards');
    await device(croupier, 'device-rfid', 'connected', 'RFID reader ✓');

    await fault(croupier, 'shoe-unplug', 'Unplug the shoe');
    await device(croupier, 'device-shoe', 'disconnected', /^Shoe: disconnected — /);

    // The table looks for the shoe every 250 ms. Back during a hand, its deck is not checked (the dealt cards would be missing).
    await fault(croupier, 'shoe-replug', 'Plug the shoe back in');
    const replugged = Date.now();
    await device(croupier, 'device-shoe', 'connected', 'Shoe ✓ — on sim:shoe');
    expect(Date.now() - replugged).toBeLessThan(3_000);

    // A tag of another deck on the board antenna: a fault for the floor, and no card for the table —
    // the log gains the incident and nothing else.
    const before = kiosk().core.controller.nextRow();
    await fault(croupier, 'rfid-foreign-card', 'A card from another deck on the board');
    await device(croupier, 'device-rfid', 'fault', /^RFID reader: fault — a card not of this deck at the board/);
    const store = (kiosk().core as unknown as { store: { entries(after: number): Iterable<{ type: string; incident?: string }> } }).store;
    expect([...store.entries(before - 1)]).toEqual([expect.objectContaining({ type: 'device-incident', incident: 'irregularity' })]);
    expect(await croupier.text('prompt')).toBe('Shuffle, then deal the burn');

    // The burn with the simulated shoe's single card, then every card to the end of each step.
    await croupier.tap('sim-deal');
    await croupier.sees('deal-target', 'Hole card, seat 1');
    await croupier.tap('sim-deal-step');
    await croupier.sees('prompt', 'Action on seat 6');
    expect(await croupier.page.locator('[data-testid^="seat-"] .card-back').count()).toBe(6);
    await croupier.act('action-call');
    await croupier.act('action-call');
    await croupier.act('action-check');
    for (const boardCards of [3, 4, 5]) {
      await croupier.sees('prompt', 'Deal the burn');
      await croupier.tap('sim-deal-step');
      await croupier.sees('prompt', 'Action on seat 1');
      expect(await croupier.page.locator('[data-testid="board"] .card-face').count()).toBe(boardCards);
      for (let check = 0; check < 3; check++) await croupier.act('action-check');
    }
    await croupier.sees('prompt', 'Seat 1 shows');

    // Nothing was refused at any moment, and the shoe went away once and came back once (no flicker).
    const { shoe, refusals } = await seen(croupier);
    expect(refusals).toEqual([]);
    expect(await croupier.errorText()).toBe('');
    // Once away: its words may change while it is away (the line lost, then not found), its state not.
    const away = (text: string | undefined): boolean => text?.includes('disconnected') === true;
    expect(shoe.filter((text, index) => away(text) && !away(shoe[index - 1]))).toHaveLength(1);
    expect(shoe.at(-1)).toBe('Shoe ✓ — on sim:shoe');

    // The same in German: the status bar and the faults dialog.
    await croupier.tap('lang-de');
    await device(croupier, 'device-shoe', 'connected', 'Kartenschlitten ✓ — an sim:shoe');
    await device(croupier, 'device-rfid', 'fault', /^RFID-Leser: Störung — eine Karte aus einem anderen Deck/);
    await croupier.tap('sim-faults');
    expect(await croupier.locator('sim-faults-dialog').getAttribute('aria-label')).toBe('Simulierte Geräte: eines stören');
    expect(await croupier.text('sim-fault-shoe-unplug')).toBe('Schlitten abziehen');
    expect(await croupier.text('sim-fault-shoe-replug')).toBe('Schlitten wieder anstecken');
    expect(await croupier.text('sim-fault-rfid-foreign-card')).toBe('Karte aus einem anderen Deck auf dem Board');
    await croupier.tap('modal-close');
    await croupier.locator('sim-faults-dialog').waitFor({ state: 'detached', timeout: 5_000 });
  });
});
