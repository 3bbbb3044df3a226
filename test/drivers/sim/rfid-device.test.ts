import { describe, expect, it } from 'vitest';
import { CARD_COUNT } from '../../../src/cards/card.js';
import { encodeFrame } from '../../../drivers/rfid/encode.js';
import { RfidFrameParser, type RfidParseResult } from '../../../drivers/rfid/frame-parser.js';
import type { RfidMessage } from '../../../drivers/rfid/messages.js';
import { RfidReader, type RfidEvent } from '../../../drivers/rfid/rfid-reader.js';
import type { TagUid } from '../../../drivers/rfid/tag-uid.js';
import { SimulatedBinding } from '../../../drivers/sim/simulated-binding.js';
import type { DeviceLine } from '../../../drivers/sim/device-line.js';
import { SimulatedRfidReader, simulatedDeck, simulatedDeckUids } from '../../../drivers/sim/rfid-device.js';
import { concat, errorsOf, ManualClock, messagesOf, toHex } from '../rfid/rfid-fixtures.js';

const DECK = simulatedDeckUids(0);
const card = (number: number): TagUid => DECK[number] ?? ('' as TagUid);
const ACE_OF_SPADES = card(51);
const KING_OF_HEARTS = card(46);

const START = toHex(encodeFrame({ type: 'start-inventory' }));
const placed = (antenna: number, uid: TagUid): RfidEvent => ({ type: 'tag-placed', antenna, uid });
const lifted = (antenna: number, uid: TagUid): RfidEvent => ({ type: 'tag-lifted', antenna, uid });
const answered = (command: 'start-inventory' | 'stop' | 'ping'): RfidEvent => ({ type: 'command-answered', command, status: 0 });
const tagSeen = (antenna: number, uid: TagUid, rssi = -45): RfidMessage => ({ type: 'tag-seen', antenna, uid, rssi });

/** What went on a line, read back by the protocol's parser. */
function lineRecorder() {
  const chunks: Uint8Array[] = [];
  /** Everything sent since the last call, parsed from a clean start. */
  const take = (): RfidParseResult[] => {
    const parser = new RfidFrameParser();
    return [...parser.push(concat(chunks.splice(0))), ...parser.flush()];
  };
  return { chunks, take };
}

/**
 * The simulated reader plugged into a simulated binding, and the real adapter on the port, with a clock
 * the test advances. The simulated reader's line is the device, tapped to see the bytes it sends.
 */
/** A line's bytes as bytes: the simulated reader sends only frames, never text. */
function bytesOf(bytes: Uint8Array | string): Uint8Array {
  return typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
}

function rfidTable() {
  const binding = new SimulatedBinding();
  const device = binding.plug('sim:rfid', { vendorId: 'feed', productId: '0002', serialNumber: 'SIM-RFID' }, (bytes) => simulated.hear(bytes));
  const sent = lineRecorder();
  const line: DeviceLine = {
    send(bytes) {
      sent.chunks.push(bytesOf(bytes).slice());
      device.send(bytes);
    },
  };
  const simulated = new SimulatedRfidReader(line);
  const clock = new ManualClock();
  const events: RfidEvent[] = [];
  /** The host's events since the last call. */
  const take = (): RfidEvent[] => events.splice(0);
  const open = () => RfidReader.open(device.connect(), (event) => events.push(event), { clock });
  return { device, simulated, clock, take, open, sent };
}

async function openTable() {
  const table = rfidTable();
  const host = await table.open();
  table.take();
  table.sent.take();
  table.device.writes.splice(0);
  return { ...table, host };
}

