import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND, encodeAck, encodeCommand, encodeError, encodeFrame, MAX_LENGTH, pepperCrc, PepperFrameParser, type PepperParseResult } from '../../../drivers/pepper/pepper-frame.js';
import { concat, fromHex, toHex } from '../rfid/rfid-fixtures.js';

const parseAll = (bytes: Uint8Array): PepperParseResult[] => {
  const parser = new PepperFrameParser();
  return [...parser.push(bytes), ...parser.flush()];
};
const frame = (hex: string): PepperParseResult => ({ kind: 'frame', payload: fromHex(hex) });
const codes = (results: readonly PepperParseResult[]): string[] => results.map((result) => (result.kind === 'frame' ? `frame ${toHex(result.payload)}` : result.code));

/**
 * Frames from public sources, byte for byte. The layout and the CRC are Eccel's C1 library
 * (marbalon/Eccel-C1: binary_protocol.cpp BinaryProtocol::send, CCITTCRC.h GetCCITTCRC; the command codes
 * C1_Interface.h). The whole frames are a public ESP32 sketch that drives two Pepper C1 readers with
 * frames written out by hand (`CMD_GET_TAG_COUNT[]`, `CMD_DUMMY[]`, `CMD_HALT[]`, `CMD_REBOOT[]`,
 * `CMD_GET_UID[5][9]`, an escape-room prop "BalancingScale"): a second hand that agrees with the library.
 */
describe('Pepper C1 frames from the public sources', () => {
  it('computes CRC-16/CCITT-FALSE as the vendor table does (check value 29B1 of "123456789")', () => {
    expect(pepperCrc(Uint8Array.from('123456789', (char) => char.charCodeAt(0)))).toBe(0x29b1);
    expect(pepperCrc([0x02])).toBe(0xc1b2);
  });

  it('builds the host commands byte for byte as the sketch writes them', () => {
    expect(toHex(encodeCommand(COMMAND.GET_TAG_COUNT))).toBe('F5 03 00 FC FF 02 B2 C1');
    expect(toHex(encodeCommand(COMMAND.DUMMY))).toBe('F5 03 00 FC FF 01 D1 F1');
    expect(toHex(encodeCommand(0x05))).toBe('F5 03 00 FC FF 05 55 B1'); // HALT
    expect(toHex(encodeCommand(0x0a))).toBe('F5 03 00 FC FF 0A BA 40'); // REBOOT
    const getUid = ['5C 48', '7D 58', '1E 68', '3F 78', 'D8 08'];
    getUid.forEach((crc, index) => expect(toHex(encodeCommand(COMMAND.GET_UID, [index]))).toBe(`F5 04 00 FB FF 03 0${index} ${crc}`));
  });

  it('reads the vendor frames back, and the answers as the library reads them (ACK, command, data)', () => {
    expect(parseAll(fromHex('F5 04 00 FB FF 03 04 D8 08'))).toEqual([frame('03 04')]);
    // GetTagCount's answer: 00 02 count (C1_Interface.cpp reads protocolBuffIn[2]).
    expect(parseAll(encodeAck(COMMAND.GET_TAG_COUNT, [2]))).toEqual([frame('00 02 02')]);
    // GetUid's: 00 03 type param UID (protocolBuffIn[2], [3], [4…]): a 7-byte NTAG UID.
    expect(parseAll(encodeAck(COMMAND.GET_UID, [0x01, 0x00, 0x04, 0xc2, 0x35, 0xca, 0x2c, 0x2c, 0x80]))).toEqual([frame('00 03 01 00 04 C2 35 CA 2C 2C 80')]);
    // The reader's answer to a frame whose CRC failed (binary_protocol.cpp parse): FF FF 02.
    expect(toHex(encodeError(0xff, 0x02).subarray(5, 8))).toBe('FF FF 02');
    expect(toHex(encodeError(COMMAND.GET_UID, 0x1501).subarray(5, 9))).toBe('FF 03 15 01');
  });
});

