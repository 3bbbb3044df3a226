/**
 * Little-endian typed arrays from base64, for the evaluator's tables. Uses the host's native decoder
 * where there is one (Node's Buffer: well under a millisecond for the tables, where an interpreted
 * loop on a cold start takes tens) and a plain loop elsewhere, so the evaluator still runs wherever
 * JavaScript does.
 */
type NativeBase64 = { from(text: string, encoding: 'base64'): Uint8Array };
const native = (globalThis as { Buffer?: NativeBase64 }).Buffer;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const INDEX = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) INDEX[ALPHABET.charCodeAt(i)] = i;

export function decodeBase64(text: string): Uint8Array {
  // A copy in a fresh, aligned buffer (Buffer.from may hand out a slice of a shared pool).
  if (native !== undefined) return Uint8Array.prototype.slice.call(native.from(text, 'base64'));
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61) end--; // '=' padding
  const bytes = new Uint8Array(Math.floor((end * 3) / 4));
  let bits = 0;
  let bitCount = 0;
  let out = 0;
  for (let i = 0; i < end; i++) {
    const sextet = INDEX[text.charCodeAt(i) & 127]!;
    if (sextet < 0) throw new RangeError(`not base64 at character ${i}`);
    bits = ((bits << 6) | sextet) & 0xffffff;
    bitCount += 6;
    if (bitCount >= 8) {
      bitCount -= 8;
      bytes[out++] = (bits >> bitCount) & 0xff;
    }
  }
  return bytes;
}

export function decodeUint16(text: string, length: number): Uint16Array {
  const bytes = decodeBase64(text);
  if (bytes.length !== length * 2) throw new RangeError(`expected ${length * 2} bytes, decoded ${bytes.length}`);
  if (LITTLE_ENDIAN) return new Uint16Array(bytes.buffer, 0, length);
  const values = new Uint16Array(length);
  for (let i = 0; i < length; i++) values[i] = bytes[2 * i]! | (bytes[2 * i + 1]! << 8);
  return values;
}

export function decodeInt32(text: string, length: number): Int32Array {
  const bytes = decodeBase64(text);
  if (bytes.length !== length * 4) throw new RangeError(`expected ${length * 4} bytes, decoded ${bytes.length}`);
  if (LITTLE_ENDIAN) return new Int32Array(bytes.buffer, 0, length);
  const values = new Int32Array(length);
  for (let i = 0; i < length; i++) {
    values[i] = bytes[4 * i]! | (bytes[4 * i + 1]! << 8) | (bytes[4 * i + 2]! << 16) | (bytes[4 * i + 3]! << 24);
  }
  return values;
}
