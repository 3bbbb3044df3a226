import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../src/cards/random.js';
import { encodeFrame } from '../../../drivers/rfid/encode.js';
import { RfidFrameParser, type RfidParseResult, type RfidProblemCode } from '../../../drivers/rfid/frame-parser.js';
import { MAX_FRAME_BYTES, type RfidCommandType, type RfidMessage, START_BYTE } from '../../../drivers/rfid/messages.js';
import { tagUidFromBytes } from '../../../drivers/rfid/tag-uid.js';
import { concat, firstDifference } from './rfid-fixtures.js';

/**
 * The parser against a million bytes and more, each run from a fixed seed so a failure replays. What
 * must hold: no throw, never more than one frame buffered, every byte accounted for by exactly one result,
 * the same results however the stream is chunked, and every valid frame among the garbage read back.
 */

const FUZZ_BYTES = 1 << 20;

function randomBytes(random: SeededRandom, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 4) {
    const word = random.nextUint32();
    bytes[index] = word & 0xff;
    if (index + 1 < length) bytes[index + 1] = (word >>> 8) & 0xff;
    if (index + 2 < length) bytes[index + 2] = (word >>> 16) & 0xff;
    if (index + 3 < length) bytes[index + 3] = word >>> 24;
  }
  return bytes;
}

/** Bytes where start bytes and small lengths are common: many candidate frames, replays and cut-short frames. */
function hostileBytes(random: SeededRandom, length: number): Uint8Array {
  const bytes = randomBytes(random, length);
  for (let index = 0; index < length; index++) {
    const roll = random.nextInt(8);
    if (roll < 2) bytes[index] = START_BYTE;
    else if (roll < 4) bytes[index] = 1 + random.nextInt(11);
  }
  return bytes;
}

const COMMANDS: readonly RfidCommandType[] = ['start-inventory', 'stop', 'ping'];

function randomMessage(random: SeededRandom): RfidMessage {
  const uid = tagUidFromBytes(randomBytes(random, 8));
  const command = COMMANDS[random.nextInt(3)] ?? 'ping';
  switch (random.nextInt(6)) {
    case 0:
      return { type: command };
    case 1:
      return { type: 'tag-seen', antenna: random.nextInt(256), uid, rssi: random.nextInt(256) - 128 };
    case 2:
      return { type: 'tag-gone', antenna: random.nextInt(256), uid };
    case 3:
      return { type: 'antenna-fault', antenna: random.nextInt(256), code: random.nextInt(256) };
    case 4:
      return { type: 'heartbeat', flags: random.nextInt(256), uptimeSeconds: random.nextUint32() };
    default:
      return { type: 'ack', command, status: random.nextInt(256) };
  }
}

/**
 * What a run said, kept small: a million hostile bytes give hundreds of thousands of errors, and
 * holding them (and comparing them deeply) would cost seconds. Messages are kept; errors are counted
 * by code, and every result is folded into a digest (FNV-1a) to compare two chunkings of one stream.
 */
type Summary = { results: number; bytes: number; digest: number; readonly codes: Map<RfidProblemCode, number>; readonly messages: RfidMessage[] };

function summarise(summary: Summary, result: RfidParseResult): void {
  summary.results++;
  summary.bytes += result.bytes;
  if (result.kind === 'message') summary.messages.push(result.message);
  else summary.codes.set(result.code, (summary.codes.get(result.code) ?? 0) + 1);
  const text = result.kind === 'message' ? JSON.stringify(result.message) : `${result.code}|${result.bytes}|${result.problem}`;
  let hash = summary.digest;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  summary.digest = Math.imul(hash ^ 0x0a, 0x01000193) >>> 0;
}

/** Pushes `stream` in random chunks of 1–maxChunk bytes, checking the buffer bound after every push. */
function parseChunked(stream: Uint8Array, random: SeededRandom, maxChunk: number): Summary {
  const parser = new RfidFrameParser();
  const summary: Summary = { results: 0, bytes: 0, digest: 0x811c9dc5, codes: new Map(), messages: [] };
  let largestBuffer = 0;
  for (let offset = 0; offset < stream.length; ) {
    const end = Math.min(stream.length, offset + 1 + random.nextInt(maxChunk));
    for (const result of parser.push(stream.subarray(offset, end))) summarise(summary, result);
    largestBuffer = Math.max(largestBuffer, parser.bufferedBytes);
    offset = end;
  }
  for (const result of parser.flush()) summarise(summary, result);
  expect(largestBuffer).toBeLessThanOrEqual(MAX_FRAME_BYTES);
  expect(parser.bufferedBytes).toBe(0);
  expect(parser.pending).toBe(false);
  return summary;
}

const errorCount = (summary: Summary): number => [...summary.codes.values()].reduce((sum, count) => sum + count, 0);

