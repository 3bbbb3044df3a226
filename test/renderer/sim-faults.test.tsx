// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ViewModel } from '../../src/controller/view-model';
import { SIM_FAULTS, type SimFault } from '../../src/hardware/sim-faults';
import { App } from '../../renderer/src/App';
import { dealView, flopView, startView } from './fixtures';
import { FakeCore, cleanup, render, settle, withCore } from './support';

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

async function app(view: ViewModel, hardware: 'sim' | 'real') {
  const core = new FakeCore(view);
  core.appInfo = { hardware, version: 'test', build: 'test' };
  const rendered = await render(withCore(core, <App />));
  await settle();
  return { core, ...rendered };
}

/** The fault buttons on the page, by the fault each names (`sim-fault-<fault>`). */
function faultButtons(): Map<string, HTMLButtonElement> {
  const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>('[data-testid^="sim-fault-"]'));
  return new Map(buttons.map((button) => [(button.dataset['testid'] ?? '').slice('sim-fault-'.length), button]));
}

/** Which device's group each fault is in, from its name: the panel groups by the same prefix. */
const DEVICE_OF: Readonly<Record<string, string>> = { shoe: 'shoe', rfid: 'rfid', panel: 'panel' };

describe('the simulation panel for faults', () => {
  it('shows its button on simulated hardware whatever the prompt asks: an action, a card, the next hand', async () => {
    for (const view of [flopView(), dealView(), startView()]) {
      const { get, unmount } = await app(view, 'sim');
      expect(get('sim-faults').tagName).toBe('BUTTON');
      expect(get('sim-faults').className).toBe('button button-sim');
      expect(get('sim-faults').textContent).toBe('Simulate a fault');
      await unmount();
    }
  });

  it('lists a button for every fault, grouped by device, labelled in English and in German', async () => {
    const { click, get, query } = await app(flopView(), 'sim');
    expect(query('sim-faults-dialog')).toBeNull();
    await click('sim-faults');
    expect(query('sim-faults-dialog')).not.toBeNull();
    // One dialog at a time: the control panel is not drawn behind it.
    expect(query('action-fold')).toBeNull();

    const english = faultButtons();
    expect(english.size).toBe(SIM_FAULTS.length);
    expect([...english.keys()].sort()).toEqual([...SIM_FAULTS].sort());
    for (const fault of SIM_FAULTS) {
      const device = DEVICE_OF[fault.split('-')[0] ?? ''];
      expect(device, fault).toBeDefined();
      expect(get(`sim-faults-group-${device}`).contains(english.get(fault) ?? null), fault).toBe(true);
      expect(english.get(fault)?.className, fault).toBe('button button-sim');
    }
    expect(get('sim-faults-group-shoe').querySelector('legend')?.textContent).toBe('Shoe');
    expect(get('sim-faults-group-rfid').querySelector('legend')?.textContent).toBe('RFID reader');
    expect(get('sim-faults-group-panel').querySelector('legend')?.textContent).toBe('Button panel');
    const englishLabels = SIM_FAULTS.map((fault) => english.get(fault)?.textContent?.trim() ?? '');
    expect(englishLabels.every((label) => label !== '')).toBe(true);
    expect(new Set(englishLabels).size).toBe(SIM_FAULTS.length);
    expect(english.get('rfid-wrong-antenna')?.textContent).toBe('Next card at the wrong antenna');
    expect(english.get('shoe-unplug')?.textContent).toBe('Unplug the shoe');

    // The language can change with the dialog open (the status bar stays above it).
    await click('lang-de');
    expect(get('sim-faults-dialog').getAttribute('aria-label')).toBe('Simulierte Geräte: eines stören');
    const german = faultButtons();
    expect(german.size).toBe(SIM_FAULTS.length);
    const germanLabels = SIM_FAULTS.map((fault) => german.get(fault)?.textContent?.trim() ?? '');
    expect(germanLabels.every((label) => label !== '')).toBe(true);
    expect(new Set(germanLabels).size).toBe(SIM_FAULTS.length);
    expect(german.get('rfid-wrong-antenna')?.textContent).toBe('Nächste Karte an der falschen Antenne');
    expect(german.get('shoe-unplug')?.textContent).toBe('Schlitten abziehen');
    expect(get('sim-faults-group-rfid').querySelector('legend')?.textContent).toBe('RFID-Leser');

    await click('modal-close');
    expect(query('sim-faults-dialog')).toBeNull();
    expect(query('action-fold')).not.toBeNull();
  });

  it('a tap sends that one fault and closes the panel', async () => {
    const { core, click, query, text } = await app(dealView(), 'sim');
    core.on('sim-fault', () => ({ ok: true, result: dealView({ devices: [{ id: 'rfid-1', kind: 'rfid-reader', state: 'connected', detail: null }] }) }));
    await click('sim-faults');
    await click('sim-fault-rfid-wrong-antenna');
    await settle();
    expect(core.requests.filter((request) => request.name === 'sim-fault')).toEqual([{ name: 'sim-fault', args: { fault: 'rfid-wrong-antenna' } satisfies { fault: SimFault } }]);
    expect(query('sim-faults-dialog')).toBeNull();
    // The reply's view is taken, and the card entry is back.
    expect(text('device-rfid-1')).toBe('RFID reader ✓');
    expect(query('deal-target')).not.toBeNull();
    expect(query('last-error')).toBeNull();
  });

  it('sends one fault at a time: while one is on its way the faults wait', async () => {
    const { core, click, get } = await app(flopView(), 'sim');
    let answer: (reply: unknown) => void = () => undefined;
    core.on('sim-fault', () => new Promise((resolve) => (answer = resolve)) as never);
    await click('sim-faults');
    await click('sim-fault-shoe-jam');
    await click('sim-faults');
    expect(get('sim-fault-shoe-unplug').closest('fieldset')?.disabled).toBe(true);
    // A tap that still gets through is dropped, not sent.
    get('sim-fault-shoe-unplug').closest('fieldset')?.removeAttribute('disabled');
    await click('sim-fault-shoe-unplug');
    expect(core.sent('sim-fault')).toEqual([{ fault: 'shoe-jam' }]);
    answer({ ok: true, result: flopView() });
    await settle();
    await click('sim-faults');
    expect(get('sim-fault-shoe-unplug').closest('fieldset')?.disabled).toBe(false);
  });

  it('a refusal shows its words as the notice, like any other reply', async () => {
    const { core, click, text, query } = await app(flopView(), 'sim');
    core.on('sim-fault', () => ({ ok: false, error: { code: 'not-simulated', words: { en: 'This device is not simulated', de: 'Dieses Gerät ist nicht simuliert' } } }));
    expect(query('last-error')).toBeNull();
    await click('sim-faults');
    await click('sim-fault-panel-unplug');
    await settle();
    expect(query('sim-faults-dialog')).toBeNull();
    expect(text('last-error')).toContain('This device is not simulated');
    // A refusal in the view (`lastError`) shows the same way.
    core.on('sim-fault', () => ({ ok: true, result: flopView({ lastError: { en: 'The shoe is already unplugged', de: 'Der Schlitten ist schon abgezogen' } }) }));
    await click('sim-faults');
    await click('sim-fault-shoe-unplug');
    await settle();
    expect(text('last-error')).toContain('The shoe is already unplugged');
    expect(text('last-error')).not.toContain('This device is not simulated');
  });

  it('does not show on real hardware', async () => {
    for (const view of [flopView(), dealView(), startView()]) {
      const { core, query, unmount } = await app(view, 'real');
      expect(core.sent('app-info')).toHaveLength(1);
      expect(query('prompt')).not.toBeNull();
      expect(query('sim-faults')).toBeNull();
      expect(document.querySelector('[data-testid^="sim-fault"]')).toBeNull();
      await unmount();
    }
  });
});
