import fc from 'fast-check';
import { DriverError } from '../../../drivers/driver-error.js';
import { encodeFrame } from '../../../drivers/rfid/encode.js';
import type { RfidParseResult } from '../../../drivers/rfid/frame-parser.js';
import type { RfidCommandType, RfidMessage } from '../../../drivers/rfid/messages.js';
import type { RfidClock } from '../../../drivers/rfid/rfid-reader.js';
import { tagUidFromBytes, type TagUid } from '../../../drivers/rfid/tag-uid.js';
import type { TransportPort } from '../../../drivers/transport/transport.js';

export const UID_A = 'E004015012345678' as TagUid;
export const UID_B = 'E0040150A1B2C3D4' as TagUid;

/** The examples of docs/protocols.md, "RFID reader", byte for byte: the tests hold the document to the code. */
export const DOCUMENTED_FRAMES: readonly (readonly [RfidMessage, string])[] = [
  [{ type: 'start-inventory' }, '02 01 10 3C 0F'],
  [{ type: 'stop' }, '02 01 11 2C 2E'],
  [{ type: 'ping' }, '02 01 12 1C 4D'],
  [{ type: 'tag-seen', antenna: 3, uid: UID_A, rssi: -45 }, '02 0B 81 03 E0 04 01 50 12 34 56 78 D3 CA AC'],
  [{ type: 'tag-seen', antenna: 22, uid: UID_B, rssi: -61 }, '02 0B 81 16 E0 04 01 50 A1 B2 C3 D4 C3 7F EC'],
  /** Its last (CRC) byte is 0x02, the start byte: see "A frame ending in 0x02". */
  [{ type: 'tag-seen', antenna: 6, uid: UID_A, rssi: -52 }, '02 0B 81 06 E0 04 01 50 12 34 56 78 CC EB 02'],
  [{ type: 'tag-gone', antenna: 3, uid: UID_A }, '02 0A 82 03 E0 04 01 50 12 34 56 78 94 89'],
  [{ type: 'antenna-fault', antenna: 20, code: 1 }, '02 03 83 14 01 A2 80'],
  [{ type: 'antenna-fault', antenna: 20, code: 0 }, '02 03 83 14 00 B2 A1'],
  [{ type: 'heartbeat', flags: 1, uptimeSeconds: 3600 }, '02 06 84 01 00 00 0E 10 19 05'],
  [{ type: 'heartbeat', flags: 3, uptimeSeconds: 86400 }, '02 06 84 03 00 01 51 80 F7 8E'],
  [{ type: 'ack', command: 'start-inventory', status: 0 }, '02 03 90 10 00 64 56'],
  [{ type: 'ack', command: 'stop', status: 0 }, '02 03 90 11 00 57 67'],
  [{ type: 'ack', command: 'ping', status: 0 }, '02 03 90 12 00 02 34'],
  [{ type: 'ack', command: 'start-inventory', status: 1 }, '02 03 90 10 01 74 77'],
];

/** Extremes the examples do not reach: every field at its bounds. */
export const EDGE_MESSAGES: readonly RfidMessage[] = [
  { type: 'tag-seen', antenna: 0, uid: '0000000000000000' as TagUid, rssi: -128 },
  { type: 'tag-seen', antenna: 255, uid: 'FFFFFFFFFFFFFFFF' as TagUid, rssi: 127 },
  { type: 'tag-seen', antenna: 2, uid: '0202020202020202' as TagUid, rssi: 2 },
  { type: 'tag-gone', antenna: 2, uid: '0202020202020202' as TagUid },
  { type: 'antenna-fault', antenna: 255, code: 255 },
  { type: 'heartbeat', flags: 255, uptimeSeconds: 0xffffffff },
  { type: 'heartbeat', flags: 0, uptimeSeconds: 0 },
  { type: 'ack', command: 'ping', status: 255 },
];

export const SAMPLE_MESSAGES: readonly RfidMessage[] = [...DOCUMENTED_FRAMES.map(([message]) => message), ...EDGE_MESSAGES];

export function fromHex(text: string): Uint8Array {
  return Uint8Array.from(text.split(' ').filter(Boolean).map((pair) => parseInt(pair, 16)));
}

