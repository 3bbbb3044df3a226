import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrame, encodeRawFrame } from '../../../drivers/rfid/encode.js';
import { GARBAGE_REPORT_BYTES, RfidFrameParser, type RfidParseResult } from '../../../drivers/rfid/frame-parser.js';
import { MAX_FRAME_BYTES, MESSAGE_TYPE, type RfidMessage } from '../../../drivers/rfid/messages.js';
import { parseTagUid, tagUidBytes, tagUidFromBytes, type TagUid } from '../../../drivers/rfid/tag-uid.js';
import {
  bytesAccountedFor,
  concat,
  DOCUMENTED_FRAMES,
  errorsOf,
  fromHex,
  messageArbitrary,
  messagesOf,
  read,
  SAMPLE_MESSAGES,
  toHex,
  UID_A,
} from './rfid-fixtures.js';

/** Everything a fresh parser says about `stream` pushed in the given pieces, flushed at the end. */
function parseInChunks(chunks: readonly Uint8Array[]): RfidParseResult[] {
  const parser = new RfidFrameParser();
  const results = chunks.flatMap((chunk) => parser.push(chunk));
  return [...results, ...parser.flush()];
}

const parseAll = (stream: Uint8Array): RfidParseResult[] => parseInChunks([stream]);

/** `stream` cut at the given offsets (sorted, duplicates giving empty chunks). */
function cut(stream: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const points = [0, ...[...offsets].sort((a, b) => a - b), stream.length];
  return points.slice(1).map((end, index) => stream.subarray(points[index] ?? 0, end));
}

const byteByByte = (stream: Uint8Array): Uint8Array[] => Array.from(stream, (byte) => Uint8Array.of(byte));

