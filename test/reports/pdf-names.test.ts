import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { factsOf } from '../../src/reports/facts.js';
import { type FloorReport, floorReport, REPORT_FACTS } from '../../src/reports/floor-report.js';
import { type ReportLanguage, reportPdf } from '../../src/reports/report-pdf.js';
import { readReportSource } from '../../src/store/log-reader.js';
import { Store } from '../../src/store/store.js';
import { AT, floorFixture, pdfFonts, pdfInfo, pdfPages, shownGlyphs, writePdf } from './pdf-support.js';

/**
 * Any name in the PDF (issue 27): the names a casino's guests and staff write, printed as written in English
 * and German reports — the first writer (Helvetica in WinAnsi) printed "Łukasz" as "?ukasz" and "Ağca" as
 * "A?ca" — read back from the file with pdftotext; a name the font cannot draw still never stops a report.
 */
const dir = mkdtempSync(join(tmpdir(), 'felt-pdf-names-'));
const felt = fileURLToPath(new URL('../../bin/felt', import.meta.url));
const GENERATED = AT + 3 * 3_600_000;
const window = { from: null, to: null } as const;

/** Polish, Turkish, German, Danish, Greek, Russian, Serbian: one each, short enough for the name column. */
const GUESTS = ['Łukasz', 'Ağca', 'Müller', 'Straße', 'Ørsted', 'Αλέξης', 'Жанна', 'Đorđe'] as const;

/** Each guest seated with a buy-in of 100 + their seat (under a thousand, so no language groups it). */
function cashFlowOf(names: readonly string[]): FloorReport {
  const stays = names.map((name, index) => ({ seat: index + 1, name, seatedBefore: false, buyIn: 101 + index, topUps: 0, cashOut: null, timeCollected: 10, timeUnpaid: 0, adjustments: 0 }));
  const buyIns = stays.reduce((sum, stay) => sum + stay.buyIn, 0);
  const onTable = buyIns - 10 * stays.length;
  return { kind: 'cashflow', window, stays, totals: { opening: 0, buyIns, topUps: 0, cashOuts: 0, timeCollected: 10 * stays.length, rake: 0, adjustments: 0, expected: onTable, onTable, unexplained: 0, timeUnpaid: 0 }, count: null };
}

/** A report printed, and its one page's text after poppler read the file without a complaint. */
function printed(name: string, report: FloorReport, language: ReportLanguage): { readonly text: string; readonly bytes: Uint8Array } {
  const bytes = reportPdf(report, { language, generatedAt: GENERATED, table: 'Łódź 3' });
  const file = writePdf(dir, name, bytes);
  const info = pdfInfo(file);
  expect(info.stderr).toBe('');
  expect(info.fields.Pages).toBe('1');
  const { pages, stderr } = pdfPages(file);
  expect(stderr).toBe('');
  return { text: (pages[0] ?? '').replace(/ +$/gm, ''), bytes };
}

const STILL_SEATED: Readonly<Record<ReportLanguage, string>> = { en: 'still seated', de: 'sitzt noch' };

