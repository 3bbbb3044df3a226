import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../../drivers/rfid/encode.js';
import type { RfidMessage } from '../../../drivers/rfid/messages.js';
import { RfidReader, type RfidEvent, type RfidReaderOptions } from '../../../drivers/rfid/rfid-reader.js';
import { concat, FakePort, fromHex, ManualClock, toHex, UID_A, UID_B } from './rfid-fixtures.js';

const seen = (antenna: number, uid = UID_A, rssi = -50): RfidMessage => ({ type: 'tag-seen', antenna, uid, rssi });
const gone = (antenna: number, uid = UID_A): RfidMessage => ({ type: 'tag-gone', antenna, uid });
const placed = (antenna: number, uid = UID_A): RfidEvent => ({ type: 'tag-placed', antenna, uid });
const lifted = (antenna: number, uid = UID_A): RfidEvent => ({ type: 'tag-lifted', antenna, uid });

async function openReader(options: RfidReaderOptions = {}) {
  const port = new FakePort();
  const clock = new ManualClock();
  const events: RfidEvent[] = [];
  const reader = await RfidReader.open(port, (event) => events.push(event), { clock, ...options });
  /** The events since the last call. */
  const take = (): RfidEvent[] => events.splice(0);
  return { port, clock, reader, take };
}

