import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { SimulatedBinding } from '../../../drivers/sim/simulated-binding.js';
import { SimulatedShoeDevice } from '../../../drivers/sim/shoe-device.js';
import { type ShoeEvent, ShoeReader } from '../../../drivers/shoe/shoe-reader.js';

function shoe() {
  const binding = new SimulatedBinding();
  let device: SimulatedShoeDevice | null = null;
  const plugged = binding.plug('sim:shoe', { vendorId: 'feed', productId: '0001', serialNumber: 'SIM' }, (bytes) => device?.hear(bytes));
  device = new SimulatedShoeDevice(plugged);
  const events: ShoeEvent[] = [];
  const reader = new ShoeReader(plugged.connect(), (event) => events.push(event));
  return { device, events, reader };
}

describe('the simulated shoe misbehaves as real shoes do, and the reader copes', () => {
  it('a resent card is one card; a lost sentence is cards missed; a cut or corrupted sentence is skipped and named', () => {
    const { device, events } = shoe();
    device.deal(parseCard('Ah'));
    device.repeatLast(parseCard('Ah'));
    device.lose();
    device.deal(parseCard('Kd'));
    device.truncated(parseCard('Qs'));
    device.deal(parseCard('Qs'));
    device.corrupted(parseCard('Jc'));
    device.deal(parseCard('Tc'));
    device.noise(Uint8Array.from([0x00, 0x13, 0x37]));
    device.deal(null);
    device.jam();
    expect(events.map((event) => (event.type === 'card-dealt' ? `card ${event.card ?? '??'}` : event.type === 'protocol-error' ? `error ${event.problem.split(':')[0]}` : event.type === 'cards-missed' ? `missed ${event.count}` : event.type))).toEqual([
      `card ${parseCard('Ah')}`,
      'missed 1',
      `card ${parseCard('Kd')}`,
      "error sentence cut short",
      `card ${parseCard('Qs')}`,
      'error checksum 19, expected 71',
      'missed 1',
      `card ${parseCard('Tc')}`,
      'error 3 byte(s) of noise between sentences',
      'card ??',
      'shoe-fault',
    ]);
  });

  it('answers a deck check, with a fault when told to', async () => {
    const { device, events, reader } = shoe();
    await reader.send({ type: 'check-deck' });
    device.deckCheck = { type: 'deck', ok: false, count: 51, missing: [parseCard('2c')], extra: [], duplicates: [] };
    await reader.send({ type: 'check-deck' });
    expect(events).toEqual([
      { type: 'deck-checked', ok: true, count: 52, missing: [], extra: [], duplicates: [] },
      { type: 'deck-checked', ok: false, count: 51, missing: [parseCard('2c')], extra: [], duplicates: [] },
    ]);
  });
});
