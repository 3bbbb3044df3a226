/**
 * A minimal PDF 1.4 writer for printed floor reports: A4 portrait pages, the standard Type1 fonts
 * Helvetica and Helvetica-Bold in WinAnsiEncoding (so German umlauts, ß and € print), text, lines and
 * gray-filled rectangles. Pure: it returns bytes and reads no clock (a creation time is passed in).
 *
 * Coordinates are points (1/72 inch) from the page's top-left corner, y growing downwards, as a layout
 * thinks; the writer turns them into PDF's bottom-up space. A text's y is its baseline.
 */

import { InvariantError } from '../invariant-error.js';

/** A4 portrait in points (210 × 297 mm). */
export const A4_WIDTH = 595.28;
export const A4_HEIGHT = 841.89;

export type Align = 'left' | 'right' | 'center';

/** Gray levels run from 0 (black) to 1 (white), as PDF's `g` operator takes them. */
export type TextOptions = { readonly size?: number; readonly bold?: boolean; readonly align?: Align; readonly gray?: number };
export type RectOptions = { readonly fill?: number; readonly stroke?: number; readonly lineWidth?: number };
export type LineOptions = { readonly width?: number; readonly gray?: number };

export type PdfInfo = {
  readonly title: string;
  /** ms since the epoch, written as the document's creation date (UTC); none if not given. */
  readonly createdAt?: number;
};

const DEFAULT_SIZE = 10;

// ————— WinAnsiEncoding —————

/** The code points WinAnsiEncoding puts at 0x80–0x9F (PDF 1.4, appendix D); 0xA0–0xFF are Latin-1's own. */
const WIN_ANSI_HIGH: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86], [0x2021, 0x87],
  [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c], [0x017d, 0x8e], [0x2018, 0x91],
  [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95], [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98],
  [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b], [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);

/** The WinAnsi byte of a code point, or null where the encoding (and so the font) has no glyph for it. */
function winAnsiByte(codePoint: number): number | null {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  return WIN_ANSI_HIGH.get(codePoint) ?? null;
}

/**
 * A text as WinAnsi bytes. A character the encoding cannot hold is refused with an error naming it, not
 * replaced: a label of ours that does not print is a bug to find, not a '?' to ship. Text typed at the
 * table (names, rulings) goes through `winAnsiSafe` first, which does replace.
 */
export function encodeWinAnsi(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    const byte = winAnsiByte(codePoint);
    if (byte === null) throw new RangeError(`the character "${char}" (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}) cannot be written in Helvetica's WinAnsiEncoding`);
    bytes.push(byte);
  }
  return Uint8Array.from(bytes);
}

/** Text from outside (a player's name, a ruling's words) made printable: line breaks and tabs become spaces, anything else WinAnsi lacks becomes '?'. */
export function winAnsiSafe(text: string): string {
  let safe = '';
  for (const char of text.normalize('NFC')) {
    if (/\s/u.test(char)) safe += ' ';
    else safe += winAnsiByte(char.codePointAt(0) ?? 0) === null ? '?' : char;
  }
  return safe;
}

// ————— Font metrics —————

/**
 * Advance widths (1/1000 em) of WinAnsi codes 0x20–0xFF, from Adobe's Helvetica and Helvetica-Bold AFM
 * files (the Euro, absent from the 1990s AFMs, at 556 as viewers draw it). Codes WinAnsi leaves undefined
 * are 0: the encoder never writes them.
 */
const HELVETICA_WIDTHS: readonly number[] = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // 0x20
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0x30
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // 0x40
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // 0x50
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // 0x60
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0, // 0x70
  556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0, // 0x80
  0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667, // 0x90
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, // 0xA0
  400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, // 0xB0
  667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, // 0xC0
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, // 0xD0
  556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, // 0xE0
  556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500, // 0xF0
];

const HELVETICA_BOLD_WIDTHS: readonly number[] = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, // 0x20
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, // 0x30
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, // 0x40
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, // 0x50
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, // 0x60
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0, // 0x70
  556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0, // 0x80
  0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667, // 0x90
  278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, // 0xA0
  400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, // 0xB0
  722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, // 0xC0
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, // 0xD0
  556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, // 0xE0
  611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556, // 0xF0
];

