import { describe, expect, it } from 'vitest';
import { Pn532Reader, type Pn532ReaderOptions } from '../../../drivers/pn532/pn532-reader.js';
import type { RfidEvent } from '../../../drivers/rfid/rfid-reader.js';
import type { TagUid } from '../../../drivers/rfid/tag-uid.js';
import { SimulatedPn532 } from '../../../drivers/sim/pn532-device.js';
import { SimulatedBinding } from '../../../drivers/sim/simulated-binding.js';
import { FakePort, fromHex, ManualClock, toHex } from '../rfid/rfid-fixtures.js';

const NTAG = '04C235CA2C2C80' as TagUid;
const NTAG_2 = '04A1B2C3D4E5F6' as TagUid;
const CLASSIC = 'FB0EE20B' as TagUid;

/** A board on the in-memory line, read by the adapter with a clock the test moves. */
async function board(options: Pn532ReaderOptions = {}) {
  const binding = new SimulatedBinding();
  let simulated: SimulatedPn532 | null = null;
  const device = binding.plug('/dev/ttyUSB3', { vendorId: '1a86', productId: '7523', serialNumber: null }, (bytes) => simulated?.hear(bytes));
  const sent: Uint8Array[] = [];
  simulated = new SimulatedPn532({
    send: (bytes) => {
      if (typeof bytes !== 'string') sent.push(bytes);
      device.send(bytes);
    },
  });
  const clock = new ManualClock();
  const events: RfidEvent[] = [];
  const reader = await Pn532Reader.open(await binding.open('/dev/ttyUSB3'), (event) => events.push(event), { clock, antenna: 4, ...options });
  const take = (): RfidEvent[] => events.splice(0).filter((event) => event.type !== 'all-reported');
  return { binding, device, pn532: simulated, clock, reader, events, sent, take };
}

