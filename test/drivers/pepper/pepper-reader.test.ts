import { describe, expect, it } from 'vitest';
import { COMMAND, encodeAck, encodeFrame } from '../../../drivers/pepper/pepper-frame.js';
import { PepperReader, type PepperReaderOptions } from '../../../drivers/pepper/pepper-reader.js';
import type { RfidEvent } from '../../../drivers/rfid/rfid-reader.js';
import type { TagUid } from '../../../drivers/rfid/tag-uid.js';
import { SIMULATED_PEPPER_VERSION, SimulatedPepper } from '../../../drivers/sim/pepper-device.js';
import { SimulatedBinding } from '../../../drivers/sim/simulated-binding.js';
import { FakePort, fromHex, ManualClock, toHex } from '../rfid/rfid-fixtures.js';

const NTAG = '04C235CA2C2C80' as TagUid;
const NTAG_2 = '04A1B2C3D4E5F6' as TagUid;
const CLASSIC = 'FB0EE20B' as TagUid;
const ICODE = 'E004015012345678' as TagUid;

/** A reader on the in-memory line, read by the adapter with a clock the test moves. */
async function reader(options: PepperReaderOptions = {}) {
  const binding = new SimulatedBinding();
  let simulated: SimulatedPepper | null = null;
  const device = binding.plug('/dev/ttyUSB5', { vendorId: '0403', productId: '6015', serialNumber: null }, (bytes) => simulated?.hear(bytes));
  simulated = new SimulatedPepper({ send: (bytes) => device.send(bytes) });
  const clock = new ManualClock();
  const events: RfidEvent[] = [];
  const adapter = await PepperReader.open(await binding.open('/dev/ttyUSB5'), (event) => events.push(event), { clock, antenna: 3, ...options });
  const take = (): RfidEvent[] => events.splice(0).filter((event) => event.type !== 'all-reported');
  return { binding, device, pepper: simulated, clock, adapter, events, take };
}

describe('an Eccel Pepper C1 over its binary protocol', () => {
  it('asks the version, turns the reader’s own polling off and counts the tags, the frames byte for byte', async () => {
    const { device, pepper, adapter, clock } = await reader();
    expect(device.writes.map(toHex)).toEqual(['F5 03 00 FC FF 0B 9B 50', 'F5 04 00 FB FF 06 00 A9 B7', 'F5 03 00 FC FF 02 B2 C1']);
    expect(adapter.firmware).toBe(SIMULATED_PEPPER_VERSION);
    expect(pepper.polling).toBe(false);
    clock.advance(100);
    expect(pepper.polls).toBe(5);
  });

  it('reads every tag counted with GET_UID, each UID length a card carries, and reports each once', async () => {
    const { device, pepper, clock, take } = await reader();
    for (const uid of [NTAG, CLASSIC, ICODE]) pepper.place(uid);
    device.writes.splice(0);
    clock.advance(25);
    expect(device.writes.map(toHex)).toEqual(['F5 03 00 FC FF 02 B2 C1', 'F5 04 00 FB FF 03 00 5C 48', 'F5 04 00 FB FF 03 01 7D 58', 'F5 04 00 FB FF 03 02 1E 68']);
    expect(take()).toEqual([NTAG, CLASSIC, ICODE].map((uid) => ({ type: 'tag-placed', antenna: 3, uid })));
    clock.advance(500);
    expect(take()).toEqual([]);
  });

  it('reports a lift when the tag stays away for the flicker window, and not a flicker', async () => {
    const { pepper, clock, take } = await reader();
    pepper.place(NTAG);
    clock.advance(50);
    take();
    pepper.flicker(NTAG, 4);
    clock.advance(1_000);
    expect(take()).toEqual([]);
    pepper.lift(NTAG);
    clock.advance(275);
    expect(take()).toEqual([]);
    clock.advance(75);
    expect(take()).toEqual([{ type: 'tag-lifted', antenna: 3, uid: NTAG }]);
  });

  it('drops a round whose answer comes cut short or with a wrong CRC — no lift for a tag it hid — and reads on', async () => {
    for (const how of ['cut', 'bad-checksum'] as const) {
      const { pepper, clock, take } = await reader();
      pepper.place(NTAG);
      clock.advance(50);
      expect(take()).toEqual([{ type: 'tag-placed', antenna: 3, uid: NTAG }]);
      pepper.place(NTAG_2);
      pepper.spoilNextAnswer(how);
      clock.advance(400);
      const events = take();
      expect(events.filter((event) => event.type === 'protocol-error').length).toBe(1);
      expect(events.filter((event) => event.type !== 'protocol-error')).toEqual([{ type: 'tag-placed', antenna: 3, uid: NTAG_2 }]);
    }
  });

  it('says nothing of a tag that left between its count and its UID (ERROR 01), and names another error', async () => {
    const port = new FakePort();
    const clock = new ManualClock();
    const events: RfidEvent[] = [];
    await PepperReader.open(port, (event) => events.push(event), { clock });
    port.send(encodeAck(COMMAND.GET_VERSION, [0x31, 0x00]));
    port.send(encodeAck(COMMAND.SET_POLLING));
    port.send(encodeAck(COMMAND.GET_TAG_COUNT, [1]));
    port.send(encodeFrame([0xff, COMMAND.GET_UID, 0x01]));
    expect(events).toEqual([]);
    clock.advance(25);
    port.send(encodeAck(COMMAND.GET_TAG_COUNT, [1]));
    port.send(encodeFrame([0xff, COMMAND.GET_UID, 0x00, 0x0a]));
    expect(events).toEqual([{ type: 'protocol-error', problem: 'the Pepper C1 refused GET_UID with error 00 0A (an error due to RF)' }]);
  });

  it('names garbage, a UID of no tag’s length, an answer nobody asked for, and reads on', async () => {
    const port = new FakePort();
    const clock = new ManualClock();
    const events: RfidEvent[] = [];
    await PepperReader.open(port, (event) => events.push(event), { clock });
    port.send(encodeAck(COMMAND.GET_VERSION, [0x31, 0x00]));
    port.send(encodeAck(COMMAND.SET_POLLING));
    port.send(fromHex('13 37 F5 00'));
    port.send(encodeAck(COMMAND.GET_TAG_COUNT, [1]));
    port.send(encodeAck(COMMAND.GET_UID, [0x01, 0x00, 0x04, 0xc2, 0x35]));
    port.send(encodeAck(COMMAND.GET_UID, [0x01, 0x00, 0x04, 0xc2, 0x35, 0xca]));
    expect(events.map((event) => event.type === 'protocol-error' && event.problem)).toEqual([
      '4 byte(s) of garbage outside any frame',
      "GET_UID answered a UID of 3 byte(s) (04 C2 35): a tag's is 4, 7, 8 or 10; the round is dropped",
      'an answer nobody asked for: 00 03 01 00 04 C2 35 CA',
    ]);
    events.splice(0);
    clock.advance(25);
    port.send(encodeAck(COMMAND.GET_TAG_COUNT, [1]));
    port.send(encodeAck(COMMAND.GET_UID, [0x01, 0x00, 0x04, 0xc2, 0x35, 0xca, 0x2c, 0x2c, 0x80]));
    expect(events).toEqual([{ type: 'tag-placed', antenna: 0, uid: NTAG }, { type: 'all-reported' }]);
  });

  it('turns the reader’s polling off again after a reboot (its asynchronous messages), and sets up a reader that stops answering', async () => {
    const { device, pepper, clock, take } = await reader();
    pepper.place(CLASSIC);
    clock.advance(50);
    take();
    pepper.reset();
    pepper.asyncMessage(CLASSIC);
    expect(pepper.polling).toBe(true);
    clock.advance(50);
    expect(pepper.polling).toBe(false);
    expect(take()).toEqual([]);
    // Deaf: every command goes unanswered.
    const heard = pepper.polls;
    pepper.hear = () => undefined;
    device.writes.splice(0);
    clock.advance(25 + 300);
    expect(take()).toEqual([{ type: 'protocol-error', problem: 'the Pepper C1 did not answer GET_TAG_COUNT within 300 ms: setting it up again' }]);
    expect(device.writes.map(toHex).at(-1)).toBe('F5 03 00 FC FF 0B 9B 50');
    expect(pepper.polls).toBe(heard);
  });

  it('reports the reader unplugged, and forgets its tags and its timers', async () => {
    const { binding, pepper, clock, take } = await reader();
    pepper.place(NTAG);
    clock.advance(25);
    take();
    binding.unplug('/dev/ttyUSB5');
    expect(take()).toMatchObject([{ type: 'disconnected', reason: { kind: 'disconnected' } }]);
    expect(clock.waiting).toBe(0);
  });
});

