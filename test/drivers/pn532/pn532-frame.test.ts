import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACK_FRAME, COMMAND, encodeCommand, encodeFrame, encodeResponse, ERROR_FRAME, MAX_FRAME_BYTES, NACK_FRAME, Pn532FrameParser, type Pn532ParseResult, WAKEUP } from '../../../drivers/pn532/pn532-frame.js';
import { concat, fromHex, toHex } from '../rfid/rfid-fixtures.js';

const parseAll = (bytes: Uint8Array): Pn532ParseResult[] => {
  const parser = new Pn532FrameParser();
  return [...parser.push(bytes), ...parser.flush()];
};
const information = (hex: string): Pn532ParseResult => {
  const bytes = fromHex(hex);
  return { kind: 'frame', frame: { kind: 'information', tfi: bytes[0] ?? 0, data: bytes.subarray(1) } };
};

/**
 * Frames from public sources, byte for byte: NXP's UM0701-02 (§6.2.1 frame formats), Adafruit's
 * Adafruit_PN532.cpp (`pn532ack`, `pn532response_firmwarevers`, SAMConfig, setPassiveActivationRetries),
 * techniq/node-pn532 src/frame.js (AckFrame, NackFrame, ErrorFrame), and a published capture of a MIFARE
 * Classic card read over HSU (jinmi8.com, "NFC pn532 read and write command format").
 */
describe('PN532 frames from the public sources', () => {
  it('builds the ACK, NACK and error frames as node-pn532 and Adafruit write them', () => {
    expect(toHex(ACK_FRAME)).toBe('00 00 FF 00 FF 00'); // Adafruit pn532ack[], node-pn532 AckFrame
    expect(toHex(NACK_FRAME)).toBe('00 00 FF FF 00 00'); // node-pn532 NackFrame
    expect(toHex(ERROR_FRAME)).toBe('00 00 FF 01 FF 7F 81 00'); // node-pn532 ErrorFrame
    expect(toHex(WAKEUP.subarray(0, 5))).toBe('55 55 00 00 00'); // node-pn532 pn532_hsu.js wakeup()
  });

  it('builds the host commands byte for byte', () => {
    // GetFirmwareVersion (UM0701 §7.2.2).
    expect(toHex(encodeCommand(COMMAND.GET_FIRMWARE_VERSION))).toBe('00 00 FF 02 FE D4 02 2A 00');
    // SAMConfiguration normal mode, timeout 0x14, IRQ (Adafruit SAMConfig); the capture's answer D5 15.
    expect(toHex(encodeCommand(COMMAND.SAM_CONFIGURATION, [0x01, 0x14, 0x01]))).toBe('00 00 FF 05 FB D4 14 01 14 01 02 00');
    expect(toHex(encodeResponse(COMMAND.SAM_CONFIGURATION))).toBe('00 00 FF 02 FE D5 15 16 00');
    // RFConfiguration item 5 (MaxRetries): MxRtyATR FF, MxRtyPSL 01, MxRtyPassiveActivation 01 (Adafruit setPassiveActivationRetries).
    expect(toHex(encodeCommand(COMMAND.RF_CONFIGURATION, [0x05, 0xff, 0x01, 0x01]))).toBe('00 00 FF 06 FA D4 32 05 FF 01 01 F4 00');
    // InListPassiveTarget, one target, 106 kbps type A: the capture's "Get UID" command.
    expect(toHex(encodeCommand(COMMAND.IN_LIST_PASSIVE_TARGET, [0x01, 0x00]))).toBe('00 00 FF 04 FC D4 4A 01 00 E1 00');
  });

  it('reads the PN532 answers byte for byte', () => {
    // Adafruit's pn532response_firmwarevers is the head 00 FF 06 FA D5 03; the body IC 32 (PN532), version 1.6, support 07 (UM0701 §7.2.2).
    const firmware = fromHex('00 00 FF 06 FA D5 03 32 01 06 07 E8 00');
    expect(toHex(firmware.subarray(1, 7))).toBe('00 FF 06 FA D5 03');
    expect(parseAll(firmware)).toEqual([information('D5 03 32 01 06 07')]);
    expect(toHex(encodeResponse(COMMAND.GET_FIRMWARE_VERSION, [0x32, 0x01, 0x06, 0x07]))).toBe(toHex(firmware));
    // The capture: ACK, then a MIFARE Classic card listed: Tg 1, SENS_RES 00 04, SEL_RES 08, UID length 4, UID FB 0E E2 0B.
    const listed = fromHex('00 00 FF 00 FF 00 00 00 FF 0C F4 D5 4B 01 01 00 04 08 04 FB 0E E2 0B D8 00');
    expect(parseAll(listed)).toEqual([{ kind: 'frame', frame: { kind: 'ack' } }, information('D5 4B 01 01 00 04 08 04 FB 0E E2 0B')]);
    expect(parseAll(NACK_FRAME)).toEqual([{ kind: 'frame', frame: { kind: 'nack' } }]);
    expect(parseAll(ERROR_FRAME)).toEqual([{ kind: 'frame', frame: { kind: 'application-error' } }]);
  });

  it('gives the same results in any chunking, byte by byte included', () => {
    const stream = concat([WAKEUP, encodeCommand(COMMAND.SAM_CONFIGURATION, [1, 0x14, 1]), ACK_FRAME, fromHex('00 00 FF 0C F4 D5 4B 01 01 00 04 08 04 FB 0E E2 0B D8 00'), ERROR_FRAME]);
    const whole = parseAll(stream);
    expect(whole.map((result) => result.kind)).toEqual(['wakeup', 'frame', 'frame', 'frame', 'frame']);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: stream.length }), { maxLength: 12 }), (cuts) => {
        const parser = new Pn532FrameParser();
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const results: Pn532ParseResult[] = [];
        let from = 0;
        for (const to of [...points, stream.length]) {
          results.push(...parser.push(stream.subarray(from, to)));
          from = to;
        }
        results.push(...parser.flush());
        expect(results).toEqual(whole);
      }),
    );
  });
});

