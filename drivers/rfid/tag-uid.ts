/**
 * A tag's unique id as a reader reports it, written as upper-case hex digits, most significant byte first,
 * in the order the bytes travel on the air and in a frame: `E004015012345678`. A string, so it can key maps
 * and be logged.
 *
 * Card inlays carry one of four lengths (D68):
 * - 4 bytes: ISO 14443A single-size UIDs (MIFARE Classic; many are random ids, `08…`);
 * - 7 bytes: ISO 14443A double-size UIDs, the most common inlay (NTAG 21x, MIFARE Ultralight): `04…`,
 *   the first byte NXP's maker code;
 * - 8 bytes: ISO 15693 UIDs (ICODE SLIX and the like): `E0`, then the maker (`04` = NXP);
 * - 10 bytes: ISO 14443A triple-size UIDs.
 * Two UIDs of different lengths are different tags.
 */
export type TagUid = string & { readonly __brand: 'TagUid' };

/** The UID lengths cards carry, in bytes. */
export const UID_LENGTHS: readonly number[] = [4, 7, 8, 10];

/** Felt's own reader protocol carries ISO 15693 UIDs only: 8 bytes in every TAG_SEEN and TAG_GONE. */
export const UID_BYTES = 8;

const HEX = '0123456789ABCDEF';
const UID_TEXT = /^(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{16}|[0-9A-F]{20})$/;

/** Whether `text` is a UID as `TagUid` writes it (8, 14, 16 or 20 upper-case hex digits). */
export function isTagUid(text: string): text is TagUid {
  return UID_TEXT.test(text);
}

/** The UID in `bytes[offset, offset + length)` (8 bytes unless told). */
export function tagUidFromBytes(bytes: Uint8Array, offset = 0, length = UID_BYTES): TagUid {
  if (!UID_LENGTHS.includes(length)) throw new RangeError(`a tag UID is ${UID_LENGTHS.join(', ')} bytes long, not ${length}`);
  let text = '';
  for (const byte of bytes.subarray(offset, offset + length)) text += HEX.charAt(byte >> 4) + HEX.charAt(byte & 15);
  if (text.length !== length * 2) throw new RangeError(`a tag UID needs ${length} bytes from offset ${offset}`);
  return text as TagUid;
}

/** The bytes of a UID (4, 7, 8 or 10 of them), for a frame. */
export function tagUidBytes(uid: TagUid): Uint8Array {
  if (!UID_TEXT.test(uid)) throw new RangeError(`'${uid}' is not a tag UID (8, 14, 16 or 20 upper-case hex digits)`);
  const bytes = new Uint8Array(uid.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(uid.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** What `parseTagUid` takes, for messages: "8, 14, 16 or 20 hex digits (a UID of 4, 7, 8 or 10 bytes)". */
export const UID_WORDS = '8, 14, 16 or 20 hex digits (a UID of 4, 7, 8 or 10 bytes, e.g. 04A1B2C3D4E5F6 or E004015012345678)';

/**
 * A UID as people and vendor lists write it: 8, 14, 16 or 20 hex digits in any case, the bytes optionally
 * separated by `:`, `-` or spaces, one separator throughout (`e0:04:01:50:12:34:56:78`, `04-A1-B2-C3-D4-E5-F6`).
 * Null when it is not one.
 */
export function parseTagUid(text: string): TagUid | null {
  const trimmed = text.trim();
  const separated = /^[0-9a-f]{2}([:\- ])[0-9a-f]{2}(\1[0-9a-f]{2})*$/i.test(trimmed);
  const digits = separated ? trimmed.replace(/[:\- ]/g, '') : trimmed;
  const upper = digits.toUpperCase();
  return UID_TEXT.test(upper) ? (upper as TagUid) : null;
}
