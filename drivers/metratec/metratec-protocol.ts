/**
 * The ASCII protocol of metratec's HF readers (QuasarMX, DeskID ISO, Dwarf15, QR15): docs/protocols.md,
 * "metratec QuasarMX", every byte from metratec's own SDKs (metratec/rfid-sdk-java
 * MetratecReaderAscii.java and iso/ISOReaderAscii.java, metratec/rfid-sdk-python reader_ascii.py and
 * hf_reader_ascii.py).
 *
 * A command is ASCII words separated by spaces, ended by CR (0x0D): `INV\r`. Every answer line ends with
 * CR too; with End Of Frame on (`EOF`) the last line of an answer is followed by LF (0x0A). With CRC on
 * (`CON`) every command and every answer line carries, after one more space, four upper-case hex digits:
 * the CRC of the line's bytes up to and including that space — `COF 4F5E\r`.
 *
 * The CRC is CRC-16/MCRF4XX: polynomial 0x1021 reflected (0x8408), initial value 0xFFFF, bits fed least
 * significant first, no final XOR (MetratecReaderAscii.getCRC). The SDKs' own examples: `COF 4F5E`,
 * `WAK 5E70`, `BRK 9977`.
 */
export const CR = 0x0d;
export const LF = 0x0a;
/** The longest line a reader sends (a UID of 20 hex digits, a CRC, the words of a revision) and more. */
export const MAX_LINE = 96;

/** The CRC of a text's bytes (Latin-1: the protocol is ASCII). */
export function metratecCrc(text: string): number {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index++) {
    crc ^= text.charCodeAt(index) & 0xff;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc;
}

/** `text` with its CRC appended as the protocol writes it: `COF` → `COF 4F5E`. */
export function withCrc(text: string): string {
  return `${text} ${hex4(metratecCrc(`${text} `))}`;
}

/** A command's bytes: its words, with the CRC when CRC is on, and CR. */
export function encodeCommand(text: string, crc: boolean): Uint8Array {
  return ascii(`${crc ? withCrc(text) : text}\r`);
}

/** A line's text without its CRC, or what is wrong with it. */
export function stripCrc(line: string): { readonly text: string } | { readonly problem: string } {
  const match = /^(.*) ([0-9A-F]{4})$/.exec(line);
  if (match === null) return { problem: `a line without its CRC (CRC is on): '${line}'` };
  const text = match[1] ?? '';
  const expected = hex4(metratecCrc(`${text} `));
  if (match[2] !== expected) return { problem: `CRC ${match[2] ?? ''}, expected ${expected}: '${line}'` };
  return { text };
}

/**
 * What the reader's three-letter answers mean (metratec's ISO 15693 protocol guide as the SDKs name
 * them: MetratecReaderAscii.handleUnexpectedResponse, ISOReaderAscii.parseInventory, reader_ascii.py).
 */
export const ANSWER_WORDS: Readonly<Record<string, string>> = {
  'OK!': 'done',
  UCO: 'unknown command',
  UPA: 'wrong parameter',
  NOR: 'number out of range',
  EDX: 'decimal number expected',
  EHX: 'hex number expected',
  WDL: 'wrong data length',
  NSS: 'no standard selected',
  NRF: 'no RF field active',
  NOS: 'not supported',
  ARH: 'antenna reflectivity high',
  CCE: 'CRC error in the command the reader got',
  BRA: 'continuous mode stopped',
  NCM: 'not in continuous mode',
  GMO: 'woken',
  DNS: 'was not asleep',
  SRT: 'the reader reset itself',
  RNW: 'registers not written',
};

/**
 * Tag errors inside an inventory: a tag answered badly (a collision of two answers, a CRC error on the
 * air). The tag is not in this inventory's list; metratec's SDK skips them (ISOReaderAscii.parseInventory).
 */
export const TAG_ERRORS: ReadonlySet<string> = new Set(['CER', 'RXE', 'TOE', 'FLE', 'RDL', 'TCE', 'CDT', 'TNR']);

export type MetratecLineResult =
  /** One line, without its CR; `frameEnd` when an LF followed it (End Of Frame on). */
  | { readonly kind: 'line'; readonly text: string }
  /** An LF after a CR: the answer is complete. */
  | { readonly kind: 'frame-end' }
  | { readonly kind: 'error'; readonly problem: string };

/**
 * Cuts the byte stream into lines at CR, in any chunking (the results depend only on the bytes), never
 * throwing, holding at most one line. An LF right after a CR ends a frame; an LF anywhere else, a byte
 * that is not printable ASCII, or a line longer than MAX_LINE is an error naming it, and the line it was
 * in is dropped up to its CR.
 */
export class MetratecLineParser {
  private line = '';
  private spoiled: string | null = null;
  private afterCr = false;

  get pending(): boolean {
    return this.line.length > 0 || this.spoiled !== null;
  }

  get bufferedBytes(): number {
    return this.line.length;
  }

  push(chunk: Uint8Array): MetratecLineResult[] {
    const results: MetratecLineResult[] = [];
    for (const byte of chunk) {
      if (byte === LF) {
        if (this.afterCr) results.push({ kind: 'frame-end' });
        else this.spoil(`a line feed in the middle of a line`);
        this.afterCr = false;
        continue;
      }
      this.afterCr = byte === CR;
      if (byte === CR) {
        if (this.spoiled !== null) results.push({ kind: 'error', problem: `${this.spoiled}: '${printable(this.line)}' dropped` });
        else results.push({ kind: 'line', text: this.line });
        this.line = '';
        this.spoiled = null;
        continue;
      }
      if (byte < 0x20 || byte > 0x7e) this.spoil(`byte ${byte.toString(16).toUpperCase().padStart(2, '0')} is not printable ASCII`);
      if (this.line.length >= MAX_LINE) {
        this.spoil(`a line longer than ${MAX_LINE} bytes`);
        continue;
      }
      this.line += String.fromCharCode(byte);
    }
    return results;
  }

  /** The line went quiet (or closed): a line begun will not be finished. */
  flush(): MetratecLineResult[] {
    if (!this.pending) return [];
    const result: MetratecLineResult = { kind: 'error', problem: `a line begun and not finished: '${printable(this.line)}'` };
    this.line = '';
    this.spoiled = null;
    this.afterCr = false;
    return [result];
  }

  private spoil(problem: string): void {
    this.spoiled ??= problem;
  }
}

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

function hex4(value: number): string {
  return value.toString(16).toUpperCase().padStart(4, '0');
}

export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
}
