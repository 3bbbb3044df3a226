import { describe, expect, it } from 'vitest';
import { until } from '../../support/until.js';
import { DeviceConnection } from '../../../drivers/device-connection.js';
import { ButtonPanel, type PanelEvent } from '../../../drivers/panel/button-panel.js';
import { encodePanelReport, type PanelFraming } from '../../../drivers/panel/panel-protocol.js';
import { SIMULATED_PANEL_IDENTITY, SimulatedPanel } from '../../../drivers/panel/simulated-panel.js';
import { SimulatedBinding } from '../../../drivers/sim/simulated-binding.js';
import { DOCUMENTED_SEQUENCE, fromHex } from './panel-fixtures.js';
import type { TransportPort } from '../../../drivers/transport/transport.js';

function panel(framing: PanelFraming = 'report') {
  const binding = new SimulatedBinding();
  const device = SimulatedPanel.plug(binding);
  const events: PanelEvent[] = [];
  const port = binding.open('sim:panel');
  return port.then((opened) => ({ binding, device, events, port: opened, reader: new ButtonPanel(opened, (event) => events.push(event), { framing }) }));
}

/** Events as short words: `fold`, `key 7`, `error …`, `disconnected (kind)`. */
function words(events: readonly PanelEvent[]): string[] {
  return events.map((event) => {
    switch (event.type) {
      case 'button':
        return event.button;
      case 'key':
        return `key ${event.key}`;
      case 'protocol-error':
        return `error ${event.problem}`;
      case 'disconnected':
        return `disconnected (${event.reason.kind})`;
    }
  });
}