export function toHex(bytes: Uint8Array): string {
  return [...bytes].map((byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function messagesOf(results: readonly RfidParseResult[]): RfidMessage[] {
  return results.flatMap((result) => (result.kind === 'message' ? [result.message] : []));
}

export function errorsOf(results: readonly RfidParseResult[]) {
  return results.flatMap((result) => (result.kind === 'error' ? [result] : []));
}

/** Bytes the results account for: each should be in exactly one. */
export function bytesAccountedFor(results: readonly RfidParseResult[]): number {
  return results.reduce((sum, result) => sum + result.bytes, 0);
}

/**
 * Where two long lists first differ (null when equal), element by element as JSON: vitest's deep
 * equality takes seconds over the hundreds of thousands of results a fuzz run gives.
 */
export function firstDifference(actual: readonly unknown[], expected: readonly unknown[]): string | null {
  const length = Math.max(actual.length, expected.length);
  for (let index = 0; index < length; index++) {
    const left = JSON.stringify(actual[index]);
    const right = JSON.stringify(expected[index]);
    if (left !== right) return `at ${index} of ${actual.length} (expected ${expected.length}): ${left} instead of ${right}`;
  }
  return null;
}

/** The result for a frame of `message` read whole. */
export function read(message: RfidMessage): RfidParseResult {
  return { kind: 'message', message, bytes: encodeFrame(message).length };
}

const byte = fc.integer({ min: 0, max: 255 });
const uid = fc.uint8Array({ minLength: 8, maxLength: 8 }).map((bytes) => tagUidFromBytes(bytes));
const command = fc.constantFrom<RfidCommandType>('start-inventory', 'stop', 'ping');

export const messageArbitrary: fc.Arbitrary<RfidMessage> = fc.oneof(
  command.map((type): RfidMessage => ({ type })),
  fc.record({ type: fc.constant('tag-seen' as const), antenna: byte, uid, rssi: fc.integer({ min: -128, max: 127 }) }),
  fc.record({ type: fc.constant('tag-gone' as const), antenna: byte, uid }),
  fc.record({ type: fc.constant('antenna-fault' as const), antenna: byte, code: byte }),
  fc.record({ type: fc.constant('heartbeat' as const), flags: byte, uptimeSeconds: fc.integer({ min: 0, max: 0xffffffff }) }),
  fc.record({ type: fc.constant('ack' as const), command, status: byte }),
);

/** A port in memory: what the adapter wrote, and bytes sent to it as the reader would. */
export class FakePort implements TransportPort {
  readonly path = 'fake:rfid';
  readonly writes: Uint8Array[] = [];
  private readonly dataListeners = new Set<(chunk: Uint8Array) => void>();
  private readonly closeListeners = new Set<(reason: DriverError) => void>();

  async write(bytes: Uint8Array): Promise<void> {
    this.writes.push(bytes);
  }

  onData(listener: (chunk: Uint8Array) => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  onClose(listener: (reason: DriverError) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.end(new DriverError('canceled', 'closed'));
  }

  /** The reader sends these bytes, as one chunk. */
  send(...parts: Uint8Array[]): void {
    const chunk = concat(parts);
    for (const listener of [...this.dataListeners]) listener(chunk);
  }

  /** The frames of `messages`, as one chunk. */
  sendMessages(...messages: RfidMessage[]): void {
    this.send(...messages.map(encodeFrame));
  }

  unplug(): void {
    this.end(new DriverError('disconnected', 'the reader went away'));
  }

  get listening(): number {
    return this.dataListeners.size + this.closeListeners.size;
  }

  private end(reason: DriverError): void {
    for (const listener of [...this.closeListeners]) listener(reason);
  }
}

/** Time that moves only when the test says: timers fire in order when it is advanced past them. */
export class ManualClock implements RfidClock {
  private now = 0;
  private nextId = 0;
  private readonly timers = new Map<number, { readonly at: number; readonly fire: () => void }>();

  setTimer(ms: number, fire: () => void): () => void {
    const id = this.nextId++;
    this.timers.set(id, { at: this.now + ms, fire });
    return () => this.timers.delete(id);
  }

  get waiting(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      let due: [number, { readonly at: number; readonly fire: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= until && (due === undefined || entry[1].at < due[1].at)) due = entry;
      if (due === undefined) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].fire();
    }
    this.now = until;
  }
}
