import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { replayTable } from '../../src/engine/table/table-reduce.js';
import type { CashFlow } from '../../src/reports/cash-flow.js';
import { factsOf } from '../../src/reports/facts.js';
import { type FloorReport, floorReport, type ReportKind } from '../../src/reports/floor-report.js';
import { incidents } from '../../src/reports/incidents.js';
import { PdfDocument } from '../../src/reports/pdf.js';
import { type ReportLanguage, reportPdf } from '../../src/reports/report-pdf.js';
import { finishedTournament } from '../support/finished-tournament.js';
import { AT, DECK_CHECK, darkPixels, type GrayImage, floorFixture, grayBars, manyIncidents, pdfFonts, pdfInfo, pdfMetadata, pdfPages, pdfWords, renderPages, shownGlyphs, writePdf } from './pdf-support.js';

const dir = mkdtempSync(join(tmpdir(), 'felt-pdf-'));
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** 21:00 UTC, after the fixture's last hand. */
const GENERATED = AT + 3 * HOUR;
/** The croupier's count for the cash flow: 40 short of the 9,275 the log leaves on the table. */
const COUNTED = 9_235;

/** Stands in for a page poppler did not render: no pixels, so every pixel check on it fails. */
const NO_IMAGE: GrayImage = { width: 0, height: 0, pixels: new Uint8Array(0) };

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/** Names from across Europe (and beyond), as a casino's guests write them. */
const NAMES = ['Łukasz Żółć', 'Ağca Şükrü', 'Müller', 'Straße', 'Ørsted Æbelø', 'Αλέξης Παπαδόπουλος', 'Жанна Щукина', 'Đorđe Čolić', 'Ōtake Ōno'];