describe('the button panel adapter: presses on rising edges only', () => {
  it('reports the documented sequence event for event', async () => {
    const { device, events } = await panel();
    for (const [bytes, expected] of DOCUMENTED_SEQUENCE) {
      const before = events.length;
      device.garbage(fromHex(bytes));
      const said = events.slice(before).map((event) => (event.type === 'button' ? `button ${event.button}` : event.type === 'key' ? `key ${event.key}` : event.type === 'protocol-error' ? `protocol-error ${event.problem}` : event.type));
      expect(said, bytes).toEqual(expected);
    }
  });

  it('a press is one event; holding a button over many reports is one press; releasing is nothing', async () => {
    const { device, events } = await panel();
    device.press('check-call');
    for (let report = 0; report < 5; report++) device.report({ buttons: ['fold'], key: null });
    device.report({ buttons: [], key: null });
    device.report({ buttons: [], key: null });
    expect(events).toEqual([
      { type: 'button', button: 'check-call' },
      { type: 'button', button: 'fold' },
    ]);
  });

  it('two buttons down in one report are two presses, in bit order; one more added later is one more press', async () => {
    const { device, events } = await panel();
    device.pressTogether(['confirm', 'bet-raise']);
    device.report({ buttons: ['all-in'], key: null });
    device.report({ buttons: ['all-in', 'undo'], key: null });
    device.report({ buttons: ['undo'], key: null });
    device.report({ buttons: ['undo', 'all-in', 'call-floor'], key: null });
    expect(words(events)).toEqual(['bet-raise', 'confirm', 'all-in', 'undo', 'all-in', 'call-floor']);
  });

  it('a key held across reports is one press; 0x00 between presses makes the same key twice; another key directly is a press', async () => {
    const { device, events } = await panel();
    device.type('1');
    for (let report = 0; report < 3; report++) device.report({ buttons: [], key: '5' });
    device.report({ buttons: [], key: null });
    device.report({ buttons: [], key: '5' });
    device.report({ buttons: [], key: '0' });
    device.report({ buttons: [], key: null });
    device.type('delete');
    device.type('clear');
    // A button and a key in one report: the button first.
    device.report({ buttons: ['confirm'], key: '9' });
    expect(words(events)).toEqual(['key 1', 'key 5', 'key 5', 'key 0', 'key delete', 'key clear', 'confirm', 'key 9']);
  });

  it('a stuck button is one press until released; the other buttons still work meanwhile', async () => {
    const { device, events } = await panel();
    device.stuck('undo');
    device.press('fold');
    device.type('3');
    device.press('fold');
    device.release('undo');
    device.press('undo');
    expect(words(events)).toEqual(['undo', 'fold', 'key 3', 'fold', 'undo']);
  });

  it('garbage and broken reports are protocol errors naming what was wrong, and a hold across them stays one press', async () => {
    const { device, events } = await panel();
    device.report({ buttons: ['fold'], key: null });
    device.garbage(Uint8Array.of(0x01, 0x00, 0x80, 0x00));
    device.garbage(Uint8Array.of(0x02, 0x01, 0x00, 0x00));
    device.garbage(Uint8Array.of(0x01, 0x01, 0x00));
    device.garbage(Uint8Array.of(0x01, 0x00, 0x00, 0x7a));
    device.report({ buttons: ['fold'], key: null });
    device.report({ buttons: [], key: null });
    device.press('fold');
    expect(words(events)).toEqual([
      'fold',
      'error reserved button bit 15 set (high byte 0x80) in report 01 00 80 00',
      "error report id 0x02: the panel's input report is 0x01 in report 02 01 00 00",
      "error a report of 3 bytes (01 01 00): the panel's input report is 4 bytes",
      'error unknown key code 0x7A in report 01 00 00 7A',
      'fold',
    ]);
  });

  it('reads the same presses from a byte stream (a serial panel) in any chunks, garbage between', async () => {
    const { device, events } = await panel('stream');
    const stream = [
      ...encodePanelReport({ buttons: ['fold'], key: null }),
      0xee,
      0xff,
      ...encodePanelReport({ buttons: ['fold', 'confirm'], key: '4' }),
      ...encodePanelReport({ buttons: [], key: '4' }),
      0x01,
      0x00,
      0x05,
      ...encodePanelReport({ buttons: [], key: null }),
      ...encodePanelReport({ buttons: ['call-floor'], key: null }),
    ];
    for (let at = 0; at < stream.length; at += 3) device.garbage(Uint8Array.from(stream.slice(at, at + 3)));
    expect(words(events)).toEqual(['fold', 'error 2 bytes of garbage outside any report', 'confirm', 'key 4', 'error reserved button bits 8, 10 set (high byte 0x05): 01 00 05 is not a report', 'call-floor']);
  });

  it('an unplugged panel is a disconnected event; a report begun on a serial line is named first', async () => {
    const { binding, device, events } = await panel('stream');
    device.garbage(Uint8Array.of(0x01, 0x02));
    binding.unplug('sim:panel');
    expect(words(events)).toEqual(['error report cut short: 01 02 came, then nothing', 'disconnected (disconnected)']);
  });

  it('closing the port on purpose is a disconnected event with reason canceled; detached, it reports nothing', async () => {
    const first = await panel();
    await first.port.close();
    expect(words(first.events)).toEqual(['disconnected (canceled)']);
    const second = await panel();
    second.reader.detach();
    second.device.press('fold');
    await second.port.close();
    expect(second.events).toEqual([]);
  });

  it('is found again by vendor, product and serial number after an unplug, at another path; a button held through it is pressed again', async () => {
    const binding = new SimulatedBinding();
    let device = SimulatedPanel.plug(binding, 'sim:panel-a');
    const events: PanelEvent[] = [];
    const statuses: string[] = [];
    let opened: TransportPort | null = null;
    const connection = new DeviceConnection(
      binding,
      { identity: SIMULATED_PANEL_IDENTITY, path: null },
      {
        onPort: (port) => {
          opened = port;
          new ButtonPanel(port, (event) => events.push(event));
        },
        onStatus: (state, detail) => statuses.push(`${state} ${detail}`),
      },
      5,
    );
    connection.start();
    await until(() => opened !== null);
    device.stuck('fold');
    binding.unplug('sim:panel-a');
    opened = null;
    device = SimulatedPanel.plug(binding, 'sim:panel-b');
    await until(() => opened !== null);
    device.stuck('fold');
    device.press('confirm');
    await connection.stop();
    expect(words(events)).toEqual(['fold', 'disconnected (disconnected)', 'fold', 'confirm', 'disconnected (canceled)']);
    expect(statuses).toEqual(['connected sim:panel-a', 'disconnected sim:panel-a was unplugged', 'connected sim:panel-b']);
  });
});