describe('the RFID reader adapter', () => {
  it('asks the reader to start reading tags when it opens', async () => {
    const { port } = await openReader();
    expect(port.writes.map(toHex)).toEqual(['02 01 10 3C 0F']);
  });

  it('reports a tag placed once, however often the reader repeats it', async () => {
    const { port, take } = await openReader();
    port.sendMessages(seen(3), seen(3, UID_A, -48), seen(3));
    port.sendMessages(seen(3));
    expect(take()).toEqual([placed(3)]);
  });

  it('reports two tags read at once as two events, in the order read', async () => {
    const { port, take } = await openReader();
    port.sendMessages(seen(20, UID_A), seen(20, UID_B));
    expect(take()).toEqual([placed(20, UID_A), placed(20, UID_B)]);
  });

  it('reports a lift only when the tag stays gone for the flicker window (300 ms by default)', async () => {
    const { port, clock, take } = await openReader();
    port.sendMessages(seen(3));
    take();
    port.sendMessages(gone(3));
    clock.advance(299);
    expect(take()).toEqual([]);
    clock.advance(1);
    expect(take()).toEqual([lifted(3)]);
    // Placed again later: a new placement.
    port.sendMessages(seen(3));
    expect(take()).toEqual([placed(3)]);
  });

  it('treats gone-then-seen on the same antenna within the window as a flicker, not a lift and a place', async () => {
    const { port, clock, take } = await openReader();
    port.sendMessages(seen(3));
    take();
    port.sendMessages(gone(3));
    clock.advance(200);
    port.sendMessages(seen(3));
    clock.advance(1000);
    expect(take()).toEqual([]);
    // The flicker settled: a later real lift is still reported.
    port.sendMessages(gone(3), gone(3));
    clock.advance(300);
    expect(take()).toEqual([lifted(3)]);
    expect(clock.waiting).toBe(0);
  });

  it('takes the flicker window from its options', async () => {
    const { port, clock, take } = await openReader({ flickerWindowMs: 50 });
    port.sendMessages(seen(3), gone(3));
    take();
    clock.advance(50);
    expect(take()).toEqual([lifted(3)]);
    const immediate = await openReader({ flickerWindowMs: 0 });
    immediate.port.sendMessages(seen(3), gone(3));
    expect(immediate.take()).toEqual([placed(3), lifted(3)]);
  });

  it('reports a tag that moved to another antenna as lifted there, then placed here, at once', async () => {
    const { port, clock, take } = await openReader();
    port.sendMessages(seen(5), gone(5), seen(22));
    expect(take()).toEqual([placed(5), lifted(5), placed(22)]);
    clock.advance(1000);
    expect(take()).toEqual([]);
  });

  it('reports a tag in two overlapping fields on both antennas, and each lift on its own', async () => {
    const { port, clock, take } = await openReader();
    port.sendMessages(seen(20), seen(21), seen(20), seen(21));
    expect(take()).toEqual([placed(20), placed(21)]);
    port.sendMessages(gone(21));
    clock.advance(300);
    expect(take()).toEqual([lifted(21)]);
  });

  it('drops a TAG_GONE for a tag it never saw placed: there is nothing to lift', async () => {
    const { port, clock, take } = await openReader();
    port.sendMessages(gone(3), seen(4), gone(3));
    clock.advance(1000);
    expect(take()).toEqual([placed(4)]);
  });

  it('reads frames split across chunks, and byte by byte', async () => {
    const { port, take } = await openReader();
    const stream = concat([encodeFrame(seen(1)), encodeFrame(seen(2))]);
    port.send(stream.subarray(0, 7));
    expect(take()).toEqual([]);
    port.send(stream.subarray(7, 20));
    expect(take()).toEqual([placed(1)]);
    port.send(stream.subarray(20));
    expect(take()).toEqual([placed(2)]);
    for (const byte of encodeFrame(seen(9))) port.send(Uint8Array.of(byte));
    expect(take()).toEqual([placed(9)]);
  });

  it('reports antenna faults in device words, and their clearing', async () => {
    const { port, take } = await openReader();
    port.send(fromHex('02 03 83 14 01 A2 80'), fromHex('02 03 83 14 00 B2 A1'), encodeFrame({ type: 'antenna-fault', antenna: 7, code: 0x42 }));
    expect(take()).toEqual([
      { type: 'antenna-fault', antenna: 20, code: 1, words: 'no antenna connected (open circuit)' },
      { type: 'antenna-recovered', antenna: 20 },
      { type: 'antenna-fault', antenna: 7, code: 0x42, words: 'fault code 0x42' },
    ]);
  });

  it('reports the heartbeat, and restarts a reader that says it is not reading (it rebooted)', async () => {
    const { port, take } = await openReader();
    port.send(fromHex('02 06 84 01 00 00 0E 10 19 05'));
    expect(take()).toEqual([{ type: 'reader-status', inventoryRunning: true, antennaFault: false, overTemperature: false, uptimeSeconds: 3600 }]);
    expect(port.writes).toHaveLength(1);
    port.sendMessages({ type: 'heartbeat', flags: 0x06, uptimeSeconds: 2 });
    expect(take()).toEqual([{ type: 'reader-status', inventoryRunning: false, antennaFault: true, overTemperature: true, uptimeSeconds: 2 }]);
    expect(port.writes.map(toHex)).toEqual(['02 01 10 3C 0F', '02 01 10 3C 0F']);
  });

  it('does not restart a reader the host stopped; sends STOP and PING; reports the answers', async () => {
    const { port, reader, take } = await openReader();
    await reader.stop();
    await reader.ping();
    expect(port.writes.map(toHex)).toEqual(['02 01 10 3C 0F', '02 01 11 2C 2E', '02 01 12 1C 4D']);
    port.sendMessages({ type: 'heartbeat', flags: 0, uptimeSeconds: 10 }, { type: 'ack', command: 'stop', status: 0 }, { type: 'ack', command: 'ping', status: 1 });
    expect(port.writes).toHaveLength(3);
    expect(take().slice(1)).toEqual([
      { type: 'command-answered', command: 'stop', status: 0 },
      { type: 'command-answered', command: 'ping', status: 1 },
    ]);
  });

  it('reports garbage, bad frames and host commands from the reader as protocol errors, and reads on', async () => {
    const { port, take } = await openReader();
    const damaged = encodeFrame(seen(3));
    damaged[5] = 0x05;
    port.send(fromHex('FF FF'), damaged, encodeFrame(seen(4)), encodeFrame({ type: 'ping' }));
    expect(take()).toEqual([
      { type: 'protocol-error', problem: '2 bytes of garbage outside any frame' },
      { type: 'protocol-error', problem: expect.stringMatching(/^bad CRC: the frame says 0x[0-9A-F]{4}, its bytes give 0x[0-9A-F]{4}$/) as string },
      placed(4),
      { type: 'protocol-error', problem: 'the reader sent a host command (ping): is the line looped back?' },
    ]);
  });

  it('reports a frame cut short when the line goes quiet for the idle time (100 ms by default)', async () => {
    const { port, clock, take } = await openReader();
    port.send(encodeFrame(seen(3)).subarray(0, 8));
    clock.advance(99);
    expect(take()).toEqual([]);
    clock.advance(1);
    expect(take()).toEqual([{ type: 'protocol-error', problem: 'frame cut short: 8 of its 15 bytes came, then nothing' }]);
    port.sendMessages(seen(3));
    expect(take()).toEqual([placed(3)]);
    expect(clock.waiting).toBe(0);
  });

  it('on a disconnect: reports it, drops waiting lifts, and forgets the table', async () => {
    const { port, clock, take } = await openReader();
    port.sendMessages(seen(3), seen(4), gone(3));
    port.send(encodeFrame(seen(5)).subarray(0, 4));
    take();
    port.unplug();
    const events = take();
    expect(events.map((event) => event.type)).toEqual(['protocol-error', 'disconnected']);
    expect(events[1]).toMatchObject({ type: 'disconnected', reason: { kind: 'disconnected' } });
    clock.advance(1000);
    expect(take()).toEqual([]);
    expect(clock.waiting).toBe(0);
    // What the reader reports after it comes back is new: tag 4 is placed again.
    port.sendMessages(seen(4));
    expect(take()).toEqual([placed(4)]);
  });

  it('stops listening when detached', async () => {
    const { port, clock, reader, take } = await openReader();
    port.sendMessages(seen(3), gone(3));
    take();
    reader.detach();
    expect(port.listening).toBe(0);
    clock.advance(1000);
    port.sendMessages(seen(4));
    expect(take()).toEqual([]);
    expect(clock.waiting).toBe(0);
  });
});