describe('the simulated RFID reader answers the host', () => {
  it('answers the adapter opening with an ACK for START_INVENTORY, and runs inventory from then on', async () => {
    const { simulated, device, take, open, sent } = rfidTable();
    expect(simulated.inventoryRunning).toBe(false);
    await open();
    expect(device.writes.map(toHex)).toEqual([START]);
    expect(take()).toEqual([answered('start-inventory')]);
    expect(messagesOf(sent.take())).toEqual([{ type: 'ack', command: 'start-inventory', status: 0 }]);
    expect(simulated.inventoryRunning).toBe(true);
  });

  it('answers every command, whether split across chunks or several in one; STOP stops inventory, PING changes nothing', () => {
    const commands = concat([encodeFrame({ type: 'start-inventory' }), encodeFrame({ type: 'ping' }), encodeFrame({ type: 'stop' }), encodeFrame({ type: 'ping' })]);
    const acks = ['start-inventory', 'ping', 'stop', 'ping'].map((command) => ({ type: 'ack', command, status: 0 }));

    const whole = lineRecorder();
    const inOneChunk = new SimulatedRfidReader({ send: (bytes) => whole.chunks.push(bytesOf(bytes)) });
    inOneChunk.hear(commands);
    expect(messagesOf(whole.take())).toEqual(acks);
    expect(inOneChunk.inventoryRunning).toBe(false);

    const split = lineRecorder();
    const byteByByte = new SimulatedRfidReader({ send: (bytes) => split.chunks.push(bytesOf(bytes)) });
    const running: boolean[] = [];
    for (const byte of commands) {
      byteByByte.hear(Uint8Array.of(byte));
      running.push(byteByByte.inventoryRunning);
    }
    expect(messagesOf(split.take())).toEqual(acks);
    // Running from the last byte of START_INVENTORY (index 4) until the last byte of STOP (index 14).
    expect(running.indexOf(true)).toBe(4);
    expect(running.lastIndexOf(true)).toBe(13);
  });

  it('drops what is not a command: noise, a damaged command, a reader message looped back', () => {
    const line = lineRecorder();
    const simulated = new SimulatedRfidReader({ send: (bytes) => line.chunks.push(bytesOf(bytes)) });
    const damaged = encodeFrame({ type: 'start-inventory' });
    damaged[4] = (damaged[4] ?? 0) ^ 0x01;
    simulated.hear(concat([Uint8Array.of(0xff, 0x00), damaged, encodeFrame(tagSeen(3, ACE_OF_SPADES))]));
    expect(line.chunks).toEqual([]);
    expect(simulated.inventoryRunning).toBe(false);
    simulated.hear(encodeFrame({ type: 'ping' }));
    expect(messagesOf(line.take())).toEqual([{ type: 'ack', command: 'ping', status: 0 }]);
  });
});