describe('any name in the PDF', () => {
  for (const language of ['en', 'de'] as const) {
    it(`prints every guest's name as written in the ${language === 'en' ? 'English' : 'German'} cash flow, each in its row with its figures, and the table's name in the heading`, () => {
      const { text, bytes } = printed(`names-cashflow-${language}`, cashFlowOf(GUESTS), language);
      GUESTS.forEach((name, index) => expect(text).toMatch(new RegExp(`^ *${index + 1} +${name} +${101 + index} +0 +${STILL_SEATED[language]} +10 +0$`, 'm')));
      expect(text).toMatch(language === 'en' ? /^Table Łódź 3 +· +Generated 2026-11-29 21:00 UTC$/m : /^Tisch Łódź 3 +· +Erstellt 2026-11-29 21:00 UTC$/m);
      expect(text).toMatch(language === 'en' ? /Buy-ins +836$/m : /Buy-ins +836$/m);
      expect(text).toMatch(language === 'en' ? /Expected on the table +756$/m : /Erwartet auf dem Tisch +756$/m);
      expect(text).not.toContain('?');
      expect(shownGlyphs(bytes)).not.toContain(0);
    });

    it(`prints names as written in the ${language === 'en' ? 'English' : 'German'} incidents, standings and per-dealer figures`, () => {
      const words = { en: 'Ruling: Жанна acted out of turn against Ağca; the action stands', de: 'Entscheidung: Жанна handelte vor Ağca: die Aktion gilt' };
      const incidents = printed(`names-incidents-${language}`, { kind: 'incidents', window, incidents: [{ row: 42, at: AT, kind: 'ruling', hand: 7, afterHand: false, by: 'Ørsted', who: { en: 'Ørsted', de: 'Ørsted' }, chips: 0, words }] }, language).text;
      expect(incidents.replace(/\s+/g, ' ')).toContain(words[language]);
      expect(incidents).toMatch(/^ *42 +18:00 +7 +\S+ +Ørsted +/m);

      const standings = printed(`names-standings-${language}`, { kind: 'standings', window, tournament: true, level: 9, winner: 'Αλέξης', places: [{ place: 1, name: 'Αλέξης', seat: 4 }, { place: 2, name: 'Łukasz', seat: 2 }, { place: 3, name: 'Жанна', seat: 7 }], playing: [] }, language).text;
      expect(standings).toMatch(language === 'en' ? /^Won by Αλέξης$/m : /^Gewonnen von Αλέξης$/m);
      const places = [/^ *1 +Αλέξης +4$/m, /^ *2 +Łukasz +2$/m, /^ *3 +Жанна +7$/m].map((row) => standings.search(row));
      expect(places.every((at) => at > 0)).toBe(true);
      expect([...places].sort((a, b) => a - b)).toEqual(places);

      const fixture = floorReport('session', factsOf(floorFixture()));
      if (fixture.kind !== 'session') throw new Error('not a session');
      const session = printed(`names-session-${language}`, { ...fixture, dealers: [{ number: '9', name: 'Đorđe', shifts: 2, hands: 12, minutes: 140, handsPerHour: 4.71 }] }, language).text;
      expect(session).toMatch(language === 'en' ? /^ *Đorđe #9 +2 +12 +140 +4\.71/m : /^ *Đorđe #9 +2 +12 +140 +4,71/m);
    });
  }

  it("words a player known by number only (the floor's copy has no names: D104) and an erased one in the PDF's language", () => {
    const db = join(mkdtempSync(join(tmpdir(), 'felt-pdf-numbered-')), 'table.db');
    const store = Store.open(db);
    const table = TableController.open(store, { now: () => AT }, CASINO_5_10);
    ['Łukasz', 'Αλέξης'].forEach((name, index) => expect(table.submit({ id: `sit-${index}`, command: { type: 'sit', seat: index + 1, name, buyIn: 500 } }).lastError).toBeNull());
    store.close();
    // Made as the floor makes it: the rows' references, no names beside them.
    const source = readReportSource(db, REPORT_FACTS.cashflow, true);
    const report = floorReport('cashflow', source.facts, { table: source.table });
    if (report.kind !== 'cashflow') throw new Error('not a cash flow');
    expect(report.stays.map(({ name, numbered }) => [name, numbered])).toEqual([['player 1', 1], ['player 2', 2]]);
    const erased: FloorReport = { ...report, stays: report.stays.map((stay, index) => (index === 1 ? { seat: stay.seat, seatedBefore: stay.seatedBefore, buyIn: stay.buyIn, topUps: 0, cashOut: stay.cashOut, timeCollected: 0, timeUnpaid: 0, adjustments: 0, name: 'erased player', erased: true } : stay)) };
    const english = printed('numbered-cashflow-en', erased, 'en').text;
    const german = printed('numbered-cashflow-de', erased, 'de').text;
    expect(english).toMatch(/^ *1 +player 1 +500 /m);
    expect(english).toMatch(/^ *2 +erased player +500 /m);
    expect(german).toMatch(/^ *1 +Spieler 1 +500 /m);
    expect(german).toMatch(/^ *2 +gelöschter Spieler +500 /m);
    expect(german).not.toMatch(/player|Łukasz|Αλέξης/);
  });

  it('prints a name the font cannot draw with the replacement glyph, the real name in the text layer; a typed line break as a space', () => {
    const names = ['王芳', 'Zoë 🎰', 'Ada\nLovelace', 'Ł\u0007ukasz'];
    const { text, bytes } = printed('names-outside-the-font', cashFlowOf(names), 'en');
    // pdftotext reads the text layer: the characters themselves, not the glyphs drawn for them (in the order
    // drawn: poppler misplaces an /ActualText's words on the page, see pdfPages).
    const raw = pdfPages(join(dir, 'names-outside-the-font.pdf'), 'raw').pages[0] ?? '';
    expect(raw).toMatch(/^1\n王芳\n101 0 still seated 10 0$/m);
    expect(raw).toMatch(/^2\nZoë 🎰\n102 0 still seated 10 0$/m);
    expect(text).toMatch(/^ *3 +Ada Lovelace +103 /m);
    // A control character typed into a name is a space.
    expect(text).toMatch(/^ *4 +Ł ukasz +104 /m);
    expect(shownGlyphs(bytes)).not.toContain(0);
  });

  it('prints any string a client could send as a name without throwing, without the .notdef (PDF/A), and always a whole PDF', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }), { minLength: 1, maxLength: 6 }), (names) => {
        const bytes = reportPdf(cashFlowOf(names), { language: 'de', generatedAt: GENERATED });
        expect(Buffer.from(bytes.subarray(0, 9)).toString('latin1')).toBe('%PDF-1.7\n');
        expect(Buffer.from(bytes.subarray(-6)).toString('latin1')).toBe('%%EOF\n');
        expect(shownGlyphs(bytes)).not.toContain(0);
      }),
      { numRuns: 40, seed: 27 },
    );
  });

  it('felt report --format pdf (the built command) prints the names as written, in the embedded DejaVu fonts, and says so when it cannot write the file', () => {
    const db = join(mkdtempSync(join(tmpdir(), 'felt-pdf-names-cli-')), 'table.db');
    const store = Store.open(db);
    const table = TableController.open(store, { now: () => AT }, CASINO_5_10);
    ['Łukasz', 'Αλέξης', 'Жанна'].forEach((name, index) => {
      const view = table.submit({ id: `sit-${index}`, command: { type: 'sit', seat: index + 1, name, buyIn: 500 } });
      expect(view.lastError).toBeNull();
    });
    store.close();
    for (const lang of ['en', 'de'] as const) {
      const out = join(dir, `cli-${lang}.pdf`);
      const run = spawnSync(felt, ['report', '--db', db, '--kind', 'cashflow', '--format', 'pdf', '--lang', lang, '--out', out], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const text = pdfPages(out).pages[0] ?? '';
      expect(text).toMatch(/^ *1 +Łukasz +500 /m);
      expect(text).toMatch(/^ *2 +Αλέξης +500 /m);
      expect(text).toMatch(/^ *3 +Жанна +500 /m);
      expect(pdfFonts(out).fonts.map((font) => [font.name.replace(/^[A-Z]{6}\+/, ''), font.embedded, font.unicode])).toEqual([
        ['DejaVuSansCondensed-Bold', true, true],
        ['DejaVuSansCondensed', true, true],
      ]);
    }
    const nowhere = join(dir, 'no-such-folder', 'x.pdf');
    const refused = spawnSync(felt, ['report', '--db', db, '--kind', 'cashflow', '--format', 'pdf', '--out', nowhere], { encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(`felt report: the folder ${join(dir, 'no-such-folder')} does not exist (for ${nowhere}): check the path, or make the folder first\n`);
  });
});
