/**
 * The few calls of pdfkit and fontkit that the PDF writer (pdf.ts) makes, typed by hand: pdfkit 0.20 ships no
 * types of its own and @types/pdfkit describes 0.17 (a default export, another font loading); fontkit ships none.
 * Checked against the pinned versions' source (D79); a new version of either is checked against this file.
 */

declare module 'fontkit' {
  /** One face of a TrueType or OpenType file, parsed lazily. */
  export interface Font {
    readonly postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  /** Parses a font file's bytes (a collection's first face is not asked for here). */
  export function create(buffer: Uint8Array): Font;
}

declare module 'pdfkit' {
  export type PdfKitOptions = {
    readonly size?: readonly [number, number];
    readonly margin?: number;
    readonly autoFirstPage?: boolean;
    /** Pages stay open until the end, so that an earlier page can be drawn on again (switchToPage). */
    readonly bufferPages?: boolean;
    /** The font the document starts with: Helvetica when none is given; null for none (every text then names its font). */
    readonly font?: null;
    readonly pdfVersion?: '1.4' | '1.5' | '1.6' | '1.7';
    readonly subset?: 'PDF/A-1b' | 'PDF/A-2b' | 'PDF/A-3b';
    /** The document's language (the catalog's /Lang), e.g. 'de'. */
    readonly lang?: string;
    readonly displayTitle?: boolean;
    readonly compress?: boolean;
    readonly fontLayoutCache?: boolean;
    readonly info?: { readonly Title?: string; readonly Producer?: string; readonly Creator?: string; readonly CreationDate?: Date };
  };

  export type PdfKitTextOptions = {
    readonly lineBreak?: boolean;
    /** 'alphabetic': y is the baseline. */
    readonly baseline?: 'alphabetic' | 'top';
  };

  /** RGB components from 0 to 255. */
  export type Rgb = readonly [number, number, number];

  export class PDFDocument {
    constructor(options?: PdfKitOptions);
    /** The document information dictionary, read again when the XMP metadata is written at the end. */
    info: { Title?: string; Producer?: string; Creator?: string; CreationDate?: Date };
    addPage(): this;
    switchToPage(index: number): unknown;
    /** A font file's bytes under a name that font() takes. */
    registerFont(name: string, font: Uint8Array): this;
    font(name: string): this;
    fontSize(size: number): this;
    widthOfString(text: string): number;
    text(text: string, x: number, y: number, options?: PdfKitTextOptions): this;
    fillColor(color: Rgb): this;
    strokeColor(color: Rgb): this;
    lineWidth(width: number): this;
    rect(x: number, y: number, width: number, height: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    fill(): this;
    stroke(): this;
    fillAndStroke(): this;
    save(): this;
    restore(): this;
    /** A marked-content sequence; a Span's `actual` is its /ActualText, what the text layer reads instead of the glyphs. */
    markContent(tag: 'Span', options: { readonly actual: string }): this;
    endMarkedContent(): this;
    /** Writes the XMP metadata stream (pdfkit calls it from end()). */
    endMetadata(): void;
    end(): void;
    /** The bytes written so far (a Node Readable in paused mode: after end(), the whole file). */
    read(): Uint8Array | null;
  }
}