/** The width in points of a text set in Helvetica (or Helvetica-Bold) at `size`: for right-aligning and fitting. */
export function textWidth(text: string, size: number, bold = false): number {
  const widths = bold ? HELVETICA_BOLD_WIDTHS : HELVETICA_WIDTHS;
  let units = 0;
  for (const byte of encodeWinAnsi(text)) units += widths[byte - 0x20] ?? 0;
  return (units * size) / 1000;
}

/**
 * A text broken into lines no wider than `maxWidth`: at spaces where it can, inside a word only when the
 * word alone is too wide. Runs of spaces count as one. Always at least one line (maybe empty).
 */
export function wrapText(text: string, maxWidth: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter((part) => part !== '')) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (textWidth(joined, size, bold) <= maxWidth) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    // A word wider than the line is cut where it overflows.
    let rest = word;
    while (textWidth(rest, size, bold) > maxWidth) {
      const cut = longestFit(rest, maxWidth, size, bold);
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  lines.push(line);
  return lines;
}

/** How many leading UTF-16 units of `text` fit in `maxWidth` (at least one character, so wrapping ends). */
function longestFit(text: string, maxWidth: number, size: number, bold: boolean): number {
  let fit = 0;
  for (const char of text) {
    if (fit > 0 && textWidth(text.slice(0, fit + char.length), size, bold) > maxWidth) break;
    fit += char.length;
  }
  return fit;
}

// ————— Content-stream syntax —————

/** A number as PDF writes it: at most two decimals, no exponent, no "-0". */
function num(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`a PDF coordinate must be a finite number, got ${value}`);
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function gray(level: number): string {
  if (!(level >= 0 && level <= 1)) throw new RangeError(`a gray level runs from 0 to 1, got ${level}`);
  return num(level);
}

/** A literal string `( … )`: backslash and parentheses escaped, bytes outside printable ASCII as octal, so the stream stays ASCII. */
function literalString(bytes: Uint8Array): string {
  let out = '(';
  for (const byte of bytes) {
    if (byte === 0x5c || byte === 0x28 || byte === 0x29) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** A text string outside content streams (the /Info title): UTF-16BE with its byte-order mark, as hex, so any character survives. */
function unicodeHexString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `<${hex}>`;
}

/** A PDF date (D:YYYYMMDDHHmmSSZ), in UTC. */
function pdfDate(at: number): string {
  const iso = new Date(at).toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** Bytes of a text holding only codes below 256 (everything this writer produces is ASCII but the header's marker). */
function latin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) throw new InvariantError(`PDF syntax must be bytes; got U+${code.toString(16)} at ${i}`);
    bytes[i] = code;
  }
  return bytes;
}

// ————— The document —————

/** Fixed object numbers; each page then takes two: its page object and its content stream. */
const CATALOG = 1;
const PAGES = 2;
const FONT_REGULAR = 3;
const FONT_BOLD = 4;
const INFO = 5;
const FIRST_PAGE_OBJECT = 6;

/** A PDF being drawn: pages of content-stream operators, written out by `toBytes`. */
export class PdfDocument {
  readonly width = A4_WIDTH;
  readonly height = A4_HEIGHT;
  readonly #info: PdfInfo;
  readonly #pages: string[][] = [];
  #current = -1;

  constructor(info: PdfInfo) {
    this.#info = info;
  }

  /** Starts a new page and draws on it from now on; returns its index (0-based). */
  page(): number {
    this.#pages.push([]);
    this.#current = this.#pages.length - 1;
    return this.#current;
  }

  get pageCount(): number {
    return this.#pages.length;
  }

  /** Draws on an earlier page again: page numbers ("2 of 3") go on once the count is known. */
  usePage(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.#pages.length) throw new RangeError(`no page ${index}: the document has ${this.#pages.length}`);
    this.#current = index;
  }

