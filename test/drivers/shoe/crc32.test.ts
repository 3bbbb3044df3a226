import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16 } from '../../../drivers/rfid/crc16.js';
import { crc32 } from '../../../drivers/shoe/crc32.js';
import { MAX_SENTENCE } from '../../../drivers/shoe/shoe-protocol.js';

/** The definition, bit by bit: what the table must agree with. */
function crc32Bitwise(text: string): number {
  let crc = 0xffffffff;
  for (let index = 0; index < text.length; index++) {
    crc ^= text.charCodeAt(index);
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The longest body a sentence can hold: `$`, `*`, eight CRC digits and the CR take 11 of its 82 bytes. */
const LONGEST_BODY = MAX_SENTENCE - 11;

/**
 * What changing one byte of a body does to its CRC: the CRC of a body with byte `at` XORed with `change`,
 * XOR the CRC of the body unchanged. A CRC is linear in its bytes, so this is the same for every body of
 * one length (checked below), and two changed bytes go unseen exactly when their two effects are equal.
 */
function effects(): Set<number> {
  const zeros = '\0'.repeat(LONGEST_BODY);
  const seen = new Set<number>();
  for (let at = 0; at < LONGEST_BODY; at++) {
    for (let change = 1; change < 256; change++) {
      seen.add((crc32(`${zeros.slice(0, at)}${String.fromCharCode(change)}${zeros.slice(at + 1)}`) ^ crc32(zeros)) >>> 0);
    }
  }
  return seen;
}

/** The effects a CRC written in `digits` hex digits can suffer from one changed digit. */
function oneDigit(effect: number, digits: number): boolean {
  let nonZero = 0;
  for (let digit = 0; digit < digits; digit++) if ((effect >>> (4 * digit)) & 0xf) nonZero++;
  return nonZero === 1;
}

describe('CRC-32 (ISO-HDLC), the dealing shoe’s CRC (D51)', () => {
  it('gives the standard check value 0xCBF43926 for "123456789", and 0 for no bytes', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
  });

  it('agrees with the bitwise definition', () => {
    const byte = fc.integer({ min: 0, max: 255 }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.string({ unit: byte, maxLength: MAX_SENTENCE }), (text) => {
        expect(crc32(text)).toBe(crc32Bitwise(text));
      }),
    );
  });

  it('a change has the same effect on the CRC of every body of one length (what the two tests below rely on)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: LONGEST_BODY }), fc.nat(), fc.integer({ min: 1, max: 255 }), (ascii, place, change) => {
        const body = ascii.replace(/[^\x20-\x7e]/g, 'x');
        const at = place % body.length;
        const changed = `${body.slice(0, at)}${String.fromCharCode(body.charCodeAt(at) ^ change)}${body.slice(at + 1)}`;
        const zeros = '\0'.repeat(body.length);
        const changedZeros = `${zeros.slice(0, at)}${String.fromCharCode(change)}${zeros.slice(at + 1)}`;
        expect(crc32(changed) ^ crc32(body)).toBe(crc32(changedZeros) ^ crc32(zeros));
      }),
    );
  });

  it('sees any two changed bytes of a sentence’s body, and any changed byte with one changed CRC digit', () => {
    const seen = effects();
    // No two changes share an effect: 71 places × 255 changes, all different.
    expect(seen.size).toBe(LONGEST_BODY * 255);
    expect([...seen.keys()].filter((effect) => oneDigit(effect, 8))).toEqual([]);
  });

  it('where CRC-16/CCITT-FALSE (the RFID reader’s) would not: 2,513 changed bytes share their effect with another, 8 are undone by one CRC digit', () => {
    // Over the longest body a 4-digit CRC leaves (75 bytes), as D51 says.
    const longest = MAX_SENTENCE - 7;
    const zeros = new Uint8Array(longest);
    const seen = new Set<number>();
    let shared = 0;
    let oneDigitChanges = 0;
    for (let at = 0; at < longest; at++) {
      for (let change = 1; change < 256; change++) {
        const changed = new Uint8Array(longest);
        changed[at] = change;
        const effect = crc16(changed) ^ crc16(zeros);
        if (seen.has(effect)) shared++;
        seen.add(effect);
        if (oneDigit(effect, 4)) oneDigitChanges++;
      }
    }
    expect(shared).toBe(2_513);
    expect(oneDigitChanges).toBe(8);
  });
});