describe('PN532 frames gone wrong', () => {
  const listed = fromHex('00 00 FF 0C F4 D5 4B 01 01 00 04 08 04 FB 0E E2 0B D8 00');

  it('refuses a frame whose data checksum does not check, and reads the next', () => {
    const damaged = listed.slice();
    damaged[12] = 0xfa; // a UID byte changed
    const results = parseAll(concat([damaged, ACK_FRAME]));
    expect(results[0]).toMatchObject({ kind: 'error', code: 'bad-data-checksum' });
    expect(results.slice(1)).toEqual([{ kind: 'frame', frame: { kind: 'ack' } }]);
  });

  it('refuses a length whose checksum does not check', () => {
    const results = parseAll(concat([fromHex('00 00 FF 0C F5 D5 4B'), ACK_FRAME]));
    expect(results[0]).toEqual({ kind: 'error', code: 'bad-length-checksum', problem: 'length 0C with length checksum F5: LEN + LCS must be 0 mod 256' });
    expect(results.at(-1)).toEqual({ kind: 'frame', frame: { kind: 'ack' } });
  });

  it('names a frame cut short by the next one, and reads the next one whole', () => {
    const results = parseAll(concat([listed.subarray(0, 9), listed]));
    expect(results).toEqual([{ kind: 'error', code: 'cut-short', problem: 'a frame cut short: 00 FF 0C F4 D5 4B 01 01 00, then a new frame' }, information('D5 4B 01 01 00 04 08 04 FB 0E E2 0B')]);
  });

  it('names a frame begun and never finished when the line goes quiet', () => {
    expect(parseAll(listed.subarray(0, 10))).toEqual([{ kind: 'error', code: 'truncated', problem: 'a frame begun and not finished: 00 FF 0C F4 D5 4B 01 01 00' }]);
  });

  it('counts garbage between frames, and skips a frame of another direction whole', () => {
    expect(parseAll(concat([fromHex('13 37 42'), ACK_FRAME]))).toEqual([{ kind: 'error', code: 'garbage', problem: '3 byte(s) of garbage outside any frame' }, { kind: 'frame', frame: { kind: 'ack' } }]);
    expect(parseAll(encodeFrame(0x42, [1, 2]))).toEqual([{ kind: 'error', code: 'unknown-tfi', problem: 'frame identifier 42 is neither D4 (host to PN532) nor D5 (PN532 to host): 00 FF 03 FD 42 01 02 BB' }]);
  });

  it('reads an extended frame (UM0701 §6.2.1.3)', () => {
    const data = Array.from({ length: 300 }, (_, index) => index & 0xff).slice(0, 262);
    const length = 1 + data.length;
    let sum = 0xd5;
    for (const byte of data) sum += byte;
    const frame = Uint8Array.from([0x00, 0x00, 0xff, 0xff, 0xff, length >> 8, length & 0xff, (0x100 - ((length >> 8) + (length & 0xff))) & 0xff, 0xd5, ...data, (0x100 - (sum & 0xff)) & 0xff, 0x00]);
    expect(parseAll(frame)).toEqual([{ kind: 'frame', frame: { kind: 'information', tfi: 0xd5, data: Uint8Array.from(data) } }]);
  });

  it('holds at most one frame, whatever comes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2_000 }), (bytes) => {
        const parser = new Pn532FrameParser();
        for (const byte of bytes) {
          parser.push(Uint8Array.of(byte));
          expect(parser.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
        }
        parser.flush();
        expect(parser.pending).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