describe('a Pepper C1 that answers every command with FF FF 02 (it reads them all spoilt)', () => {
  it('asks again after the pause, not at the line’s speed, and names each time', async () => {
    const port = new FakePort();
    const clock = new ManualClock();
    const events: RfidEvent[] = [];
    await PepperReader.open(port, (event) => events.push(event), { clock });
    for (let round = 0; round < 3; round++) {
      const written = port.writes.length;
      port.send(encodeFrame([0xff, 0xff, 0x02]));
      expect(port.writes.length).toBe(written);
      clock.advance(25);
      expect(port.writes.length).toBe(written + 1);
      expect(toHex(port.writes.at(-1) ?? new Uint8Array())).toBe('F5 03 00 FC FF 0B 9B 50');
    }
    expect(events.filter((event) => event.type === 'protocol-error').length).toBe(3);
  });
});

describe('a Pepper C1 that refuses SET_POLLING', () => {
  it('is polled anyway after the pause, its asynchronous messages passed over, and asked again only after another', async () => {
    const port = new FakePort();
    const clock = new ManualClock();
    const events: RfidEvent[] = [];
    await PepperReader.open(port, (event) => events.push(event), { clock });
    port.send(encodeAck(COMMAND.GET_VERSION, [0x31, 0x00]));
    port.send(encodeFrame([0xfe, 0x00, 0x01, 0x00, 0x04, 0xc2, 0x35, 0xca, 0x2c, 0x2c, 0x80]));
    port.send(encodeFrame([0xff, COMMAND.SET_POLLING, 0x24]));
    expect(events).toEqual([{ type: 'protocol-error', problem: 'the Pepper C1 refused SET_POLLING with error 24 (command not supported)' }]);
    const written = port.writes.length;
    clock.advance(24);
    expect(port.writes.length).toBe(written);
    clock.advance(1);
    expect(port.writes.map(toHex).slice(written)).toEqual(['F5 03 00 FC FF 02 B2 C1']);
  });
});