describe('the Pepper C1 frame parser', () => {
  it('finds frames in any chunking, the results depending only on the bytes', () => {
    const stream = concat([encodeAck(COMMAND.GET_TAG_COUNT, [1]), encodeAck(COMMAND.GET_UID, [0x10, 0x00, 0xe0, 0x04, 0x01, 0x50, 0x12, 0x34, 0x56, 0x78]), encodeAck(COMMAND.GET_VERSION, [0x31, 0x2e, 0x30, 0x00])]);
    const whole = parseAll(stream);
    expect(codes(whole)).toEqual(['frame 00 02 01', 'frame 00 03 10 00 E0 04 01 50 12 34 56 78', 'frame 00 0B 31 2E 30 00']);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: stream.length }), { maxLength: 8 }), (cuts) => {
        const parser = new PepperFrameParser();
        const results: PepperParseResult[] = [];
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        let from = 0;
        for (const point of [...points, stream.length]) {
          results.push(...parser.push(stream.subarray(from, point)));
          from = point;
        }
        results.push(...parser.flush());
        expect(results).toEqual(whole);
      }),
    );
  });

  it('names garbage before a frame and goes on to read it; an F5 without a length and its complement is garbage', () => {
    expect(codes(parseAll(concat([fromHex('00 13 F5 F5 01 02 03'), encodeAck(COMMAND.GET_TAG_COUNT, [0])])))).toEqual(['garbage', 'frame 00 02 00']);
    expect(parseAll(fromHex('F5 03 00 FC FE 02 B2 C1'))[0]).toEqual({ kind: 'error', code: 'garbage', problem: '8 byte(s) of garbage outside any frame' });
  });

  it('drops a frame whose CRC fails, naming both CRCs, and reads the next', () => {
    const spoilt = encodeAck(COMMAND.GET_TAG_COUNT, [1]);
    spoilt[spoilt.length - 1] = (spoilt[spoilt.length - 1] ?? 0) ^ 0x40;
    const results = parseAll(concat([spoilt, encodeAck(COMMAND.GET_TAG_COUNT, [0])]));
    expect(codes(results)).toEqual(['bad-crc', 'frame 00 02 00']);
    expect(results[0]).toMatchObject({ problem: expect.stringContaining('does not check') as unknown });
  });

  it('a frame cut short never hides the next, whether more bytes come or the line goes quiet', () => {
    const whole = encodeAck(COMMAND.GET_UID, [0x01, 0x00, 0x04, 0xc2, 0x35, 0xca, 0x2c, 0x2c, 0x80]);
    const next = encodeAck(COMMAND.GET_TAG_COUNT, [1]);
    // More bytes after the cut, enough to fill the cut frame's length.
    expect(codes(parseAll(concat([whole.subarray(0, 7), next, next])))).toEqual(['cut-short', 'frame 00 02 01', 'frame 00 02 01']);
    // Silence after the cut and one short frame: flushed, the whole frame inside is kept.
    expect(codes(parseAll(concat([whole.subarray(0, 7), next])))).toEqual(['truncated', 'frame 00 02 01']);
    // A head alone, then nothing.
    expect(codes(parseAll(whole.subarray(0, 3)))).toEqual(['truncated']);
  });

  it('takes no head for a length the vendor’s buffers could not hold, and loses no frame behind a false head when the line goes quiet', () => {
    expect(codes(parseAll(concat([fromHex('F5 FF FF 00 00'), encodeAck(COMMAND.GET_TAG_COUNT, [0])])))).toEqual(['garbage', 'frame 00 02 00']);
    // F5, then a length of 2,000 and its complement by chance: the real answer behind it is read at the silence.
    expect(codes(parseAll(concat([fromHex('F5 D0 07 2F F8 13'), encodeAck(COMMAND.GET_TAG_COUNT, [2])])))).toEqual(['truncated', 'frame 00 02 02']);
  });

  it('refuses to build what no reader could read', () => {
    expect(() => encodeFrame([])).toThrow('at least one payload byte');
    expect(() => encodeFrame(new Array<number>(MAX_LENGTH).fill(0))).toThrow('at most');
    expect(() => encodeCommand(0x100)).toThrow('0–255');
  });

  it('never throws and holds at most one frame, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const parser = new PepperFrameParser();
        parser.push(bytes);
        expect(parser.bufferedBytes).toBeLessThanOrEqual(5 + MAX_LENGTH);
        parser.flush();
        expect(parser.pending).toBe(false);
      }),
    );
  });
});