describe('the simulated RFID reader reports tags as real readers do, and the adapter reads them', () => {
  it('reports a tag put down once as the host sees it, however many rounds repeat it', async () => {
    const { simulated, take, sent } = await openTable();
    simulated.place(3, ACE_OF_SPADES);
    expect(take()).toEqual([placed(3, ACE_OF_SPADES)]);
    expect(messagesOf(sent.take())).toEqual([tagSeen(3, ACE_OF_SPADES, -45)]);
    expect(simulated.tagsAt(3)).toEqual([ACE_OF_SPADES]);
    for (let round = 0; round < 5; round++) simulated.round();
    expect(messagesOf(sent.take())).toEqual(Array.from({ length: 5 }, () => tagSeen(3, ACE_OF_SPADES)));
    expect(take()).toEqual([]);
  });

  it('reports a tag lifted once the flicker window has passed, and nothing for a tag that is not there', async () => {
    const { simulated, clock, take, sent } = await openTable();
    simulated.place(20, KING_OF_HEARTS, -61);
    take();
    sent.take();
    simulated.lift(20, KING_OF_HEARTS);
    expect(messagesOf(sent.take())).toEqual([{ type: 'tag-gone', antenna: 20, uid: KING_OF_HEARTS }]);
    expect(simulated.tagsAt(20)).toEqual([]);
    clock.advance(299);
    expect(take()).toEqual([]);
    clock.advance(1);
    expect(take()).toEqual([lifted(20, KING_OF_HEARTS)]);
    simulated.lift(20, KING_OF_HEARTS);
    simulated.lift(21, ACE_OF_SPADES);
    expect(sent.chunks).toEqual([]);
    simulated.round();
    expect(sent.chunks).toEqual([]);
  });

  it('reports two tags put down at once as two events, UIDs with 0x02 bytes in them included', async () => {
    const { simulated, take } = await openTable();
    // Deck 2, card 2: E004FE1702000002, two start bytes inside the frame.
    const awkward = simulatedDeckUids(2)[2] ?? ('' as TagUid);
    simulated.place(1, ACE_OF_SPADES);
    simulated.place(1, awkward);
    expect(take()).toEqual([placed(1, ACE_OF_SPADES), placed(1, awkward)]);
    expect(simulated.tagsAt(1)).toEqual([ACE_OF_SPADES, awkward]);
  });

  it('reads the table only while inventory runs, and reports every present tag when it starts', async () => {
    const { simulated, device, take, open, sent } = rfidTable();
    // Put down before anyone listens: the bytes are lost, as on a real line.
    simulated.place(5, ACE_OF_SPADES);
    simulated.place(22, KING_OF_HEARTS);
    simulated.round();
    sent.take();
    const host = await open();
    expect(take()).toEqual([answered('start-inventory'), placed(5, ACE_OF_SPADES), placed(22, KING_OF_HEARTS)]);
    await host.stop();
    expect(device.writes.map(toHex).at(-1)).toBe(toHex(encodeFrame({ type: 'stop' })));
    expect(take()).toEqual([answered('stop')]);
    expect(simulated.inventoryRunning).toBe(false);
    sent.take();
    simulated.round();
    expect(sent.chunks).toEqual([]);
  });

  it('sends the heartbeat the protocol documents: inventory running, up an hour', async () => {
    const { simulated, take, sent } = await openTable();
    simulated.heartbeat(3600);
    expect(sent.chunks.map(toHex)).toEqual(['02 06 84 01 00 00 0E 10 19 05']);
    expect(take()).toEqual([{ type: 'reader-status', inventoryRunning: true, antennaFault: false, overTemperature: false, uptimeSeconds: 3600 }]);
  });

  it('after a reboot: forgets its tags, says inventory stopped, and runs again when the host asks', async () => {
    const { simulated, device, take } = await openTable();
    simulated.place(3, ACE_OF_SPADES);
    take();
    // A command half heard when the power goes: its rest is noise to the reader that comes back.
    const ping = encodeFrame({ type: 'ping' });
    simulated.hear(ping.subarray(0, 3));
    simulated.reboot();
    simulated.hear(ping.subarray(3));
    expect(take()).toEqual([]);
    expect(simulated.inventoryRunning).toBe(false);
    expect(simulated.tagsAt(3)).toEqual([]);
    simulated.heartbeat(1);
    expect(take()).toEqual([
      { type: 'reader-status', inventoryRunning: false, antennaFault: false, overTemperature: false, uptimeSeconds: 1 },
      answered('start-inventory'),
    ]);
    expect(device.writes.map(toHex)).toEqual([START]);
    expect(simulated.inventoryRunning).toBe(true);
    simulated.heartbeat(2);
    expect(take()).toEqual([{ type: 'reader-status', inventoryRunning: true, antennaFault: false, overTemperature: false, uptimeSeconds: 2 }]);
    expect(device.writes).toHaveLength(1);
  });
});

