/**
 * The PDF writer of the printed floor reports: A4 portrait pages of text, lines and gray-filled rectangles,
 * drawn by pdfkit in DejaVu Sans Condensed and its bold, embedded as subsets of the glyphs used, so any name
 * prints as it was written — Łukasz, Ağca, Ørsted, Αλέξης, Жанна — and the file is PDF/A-2b (D79). Pure as
 * the caller sees it: it returns bytes and reads no clock (the creation time is passed in); the fonts are read
 * once a process from the dejavu-fonts-ttf package.
 *
 * Coordinates are points (1/72 inch) from the page's top-left corner, y growing downwards, as a layout
 * thinks. A text's y is its baseline.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as openFont, type Font } from 'fontkit';
import { PDFDocument, type Rgb } from 'pdfkit';
import { InvariantError } from '../invariant-error.js';

/** A4 portrait in points (210 × 297 mm). */
export const A4_WIDTH = 595.28;
export const A4_HEIGHT = 841.89;

export type Align = 'left' | 'right' | 'center';

/** Gray levels run from 0 (black) to 1 (white). */
export type TextOptions = { readonly size?: number; readonly bold?: boolean; readonly align?: Align; readonly gray?: number };
export type RectOptions = { readonly fill?: number; readonly stroke?: number; readonly lineWidth?: number };
export type LineOptions = { readonly width?: number; readonly gray?: number };

export type PdfInfo = {
  readonly title: string;
  /** ms since the epoch: the document's creation date (UTC), and from it the file's ID (D80). */
  readonly createdAt: number;
  /** The document's language, as viewers and screen readers take it (BCP 47: 'en', 'de'). */
  readonly language?: string;
};

const DEFAULT_SIZE = 10;

// ————— The fonts —————

/**
 * DejaVu Sans Condensed: the glyphs of DejaVu Sans (Latin, Greek, Cyrillic and more: every name a European
 * casino meets) at widths near Helvetica's, which the report's columns were set for (D79).
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
} as const;

type Face = keyof typeof FONT_FILES;

/** A face's file, and the face parsed to ask which characters it has glyphs for. */
type FontFile = { readonly bytes: Uint8Array; readonly coverage: Font };

let fonts: Readonly<Record<Face, FontFile>> | null = null;

/**
 * The two faces' files, read once a process. Resolved from this module as a package import, so the bundles
 * in dist/ find them in node_modules (they leave packages external) as the sources do. Each document parses
 * its own copy for drawing (fontkit parses lazily: about a millisecond): fontkit keeps a face's glyphs once
 * made, with the characters they were made for, and a glyph a subset made first (the g inside ğ) has none —
 * shared between documents, the next document's text layer would lose that letter.
 */
function reportFonts(): Readonly<Record<Face, FontFile>> {
  if (fonts === null) {
    const require = createRequire(import.meta.url);
    const open = (file: string): FontFile => {
      try {
        const bytes = readFileSync(require.resolve(file));
        return { bytes, coverage: openFont(bytes) };
      } catch (error) {
        throw new Error(`the reports' font ${file} cannot be read (${error instanceof Error ? error.message : String(error)}): the installation is incomplete — npm ci installs it`, { cause: error });
      }
    };
    fonts = { regular: open(FONT_FILES.regular), bold: open(FONT_FILES.bold) };
  }
  return fonts;
}

// ————— Text as it is drawn —————

/** Text every font has every glyph for, and that needs no cleaning: most of a report. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The replacement character, drawn for a character the font has no glyph for. */
const REPLACEMENT = '\uFFFD';

/**
 * Text as one line: line breaks, tabs and other control characters become spaces (typed text — a name, a
 * ruling — may hold them), a broken UTF-16 surrogate becomes the replacement character, and a decomposed
 * letter (u + combining diaeresis, as some keyboards type it) is composed.
 */
function oneLine(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  return text.replace(/\p{Cs}/gu, REPLACEMENT).normalize('NFC').replace(/[\s\p{Cc}]/gu, ' ');
}

/**
 * What is drawn for a line of text, and what its text layer says when that differs. A character the font
 * lacks (an ideograph, most emoji) is drawn as the replacement character — never as the font's .notdef,
 * which PDF/A forbids — and the text layer keeps the character itself (/ActualText): a name never stops a
 * report, and what a reader copies or searches is the name as written. An invisible format character the
 * font lacks (a variation selector, a joiner) is left out of the drawing only.
 */
function printable(text: string, font: Font): { readonly drawn: string; readonly actual: string | null } {
  const line = oneLine(text);
  if (PRINTABLE_ASCII.test(line)) return { drawn: line, actual: null };
  let drawn = '';
  for (const char of line) {
    if (font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) drawn += char;
    else if (!/\p{Default_Ignorable_Code_Point}/u.test(char)) drawn += REPLACEMENT;
  }
  return { drawn, actual: drawn === line ? null : line };
}