/**
 * A garbage run; `completes` when the run is a frame cut short by exactly its last byte, which was 0x02:
 * the start byte of the frame after it completes it, so it reads (correctly) as a message.
 */
type Garbage = { readonly bytes: Uint8Array; readonly completes: RfidMessage | null };

/** Valid frames with garbage runs before, between and after them; the runs from `garbage`. */
function framesAmongGarbage(random: SeededRandom, garbage: (length: number) => Garbage): { stream: Uint8Array; messages: RfidMessage[]; garbageBytes: number } {
  const parts: Uint8Array[] = [];
  const messages: RfidMessage[] = [];
  let length = 0;
  let garbageBytes = 0;
  while (length < FUZZ_BYTES) {
    const run = garbage(random.nextInt(4) === 0 ? 0 : random.nextInt(48));
    const message = randomMessage(random);
    const frame = encodeFrame(message);
    parts.push(run.bytes, frame);
    if (run.completes !== null) messages.push(run.completes);
    messages.push(message);
    length += run.bytes.length + frame.length;
    garbageBytes += run.bytes.length;
  }
  const tail = garbage(40);
  parts.push(tail.bytes);
  return { stream: concat(parts), messages, garbageBytes: garbageBytes + tail.bytes.length };
}

describe('the RFID frame parser under fuzz (≥ 1,000,000 bytes per run)', () => {
  it('takes a million random bytes in random chunks: errors only, bounded, every byte accounted for, chunking irrelevant', () => {
    const stream = randomBytes(new SeededRandom(1), FUZZ_BYTES);
    const summary = parseChunked(stream, new SeededRandom(2), 4096);
    expect(summary.bytes).toBe(FUZZ_BYTES);
    expect(errorCount(summary)).toBeGreaterThan(1000);
    // Random bytes make a valid frame about once in 2^16 candidates: a rare message is a real frame by chance.
    expect(summary.messages.length).toBeLessThan(5);
    expect(parseChunked(stream, new SeededRandom(3), 16)).toEqual(summary);
  });

  it('takes a million hostile bytes (a quarter start bytes, a quarter small lengths) the same way', () => {
    const stream = hostileBytes(new SeededRandom(4), FUZZ_BYTES);
    const summary = parseChunked(stream, new SeededRandom(5), 4096);
    expect(summary.bytes).toBe(FUZZ_BYTES);
    for (const code of ['garbage', 'length-out-of-range', 'bad-crc'] as const) expect(summary.codes.get(code)).toBeGreaterThan(10_000);
    expect(parseChunked(stream, new SeededRandom(6), 7)).toEqual(summary);
  });

  it('recovers every valid frame among random garbage without start bytes, and calls exactly the garbage garbage', () => {
    const random = new SeededRandom(7);
    const noStart = (length: number): Garbage => ({ bytes: randomBytes(random, length).map((byte) => (byte === START_BYTE ? 0x03 : byte)), completes: null });
    const { stream, messages, garbageBytes } = framesAmongGarbage(random, noStart);
    expect(stream.length).toBeGreaterThanOrEqual(FUZZ_BYTES);
    const summary = parseChunked(stream, new SeededRandom(8), 4096);
    expect(firstDifference(summary.messages, messages)).toBeNull();
    expect([...summary.codes.keys()]).toEqual(['garbage']);
    expect(summary.bytes - (stream.length - garbageBytes)).toBe(garbageBytes);
  });

  it('recovers every valid frame among garbage full of start bytes and frames cut short', () => {
    const random = new SeededRandom(9);
    // Garbage of three kinds: random bytes, hostile bytes, and the first bytes of a real frame (a frame
    // cut short), whose candidate then runs on into the valid frame after it.
    let completed = 0;
    const garbage = (length: number): Garbage => {
      switch (random.nextInt(3)) {
        case 0:
          return { bytes: randomBytes(random, length), completes: null };
        case 1:
          return { bytes: hostileBytes(random, length), completes: null };
        default: {
          const message = randomMessage(random);
          const frame = encodeFrame(message);
          const end = random.nextInt(frame.length);
          const completes = end === frame.length - 1 && frame[end] === START_BYTE;
          if (completes) completed++;
          return { bytes: frame.subarray(0, end), completes: completes ? message : null };
        }
      }
    };
    const { stream, messages } = framesAmongGarbage(random, garbage);
    expect(completed).toBeGreaterThan(0);
    const summary = parseChunked(stream, new SeededRandom(10), 4096);
    // Exact: no valid frame lost, and no garbage run here happens to form a frame with a good CRC (the
    // one way a frame could be lost or invented: a chance of about 2^-16 per false candidate).
    expect(firstDifference(summary.messages, messages)).toBeNull();
    expect(summary.bytes).toBe(stream.length);
    expect(summary.codes.get('cut-short')).toBeGreaterThan(100);
  });
});
