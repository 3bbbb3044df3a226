import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16 } from '../../../drivers/rfid/crc16.js';

/** The definition, bit by bit: what the table must agree with. */
function crc16Bitwise(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the standard check value 0x29B1 for "123456789"', () => {
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x29b1);
  });

  it('is the initial value 0xFFFF for no bytes', () => {
    expect(crc16(new Uint8Array(0))).toBe(0xffff);
  });

  it('agrees with the bitwise definition, over whole arrays and ranges', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(), fc.nat(), (bytes, a, b) => {
        expect(crc16(bytes)).toBe(crc16Bitwise(bytes));
        const from = bytes.length === 0 ? 0 : a % bytes.length;
        const to = from + (bytes.length === 0 ? 0 : b % (bytes.length - from + 1));
        expect(crc16(bytes, from, to)).toBe(crc16Bitwise(bytes.subarray(from, to)));
      }),
    );
  });
});