describe('the PDF writer', () => {
  it('writes PDF/A-2b that poppler reads without a complaint: A4, PDF 1.7, the title and creation date in /Info and in the XMP metadata, an sRGB output intent', () => {
    const doc = new PdfDocument({ title: 'Größe & <Bericht> – Łódź', createdAt: GENERATED, language: 'de' });
    doc.page();
    doc.text(50, 100, 'Größe (netto): 1.240 € \\ Ende', { size: 12 });
    doc.rect(50, 120, 100, 20, { fill: 0.5 });
    doc.page();
    doc.line(50, 50, 300, 50);
    doc.text(50, 100, 'Seite zwei', { bold: true });
    const bytes = doc.toBytes();
    // The same bytes again: the file is finished once.
    expect(doc.toBytes()).toBe(bytes);
    const file = latin1(bytes);
    expect(file.startsWith('%PDF-1.7\n')).toBe(true);
    expect(file.endsWith('%%EOF\n')).toBe(true);
    // PDF/A's output intent, with the sRGB profile every colour of the file is in, and the document's language.
    expect(file).toMatch(/\/S \/GTS_PDFA1/);
    expect(file).toMatch(/\/OutputConditionIdentifier \(sRGB IEC61966-2\.1\)/);
    expect(file).toMatch(/\/Lang \(de\)/);
    expect(file).not.toMatch(/DeviceGray|DeviceCMYK/);

    const path = writePdf(dir, 'writer', bytes);
    const info = pdfInfo(path);
    expect(info.stderr).toBe('');
    expect(info.fields).toMatchObject({ Pages: '2', Title: 'Größe & <Bericht> – Łódź', Producer: 'Felt', Creator: 'Felt', 'Page size': '595.28 x 841.89 pts (A4)', 'PDF version': '1.7', CreationDate: 'Sun Nov 29 21:00:00 2026 UTC', 'Metadata Stream': 'yes' });
    expect(info.fields.ModDate).toBeUndefined();
    const xmp = pdfMetadata(path);
    expect(xmp).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<xmp:CreateDate>2026-11-29T21:00:00Z</xmp:CreateDate>');
    expect(xmp).toContain('<pdf:Producer>Felt</pdf:Producer>');
    // The title as XML text: "&" and "<" escaped, or the metadata would be no XML (and the file no PDF/A).
    expect(xmp).toContain('<rdf:li xml:lang="x-default">Größe &amp; &lt;Bericht&gt; – Łódź</rdf:li>');
    expect(pdfPages(path).pages[0]).toContain('Größe (netto): 1.240 € \\ Ende');
  });

  it('embeds DejaVu Sans Condensed and its bold as subsets with their Unicode maps, and nothing else: no Helvetica', () => {
    const doc = new PdfDocument({ title: 'Fonts', createdAt: GENERATED });
    doc.page();
    doc.text(50, 100, 'Łukasz', { bold: true });
    doc.text(50, 120, 'Ağca');
    const bytes = doc.toBytes();
    const { fonts, stderr } = pdfFonts(writePdf(dir, 'fonts', bytes));
    expect(stderr).toBe('');
    expect(fonts.map((font) => ({ ...font, name: font.name.replace(/^[A-Z]{6}\+/, 'TAG+') }))).toEqual([
      { name: 'TAG+DejaVuSansCondensed-Bold', type: 'CID TrueType', embedded: true, subset: true, unicode: true },
      { name: 'TAG+DejaVuSansCondensed', type: 'CID TrueType', embedded: true, subset: true, unicode: true },
    ]);
    expect(latin1(bytes)).not.toMatch(/Helvetica|Times|Courier/);
    // Subsets: the two faces together are 1.4 MB; these few glyphs take a few kB.
    expect(bytes.length).toBeLessThan(40_000);
  });

  it('poppler complains on stderr about a stream whose length is wrong (so the empty-stderr checks can fail)', () => {
    const doc = new PdfDocument({ title: 'x', createdAt: GENERATED });
    doc.page();
    doc.text(50, 100, 'Hallo');
    const broken = latin1(doc.toBytes()).replace(/\/Length (\d+)/, (_, n: string) => `/Length ${Number(n) + 40}`);
    const path = join(dir, 'broken.pdf');
    writeFileSync(path, Buffer.from(broken, 'latin1'));
    expect(pdfPages(path).stderr).toMatch(/Syntax Error/);
  });

  it('writes every name as it was written: Polish, Turkish, German, Danish, Greek, Russian, Serbian, Japanese in Latin letters', () => {
    const doc = new PdfDocument({ title: 'Namen', createdAt: GENERATED });
    doc.page();
    NAMES.forEach((name, index) => doc.text(60, 80 + 24 * index, name, { size: 12, bold: index % 2 === 1 }));
    const bytes = doc.toBytes();
    const text = pdfPages(writePdf(dir, 'names', bytes)).pages[0] ?? '';
    expect(text.split('\n').map((line) => line.trim()).filter((line) => line !== '')).toEqual(NAMES);
    // Every glyph is the font's own: none is the .notdef.
    expect(shownGlyphs(bytes).length).toBeGreaterThan(60);
    expect(shownGlyphs(bytes)).not.toContain(0);
  });

  it('composes a decomposed letter (u + combining diaeresis, as some keyboards type it) and makes line breaks and tabs spaces, in the drawing and in the measure', () => {
    const doc = new PdfDocument({ title: 'x', createdAt: GENERATED });
    doc.page();
    doc.text(50, 100, 'Ju\u0308rgen');
    doc.text(50, 130, 'Ada\nLovelace\tund\r\nZoë');
    expect(doc.textWidth('Ju\u0308rgen', 10)).toBe(doc.textWidth('Jürgen', 10));
    expect(doc.textWidth('Ada\nLovelace\tund\r\nZoë', 10)).toBe(doc.textWidth('Ada Lovelace und  Zoë', 10));
    expect(doc.wrapText('Ada\nLovelace\tund\r\nZoë', 1_000, 10)).toEqual(['Ada Lovelace und Zoë']);
    const text = pdfPages(writePdf(dir, 'typed', doc.toBytes())).pages[0] ?? '';
    expect(text).toMatch(/^Jürgen$/m);
    expect(text).toMatch(/^Ada Lovelace und +Zoë$/m);
  });

  it('draws a character the font lacks as the replacement glyph, never the .notdef, while the text layer keeps the character: a name never stops a report', () => {
    const doc = new PdfDocument({ title: 'x', createdAt: GENERATED });
    doc.page();
    // Chinese, an emoji DejaVu lacks, an ideographic variation selector (invisible: left out of the drawing),
    // parentheses and a backslash in the same text layer, and a broken surrogate from a bad client.
    const name = '王芳\u{E0100} (🎰) \\ Zoë';
    doc.text(50, 100, name, { size: 12 });
    doc.text(50, 130, 'Ada \uD800 Lovelace', { bold: true });
    doc.text(400, 160, '王芳', { align: 'right' });
    expect(doc.textWidth('王', 10)).toBe(doc.textWidth('\uFFFD', 10));
    expect(doc.textWidth('王\u{E0100}', 10)).toBe(doc.textWidth('\uFFFD', 10));
    const bytes = doc.toBytes();
    expect(shownGlyphs(bytes)).not.toContain(0);
    const path = writePdf(dir, 'outside-the-font', bytes);
    const text = pdfPages(path, 'raw').pages[0] ?? '';
    expect(text.split('\n').slice(0, 3)).toEqual([name, 'Ada \uFFFD Lovelace', '王芳']);
    // The right-aligned one ends at x as drawn, two replacement glyphs wide: its ink (a pixel a point at 72
    // dpi) stops just short of 400 (the glyph's side bearing), and starts two glyphs to the left.
    const page = renderPages(path, 72).pages[0] ?? NO_IMAGE;
    const inked: number[] = [];
    for (let x = 300; x < 420; x++) for (let y = 150; y < 165; y++) if ((page.pixels[y * page.width + x] ?? 255) < 128) inked.push(x);
    expect(Math.max(...inked)).toBeGreaterThanOrEqual(397);
    expect(Math.max(...inked)).toBeLessThanOrEqual(400);
    expect(Math.min(...inked)).toBeLessThanOrEqual(400 - doc.textWidth('\uFFFD', 10) - 1);
  });

  it('measures text as poppler places it: the fonts’ own advance widths, in both faces', () => {
    const doc = new PdfDocument({ title: 'widths', createdAt: GENERATED });
    const samples: { text: string; bold: boolean }[] = [];
    const chars = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,:;-+()#€%ÄÖÜäöüßÉéèçñÅåØøÆæŁłŃńŚśŻżĞğŞşİıČčŠšŽžĐđΑαΒβΓγΔδΩωЖжЩщЯя—–·…'];
    for (const bold of [false, true]) for (const text of [...chars, ...NAMES.flatMap((name) => name.split(' '))]) samples.push({ text, bold });
    samples.forEach(({ text, bold }, index) => {
      if (index % 30 === 0) doc.page();
      doc.text(100, 60 + (index % 30) * 24, text, { size: 20, bold });
    });
    const words = pdfWords(writePdf(dir, 'widths', doc.toBytes()));
    expect(words.map((word) => word.text)).toEqual(samples.map(({ text }) => text));
    const mismatches = samples.filter(({ text, bold }, index) => Math.abs((words[index]?.xMax ?? 0) - (words[index]?.xMin ?? 0) - doc.textWidth(text, 20, bold)) > 0.01);
    expect(mismatches).toEqual([]);
    // DejaVu Sans Condensed's advances (2048 units an em): digits 1172, the comma 585; Helvetica's were
    // 556 and 278 of 1000 (25.02 for "1,240" at 10 points).
    expect(doc.textWidth('1,240', 10)).toBeCloseTo((4 * 1172 + 585) / 204.8, 5);
    expect(doc.textWidth('Übersicht', 10, true)).toBeGreaterThan(doc.textWidth('Übersicht', 10));
  });

  it('places right-aligned text so that it ends at x, whatever its letters', () => {
    const doc = new PdfDocument({ title: 'align', createdAt: GENERATED });
    doc.page();
    const texts = ['1', '1,240', '-40', 'sitzt noch', 'Größter Pot', 'WWW', 'Łukasz', 'Παπαδόπουλος'];
    texts.forEach((text, index) => doc.text(400, 100 + 20 * index, text, { size: 11, align: 'right', bold: index % 2 === 1 }));
    doc.text(300, 300, 'Mitte', { size: 11, align: 'center' });
    const words = pdfWords(writePdf(dir, 'align', doc.toBytes()));
    for (const text of ['1', '1,240', '-40', 'noch', 'Pot', 'WWW', 'Łukasz', 'Παπαδόπουλος']) expect(words.find((word) => word.text === text)?.xMax).toBeCloseTo(400, 2);
    const middle = words.find((word) => word.text === 'Mitte');
    expect(((middle?.xMin ?? 0) + (middle?.xMax ?? 0)) / 2).toBeCloseTo(300, 2);
  });

  it('wraps at spaces, cuts a word wider than the line, and stops past its limit however long the text (a name of 100,000 letters)', () => {
    const doc = new PdfDocument({ title: 'x', createdAt: GENERATED });
    const lines = doc.wrapText('Der Spieler bestand darauf, dass seine Hand gewertet wird', 120, 9);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(doc.textWidth(line, 9)).toBeLessThanOrEqual(120);
    expect(lines.join(' ')).toBe('Der Spieler bestand darauf, dass seine Hand gewertet wird');
    const word = 'Ł'.repeat(100_000);
    const cut = doc.wrapText(word, 100, 9, false, 12);
    // Twelve lines and one more, which says it did not fit; each as full as the line allows.
    expect(cut).toHaveLength(13);
    for (const line of cut) expect(line).toBe(cut[0]);
    expect(doc.textWidth(`${cut[0] ?? ''}Ł`, 9)).toBeGreaterThan(100);
    expect(doc.wrapText('', 100, 9)).toEqual(['']);
  });

  it('gives the same bytes for the same drawing and creation time, whatever the clock says; another creation time, another date and file ID', () => {
    const draw = (createdAt: number): Uint8Array => {
      const doc = new PdfDocument({ title: 'Bericht', createdAt, language: 'en' });
      doc.page();
      doc.text(50, 100, 'Łukasz 王', { size: 12 });
      doc.rect(50, 120, 100, 20, { fill: 0.5, stroke: 0 });
      return doc.toBytes();
    };
    const first = draw(GENERATED);
    vi.useFakeTimers({ now: GENERATED + 400 * 24 * HOUR });
    try {
      expect(draw(GENERATED)).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
    const id = (bytes: Uint8Array): string => /\/ID \[<([0-9a-f]{32})> <\1>\]/.exec(latin1(bytes))?.[1] ?? 'none';
    expect(id(first)).toMatch(/^[0-9a-f]{32}$/);
    const later = draw(GENERATED + MINUTE);
    expect(id(later)).not.toBe(id(first));
    // pdfkit writes each /Info entry as an object of its own: the date is there, a minute later.
    expect(latin1(later)).toContain('(D:20261129210100Z)');
    expect(latin1(first)).toContain('(D:20261129210000Z)');
  });

  it('refuses what no page can hold, naming it: no page yet, a coordinate that is no number, a gray past white, drawing on a finished file', () => {
    const doc = new PdfDocument({ title: 'x', createdAt: GENERATED });
    expect(() => doc.text(10, 10, 'x')).toThrow('nothing to draw on: start a page with page() first');
    expect(() => doc.toBytes()).toThrow('a PDF needs at least one page');
    expect(() => new PdfDocument({ title: 'x', createdAt: Number.NaN })).toThrow('a PDF creation time must be a finite number, got NaN');
    doc.page();
    expect(() => doc.text(Number.NaN, 10, 'x')).toThrow('a PDF coordinate must be a finite number, got NaN');
    expect(() => doc.text(10, 10, 'x', { size: 0 })).toThrow('a font size is a number of points above 0, got 0');
    expect(() => doc.rect(10, 10, Number.POSITIVE_INFINITY, 10)).toThrow('a PDF coordinate must be a finite number, got Infinity');
    expect(() => doc.line(10, 10, 20, 20, { gray: 1.5 })).toThrow('a gray level runs from 0 to 1, got 1.5');
    expect(() => doc.usePage(1)).toThrow('no page 1: the document has 1');
    doc.text(10, 10, 'x');
    doc.toBytes();
    expect(() => doc.text(10, 20, 'y')).toThrow('the PDF is written: nothing more can be drawn on it');
    expect(() => doc.page()).toThrow('the PDF is written');
  });

  it('renders an empty page blank and a drawn one with ink where it was drawn (the pixel count can fail)', () => {
    const blank = new PdfDocument({ title: 'blank', createdAt: GENERATED });
    blank.page();
    const empty = renderPages(writePdf(dir, 'blank', blank.toBytes()), 50);
    expect(empty.stderr).toBe('');
    expect(empty.pages).toHaveLength(1);
    expect(empty.pages[0]?.width).toBe(Math.ceil((595.28 * 50) / 72));
    expect(darkPixels(empty.pages[0] ?? NO_IMAGE)).toBe(0);

    const inked = new PdfDocument({ title: 'ink', createdAt: GENERATED });
    inked.page();
    inked.rect(72, 72, 144, 72, { fill: 0 });
    const [page] = renderPages(writePdf(dir, 'ink', inked.toBytes()), 50).pages;
    // 2 × 1 inches at 50 dpi: 100 × 50 pixels, give or take the edges.
    expect(page).toBeDefined();
    expect(Math.abs(darkPixels(page ?? NO_IMAGE) - 5_000)).toBeLessThan(160);
  });
});

type Expected = { readonly heading: string; readonly lines: readonly RegExp[]; readonly absent: readonly string[] };

/** What each printed report must say, per language: the fixture's figures (pinned below) in that language's format. */
const EXPECTED: Readonly<Record<ReportKind, Readonly<Record<ReportLanguage, Expected>>>> = {
  session: {
    en: {
      heading: 'Floor report: Session',
      lines: [/^Overview$/m, /Hands played +12$/m, /Hands voided +1$/m, /Pots in total +1,970$/m, /Average pot +164$/m, /Largest pot +1,860 \(hand 4\)$/m, /Players per hand \(average\) +2\.92$/m, /First hand +2026-11-29 18:00 UTC$/m, /Last hand +2026-11-29 20:20 UTC$/m, /Hands per hour +4\.71$/m, /^Hands per clock hour \(UTC\)$/m, /^ *18:00 +19:00 +20:00$/m,
        // Hands and the seats' occupancy per hour: Zoë sat out the last hand (2 of 3 dealt in, 3 seats taken).
        /^Hands and seats per clock hour \(UTC\)$/m, /^ *Hour \(UTC\) +Hands +Players dealt in \(mean\) +Seats taken \(mean\)$/m, /^ *2026-11-29 18:00 +4 +3 +3$/m, /^ *2026-11-29 20:00 +2 +2\.5 +3$/m,
        // Per dealer, beside the hands by players dealt in: Mara's two shifts (18:00–19:00, 20:00–20:20), Jörg's one.
        /^Per dealer +Hands by players dealt in$/m, /^ *Dealer +Shifts +Hands +Minutes on +Hands per +Players +Hands$/m, /^ *Mara #17 +2 +6 +80 +4$/m, /^ *Jörg #23 +1 +6 +60 +5\.54$/m],
      absent: ['1.970', '1.860', '4,71', '2,92', '2,5', '4,5', 'Period'],
    },
    de: {
      heading: 'Floor-Bericht: Sitzung',
      lines: [/^Übersicht$/m, /Gespielte Hände +12$/m, /Ungültige Hände +1$/m, /Pots gesamt +1\.970$/m, /Durchschnittlicher Pot +164$/m, /Größter Pot +1\.860 \(Hand 4\)$/m, /Spieler pro Hand \(Durchschnitt\) +2,92$/m, /Erste Hand +2026-11-29 18:00 UTC$/m, /Hände pro Stunde +4,71$/m, /^Hände pro Uhrzeit-Stunde \(UTC\)$/m, /^ *18:00 +19:00 +20:00$/m,
        /^Hände und Plätze pro Uhrzeit-Stunde \(UTC\)$/m, /^ *Stunde \(UTC\) +Hände +Spieler im Spiel \(Mittel\) +Besetzte Plätze \(Mittel\)$/m, /^ *2026-11-29 20:00 +2 +2,5 +3$/m,
        /^Je Dealer +Hände nach Zahl der Spieler$/m, /^ *Dealer +Schichten +Hände +Minuten im +Hände pro +Spieler +Hände$/m, /^ *Mara #17 +2 +6 +80 +4$/m, /^ *Jörg #23 +1 +6 +60 +5,54$/m],
      absent: ['1,970', '1,860', '4.71', '2.92', '2.5', '4.5', 'Zeitraum'],
    },
  },
  collections: {
    en: {
      heading: 'Floor report: Collections',
      lines: [/Time collected +5,580$/m, /Rake total +0$/m, /^Time collected per clock hour \(UTC\)$/m, /^ *1,860 +1,860 +1,860$/m, /^ *1 +1,860$/m, /^ *3 +1,860$/m, /^ *6 +1,860$/m, /^ *No hand paid rake$/m,
        // Per dealer shift: from the sign-in to the next one; the last shift to its last hand's start.
        /^Per dealer shift$/m, /^ *Dealer +From \(UTC\) +To \(UTC\) +Hands +Time +Rake$/m, /^ *Mara #17 +18:00 +19:00 +4 +1,860 +0$/m, /^ *Jörg #23 +19:00 +20:00 +6 +1,860 +0$/m, /^ *Mara #17 +20:00 +20:20 +2 +1,860 +0$/m],
      absent: ['5.580', '1.860', 'Period'],
    },
    de: {
      heading: 'Floor-Bericht: Einnahmen',
      lines: [/Zeitgebühr eingenommen +5\.580$/m, /Rake gesamt +0$/m, /^Zeitgebühr pro Uhrzeit-Stunde \(UTC\)$/m, /^ *1\.860 +1\.860 +1\.860$/m, /^ *1 +1\.860$/m, /^ *Keine Hand zahlte Rake$/m,
        /^Je Dealer-Schicht$/m, /^ *Dealer +Von \(UTC\) +Bis \(UTC\) +Hände +Zeit +Rake$/m, /^ *Mara #17 +18:00 +19:00 +4 +1\.860 +0$/m, /^ *Jörg #23 +19:00 +20:00 +6 +1\.860 +0$/m, /^ *Mara #17 +20:00 +20:20 +2 +1\.860 +0$/m],
      absent: ['5,580', '1,860', 'Zeitraum'],
    },
  },
  cashflow: {
    en: {
      heading: 'Floor report: Cash flow',
      lines: [/^ *Seat +Name +Buy-in +Top-ups +Cash-out +Time +Corrections$/m, /^ *1 +Ada +12,500 +1,240 +13,125 +1,860 +0$/m, /^ *3 +Jürgen +8,000 +0 +still seated +1,860 +\+1,240$/m, /^ *6 +Zoë +5,000 +0 +still seated +1,860 +0$/m, /Buy-ins +25,500$/m, /Top-ups +1,240$/m, /Cash-outs +13,125$/m, /Corrections +\+1,240$/m, /Expected on the table +9,275$/m, /Chips on the table +9,275$/m, /Unexplained +0$/m, /Counted +9,235$/m, /Difference +-40$/m,
        // The opening first: nothing before the whole log.
        /^ *Figure +Value\n\s*Opening chips +0\n\s*Buy-ins +25,500$/m],
      absent: ['25.500', '9.275', 'before', 'Period', '—'],
    },
    de: {
      heading: 'Floor-Bericht: Geldfluss',
      lines: [/^ *Platz +Name +Buy-in +Aufstockungen +Auszahlung +Zeit +Korrekturen$/m, /^ *1 +Ada +12\.500 +1\.240 +13\.125 +1\.860 +0$/m, /^ *3 +Jürgen +8\.000 +0 +sitzt noch +1\.860 +\+1\.240$/m, /Buy-ins +25\.500$/m, /Aufstockungen +1\.240$/m, /Auszahlungen +13\.125$/m, /Zeitgebühr eingenommen +5\.580$/m, /Erwartet auf dem Tisch +9\.275$/m, /Ungeklärt +0$/m, /Gezählt +9\.235$/m, /Differenz +-40$/m,
        /^ *Kennzahl +Wert\n\s*Anfangsbestand +0\n\s*Buy-ins +25\.500$/m],
      absent: ['25,500', '9,275', 'vorher', 'Zeitraum', '—'],
    },
  },
  incidents: {
    en: {
      heading: 'Floor report: Incidents',
      lines: [/^ *Row +UTC +Hand +Kind +Who +What$/m, /^ *\d+ +(?:\d{2}:\d{2}|—) +5 +Misdeal +Floor Jörg +Misdeal: a seat entitled to cards was/m, /^ *\d+ +(?:\d{2}:\d{2}|—) +after 12 +Stack corrected +Floor Maria +Seat 3's stack corrected by \+1240:/m, /^ *\d+ +(?:\d{2}:\d{2}|—) +after 12 +Ruling +Floor Maria +Ruling: Łukasz spielte außer der Reihe:/m,
        // What a device reported: who is the device, by its name on the screen.
        /^ *\d+ +(?:\d{2}:\d{2}|—) +after 8 +Deck check failed +Shoe +The deck failed its check \(51 cards: missing\n +1\):/m],
      absent: ['Entscheidung:'],
    },
    de: {
      heading: 'Floor-Bericht: Vorfälle',
      lines: [/^ *Zeile +UTC +Hand +Art +Wer +Was$/m, /^ *\d+ +(?:\d{2}:\d{2}|—) +5 +Misdeal +Floor Jörg +Misdeal: ein Platz wurde beim Geben/m, /^ *\d+ +(?:\d{2}:\d{2}|—) +nach 12 +Stack korrigiert +Floor Maria +Stack von Platz 3 um \+1240/m, /^ *\d+ +(?:\d{2}:\d{2}|—) +nach 12 +Entscheidung +Floor Maria +Entscheidung: Łukasz spielte außer der/m,
        /^ *\d+ +(?:\d{2}:\d{2}|—) +nach 8 +Deckprüfung nicht +Kartenschlitten +Das Deck hat die Prüfung nicht bestanden$/m],
      absent: ['Ruling:', 'Fehlgeben', 'Stapel', 'shoe'],
    },
  },
  standings: {
    en: {
      heading: 'Floor report: Tournament standings',
      lines: [/^Won by A$/m, /^Places$/m, /^ *Place +Name +Seat$/m, /^ *1 +A +1$/m, /^ *2 +C +3$/m, /^ *3 +B +2$/m],
      absent: ['Still in', 'Period'],
    },
    de: {
      heading: 'Floor-Bericht: Turnierstand',
      lines: [/^Gewonnen von A$/m, /^Rangliste$/m, /^ *Rang +Name +Platz$/m, /^ *1 +A +1$/m, /^ *2 +C +3$/m, /^ *3 +B +2$/m],
      absent: ['Noch im Turnier', 'Zeitraum'],
    },
  },
};

describe('floor reports as PDF', () => {
  const log = floorFixture();
  const facts = factsOf(log);
  const table = replayTable(log);
  const reports = {
    session: floorReport('session', facts),
    collections: floorReport('collections', facts),
    cashflow: floorReport('cashflow', facts, { counted: COUNTED, table }),
    incidents: floorReport('incidents', facts),
    standings: floorReport('standings', facts, { table: finishedTournament().state }),
  } satisfies Record<ReportKind, FloorReport>;

  it('the fixture has the figures the printed reports are checked against', () => {
    expect(reports.session).toMatchObject({ handsPlayed: 12, handsVoided: 1, potTotal: 1_970, averagePot: 164, largestPot: { hand: 4, amount: 1_860 }, playersPerHand: { average: 2.92 }, time: { handsPerHour: 4.71 } });
    expect(reports.session.kind === 'session' && reports.session.time.byHour.at(-1)).toEqual({ hour: '2026-11-29T20:00Z', hands: 2, players: 2.5, seated: 3 });
    // Hands per hour as the session counts them, each hand lasting until the next starts: Mara's hands at
    // 18:00, :10, :20 and :30 last until Jörg's misdeal at 19:05, her 20:10 until 20:20 (5 in 75 minutes; her
    // last, the log's, has no end yet); Jörg's misdeal lasts a minute, his six hands until 20:10 (6 in 65).
    expect(reports.session.kind === 'session' && reports.session.dealers).toEqual([
      { number: '17', name: 'Mara', shifts: 2, hands: 6, minutes: 80, handsPerHour: 4 },
      { number: '23', name: 'Jörg', shifts: 1, hands: 6, minutes: 60, handsPerHour: 5.54 },
    ]);
    expect(reports.collections).toMatchObject({ time: { total: 5_580, byHour: [{ amount: 1_860 }, { amount: 1_860 }, { amount: 1_860 }] }, rake: { total: 0 } });
    expect(reports.collections.kind === 'collections' && reports.collections.shifts).toEqual([
      { number: '17', name: 'Mara', from: AT, to: AT + HOUR, hands: 4, timeCollected: 1_860, rake: 0 },
      { number: '23', name: 'Jörg', from: AT + HOUR, to: AT + 2 * HOUR, hands: 6, timeCollected: 1_860, rake: 0 },
      { number: '17', name: 'Mara', from: AT + 2 * HOUR, to: AT + 2 * HOUR + 20 * MINUTE, hands: 2, timeCollected: 1_860, rake: 0 },
    ]);
    expect((reports.cashflow as CashFlow).totals).toMatchObject({ opening: 0, buyIns: 25_500, topUps: 1_240, cashOuts: 13_125, adjustments: 1_240, onTable: 9_275, unexplained: 0 });
    expect(reports.incidents.kind === 'incidents' && reports.incidents.incidents.map((incident) => [incident.kind, incident.by])).toEqual([
      ['misdeal', 'Floor Jörg'],
      ['deck-check', 'shoe-1'],
      ['stack-corrected', 'Floor Maria'],
      ['ruling', 'Floor Maria'],
    ]);
    expect(reports.incidents.kind === 'incidents' && reports.incidents.incidents[1]?.words).toEqual(DECK_CHECK);
  });

  for (const kind of Object.keys(EXPECTED) as ReportKind[]) {
    for (const language of ['en', 'de'] as const) {
      it(`prints the ${kind} report in ${language === 'en' ? 'English' : 'German'}: its figures in that language's format, readable by poppler, with ink on the page`, () => {
        const expected = EXPECTED[kind][language];
        const file = writePdf(dir, `${kind}-${language}`, reportPdf(reports[kind], { language, generatedAt: GENERATED, table: '3' }));
        const info = pdfInfo(file);
        expect(info.status).toBe(0);
        expect(info.stderr).toBe('');
        expect(info.fields).toMatchObject({ Pages: '1', Title: expected.heading });

        const { pages, stderr } = pdfPages(file);
        expect(stderr).toBe('');
        expect(pages).toHaveLength(1);
        const text = (pages[0] ?? '').replace(/ +$/gm, '');
        expect(text).toMatch(new RegExp(`^${expected.heading}$`, 'm'));
        expect(text).toMatch(language === 'en' ? /^Table 3 +· +Generated 2026-11-29 21:00 UTC$/m : /^Tisch 3 +· +Erstellt 2026-11-29 21:00 UTC$/m);
        expect(text).toMatch(language === 'en' ? /Page 1 of 1$/m : /Seite 1 von 1$/m);
        for (const line of expected.lines) expect(text).toMatch(line);
        for (const absent of expected.absent) expect(text).not.toContain(absent);

        const rendered = renderPages(file, 50);
        expect(rendered.status).toBe(0);
        expect(rendered.stderr).toBe('');
        expect(rendered.pages).toHaveLength(1);
        expect(darkPixels(rendered.pages[0] ?? NO_IMAGE)).toBeGreaterThan(1_000);
      });
    }
  }

  /** A report printed to one page: its text (trailing blanks cut), after poppler read it without a complaint. */
  const printed = (name: string, report: FloorReport, language: ReportLanguage): string => {
    const file = writePdf(dir, name, reportPdf(report, { language, generatedAt: GENERATED, table: '3' }));
    const info = pdfInfo(file);
    expect(info.stderr).toBe('');
    expect(info.fields.Pages).toBe('1');
    const { pages, stderr } = pdfPages(file);
    expect(stderr).toBe('');
    expect(pages).toHaveLength(1);
    return (pages[0] ?? '').replace(/ +$/gm, '');
  };

  describe('over a period: 19:00 to 21:00, ending in the past', () => {
    const window = { from: AT + HOUR, to: GENERATED };
    // A count given for a period that ends in the past: it cannot be compared, so it is not printed.
    const flow = floorReport('cashflow', facts, { counted: COUNTED, table, window });

    it('has the figures the printed period is checked against', () => {
      expect(flow).toMatchObject({ window, count: null });
      expect((flow as CashFlow).totals).toEqual({ opening: 23_640, buyIns: 0, topUps: 1_240, cashOuts: 13_125, timeCollected: 3_720, rake: 0, adjustments: 1_240, expected: 9_275, onTable: null, unexplained: null, timeUnpaid: 0 });
      expect((flow as CashFlow).stays.map((stay) => [stay.name, stay.seatedBefore, stay.buyIn])).toEqual([
        ['Ada', true, 0],
        ['Jürgen', true, 0],
        ['Zoë', true, 0],
      ]);
    });

    const PERIOD: Readonly<Record<ReportLanguage, readonly RegExp[]>> = {
      en: [
        /^Floor report: Cash flow\n+Period 2026-11-29 19:00 – 21:00 UTC\n+Table 3 +· +Generated 2026-11-29 21:00 UTC$/m,
        // Seated before the period: the buy-in is in the opening chips.
        /^ *1 +Ada +before +1,240 +13,125 +1,240 +0$/m,
        /^ *3 +Jürgen +before +0 +still seated +1,240 +\+1,240$/m,
        /^ *6 +Zoë +before +0 +still seated +1,240 +0$/m,
        /^ *Figure +Value\n\s*Opening chips +23,640\n\s*Buy-ins +0$/m,
        /Time collected +3,720$/m,
        /Expected on the table +9,275$/m,
        /Chips on the table +—$/m,
        /Unexplained +—$/m,
        /^The period ends in the past: the chips on the table are known only for a period that reaches the present\.$/m,
      ],
      de: [
        /^Floor-Bericht: Geldfluss\n+Zeitraum 2026-11-29 19:00 – 21:00 UTC\n+Tisch 3 +· +Erstellt 2026-11-29 21:00 UTC$/m,
        /^ *1 +Ada +vorher +1\.240 +13\.125 +1\.240 +0$/m,
        /^ *3 +Jürgen +vorher +0 +sitzt noch +1\.240 +\+1\.240$/m,
        /^ *Kennzahl +Wert\n\s*Anfangsbestand +23\.640\n\s*Buy-ins +0$/m,
        /Zeitgebühr eingenommen +3\.720$/m,
        /Erwartet auf dem Tisch +9\.275$/m,
        /Chips auf dem Tisch +—$/m,
        /Ungeklärt +—$/m,
        /^Der Zeitraum endet in der Vergangenheit:/m,
      ],
    };

    for (const language of ['en', 'de'] as const) {
      it(`prints the cash flow in ${language === 'en' ? 'English' : 'German'}: the period under the heading, "${language === 'en' ? 'before' : 'vorher'}" for buy-ins before it, the opening first, "—" for the chips on the table`, () => {
        const text = printed(`cashflow-period-${language}`, flow, language);
        for (const line of PERIOD[language]) expect(text).toMatch(line);
        // No count without the chips on the table to hold it against.
        for (const absent of language === 'en' ? ['Counted', 'Difference', '9,235'] : ['Gezählt', 'Differenz', '9.235']) expect(text).not.toContain(absent);
      });
    }
  });

  it('prints an open period as "from …" / "ab …" and "until …" / "bis …", with the figures of that period only', () => {
    const from = floorReport('session', facts, { window: { from: AT + HOUR, to: null } });
    const until = floorReport('collections', facts, { window: { from: null, to: AT + 2 * HOUR } });
    const session = { en: printed('session-from-en', from, 'en'), de: printed('session-from-de', from, 'de') };
    const collections = { en: printed('collections-until-en', until, 'en'), de: printed('collections-until-de', until, 'de') };
    expect(session.en).toMatch(/^Floor report: Session\n+Period from 2026-11-29 19:00 UTC\n+Table 3 /m);
    expect(session.de).toMatch(/^Floor-Bericht: Sitzung\n+Zeitraum ab 2026-11-29 19:00 UTC\n+Tisch 3 /m);
    expect(collections.en).toMatch(/^Floor report: Collections\n+Period until 2026-11-29 20:00 UTC\n+Table 3 /m);
    expect(collections.de).toMatch(/^Floor-Bericht: Einnahmen\n+Zeitraum bis 2026-11-29 20:00 UTC\n+Tisch 3 /m);
    // From 19:00: Jörg's shift and Mara's second; until 20:00: Jörg's shift ends at its last hand, 19:55.
    expect(session.en).toMatch(/^ *Jörg #23 +1 +6 +60 +5\.54$/m);
    expect(session.de).toMatch(/^ *Mara #17 +1 +2 +20 +6$/m);
    expect(session.en).toMatch(/Hands played +8$/m);
    expect(collections.en).toMatch(/^ *Jörg #23 +19:00 +19:55 +6 +1,860 +0$/m);
    expect(collections.de).toMatch(/Zeitgebühr eingenommen +3\.720$/m);
    expect(collections.de).not.toMatch(/^ *Mara #17 +20:00/m);
  });

  it('prints hands no dealer signed in for as "no dealer recorded" / "kein Dealer erfasst"', () => {
    const undealt = factsOf(log.filter((entry) => entry.type !== 'dealer-on-duty'));
    const session = floorReport('session', undealt);
    const collections = floorReport('collections', undealt);
    // One shift of no one, from the first hand's start to the last one's: 12 hands in 140 minutes, the last
    // of which has no end yet: 11 hands in 140 minutes an hour, the session's own figure.
    expect(session.kind === 'session' && session.dealers).toEqual([{ number: null, name: null, shifts: 1, hands: 12, minutes: 140, handsPerHour: 4.71 }]);
    expect(session.kind === 'session' && session.time.handsPerHour).toBe(4.71);
    expect(printed('session-undealt-en', session, 'en')).toMatch(/^ *no dealer recorded +1 +12 +140 +4\.71$/m);
    expect(printed('session-undealt-de', session, 'de')).toMatch(/^ *kein Dealer erfasst +1 +12 +140 +4,71$/m);
    expect(printed('collections-undealt-en', collections, 'en')).toMatch(/^ *no dealer recorded +18:00 +20:20 +12 +5,580 +0$/m);
    expect(printed('collections-undealt-de', collections, 'de')).toMatch(/^ *kein Dealer erfasst +18:00 +20:20 +12 +5\.580 +0$/m);
  });

  it('prints a device incident in the device’s own words, in each language', () => {
    // The kind as the screen words it; who: the device; what: its words, wrapped in the column, whole.
    const english = printed('incidents-device-en', reports.incidents, 'en');
    expect(english).toMatch(/^ *\d+ +(?:\d{2}:\d{2}|—) +after 8 +Deck check failed +Shoe +The deck failed its check \(51 cards: missing\n +1\): do not deal it$/m);
    const german = printed('incidents-device-de', reports.incidents, 'de');
    expect(german).toMatch(/^ *\d+ +(?:\d{2}:\d{2}|—) +nach 8 +Deckprüfung nicht +Kartenschlitten +Das Deck hat die Prüfung nicht bestanden\n +bestanden +\(51 Karten: fehlt 1\): nicht damit geben$/m);
  });

  it('gives time left unpaid a column of its own, and a total, only when someone left owing time', () => {
    const owing: FloorReport = {
      kind: 'cashflow',
      window: { from: null, to: null },
      stays: [
        { seat: 3, name: 'Bo', seatedBefore: false, buyIn: 500, topUps: 0, cashOut: 0, timeCollected: 10, timeUnpaid: 5, adjustments: 0 },
        { seat: 6, name: 'Di', seatedBefore: false, buyIn: 1000, topUps: 0, cashOut: null, timeCollected: 15, timeUnpaid: 0, adjustments: 0 },
      ],
      totals: { opening: 0, buyIns: 1500, topUps: 0, cashOuts: 0, timeCollected: 25, rake: 0, adjustments: 0, expected: 1475, onTable: 1475, unexplained: 0, timeUnpaid: 5 },
      count: null,
    };
    const english = printed('cashflow-unpaid-en', owing, 'en');
    expect(english).toMatch(/Time unpaid/);
    expect(english).toMatch(/^ *3 +Bo +500 +0 +0 +10 +0 +5$/m);
    expect(english).toMatch(/^ *Time left unpaid +5$/m);
    const german = printed('cashflow-unpaid-de', owing, 'de');
    // Six amounts, every head still whole on its line.
    expect(german).toMatch(/^ *Platz +Name +Buy-in +Aufstockungen +Auszahlung +Zeit +Korrekturen +Zeit unbezahlt$/m);
  });

  it('prints who in German in German and an undo in the croupier’s words: the role, the device’s name', () => {
    const signed: FloorReport = {
      kind: 'incidents',
      window: { from: null, to: null },
      incidents: incidents(factsOf([
        { type: 'step-undone', handNumber: 4, undone: [{ type: 'bet', seat: 4, to: 60, lastFullRaise: 50, limitLevel: 60, betsThisRound: 2 }, { type: 'next-actor', seat: 6 }], reason: 'falsche Taste', by: 'Sam (floor supervisor #20)', at: AT },
        { type: 'card-refused', source: 'rfid-reader', handNumber: 4, at: AT },
      ])),
    };
    const german = printed('incidents-signed-de', signed, 'de');
    expect(german).toMatch(/^ *1 +\d{2}:\d{2} +4 +Schritt +Sam +Zurückgenommen: Platz 4 erhöht auf 60\n +zurückgenommen +\(Floor-Supervisor +\(falsche Taste\)\n +#20\)$/m);
    expect(german).toMatch(/^ *2 +\d{2}:\d{2} +4 +Karte schon im Spiel +RFID-Leser +Ein RFID-Leser hat eine Karte gesendet/m);
    expect(german).not.toMatch(/floor supervisor|rfid-reader|Operation/);
    const english = printed('incidents-signed-en', signed, 'en');
    expect(english).toMatch(/^ *1 +\d{2}:\d{2} +4 +Step taken back +Sam \(floor +Taken back: Seat 4 raises to 60 \(falsche\n +supervisor #20\) +Taste\)$/m);
    expect(english).toMatch(/^ *2 +\d{2}:\d{2} +4 +Card already in play +RFID reader +An RFID reader sent a card already in play/m);
  });

  it('prints a six-digit row and a five-digit hand on one line', () => {
    const late: FloorReport = {
      kind: 'incidents',
      window: { from: null, to: null },
      incidents: [{ row: 123_456, at: AT, kind: 'ruling', hand: 12_345, afterHand: false, by: 'Floor Maria', who: { en: 'Floor Maria', de: 'Floor Maria' }, chips: 0, words: { en: 'Ruling: the bet stands', de: 'Entscheidung: der Einsatz gilt' } }],
    };
    expect(printed('incidents-long-numbers-en', late, 'en')).toMatch(/^ *123456 +\d{2}:\d{2} +12345 +Ruling +Floor Maria +Ruling: the bet stands$/m);
  });

  it('draws the bar charts to scale: hands per clock hour 4, 6, 2; time collected 1,860 in each of three hours', () => {
    const session = renderPages(writePdf(dir, 'session-chart', reportPdf(reports.session, { language: 'de', generatedAt: GENERATED })), 72).pages[0];
    const collections = renderPages(writePdf(dir, 'collections-chart', reportPdf(reports.collections, { language: 'en', generatedAt: GENERATED })), 72).pages[0];
    // The bars are filled with gray 0.45 (115 of 255); at 72 dpi a pixel is a point, and the tallest bar 90 points.
    const sessionBars = grayBars(session ?? NO_IMAGE, 115, 15);
    expect(sessionBars).toHaveLength(3);
    // Left to right, each within two pixels of 90 × hands / 6.
    expect(sessionBars.map((bar, index) => Math.abs(bar.height - ([60, 90, 30][index] ?? Number.NaN)) <= 2)).toEqual([true, true, true]);
    const collectionBars = grayBars(collections ?? NO_IMAGE, 115, 15);
    expect(collectionBars.map((bar) => Math.abs(bar.height - 90) <= 2)).toEqual([true, true, true]);
  });

  it("prints a tournament's standings with the names as written (the first writer's WinAnsi printed \"?ukasz\"), and the players still in by their chips", () => {
    const report: FloorReport = { kind: 'standings', window: { from: null, to: null }, tournament: true, level: 4, winner: null, places: [{ place: 3, name: 'Łukasz', seat: 2 }], playing: [{ seat: 5, name: 'Zoë', chips: 12_400 }] };
    const text = (pdfPages(writePdf(dir, 'standings-going-on', reportPdf(report, { language: 'en', generatedAt: GENERATED }))).pages[0] ?? '').replace(/ +$/gm, '');
    expect(text).toMatch(/^Blind level 4$/m);
    expect(text).toMatch(/^ *3 +Łukasz +2$/m);
    expect(text).toMatch(/^Still in, by chips$/m);
    expect(text).toMatch(/^ *5 +Zoë +12,400$/m);
  });

  it('gives incidents of more than one day their date on one line of the UTC column and the time on the next', () => {
    const day = 24 * 60 * 60_000;
    const misdeal = { kind: 'misdeal', hand: 5, afterHand: false, by: 'Floor Jörg', who: { en: 'Floor Jörg', de: 'Floor Jörg' }, chips: 0, words: { en: 'Misdeal: a fouled deck', de: 'Misdeal: ein fehlerhaftes Deck' } } as const;
    const report: FloorReport = { kind: 'incidents', window: { from: null, to: null }, incidents: [{ ...misdeal, row: 12, at: AT }, { ...misdeal, row: 912, hand: 88, at: AT + day }] };
    const file = writePdf(dir, 'two-days', reportPdf(report, { language: 'en', generatedAt: GENERATED }));
    const text = (pdfPages(file).pages[0] ?? '').replace(/ +$/gm, '');
    expect(text).toMatch(/^ *12 +2026-11-29 +5 +Misdeal +Floor Jörg +Misdeal: a fouled deck\n +18:00$/m);
    expect(text).toMatch(/^ *912 +2026-11-30 +88 +Misdeal/m);
    expect(text).not.toMatch(/2026-$/m);
  });

  it('spreads 150 incidents over pages: every row once and whole, the column heads on every page, "Seite i von n"', () => {
    const many = floorReport('incidents', factsOf(manyIncidents(150)));
    const file = writePdf(dir, 'many-incidents', reportPdf(many, { language: 'de', generatedAt: GENERATED, table: 'Sieben' }));
    const info = pdfInfo(file);
    expect(info.stderr).toBe('');
    const count = Number(info.fields.Pages);
    expect(count).toBeGreaterThanOrEqual(3);

    const { pages, stderr } = pdfPages(file);
    expect(stderr).toBe('');
    expect(pages).toHaveLength(count);
    pages.forEach((page, index) => {
      expect(page).toContain(`Seite ${index + 1} von ${count}`);
      expect(page).toMatch(/^ *Zeile +UTC +Hand +Art +Wer +Was *$/m);
      expect(page).toContain('Floor-Bericht: Vorfälle');
      if (index > 0) expect(page).toContain('Vorfälle (Fortsetzung)');
      // A long ruling wraps over four lines; its last line is on the page its first is on.
      expect(page.match(/Einsatz gilt\. Der\b/g)?.length ?? 0).toBe(page.match(/Gebers\./g)?.length ?? 0);
    });
    // Nothing runs into the foot of a page (its rule is 48 points above the edge): only the page number and "Felt" are there.
    const footer = pdfWords(file).filter((word) => word.yMax > 841.89 - 48);
    expect(footer.map((word) => word.text).join(' ')).toBe(Array.from({ length: count }, (_, index) => `Felt Seite ${index + 1} von ${count}`).join(' '));
    const numbers = pages.flatMap((page) => [...page.matchAll(/Nr\. (\d+): Einsatz gilt/g)].map((match) => Number(match[1])));
    expect(numbers).toEqual(Array.from({ length: 150 }, (_, index) => index + 1));

    const rendered = renderPages(file, 50);
    expect(rendered.stderr).toBe('');
    expect(rendered.pages).toHaveLength(count);
    for (const page of rendered.pages) expect(darkPixels(page)).toBeGreaterThan(1_000);

    const english = pdfPages(writePdf(dir, 'many-incidents-en', reportPdf(many, { language: 'en', generatedAt: GENERATED }))).pages;
    expect(english).toHaveLength(count);
    expect(english.at(-1)).toContain(`Page ${count} of ${count}`);
    expect(english[1]).toContain('Incidents (continued)');
  });

  it('is pure: the same report and options give the same bytes; the title and the table are the caller’s', () => {
    const options = { language: 'de', generatedAt: GENERATED, title: 'Nachtschicht Tisch 3', table: 'Drei (Ecke)' } as const;
    const bytes = reportPdf(reports.cashflow, options);
    expect(reportPdf(reports.cashflow, options)).toEqual(bytes);
    expect(reportPdf(reports.cashflow, { ...options, generatedAt: GENERATED + 60_000 })).not.toEqual(bytes);
    const file = writePdf(dir, 'titled', bytes);
    expect(pdfInfo(file).fields.Title).toBe('Nachtschicht Tisch 3');
    expect(pdfPages(file).pages[0]).toMatch(/^Tisch Drei \(Ecke\) +· +Erstellt 2026-11-29 21:00 UTC *$/m);
  });
});

