import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import { pdfPages, writePdf } from '../reports/pdf-support.js';

describe('floor reports through the core', () => {
  it('are the floor’s: locked without the PIN, then the cash flow of the table as it stands, reconciled', async () => {
    const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', seed: 5 });
    try {
      const connection = core.connect(() => undefined);
      let id = 0;
      const send = (name: string, args?: unknown) => connection.handle(JSON.stringify({ id: `q${++id}`, name, args })) as { ok: boolean; result?: Record<string, unknown>; error?: { code: string; words: { en: string } } };
      for (const [seat, buyIn] of [[1, 500], [4, 800]] as const) send('table-submit', { commandId: `sit${seat}`, command: { type: 'sit', seat, name: `P${seat}`, buyIn } });
      expect(send('floor-report', { kind: 'cashflow' })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
      expect(send('floor-unlock', { staff: '1', pin: '246813' }).ok).toBe(true);
      const report = send('floor-report', { kind: 'cashflow', count: 1_290 });
      expect(report.ok).toBe(true);
      expect(report.result).toMatchObject({ kind: 'cashflow', totals: { buyIns: 1300, onTable: 1300, unexplained: 0 }, count: { counted: 1290, difference: -10 } });
      expect(send('floor-report', { kind: 'session' }).result).toMatchObject({ kind: 'session', handsPlayed: 0 });
      expect(send('floor-report', { kind: 'payroll' }).error?.words.en).toBe('args.kind: one of session, collections, cashflow, incidents, standings');
      expect(send('floor-report', { kind: 'session', count: 5 }).error?.words.en).toBe('args.count belongs to the cash flow report');
      // A shift by the table's clock: the window is the last so many hours up to now.
      const shift = send('floor-report', { kind: 'incidents', hours: 8 });
      expect(shift.result?.['window']).toEqual({ from: expect.any(Number), to: null });
      const window = shift.result?.['window'] as { from: number };
      expect(Date.now() - window.from).toBeGreaterThanOrEqual(8 * 3_600_000);
      expect(Date.now() - window.from).toBeLessThan(8 * 3_600_000 + 60_000);
      expect(send('floor-report', { kind: 'session' }).result?.['window']).toEqual({ from: null, to: null });
      for (const hours of [0, 1.5, 169, '8']) expect(send('floor-report', { kind: 'session', hours }).error?.words.en).toBe('args.hours: the last so many hours, a whole number from 1 to 168');
      expect(send('floor-report', { kind: 'session', hour: 8 }).error?.words.en).toBe('args.hour: a report takes kind, count and hours');
      expect(send('floor-report-pdf', { kind: 'session', hours: 24, lang: 'en' }).ok).toBe(true);
      // The same report to print: a PDF in the asked language.
      const pdf = send('floor-report-pdf', { kind: 'cashflow', count: 1_290, lang: 'de' });
      expect(pdf).toMatchObject({ ok: true, result: { fileName: expect.stringMatching(/^felt-cashflow-\d{8}-\d{4}\.pdf$/) } });
      const bytes = Buffer.from(String(pdf.result?.base64), 'base64');
      expect(bytes.toString('latin1').startsWith('%PDF-1.7')).toBe(true);
      // Its text is in compressed streams: read back as a reader would.
      expect(pdfPages(writePdf(mkdtempSync(join(tmpdir(), 'felt-api-pdf-')), 'cashflow', bytes)).pages[0]).toMatch(/Differenz +/);
      expect(send('floor-report-pdf', { kind: 'cashflow', lang: 'fr' }).error?.words.en).toBe('args.lang: en or de');
      send('floor-lock');
      expect(send('floor-report-pdf', { kind: 'session', lang: 'en' })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    } finally {
      core.close();
    }
  });
});
