/**
 * A file's bytes as text, piece by piece (D54): UTF-8 checked as it comes, a character split between two
 * pieces kept for the next, and the place of the first byte that is not UTF-8 given instead of a
 * replacement character (TOML is UTF-8; a file that is not is refused, never read as something else).
 */
export type DecodedPiece = {
  /** The text of the bytes given so far that are whole UTF-8 characters (up to the first invalid byte). */
  readonly text: string;
  /** The file's byte offset of the first byte that is not UTF-8, or null. */
  readonly invalidAt: number | null;
};

const NO_BYTES = new Uint8Array(0);

export class Utf8Pieces {
  /** The bytes of a character the last piece ended inside. */
  private carry: Uint8Array = NO_BYTES;
  /** The file's offset of `carry`'s first byte. */
  private offset = 0;
  // A byte-order mark stays in the text (the TOML reader drops it where a file starts, and only there).
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

  /** The text of `bytes` (which may be reused by the caller afterwards); `final` at the end of the file. */
  decode(bytes: Uint8Array, final: boolean): DecodedPiece {
    const joined = this.carry.length === 0 ? bytes : concat(this.carry, bytes);
    const complete = final ? joined.length : joined.length - incompleteTail(joined);
    let text: string;
    try {
      text = this.decoder.decode(joined.subarray(0, complete));
    } catch {
      const bad = firstInvalid(joined, complete);
      return { text: this.decoder.decode(joined.subarray(0, bad)), invalidAt: this.offset + bad };
    }
    this.carry = joined.slice(complete);
    this.offset += complete;
    return { text, invalidAt: null };
  }
}

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first, 0);
  joined.set(second, first.length);
  return joined;
}

/** How many bytes at the end begin a character that is not whole yet (0 to 3). */
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/** The index of the first byte (below `end`) that does not begin a valid UTF-8 character; `end` if none. */
function firstInvalid(bytes: Uint8Array, end: number): number {
  let index = 0;
  while (index < end) {
    const byte = bytes[index] as number;
    let length: number;
    if (byte < 0x80) length = 1;
    else if (byte >= 0xc2 && byte <= 0xdf) length = 2;
    else if (byte >= 0xe0 && byte <= 0xef) length = 3;
    else if (byte >= 0xf0 && byte <= 0xf4) length = 4;
    else return index;
    if (length === 1) {
      index++;
      continue;
    }
    if (index + length > end) return index;
    let point = byte & (0xff >> (length + 1));
    for (let next = 1; next < length; next++) {
      const continuation = bytes[index + next] as number;
      if ((continuation & 0xc0) !== 0x80) return index;
      point = (point << 6) | (continuation & 0x3f);
    }
    const least = length === 2 ? 0x80 : length === 3 ? 0x800 : 0x10000;
    // Too long a form, a surrogate half, or past U+10FFFF.
    if (point < least || (point >= 0xd800 && point <= 0xdfff) || point > 0x10ffff) return index;
    index += length;
  }
  return end;
}