/**
 * A text broken into lines no wider than `maxWidth` (by `width`): at spaces where it can, inside a word only
 * when the word alone is too wide. Runs of spaces count as one. Always at least one line (maybe empty); past
 * `limit` lines it stops, with one line more than the limit, so a caller sees the text did not fit — and a
 * giant name is cut into the lines a cell shows, not into thousands that nobody sees.
 */
function wrapLines(text: string, maxWidth: number, width: (text: string) => number, limit: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of oneLine(text).split(' ')) {
    if (word === '') continue;
    const joined = line === '' ? word : `${line} ${word}`;
    if (width(joined) <= maxWidth) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    // A word wider than the line is cut where it overflows.
    let rest = word;
    for (let cut = longestFit(rest, maxWidth, width); cut < rest.length && lines.length <= limit; cut = longestFit(rest, maxWidth, width)) {
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
    if (lines.length > limit) return lines;
  }
  lines.push(line);
  return lines;
}

/** How many leading UTF-16 units of `text` fit in `maxWidth` (at least one character, so wrapping ends). */
function longestFit(text: string, maxWidth: number, width: (text: string) => number): number {
  let fit = 0;
  for (const char of text) {
    if (fit > 0 && width(text.slice(0, fit + char.length)) > maxWidth) break;
    fit += char.length;
  }
  return fit;
}

// ————— Checks —————

function finite(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`a PDF ${what} must be a finite number, got ${value}`);
  return value;
}

/** A gray level as the RGB pdfkit takes (0–255 each): the file is PDF/A with an sRGB output intent. */
function rgb(level: number): Rgb {
  if (!(level >= 0 && level <= 1)) throw new RangeError(`a gray level runs from 0 to 1, got ${level}`);
  const component = level * 255;
  return [component, component, component];
}

/** Text in XML element content. */
function xmlText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

// ————— The document —————

/**
 * pdfkit's document, with its title made safe for the XMP metadata: pdfkit 0.20.2 writes the title into the
 * metadata's XML as it is, so a title with "&" or "<" would leave the XML unreadable and the file no PDF/A.
 * Escaped there only: the /Info dictionary holds the title as a PDF text string, where it stays as written.
 */
class ReportKit extends PDFDocument {
  override endMetadata(): void {
    const info = this.info;
    this.info = { ...info, Title: xmlText(info.Title ?? '') };
    try {
      super.endMetadata();
    } finally {
      this.info = info;
    }
  }
}

/** A PDF being drawn, page by page, written out by `toBytes`. */
export class PdfDocument {
  readonly width = A4_WIDTH;
  readonly height = A4_HEIGHT;
  readonly #fonts: Readonly<Record<Face, FontFile>>;
  readonly #kit: ReportKit;
  #pages = 0;
  #current = -1;
  /** Widths measured, by face and by size and text: a report measures the same words over and over. */
  readonly #widths: Readonly<Record<Face, Map<string, number>>> = { regular: new Map(), bold: new Map() };
  /** The gray texts are filled with on the current page now (each page starts black); null when not known. */
  #textGray: number | null = null;
  #bytes: Uint8Array | null = null;