describe('RFID frames (docs/protocols.md, "RFID reader")', () => {
  it('encodes every documented example byte for byte, and decodes it back', () => {
    for (const [message, hex] of DOCUMENTED_FRAMES) {
      expect(toHex(encodeFrame(message))).toBe(hex);
      expect(parseAll(fromHex(hex))).toEqual([read(message)]);
    }
  });

  it('decodes back every message it encodes, of every type and field value', () => {
    for (const message of SAMPLE_MESSAGES) expect(messagesOf(parseAll(encodeFrame(message)))).toEqual([message]);
    fc.assert(
      fc.property(messageArbitrary, (message) => {
        expect(parseAll(encodeFrame(message))).toEqual([read(message)]);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses to encode what does not fit a byte', () => {
    expect(() => encodeFrame({ type: 'tag-seen', antenna: 256, uid: UID_A, rssi: 0 })).toThrow('antenna must be a byte');
    expect(() => encodeFrame({ type: 'tag-seen', antenna: 1, uid: UID_A, rssi: -129 })).toThrow('RSSI');
    expect(() => encodeFrame({ type: 'tag-gone', antenna: 1, uid: 'E004' as TagUid })).toThrow('not a tag UID');
    expect(() => encodeFrame({ type: 'heartbeat', flags: 0, uptimeSeconds: 2 ** 32 })).toThrow('uptime');
    expect(() => encodeRawFrame(0x7e, new Array<number>(32).fill(0))).toThrow('at most 31 payload bytes');
  });
});

describe('the RFID frame parser in any chunking', () => {
  it('reads every valid frame split at every byte boundary, into two pieces and three', () => {
    for (const message of SAMPLE_MESSAGES) {
      const frame = encodeFrame(message);
      const expected = [read(message)];
      expect(parseInChunks(byteByByte(frame))).toEqual(expected);
      for (let i = 0; i <= frame.length; i++) {
        expect(parseInChunks(cut(frame, [i]))).toEqual(expected);
        for (let j = i; j <= frame.length; j++) expect(parseInChunks(cut(frame, [i, j]))).toEqual(expected);
      }
    }
  });

  it('reads a stream of every sample split at each byte boundary, and byte by byte', () => {
    const stream = concat(SAMPLE_MESSAGES.map(encodeFrame));
    const expected = SAMPLE_MESSAGES.map((message) => (read(message)));
    expect(parseInChunks(byteByByte(stream))).toEqual(expected);
    for (let i = 0; i <= stream.length; i++) expect(parseInChunks(cut(stream, [i]))).toEqual(expected);
  });

  it('reads any messages in any random chunking', () => {
    fc.assert(
      fc.property(fc.array(messageArbitrary, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 30 }), (messages, offsets) => {
        const stream = concat(messages.map(encodeFrame));
        const chunks = cut(stream, offsets.map((offset) => offset % (stream.length + 1)));
        expect(parseInChunks(chunks)).toEqual(messages.map((message) => (read(message))));
      }),
      { numRuns: 500 },
    );
  });

  it('says the same of any bytes, whatever the chunking: results depend on the bytes only', () => {
    // Bytes drawn mostly from start bytes, small lengths and frame pieces, so candidates, replays and
    // cut-short frames are common rather than one in 256.
    const piece = fc.oneof(
      fc.uint8Array({ maxLength: 8 }),
      fc.constantFrom(Uint8Array.of(0x02), Uint8Array.of(0x02, 0x01), Uint8Array.of(0x02, 0x0b, 0x81)),
      messageArbitrary.chain((message) => {
        const frame = encodeFrame(message);
        return fc.nat({ max: frame.length }).map((end) => frame.subarray(0, end));
      }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 30 }), (pieces, offsets) => {
        const stream = concat(pieces);
        const whole = parseAll(stream);
        expect(parseInChunks(cut(stream, offsets.map((offset) => offset % (stream.length + 1))))).toEqual(whole);
        expect(parseInChunks(byteByByte(stream))).toEqual(whole);
        expect(bytesAccountedFor(whole)).toBe(stream.length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the RFID frame parser with garbage and damage', () => {
  const seen = encodeFrame({ type: 'tag-seen', antenna: 3, uid: UID_A, rssi: -45 });
  const beat = encodeFrame({ type: 'heartbeat', flags: 1, uptimeSeconds: 3600 });

  it('reports garbage before, between and after frames, and reads the frames around it', () => {
    const results = parseAll(concat([fromHex('55 AA 00'), seen, fromHex('FF FE'), beat, fromHex('13 37')]));
    expect(results).toEqual([
      { kind: 'error', code: 'garbage', problem: '3 bytes of garbage outside any frame', bytes: 3 },
      read({ type: 'tag-seen', antenna: 3, uid: UID_A, rssi: -45 }),
      { kind: 'error', code: 'garbage', problem: '2 bytes of garbage outside any frame', bytes: 2 },
      read({ type: 'heartbeat', flags: 1, uptimeSeconds: 3600 }),
      { kind: 'error', code: 'garbage', problem: '2 bytes of garbage outside any frame', bytes: 2 },
    ]);
  });

  it('reports garbage as soon as a start byte ends it, or in pieces of 256 bytes', () => {
    const parser = new RfidFrameParser();
    expect(parser.push(fromHex('41 42'))).toEqual([]);
    expect(parser.pending).toBe(true);
    expect(parser.push(seen)).toEqual([
      { kind: 'error', code: 'garbage', problem: '2 bytes of garbage outside any frame', bytes: 2 },
      read({ type: 'tag-seen', antenna: 3, uid: UID_A, rssi: -45 }),
    ]);
    expect(parser.pending).toBe(false);
    const long = parser.push(new Uint8Array(GARBAGE_REPORT_BYTES * 2 + 5).fill(0x41));
    expect(long.map((result) => (result.kind === 'error' ? result.bytes : 0))).toEqual([GARBAGE_REPORT_BYTES, GARBAGE_REPORT_BYTES]);
    expect(parser.flush()).toEqual([{ kind: 'error', code: 'garbage', problem: '5 bytes of garbage outside any frame', bytes: 5 }]);
  });

  it('reads the worked example of docs/protocols.md, "RFID reader" as documented', () => {
    const stream = fromHex('55 AA 02 0B 81 03 E0 04 01 50 12 34 56 78 D2 CA AC 02 0B 81 03 E0 04 02 06 84 01 00 00 0E 10 19 05 02 40 02 01 12 1C 4D');
    expect(parseAll(stream)).toEqual([
      { kind: 'error', code: 'garbage', problem: '2 bytes of garbage outside any frame', bytes: 2 },
      { kind: 'error', code: 'bad-crc', problem: 'bad CRC: the frame says 0xCAAC, its bytes give 0xDA8D', bytes: 15 },
      { kind: 'error', code: 'cut-short', problem: 'frame cut short by a new start byte after 6 bytes (bad CRC: the frame says 0x1019, its bytes give 0xE3B6)', bytes: 6 },
      read({ type: 'heartbeat', flags: 1, uptimeSeconds: 3600 }),
      { kind: 'error', code: 'length-out-of-range', problem: 'length out of range: LEN 0x40 after a start byte (a frame holds 1–32 bytes of type and payload)', bytes: 2 },
      read({ type: 'ping' }),
    ]);
  });

  it('names a length out of range, and reads on from the byte after the start byte', () => {
    for (const length of [0x00, 0x21, 0xff]) {
      const results = parseAll(concat([Uint8Array.of(0x02, length), seen]));
      expect(results[0]).toEqual({
        kind: 'error',
        code: 'length-out-of-range',
        problem: `length out of range: LEN 0x${toHex(Uint8Array.of(length))} after a start byte (a frame holds 1–32 bytes of type and payload)`,
        bytes: 2,
      });
      expect(messagesOf(results)).toHaveLength(1);
    }
  });

  it('names a bad CRC and reads the next frame', () => {
    const damaged = seen.slice();
    damaged[seen.length - 1] = 0x00;
    expect(parseAll(concat([damaged, beat]))).toEqual([
      { kind: 'error', code: 'bad-crc', problem: 'bad CRC: the frame says 0xCA00, its bytes give 0xCAAC', bytes: seen.length },
      read({ type: 'heartbeat', flags: 1, uptimeSeconds: 3600 }),
    ]);
  });

  it('names a frame cut short by a new start byte, and reads the new frame', () => {
    expect(parseAll(concat([seen.subarray(0, 6), beat]))).toEqual([
      { kind: 'error', code: 'cut-short', problem: 'frame cut short by a new start byte after 6 bytes (bad CRC: the frame says 0x1019, its bytes give 0xE3B6)', bytes: 6 },
      read({ type: 'heartbeat', flags: 1, uptimeSeconds: 3600 }),
    ]);
  });

  it('names a frame truncated when the bytes stop, and recovers a whole frame inside it', () => {
    const parser = new RfidFrameParser();
    expect(parser.push(seen.subarray(0, 9))).toEqual([]);
    expect(parser.bufferedBytes).toBe(9);
    expect(parser.flush()).toEqual([{ kind: 'error', code: 'truncated', problem: 'frame cut short: 9 of its 15 bytes came, then nothing', bytes: 9 }]);
    expect(parser.bufferedBytes).toBe(0);
    // An unknown frame of 36 bytes begun, a ping inside it, then silence: the ping still reads.
    const ping = encodeFrame({ type: 'ping' });
    expect(parseAll(concat([Uint8Array.of(0x02, 0x20, 0x7e), ping]))).toEqual([
      { kind: 'error', code: 'cut-short', problem: 'frame cut short by a new start byte after 3 bytes (frame cut short: 8 of its 36 bytes came, then nothing)', bytes: 3 },
      read({ type: 'ping' }),
    ]);
    expect(parseAll(Uint8Array.of(0x02))).toEqual([{ kind: 'error', code: 'truncated', problem: 'frame cut short: its start byte came, then nothing', bytes: 1 }]);
  });

  it('skips a frame of an unknown type whole when its CRC is good, even with a frame-like payload', () => {
    const unknown = encodeRawFrame(0x7e, encodeFrame({ type: 'ping' }));
    expect(parseAll(concat([unknown, beat]))).toEqual([
      { kind: 'error', code: 'unknown-type', problem: 'unknown message type 0x7E (a 10-byte frame with a good CRC, skipped)', bytes: 10 },
      read({ type: 'heartbeat', flags: 1, uptimeSeconds: 3600 }),
    ]);
  });

  it('names a payload that does not fit its type', () => {
    expect(parseAll(concat([encodeRawFrame(MESSAGE_TYPE.TAG_SEEN, [3, ...tagUidBytes(UID_A)]), beat]))[0]).toEqual({
      kind: 'error',
      code: 'bad-payload',
      problem: 'TAG_SEEN carries 10 payload bytes, this frame 9',
      bytes: 14,
    });
    expect(parseAll(encodeRawFrame(MESSAGE_TYPE.PING, [0]))[0]).toMatchObject({ code: 'bad-payload', problem: 'PING carries 0 payload bytes, this frame 1' });
    expect(parseAll(encodeRawFrame(MESSAGE_TYPE.ACK, [0x55, 0]))[0]).toMatchObject({ code: 'bad-payload', problem: 'ACK for 0x55, which is not a command' });
  });

  it('detects any one byte changed to any value anywhere in a frame, and reads the next frame', () => {
    // 22 frames × every position × 255 wrong values: the start byte, LEN, TYPE, payload and CRC alike.
    const failures: string[] = [];
    let cases = 0;
    for (const message of SAMPLE_MESSAGES) {
      const frame = encodeFrame(message);
      const next: RfidMessage = message.type === 'ping' ? { type: 'stop' } : { type: 'ping' };
      const nextFrame = encodeFrame(next);
      for (let position = 0; position < frame.length; position++) {
        for (let value = 0; value < 256; value++) {
          if (value === frame[position]) continue;
          cases++;
          const damaged = frame.slice();
          damaged[position] = value;
          const stream = concat([damaged, nextFrame]);
          const results = parseAll(stream);
          const messages = messagesOf(results);
          const good = messages.length === 1 && messages[0]?.type === next.type && errorsOf(results).length > 0 && bytesAccountedFor(results) === stream.length;
          if (!good) failures.push(toHex(damaged));
        }
      }
    }
    expect(cases).toBeGreaterThan(20 * 5 * 255);
    expect(failures).toEqual([]);
  });

  it('reads both frames when a frame ending in 0x02 lost that byte, or the next frame lost its start byte', () => {
    const endsInStart = fromHex('02 0B 81 06 E0 04 01 50 12 34 56 78 CC EB 02');
    const tagSeen: RfidMessage = { type: 'tag-seen', antenna: 6, uid: UID_A, rssi: -52 };
    const heartbeat: RfidMessage = { type: 'heartbeat', flags: 1, uptimeSeconds: 3600 };
    // Whole: both read, no error (the 0x02 tried as a start byte was only a CRC byte).
    expect(parseAll(concat([endsInStart, beat]))).toEqual([read(tagSeen), read(heartbeat)]);
    // Its last byte lost: the heartbeat's start byte completes it, and is the heartbeat's start too.
    expect(parseAll(concat([endsInStart.subarray(0, 14), beat]))).toEqual([read(tagSeen), { ...read(heartbeat), bytes: beat.length - 1 }]);
    // The heartbeat's start byte lost: the CRC byte stands in for it.
    expect(parseAll(concat([endsInStart, beat.subarray(1)]))).toEqual([read(tagSeen), { ...read(heartbeat), bytes: beat.length - 1 }]);
    // Garbage after it: the bytes after the CRC byte are garbage, the CRC byte is the frame's.
    expect(parseAll(concat([endsInStart, fromHex('55 66'), beat]))).toEqual([
      read(tagSeen),
      { kind: 'error', code: 'garbage', problem: '2 bytes of garbage outside any frame', bytes: 2 },
      read(heartbeat),
    ]);
    expect(parseAll(endsInStart)).toEqual([read(tagSeen)]);
  });

  it('holds at most one frame, whatever it is fed', () => {
    const parser = new RfidFrameParser();
    const stream = concat([Uint8Array.of(0x02, 0x20), new Uint8Array(40).fill(0x02), seen.subarray(0, 10)]);
    for (const byte of stream) {
      parser.push(Uint8Array.of(byte));
      expect(parser.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    }
    expect(parser.push(new Uint8Array(0))).toEqual([]);
  });
});

describe('tag UIDs', () => {
  it('reads UIDs of 4, 7, 8 and 10 bytes: MIFARE Classic, NTAG (refused before D68), ISO 15693, triple-size 14443A', () => {
    // The 7-byte NTAG UID of the InListPassiveTarget answer in the PN532 tests (04 C2 35 CA 2C 2C 80).
    expect(parseTagUid('04:C2:35:CA:2C:2C:80')).toBe('04C235CA2C2C80');
    expect(parseTagUid('fb0ee20b')).toBe('FB0EE20B');
    expect(parseTagUid('E0 04 01 50 12 34 56 78')).toBe('E004015012345678');
    expect(parseTagUid('88-04-A1-B2-C3-D4-E5-F6-07-18')).toBe('8804A1B2C3D4E5F60718');
    expect([...tagUidBytes('04C235CA2C2C80' as TagUid)]).toEqual([0x04, 0xc2, 0x35, 0xca, 0x2c, 0x2c, 0x80]);
    expect(tagUidFromBytes(Uint8Array.of(9, 0x04, 0xc2, 0x35, 0xca, 0x2c, 0x2c, 0x80), 1, 7)).toBe('04C235CA2C2C80');
    expect(() => tagUidFromBytes(Uint8Array.of(1, 2, 3, 4, 5), 0, 5)).toThrow('a tag UID is 4, 7, 8, 10 bytes long, not 5');
  });

  it("refuses a UID that is not 8 bytes in Felt's own frames, which carry ISO 15693 UIDs only", () => {
    expect(() => encodeFrame({ type: 'tag-seen', antenna: 3, uid: '04C235CA2C2C80' as TagUid, rssi: -40 })).toThrow("Felt's reader protocol carries 8-byte UIDs; 04C235CA2C2C80 has 7");
  });

  it('reads the ways people and vendor lists write them', () => {
    for (const text of ['E004015012345678', 'e004015012345678', ' E0:04:01:50:12:34:56:78 ', 'e0-04-01-50-12-34-56-78', 'E0 04 01 50 12 34 56 78']) {
      expect(parseTagUid(text)).toBe(UID_A);
    }
    for (const text of ['', 'E00401501234', 'E00401501234567800', 'G004015012345678', 'E0:04:01:50:12:34:5678', 'E0:04-01:50:12:34:56:78', '0xE004015012345678', '04A1B2C3D4E5F6A7B8C9D0']) {
      expect(parseTagUid(text)).toBeNull();
    }
  });
});
