import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { SimulatedBinding } from '../../../drivers/sim/simulated-binding.js';
import { SimulatedShoeDevice } from '../../../drivers/sim/shoe-device.js';
import { encodeShoeCommand } from '../../../drivers/shoe/shoe-protocol.js';
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
      'error CRC 1DCD6B89, expected A594690B',
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

  it('hears the host’s commands in any chunking, and does nothing on one whose CRC is wrong', () => {
    const { device, events } = shoe();
    const check = new TextEncoder().encode(encodeShoeCommand({ type: 'check-deck' }));
    for (const byte of check) device.hear(Uint8Array.of(byte));
    device.hear(new TextEncoder().encode('$CHK*40\r\n$CHK*5433B79F\r\nnoise'));
    device.hear(check);
    expect(events.map((event) => event.type)).toEqual(['deck-checked', 'deck-checked']);
    device.deal(parseCard('Ah'));
    device.hear(new TextEncoder().encode('$RST*6DE9B8B7\r\n'));
    device.deal(parseCard('Kd'));
    device.hear(new TextEncoder().encode(encodeShoeCommand({ type: 'reset' })));
    device.deal(parseCard('Qs'));
    // A wrong reset left the count alone (Kd is card 1); the right one started it again (Qs is card 0, behind 1).
    expect(events.slice(2).map((event) => event.type)).toEqual(['card-dealt', 'card-dealt', 'protocol-error']);
  });
});
