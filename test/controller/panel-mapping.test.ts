import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/cards/notation.js';
import { PanelMapping } from '../../src/controller/panel-mapping.js';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { Store } from '../../src/store/store.js';
import { ButtonPanel } from '../../drivers/panel/button-panel.js';
import { SimulatedPanel } from '../../drivers/panel/simulated-panel.js';
import { SimulatedBinding } from '../../drivers/sim/simulated-binding.js';

/** A hand waiting for seat 4's action (button 4, three players), with a (simulated) button panel on USB. */
async function tableWithPanel() {
  const controller = TableController.open(Store.open(':memory:'), { now: () => Date.UTC(2026, 10, 29, 18) }, CASINO_5_10);
  const binding = new SimulatedBinding();
  const panel = SimulatedPanel.plug(binding);
  const mapping = new PanelMapping(controller);
  new ButtonPanel(await binding.open('sim:panel'), (event) => mapping.handle(event));
  let id = 0;
  const submit = (command: Parameters<TableController['submit']>[0]['command']) => controller.submit({ id: `t${++id}`, command });
  for (const seat of [1, 4, 7]) submit({ type: 'sit', seat, name: `P${seat}`, buyIn: 500 });
  for (const [seat, card] of [[1, '2c'], [4, 'As'], [7, '3d']] as const) submit({ type: 'draw', seat, card: parseCard(card) });
  submit({ type: 'start-hand' });
  while (controller.view().prompt.kind === 'deal') submit({ type: 'deal', card: null });
  return { controller, panel, mapping };
}

const panelStatus = (controller: TableController) => controller.view().devices.find((device) => device.id === 'panel');
const bet = (controller: TableController, seat: number) => controller.table.hand?.players.find((player) => player.seat === seat)?.bet;

describe('the button panel at the table', () => {
  it('arms an action and sends it on Confirm: typed amounts for a raise, the minimum without one', async () => {
    const { controller, panel } = await tableWithPanel();
    expect(controller.view().actor?.seat).toBe(4);
    panel.press('bet-raise');
    expect(panelStatus(controller)?.detail?.en).toBe('Seat 4 raises to 20 — press Confirm');
    expect(bet(controller, 4)).toBe(0);
    for (const key of ['6', '5', 'delete', '0'] as const) panel.type(key);
    expect(panelStatus(controller)?.detail?.en).toBe('Seat 4 raises to 60 — press Confirm; typed 60');
    panel.press('confirm');
    expect(bet(controller, 4)).toBe(60);
    expect(controller.view().actor?.seat).toBe(7);
    panel.press('check-call');
    panel.press('confirm');
    expect(bet(controller, 7)).toBe(60);
    // Fold armed, then cleared with Undo: nothing happens.
    panel.press('fold');
    panel.press('undo');
    panel.press('confirm');
    expect(controller.table.hand?.players.find((player) => player.seat === 1)?.status).toBe('active');
    panel.press('all-in');
    expect(panelStatus(controller)?.detail?.en).toBe('Seat 1 all-in, 485 — press Confirm');
    panel.press('confirm');
    expect(controller.table.hand?.players.find((player) => player.seat === 1)?.status).toBe('all-in');
  });

  it('never acts for the next player, refuses what is not allowed, and calls the floor on the status bar', async () => {
    const { controller, panel } = await tableWithPanel();
    panel.press('fold');
    // Meanwhile the croupier acted on the screen: the armed fold for seat 4 is refused, seat 7 keeps its hand.
    expect(panelStatus(controller)?.armed?.en).toBe('Seat 4 folds — press Confirm');
    controller.submit({ id: 'screen', command: { type: 'call', seat: 4 } });
    // The table moved on: the armed fold is gone from every screen, and Confirm sends nothing.
    expect(panelStatus(controller)?.armed).toBeUndefined();
    panel.press('confirm');
    expect(controller.view().lastError).toBeNull();
    expect(controller.table.hand?.players.find((player) => player.seat === 7)?.status).toBe('active');
    panel.type('5');
    panel.press('bet-raise');
    panel.press('confirm');
    expect(panelStatus(controller)?.detail?.en).toMatch(/^Not taken: Seat 7 cannot raise to 5: /);
    expect(bet(controller, 7)).toBe(5);
    panel.press('call-floor');
    expect(panelStatus(controller)).toMatchObject({ state: 'fault', detail: { en: 'The croupier calls the floor' } });
  });

  it('drops an action armed on a decision the table has left, even when the same seat is to act again', async () => {
    const { controller, panel } = await tableWithPanel();
    panel.press('bet-raise');
    panel.press('confirm');
    panel.press('check-call');
    panel.press('confirm');
    // A fold armed for seat 1 (the big blind); meanwhile the screen records seat 1's raise, seat 4's
    // re-raise and seat 7's fold: seat 1 is to act again, on another decision.
    panel.press('fold');
    const screen = (id: string, command: Parameters<TableController['submit']>[0]['command']) => expect(controller.command({ id, command }, controller.view().decision)).toMatchObject({ ok: true });
    screen('s1', { type: 'bet', seat: 1, to: 60 });
    screen('s4', { type: 'bet', seat: 4, to: 150 });
    screen('s7', { type: 'fold', seat: 7 });
    expect(controller.view().actor?.seat).toBe(1);
    panel.press('confirm');
    expect(controller.table.hand?.players.find((player) => player.seat === 1)?.status).toBe('active');
    expect(panelStatus(controller)?.armed).toBeUndefined();
  });
});
