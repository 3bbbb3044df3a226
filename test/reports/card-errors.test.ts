import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { factsOf } from '../../src/reports/facts.js';
import { floorReport } from '../../src/reports/floor-report.js';
import { reportCsv } from '../../src/reports/report-csv.js';
import { reportPdf } from '../../src/reports/report-pdf.js';
import { cardErrorsTable, SAM } from './card-errors-table.js';
import { pdfPages, writePdf } from './pdf-support.js';

const AT = Date.UTC(2026, 11, 2, 18);
const DANA = 'Dana (croupier #7)';

/** The dealer's card errors (D94) in the incidents report, from a hand-made log. */
describe('the dealer card errors in the incidents report', () => {
  const report = floorReport('incidents', factsOf(cardErrorsTable(AT).log));
  const found = report.kind === 'incidents' ? report.incidents : [];

  it('lists an exposed hole card, a premature card, a flop dealt again, each with whose it is; one the floor took on a screen\'s report with the floor member', () => {
    expect(found.map(({ row, kind, by }) => ({ row, kind, by }))).toEqual([
      { row: 22, kind: 'card-exposed', by: DANA },
      { row: 29, kind: 'premature-card', by: DANA },
      { row: 44, kind: 'flop-redealt', by: DANA },
      { row: 50, kind: 'card-entry-stopped', by: 'screen' },
      { row: 51, kind: 'card-entry-resumed', by: SAM },
      { row: 52, kind: 'premature-card', by: SAM },
    ]);
    expect(found[0]?.who).toEqual({ en: DANA, de: 'Dana (Croupier #7)' });
    expect(found[1]?.words).toEqual({ en: 'A board card (Ac) turned too early: set aside until the flop', de: 'Eine Boardkarte (Ac) zu früh aufgedeckt: beiseitegelegt bis zum Flop' });
    expect(found[5]?.words.en).toBe("A burn card (Ad) turned too early: it stays with the burns — taken by the floor on a screen's report");
  });

  it('without a dealer on duty in the log, a card error is the croupier\'s', () => {
    const log = cardErrorsTable(AT).log.filter((entry) => entry.type !== 'dealer-on-duty');
    const report = floorReport('incidents', factsOf(log));
    expect(report.kind === 'incidents' && report.incidents.find((incident) => incident.kind === 'card-exposed')?.who).toEqual({ en: 'Croupier', de: 'Croupier' });
  });

  it('the CSV has a row of each, with its kind and who', () => {
    const lines = reportCsv(report).split(/\r?\n/);
    expect(lines.filter((line) => /,card-exposed,|,premature-card,|,flop-redealt,/.test(line))).toHaveLength(4);
    expect(lines.find((line) => line.includes(',flop-redealt,'))).toContain(DANA);
    expect(lines.find((line) => line.includes(',premature-card,') && line.includes(SAM))).toBeDefined();
  });

  it('the PDF names them in English and in German', () => {
    const dir = mkdtempSync(join(tmpdir(), 'felt-card-errors-'));
    const words = { en: ['Hole card exposed', 'Premature card', 'Flop dealt again', 'Dana (croupier', '(Th)'], de: ['Hole Card', 'Vorzeitige Karte', 'Flop neu gegeben', 'Dana (Croupier', '(Th)'] } as const;
    for (const language of ['en', 'de'] as const) {
      // A cell's words may wrap: the names are looked for up to where a line may break.
      const text = pdfPages(writePdf(dir, `incidents-${language}`, reportPdf(report, { language, generatedAt: AT, table: '3' }))).pages.join('\n').replace(/\s+/g, ' ');
      for (const word of words[language]) expect(text).toContain(word);
    }
  });
});