describe('the simulated RFID reader misbehaves as real readers do, and the adapter copes', () => {
  it('a missed read sends nothing; the next round reports the tag', async () => {
    const { simulated, take, sent } = await openTable();
    simulated.missedRead(7, ACE_OF_SPADES);
    expect(sent.chunks).toEqual([]);
    expect(take()).toEqual([]);
    expect(simulated.tagsAt(7)).toEqual([ACE_OF_SPADES]);
    simulated.round();
    expect(take()).toEqual([placed(7, ACE_OF_SPADES)]);
  });

  it('garbage on the line is a protocol error; a tag put down after it is read', async () => {
    const { simulated, take } = await openTable();
    simulated.garbage(Uint8Array.of(0x55, 0xaa, 0x13));
    simulated.place(3, ACE_OF_SPADES);
    expect(take()).toEqual([{ type: 'protocol-error', problem: '3 bytes of garbage outside any frame' }, placed(3, ACE_OF_SPADES)]);
  });

  it('a frame cut short is a protocol error and no tag; the same tag put down right after is read', async () => {
    const { simulated, take, sent } = await openTable();
    simulated.truncated(3, ACE_OF_SPADES);
    const whole = encodeFrame(tagSeen(3, ACE_OF_SPADES));
    expect(sent.chunks.map(toHex)).toEqual([toHex(whole.subarray(0, 7))]);
    expect(simulated.tagsAt(3)).toEqual([]);
    sent.take();
    simulated.place(3, ACE_OF_SPADES);
    expect(take()).toEqual([{ type: 'protocol-error', problem: expect.stringMatching(/^frame cut short by a new start byte after 7 bytes/) as string }, placed(3, ACE_OF_SPADES)]);
  });

  it('a frame cut short and then silence is reported when the line goes quiet', async () => {
    const { simulated, clock, take } = await openTable();
    simulated.truncated(4, KING_OF_HEARTS);
    clock.advance(100);
    expect(take()).toEqual([{ type: 'protocol-error', problem: 'frame cut short: 7 of its 15 bytes came, then nothing' }]);
    simulated.round();
    expect(take()).toEqual([]);
  });

  it('a frame with a bad CRC is a protocol error and no tag, not even in later rounds; a good one right after is read', async () => {
    const { simulated, take, sent } = await openTable();
    simulated.badCrc(3, ACE_OF_SPADES);
    const results = sent.take();
    expect(messagesOf(results)).toEqual([]);
    expect(errorsOf(results).map((error) => error.code)).toEqual(['bad-crc']);
    expect(simulated.tagsAt(3)).toEqual([]);
    simulated.round();
    simulated.place(3, KING_OF_HEARTS);
    expect(take()).toEqual([
      { type: 'protocol-error', problem: expect.stringMatching(/^bad CRC: the frame says 0x[0-9A-F]{4}, its bytes give 0x[0-9A-F]{4}$/) as string },
      placed(3, KING_OF_HEARTS),
    ]);
  });

  it('an antenna fault is reported (open circuit unless told) and shown in the heartbeat until it clears', async () => {
    const { simulated, take } = await openTable();
    simulated.antennaFault(20);
    simulated.antennaFault(21, 0x03);
    simulated.heartbeat(10);
    simulated.antennaCleared(20);
    simulated.heartbeat(11);
    simulated.antennaCleared(21);
    simulated.heartbeat(12);
    const status = (antennaFault: boolean, uptimeSeconds: number): RfidEvent => ({ type: 'reader-status', inventoryRunning: true, antennaFault, overTemperature: false, uptimeSeconds });
    expect(take()).toEqual([
      { type: 'antenna-fault', antenna: 20, code: 1, words: 'no antenna connected (open circuit)' },
      { type: 'antenna-fault', antenna: 21, code: 3, words: 'detuned: too much power reflected (metal on or near the antenna?)' },
      status(true, 10),
      { type: 'antenna-recovered', antenna: 20 },
      status(true, 11),
      { type: 'antenna-recovered', antenna: 21 },
      status(false, 12),
    ]);
  });

  it('refuses what no frame can carry, and remembers nothing of it', () => {
    const line = lineRecorder();
    const simulated = new SimulatedRfidReader({ send: (bytes) => line.chunks.push(bytesOf(bytes)) });
    expect(() => simulated.place(256, ACE_OF_SPADES)).toThrow(RangeError);
    expect(() => simulated.missedRead(3, 'e004fe1700000000' as TagUid)).toThrow(RangeError);
    expect(() => simulated.antennaFault(-1)).toThrow(RangeError);
    expect(() => simulated.heartbeat(1.5)).toThrow(RangeError);
    expect(simulated.tagsAt(256)).toEqual([]);
    expect(simulated.tagsAt(3)).toEqual([]);
    expect(line.chunks).toEqual([]);
  });
});

describe('simulated decks', () => {
  it('give 52 distinct UIDs per deck in the documented scheme, no two decks sharing one', () => {
    expect(DECK).toHaveLength(CARD_COUNT);
    expect(new Set(DECK).size).toBe(CARD_COUNT);
    expect(DECK[0]).toBe('E004FE1700000000');
    expect(simulatedDeckUids(1)[51]).toBe('E004FE1701000033');
    const deckOne = new Set(simulatedDeckUids(1));
    expect(DECK.filter((uid) => deckOne.has(uid))).toEqual([]);
    const every = Array.from({ length: 256 }, (_, deck) => simulatedDeckUids(deck)).flat();
    expect(every.every((uid) => /^[0-9A-F]{16}$/.test(uid))).toBe(true);
    expect(new Set(every).size).toBe(256 * CARD_COUNT);
    expect(() => simulatedDeckUids(256)).toThrow(RangeError);
    expect(() => simulatedDeckUids(-1)).toThrow(RangeError);
  });

  it('register as their cards: a deck knows its own tags and no other deck’s', () => {
    const deck = simulatedDeck(0);
    expect(deck.lookup(card(5))).toBe(5);
    expect(deck.lookup(simulatedDeckUids(1)[5] ?? ('' as TagUid))).toBeNull();
    expect(simulatedDeckUids(0).map((uid) => deck.lookup(uid))).toEqual(Array.from({ length: CARD_COUNT }, (_, number) => number));
  });
});