describe('a PN532 board over HSU', () => {
  it('wakes the board, sets it up (SAMConfiguration, RFConfiguration MaxRetries) and polls with InListPassiveTarget', async () => {
    const { device, pn532, clock } = await board();
    expect(device.writes.map(toHex)).toEqual([
      '55 55 00 00 00 00 00 00 00 00 00 00 00 00 00 00',
      '00 00 FF 05 FB D4 14 01 14 01 02 00',
      '00 00 FF 06 FA D4 32 05 FF 01 01 F4 00',
      '00 00 FF 04 FC D4 4A 02 00 E0 00',
    ]);
    clock.advance(100);
    expect(pn532.polls).toBe(5);
  });

  it('answers a poll with the bytes of the published capture: the simulated board speaks the real protocol', async () => {
    const { pn532, clock, sent } = await board();
    pn532.place(CLASSIC);
    sent.splice(0);
    clock.advance(25);
    expect(sent.map(toHex)).toEqual(['00 00 FF 00 FF 00', '00 00 FF 0C F4 D5 4B 01 01 00 04 08 04 FB 0E E2 0B D8 00']);
  });

  it('reports a card put on its antenna once, and its lift when it stays away for the flicker window', async () => {
    const { pn532, clock, take } = await board();
    pn532.place(NTAG);
    clock.advance(100);
    expect(take()).toEqual([{ type: 'tag-placed', antenna: 4, uid: NTAG }]);
    pn532.lift(NTAG);
    clock.advance(275);
    expect(take()).toEqual([]);
    clock.advance(75);
    expect(take()).toEqual([{ type: 'tag-lifted', antenna: 4, uid: NTAG }]);
  });

  it('takes a card that flickers out of a few polls for one that stayed', async () => {
    const { pn532, clock, take } = await board();
    pn532.place(NTAG);
    clock.advance(50);
    take();
    pn532.flicker(NTAG, 4);
    clock.advance(1_000);
    expect(take()).toEqual([]);
  });

  it('reads two cards at once (a seat’s hole cards), and no more than two, as a PN532 lists two at most', async () => {
    const { pn532, clock, take } = await board();
    pn532.place(NTAG);
    pn532.place(CLASSIC);
    pn532.place(NTAG_2);
    clock.advance(50);
    expect(take()).toEqual([
      { type: 'tag-placed', antenna: 4, uid: NTAG },
      { type: 'tag-placed', antenna: 4, uid: CLASSIC },
    ]);
  });

  it('asks again with a NACK for an answer cut short or with a wrong checksum, and reads the card', async () => {
    for (const how of ['cut', 'bad-checksum'] as const) {
      const { device, pn532, clock, take } = await board();
      pn532.place(NTAG);
      pn532.spoilNextAnswer(how);
      clock.advance(25);
      clock.advance(150);
      const events = take();
      expect(events.filter((event) => event.type === 'protocol-error').length).toBe(1);
      expect(events.filter((event) => event.type === 'tag-placed')).toEqual([{ type: 'tag-placed', antenna: 4, uid: NTAG }]);
      expect(device.writes.map(toHex)).toContain('00 00 FF FF 00 00');
    }
  });

  it('wakes and sets up a board that reset and stopped answering, and reads on', async () => {
    const { device, pn532, clock, take } = await board();
    pn532.reset();
    pn532.place(CLASSIC);
    clock.advance(25 + 300);
    expect(take()).toEqual([
      { type: 'protocol-error', problem: 'the PN532 did not acknowledge InListPassiveTarget within 300 ms: waking it and setting it up again' },
      { type: 'tag-placed', antenna: 4, uid: CLASSIC },
    ]);
    expect(device.writes.map(toHex).filter((hex) => hex.startsWith('55 55')).length).toBe(2);
  });

  it('reports the board unplugged, and forgets its cards and its timers', async () => {
    const { binding, pn532, clock, take } = await board();
    pn532.place(NTAG);
    clock.advance(25);
    take();
    binding.unplug('/dev/ttyUSB3');
    expect(take()).toMatchObject([{ type: 'disconnected', reason: { kind: 'disconnected' } }]);
    expect(clock.waiting).toBe(0);
  });

  it('reads the answer of a published capture (a MIFARE Classic card, UID FB 0E E2 0B) and the 7-byte answer of a published log', async () => {
    const port = new FakePort();
    const clock = new ManualClock();
    const events: RfidEvent[] = [];
    await Pn532Reader.open(port, (event) => events.push(event), { clock });
    // Set-up answered: SAMConfiguration's D5 15 (the capture's), RFConfiguration's D5 33.
    port.send(fromHex('00 00 FF 00 FF 00 00 00 FF 02 FE D5 15 16 00'));
    port.send(fromHex('00 00 FF 00 FF 00 00 00 FF 02 FE D5 33 F8 00'));
    // jinmi8.com, "NFC pn532 read and write command format": ACK, then the InListPassiveTarget answer.
    port.send(fromHex('00 00 FF 00 FF 00 00 00 FF 0C F4 D5 4B 01 01 00 04 08 04 FB 0E E2 0B D8 00'));
    expect(events).toEqual([{ type: 'tag-placed', antenna: 0, uid: CLASSIC }, { type: 'all-reported' }]);
    clock.advance(25);
    // A MIFARE Ultralight C's answer as logged on Stack Overflow (question 23219290): 4B 01 01 00 44 00 07 04 C2 35 CA 2C 2C 80.
    port.send(fromHex('00 00 FF 00 FF 00 00 00 FF 0F F1 D5 4B 01 01 00 44 00 07 04 C2 35 CA 2C 2C 80 F6 00'));
    expect(events.slice(2)).toEqual([{ type: 'tag-placed', antenna: 0, uid: NTAG }, { type: 'all-reported' }]);
    clock.advance(300);
    expect(events.slice(4).filter((event) => event.type === 'tag-lifted').map((event) => event.type === 'tag-lifted' && event.uid)).toEqual([CLASSIC]);
  });
});
