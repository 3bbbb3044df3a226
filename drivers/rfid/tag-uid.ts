/**
 * A tag's unique id as the reader reports it: 8 bytes (ISO 15693 UIDs are 64 bits; they begin E0 and a
 * maker code, e.g. E0 04 = NXP), written as 16 upper-case hex digits, most significant byte first, in the
 * order the bytes travel in a frame: `E004015012345678`. A string, so it can key maps and be logged.
 */
export type TagUid = string & { readonly __brand: 'TagUid' };

export const UID_BYTES = 8;

const HEX = '0123456789ABCDEF';
const UID_TEXT = /^[0-9A-F]{16}$/;

/** The UID in `bytes[offset, offset + 8)`. */
export function tagUidFromBytes(bytes: Uint8Array, offset = 0): TagUid {
  let text = '';
  for (const byte of bytes.subarray(offset, offset + UID_BYTES)) text += HEX.charAt(byte >> 4) + HEX.charAt(byte & 15);
  if (text.length !== UID_BYTES * 2) throw new RangeError(`a tag UID needs ${UID_BYTES} bytes from offset ${offset}`);
  return text as TagUid;
}

/** The 8 bytes of a UID, for a frame. */
export function tagUidBytes(uid: TagUid): Uint8Array {
  if (!UID_TEXT.test(uid)) throw new RangeError(`'${uid}' is not a tag UID (16 upper-case hex digits)`);
  const bytes = new Uint8Array(UID_BYTES);
  for (let index = 0; index < UID_BYTES; index++) bytes[index] = parseInt(uid.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/**
 * A UID as people and vendor lists write it: 16 hex digits in any case, the bytes optionally separated
 * by `:`, `-` or spaces (`e0:04:01:50:12:34:56:78`). Null when it is not one.
 */
export function parseTagUid(text: string): TagUid | null {
  const trimmed = text.trim();
  const separated = /^[0-9a-f]{2}([:\- ])[0-9a-f]{2}(\1[0-9a-f]{2}){6}$/i.test(trimmed);
  const digits = separated ? trimmed.replace(/[:\- ]/g, '') : trimmed;
  const upper = digits.toUpperCase();
  return UID_TEXT.test(upper) ? (upper as TagUid) : null;
}