  /** Text with its baseline at y; `align` says whether x is its left end, right end or middle. */
  text(x: number, y: number, text: string, options: TextOptions = {}): void {
    const { size = DEFAULT_SIZE, bold = false, align = 'left', gray: level = 0 } = options;
    const width = align === 'left' ? 0 : textWidth(text, size, bold);
    const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
    const font = bold ? '/F2' : '/F1';
    this.#draw(`q ${gray(level)} g BT ${font} ${num(size)} Tf ${num(left)} ${num(this.height - y)} Td ${literalString(encodeWinAnsi(text))} Tj ET Q`);
  }

  /** A rectangle with its top-left corner at (x, y): filled with a gray, outlined, or both (filled black if neither is said). */
  rect(x: number, y: number, width: number, height: number, options: RectOptions = {}): void {
    const { fill, stroke, lineWidth = 0.5 } = options;
    const path = `${num(x)} ${num(this.height - y - height)} ${num(width)} ${num(height)} re`;
    if (stroke === undefined) this.#draw(`q ${gray(fill ?? 0)} g ${path} f Q`);
    else if (fill === undefined) this.#draw(`q ${gray(stroke)} G ${num(lineWidth)} w ${path} S Q`);
    else this.#draw(`q ${gray(fill)} g ${gray(stroke)} G ${num(lineWidth)} w ${path} B Q`);
  }

  line(x1: number, y1: number, x2: number, y2: number, options: LineOptions = {}): void {
    const { width = 0.5, gray: level = 0 } = options;
    this.#draw(`q ${gray(level)} G ${num(width)} w ${num(x1)} ${num(this.height - y1)} m ${num(x2)} ${num(this.height - y2)} l S Q`);
  }

  #draw(operators: string): void {
    const page = this.#pages[this.#current];
    if (page === undefined) throw new RangeError('nothing to draw on: start a page with page() first');
    page.push(operators);
  }

  /** The whole file: header, objects, a cross-reference table with each object's byte offset, trailer. */
  toBytes(): Uint8Array {
    if (this.#pages.length === 0) throw new RangeError('a PDF needs at least one page');
    const objects = new Map<number, string>();
    const pageNumbers = this.#pages.map((_, index) => FIRST_PAGE_OBJECT + 2 * index);
    objects.set(CATALOG, `<< /Type /Catalog /Pages ${PAGES} 0 R >>`);
    objects.set(PAGES, `<< /Type /Pages /Kids [${pageNumbers.map((n) => `${n} 0 R`).join(' ')}] /Count ${this.#pages.length} >>`);
    objects.set(FONT_REGULAR, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    objects.set(FONT_BOLD, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    const created = this.#info.createdAt === undefined ? '' : ` /CreationDate (${pdfDate(this.#info.createdAt)})`;
    objects.set(INFO, `<< /Title ${unicodeHexString(this.#info.title)} /Producer (Felt)${created} >>`);
    const resources = `<< /Font << /F1 ${FONT_REGULAR} 0 R /F2 ${FONT_BOLD} 0 R >> /ProcSet [/PDF /Text] >>`;
    this.#pages.forEach((operators, index) => {
      const page = FIRST_PAGE_OBJECT + 2 * index;
      // The stream is ASCII (strings are octal-escaped), so its length in characters is its length in bytes.
      const content = operators.join('\n');
      objects.set(page, `<< /Type /Page /Parent ${PAGES} 0 R /MediaBox [0 0 ${num(this.width)} ${num(this.height)}] /Resources ${resources} /Contents ${page + 1} 0 R >>`);
      objects.set(page + 1, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    });
    return serialize(objects);
  }
}

/** Objects numbered 1…n (no gaps) written out with their cross-reference table. */
function serialize(objects: ReadonlyMap<number, string>): Uint8Array {
  const size = objects.size + 1;
  // The second line's bytes above 127 tell transfer tools the file is binary (PDF 1.4, 3.4.1).
  let file = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let n = 1; n < size; n++) {
    const body = objects.get(n);
    if (body === undefined) throw new RangeError(`object ${n} is missing: the cross-reference table would have a hole`);
    offsets.push(file.length);
    file += `${n} 0 obj\n${body}\nendobj\n`;
  }
  const xref = file.length;
  // Each entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, type, space, LF.
  file += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${size} /Root ${CATALOG} 0 R /Info ${INFO} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1(file);
}
