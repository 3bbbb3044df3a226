import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { SimulatedBinding } from '../../../drivers/sim/simulated-binding.js';
import { encodeShoeMessage } from '../../../drivers/shoe/shoe-protocol.js';
import { type ShoeEvent, ShoeReader } from '../../../drivers/shoe/shoe-reader.js';

const IDENTITY = { vendorId: '0403', productId: '6001', serialNumber: 'SHOE-7' };
const card = (seq: number, code: string | null) => encodeShoeMessage({ type: 'card', seq, card: code === null ? null : parseCard(code) });

async function shoe() {
  const binding = new SimulatedBinding();
  const device = binding.plug('/dev/ttyUSB0', IDENTITY);
  const events: ShoeEvent[] = [];
  const reader = new ShoeReader(await binding.open('/dev/ttyUSB0'), (event) => events.push(event));
  return { binding, device, events, reader };
}

describe('the dealing shoe over a transport', () => {
  it('reports each card once: a repeated sentence is the same card, a gap is cards missed, a late one is ignored', async () => {
    const { device, events } = await shoe();
    device.send(card(7, 'Ah') + card(7, 'Ah') + card(8, null) + card(11, 'Kd') + card(9, 'Qs'));
    expect(events).toEqual([
      { type: 'card-dealt', card: parseCard('Ah') },
      { type: 'card-dealt', card: null },
      { type: 'cards-missed', count: 2 },
      { type: 'card-dealt', card: parseCard('Kd') },
      { type: 'protocol-error', problem: 'card 9 came after card 11: ignored' },
    ]);
  });

  it('counts on across the wrap from 9999 to 0', async () => {
    const { device, events } = await shoe();
    device.send(card(9999, 'Ah') + card(0, '2c'));
    expect(events.map((event) => event.type)).toEqual(['card-dealt', 'card-dealt']);
  });

  it('asks for a deck check and reports its result; faults and states come through in device words', async () => {
    const { device, events, reader } = await shoe();
    await reader.send({ type: 'check-deck' });
    expect(new TextDecoder().decode(device.writes[0])).toBe('$CHK*5433B79E\r\n');
    device.send(encodeShoeMessage({ type: 'deck', ok: false, count: 51, missing: [parseCard('7h')], extra: [], duplicates: [] }));
    device.send(encodeShoeMessage({ type: 'error', code: 'JAM', text: 'card stuck' }) + encodeShoeMessage({ type: 'status', state: 'READY' }));
    expect(events).toEqual([
      { type: 'deck-checked', ok: false, count: 51, missing: [parseCard('7h')], extra: [], duplicates: [] },
      { type: 'shoe-fault', code: 'JAM', text: 'card stuck' },
      { type: 'shoe-state', state: 'READY' },
    ]);
  });

  it('reports an unplugged shoe, and a shoe plugged in again starts its count afresh', async () => {
    const { binding, device, events } = await shoe();
    device.send(card(500, 'Ah'));
    binding.unplug('/dev/ttyUSB0');
    expect(events.at(-1)).toMatchObject({ type: 'disconnected', reason: { kind: 'disconnected' } });
    const again = binding.plug('/dev/ttyUSB1', IDENTITY);
    const after: ShoeEvent[] = [];
    new ShoeReader(await binding.open('/dev/ttyUSB1'), (event) => after.push(event));
    again.send(card(0, '2c'));
    expect(after).toEqual([{ type: 'card-dealt', card: parseCard('2c') }]);
    expect(await binding.list()).toEqual([{ ...IDENTITY, path: '/dev/ttyUSB1' }]);
    binding.listFails = true;
    await expect(binding.list()).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('reads the example of docs/protocols.md as it says', async () => {
    const { device, events } = await shoe();
    device.send('$STAT,DEALING*AAC1B7F6\r\n$CARD,0041,9C*DB81174E\r\n$CARD,0041,9C*DB81174E\r\n#~!$CARD,0043,AS*8BD93C5F\r\n$CARD,0044,KD*B90092D6\r\n$CARD,0045,AH*1B\r\n');
    expect(events).toEqual([
      { type: 'shoe-state', state: 'DEALING' },
      { type: 'card-dealt', card: parseCard('9c') },
      { type: 'protocol-error', problem: '3 byte(s) of noise between sentences' },
      { type: 'cards-missed', count: 1 },
      { type: 'card-dealt', card: parseCard('As') },
      { type: 'protocol-error', problem: "CRC B90092D6, expected 6F3269AB: '$CARD,0044,KD*B90092D6'" },
      { type: 'protocol-error', problem: "a checksum of 2 hex digits is the XOR form before D51, no longer read: a sentence ends in its CRC-32, 8 hex digits: '$CARD,0045,AH*1B'" },
    ]);
  });
});