  constructor(info: PdfInfo) {
    this.#fonts = reportFonts();
    const created = new Date(finite(info.createdAt, 'creation time'));
    this.#kit = new ReportKit({
      size: [A4_WIDTH, A4_HEIGHT],
      margin: 0,
      autoFirstPage: false,
      bufferPages: true,
      // No font to start with, so pdfkit never loads its default Helvetica (D79); every text names its face.
      // (A face given here would also be looked up anew on every later font() call: pdfkit 0.20.2 finds it by
      // its PostScript name and returns before caching it under the registered name.)
      font: null,
      pdfVersion: '1.7',
      subset: 'PDF/A-2b',
      ...(info.language === undefined ? {} : { lang: info.language }),
      displayTitle: true,
      // No ModDate: PDF/A wants each /Info date in the XMP metadata too, and pdfkit writes only the creation
      // date there. The file ID is a hash of these entries, so the same report gives the same bytes (D80).
      info: { Title: info.title, Producer: 'Felt', Creator: 'Felt', CreationDate: created },
    });
    this.#kit.registerFont('regular', this.#fonts.regular.bytes);
    this.#kit.registerFont('bold', this.#fonts.bold.bytes);
  }

  /** Starts a new page and draws on it from now on; returns its index (0-based). */
  page(): number {
    this.#open().addPage();
    this.#current = this.#pages++;
    this.#textGray = 0;
    return this.#current;
  }

  get pageCount(): number {
    return this.#pages;
  }

  /** Draws on an earlier page again: page numbers ("2 of 3") go on once the count is known. */
  usePage(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.#pages) throw new RangeError(`no page ${index}: the document has ${this.#pages}`);
    this.#open().switchToPage(index);
    this.#current = index;
    this.#textGray = null;
  }

  /** The width in points of a text as `text` draws it at `size`: for right-aligning and fitting. */
  textWidth(text: string, size: number, bold = false): number {
    const face: Face = bold ? 'bold' : 'regular';
    return this.#measure(printable(text, this.#fonts[face].coverage).drawn, size, face);
  }

  /**
   * A text broken into lines no wider than `maxWidth` at `size`: at spaces where it can, inside a word only
   * when the word alone is too wide. Always at least one line (maybe empty); at most `limit` + 1: past the
   * limit the rest is not worked out.
   */
  wrapText(text: string, maxWidth: number, size: number, bold = false, limit = Number.POSITIVE_INFINITY): string[] {
    return wrapLines(text, maxWidth, (line) => this.textWidth(line, size, bold), limit);
  }

  /** Text with its baseline at y; `align` says whether x is its left end, right end or middle. */
  text(x: number, y: number, text: string, options: TextOptions = {}): void {
    const { size = DEFAULT_SIZE, bold = false, align = 'left', gray: level = 0 } = options;
    const face: Face = bold ? 'bold' : 'regular';
    const color = rgb(level);
    const { drawn, actual } = printable(text, this.#fonts[face].coverage);
    const width = align === 'left' ? 0 : this.#measure(drawn, size, face);
    const left = finite(align === 'right' ? x - width : align === 'center' ? x - width / 2 : x, 'coordinate');
    finite(y, 'coordinate');
    if (!(size > 0 && size < Number.POSITIVE_INFINITY)) throw new RangeError(`a font size is a number of points above 0, got ${size}`);
    const kit = this.#drawing();
    if (drawn === '') return;
    // The fill colour is set only when it changes: rectangles and lines set theirs inside q … Q (pdfkit
    // draws each text inside its own), so a page's texts share what was set last at its top level.
    if (this.#textGray !== level) kit.fillColor(color);
    this.#textGray = level;
    if (actual !== null) kit.markContent('Span', { actual });
    kit.font(face).fontSize(size).text(drawn, left, y, { lineBreak: false, baseline: 'alphabetic' });
    if (actual !== null) kit.endMarkedContent();
  }

  /** A rectangle with its top-left corner at (x, y): filled with a gray, outlined, or both (filled black if neither is said). */
  rect(x: number, y: number, width: number, height: number, options: RectOptions = {}): void {
    const { fill, stroke, lineWidth = 0.5 } = options;
    for (const value of [x, y, width, height, lineWidth]) finite(value, 'coordinate');
    const kit = this.#drawing().save();
    // Colours are set before the path: PDF allows no other operator between a path and its painting.
    if (stroke === undefined) kit.fillColor(rgb(fill ?? 0)).rect(x, y, width, height).fill();
    else if (fill === undefined) kit.strokeColor(rgb(stroke)).lineWidth(lineWidth).rect(x, y, width, height).stroke();
    else kit.fillColor(rgb(fill)).strokeColor(rgb(stroke)).lineWidth(lineWidth).rect(x, y, width, height).fillAndStroke();
    kit.restore();
  }

  line(x1: number, y1: number, x2: number, y2: number, options: LineOptions = {}): void {
    const { width = 0.5, gray: level = 0 } = options;
    for (const value of [x1, y1, x2, y2, width]) finite(value, 'coordinate');
    this.#drawing().save().strokeColor(rgb(level)).lineWidth(width).moveTo(x1, y1).lineTo(x2, y2).stroke().restore();
  }

  /** The whole file (the same bytes on every call): pdfkit finishes it on the first, and nothing can be drawn after. */
  toBytes(): Uint8Array {
    if (this.#bytes === null) {
      if (this.#pages === 0) throw new RangeError('a PDF needs at least one page');
      // pdfkit writes the file into its stream's buffer as it goes, and finishes it in end(): all of it is
      // there to read at once, with no event to wait for.
      this.#kit.end();
      const bytes = this.#kit.read();
      if (bytes === null) throw new InvariantError('pdfkit wrote no bytes for a finished document');
      this.#bytes = bytes;
    }
    return this.#bytes;
  }

  #measure(drawn: string, size: number, face: Face): number {
    const key = `${size} ${drawn}`;
    const widths = this.#widths[face];
    let width = widths.get(key);
    if (width === undefined) {
      width = this.#kit.font(face).fontSize(size).widthOfString(drawn);
      widths.set(key, width);
    }
    return width;
  }

  #open(): ReportKit {
    if (this.#bytes !== null) throw new RangeError('the PDF is written: nothing more can be drawn on it');
    return this.#kit;
  }

  #drawing(): ReportKit {
    if (this.#current < 0) throw new RangeError('nothing to draw on: start a page with page() first');
    return this.#open();
  }
}
