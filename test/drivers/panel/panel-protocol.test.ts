import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../src/cards/random.js';
import {
  buttonsFromMask,
  encodePanelReport,
  GARBAGE_REPORT_BYTES,
  hexBytes,
  keyFromCode,
  PANEL_BUTTONS,
  PANEL_KEYS,
  type PanelParseResult,
  type PanelReport,
  PanelReportParser,
} from '../../../drivers/panel/panel-protocol.js';
import { concat, DOCUMENTED_REPORTS, fromHex, problems, reports } from './panel-fixtures.js';

/** Every state a panel can report: 128 button masks × (no key and 12 keys). */
const EVERY_REPORT: readonly PanelReport[] = Array.from({ length: 128 }, (_, mask) => [null, ...PANEL_KEYS].map((key) => ({ buttons: buttonsFromMask(mask), key }))).flat();

const NOTHING: PanelReport = { buttons: [], key: null };
const FOLD: PanelReport = { buttons: ['fold'], key: null };
const CONFIRM_7: PanelReport = { buttons: ['confirm'], key: '7' };

const bytesOf = (results: readonly PanelParseResult[]): number => results.reduce((sum, result) => sum + result.bytes, 0);

function pushAll(parser: PanelReportParser, chunks: readonly Uint8Array[]): PanelParseResult[] {
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.flush()];
}

describe('the button panel report (docs/protocols.md, "Button panel")', () => {
  it('writes and reads the documented examples byte for byte', () => {
    for (const [report, bytes] of DOCUMENTED_REPORTS) {
      expect(hexBytes(encodePanelReport(report))).toBe(bytes);
      expect(new PanelReportParser('report').push(fromHex(bytes))).toEqual([{ kind: 'report', report, bytes: 4 }]);
    }
  });

  it('reads back every report it writes (all 1,664 states), one per chunk and back to back', () => {
    expect(EVERY_REPORT).toHaveLength(128 * 13);
    const parser = new PanelReportParser('report');
    for (const report of EVERY_REPORT) expect(parser.push(encodePanelReport(report))).toEqual([{ kind: 'report', report, bytes: 4 }]);
    const stream = concat(EVERY_REPORT.map(encodePanelReport));
    const results = pushAll(new PanelReportParser('stream'), [stream]);
    expect(problems(results)).toEqual([]);
    expect(reports(results)).toEqual(EVERY_REPORT);
  });

  it('lists buttons in bit order whatever order they were given in, each once', () => {
    expect(hexBytes(encodePanelReport({ buttons: ['confirm', 'fold', 'confirm'], key: null }))).toBe('01 11 00 00');
    expect(buttonsFromMask(0x7f)).toEqual([...PANEL_BUTTONS]);
  });

  it('knows exactly the documented key codes', () => {
    const known = Array.from({ length: 256 }, (_, code) => code).filter((code) => keyFromCode(code) !== undefined);
    expect(known.map((code) => `${code.toString(16)}=${String(keyFromCode(code))}`)).toEqual([
      '0=null', '8=delete', '1b=clear', '30=0', '31=1', '32=2', '33=3', '34=4', '35=5', '36=6', '37=7', '38=8', '39=9',
    ]);
  });
});

describe('report framing (USB HID: one report per chunk)', () => {
  const malformed: readonly (readonly [string, string, string, string])[] = [
    ['another report id', '02 01 00 00', 'wrong-report-id', 'report id 0x02'],
    ['report id 0 (an unnumbered report)', '00 01 00 00', 'wrong-report-id', 'report id 0x00'],
    ['reserved bit 7', '01 80 00 00', 'reserved-bits', 'reserved button bit 7 set (low byte 0x80)'],
    ['reserved bit 8', '01 00 01 00', 'reserved-bits', 'reserved button bit 8 set (high byte 0x01)'],
    ['reserved bits 9 and 15', '01 02 82 00', 'reserved-bits', 'reserved button bits 9, 15 set (high byte 0x82)'],
    ['an unknown key', '01 00 00 41', 'unknown-key', 'unknown key code 0x41'],
    ['a key one past the digits', '01 00 00 3A', 'unknown-key', 'unknown key code 0x3A'],
    ['an empty report', '', 'wrong-length', 'a report of 0 bytes (empty)'],
    ['a report without its id', '02 00 00', 'wrong-length', 'a report of 3 bytes (02 00 00)'],
    ['a report one byte long', '01 02 00 00 00', 'wrong-length', 'a report of 5 bytes'],
    ['a 64-byte report', Array.from({ length: 64 }, () => '01').join(' '), 'wrong-length', 'a report of 64 bytes (01 01 01 01 01 01 01 01 01 01 01 01 01 01 01 01 …)'],
  ];

  it.each(malformed)('names %s, and reads the report after it', (_, bytes, code, problem) => {
    const parser = new PanelReportParser('report');
    const results = [...parser.push(fromHex(bytes)), ...parser.push(encodePanelReport(FOLD))];
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ kind: 'error', code, bytes: fromHex(bytes).length });
    expect(problems(results)[0]).toContain(problem);
    expect(reports(results)).toEqual([FOLD]);
  });

  it('names every unknown key code (243 of 256) and every reserved bit (9)', () => {
    const parser = new PanelReportParser('report');
    let unknown = 0;
    for (let code = 0; code < 256; code++) {
      const [result] = parser.push(Uint8Array.of(0x01, 0x00, 0x00, code));
      if (keyFromCode(code) === undefined) {
        unknown++;
        expect(result).toMatchObject({ kind: 'error', code: 'unknown-key' });
      } else expect(result?.kind).toBe('report');
    }
    expect(unknown).toBe(243);
    for (let bit = 7; bit < 16; bit++) {
      const mask = 1 << bit;
      const [result] = parser.push(Uint8Array.of(0x01, mask & 0xff, mask >> 8, 0x00));
      expect(result).toMatchObject({ kind: 'error', code: 'reserved-bits', problem: expect.stringContaining(`bit ${bit} set`) });
    }
  });

  it('answers any chunk with exactly one result: a report that re-encodes to the chunk, or an error (never a throw)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70 }), (chunk) => {
        const results = new PanelReportParser('report').push(chunk);
        expect(results).toHaveLength(1);
        const [result] = results;
        if (result?.kind === 'report') expect(encodePanelReport(result.report)).toEqual(chunk);
        expect(result?.bytes).toBe(chunk.length);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('stream framing (a serial link: reports back to back)', () => {
  const SEQUENCE: readonly PanelReport[] = [...DOCUMENTED_REPORTS.map(([report]) => report), NOTHING, CONFIRM_7, FOLD, FOLD, NOTHING];
  const STREAM = concat(SEQUENCE.map(encodePanelReport));

  it('reads the same reports split at every byte boundary, byte by byte, and in random pieces', () => {
    for (let cut = 0; cut <= STREAM.length; cut++) {
      const results = pushAll(new PanelReportParser('stream'), [STREAM.subarray(0, cut), STREAM.subarray(cut)]);
      expect(problems(results)).toEqual([]);
      expect(reports(results)).toEqual(SEQUENCE);
    }
    // Every pair of cuts: three pieces.
    for (let first = 0; first <= STREAM.length; first++) {
      for (let second = first; second <= STREAM.length; second++) {
        const results = pushAll(new PanelReportParser('stream'), [STREAM.subarray(0, first), STREAM.subarray(first, second), STREAM.subarray(second)]);
        expect(reports(results)).toEqual(SEQUENCE);
      }
    }
    const byByte = pushAll(new PanelReportParser('stream'), Array.from(STREAM, (byte) => Uint8Array.of(byte)));
    expect(reports(byByte)).toEqual(SEQUENCE);
    const random = new SeededRandom(11);
    for (let run = 0; run < 500; run++) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < STREAM.length; ) {
        const size = random.nextInt(10); // 0: an empty chunk now and then
        chunks.push(STREAM.subarray(at, at + size));
        at += size;
      }
      const results = pushAll(new PanelReportParser('stream'), chunks);
      expect(problems(results)).toEqual([]);
      expect(reports(results)).toEqual(SEQUENCE);
    }
  });

  it('counts garbage before, between and after reports, and reads the reports', () => {
    const stream = concat([fromHex('FF 00 37'), encodePanelReport(FOLD), fromHex('AA'), encodePanelReport(CONFIRM_7), fromHex('00 00')]);
    const results = pushAll(new PanelReportParser('stream'), [stream]);
    expect(results).toEqual([
      { kind: 'error', code: 'garbage', problem: '3 bytes of garbage outside any report', bytes: 3 },
      { kind: 'report', report: FOLD, bytes: 4 },
      { kind: 'error', code: 'garbage', problem: '1 byte of garbage outside any report', bytes: 1 },
      { kind: 'report', report: CONFIRM_7, bytes: 4 },
      { kind: 'error', code: 'garbage', problem: '2 bytes of garbage outside any report', bytes: 2 },
    ]);
  });

  it('reports a long run of garbage as it goes, every 256 bytes, holding nothing', () => {
    const parser = new PanelReportParser('stream');
    const results = parser.push(new Uint8Array(1000).fill(0xee));
    expect(results.map((result) => result.bytes)).toEqual([GARBAGE_REPORT_BYTES, GARBAGE_REPORT_BYTES, GARBAGE_REPORT_BYTES]);
    expect(parser.bufferedBytes).toBe(0);
    expect(parser.flush()).toEqual([{ kind: 'error', code: 'garbage', problem: '232 bytes of garbage outside any report', bytes: 232 }]);
  });

  it.each([
    ['a report cut short by the next', '01 02 01 00 00 00', 'reserved-bits', 'reserved button bit 8 set (high byte 0x01): 01 02 01 is not a report (a new report begins at byte 2: a report cut short?)', 2, NOTHING],
    ['a report cut short before its key', '01 02 00 01 10 00 00', 'unknown-key', 'unknown key code 0x01: 01 02 00 01 is not a report (a new report begins at byte 3', 3, { buttons: ['confirm'], key: null }],
    ['a reserved bit', '01 80 01 01 00 00', 'reserved-bits', 'reserved button bit 7 set (low byte 0x80): 01 80 is not a report', 2, FOLD],
    ['an unknown key', '01 00 00 41 01 01 00 00', 'unknown-key', 'unknown key code 0x41: 01 00 00 41 is not a report', 4, FOLD],
  ] as const)('names %s, drops only up to the next 0x01, and reads the report after it', (_, bytes, code, problem, dropped, after) => {
    const results = pushAll(new PanelReportParser('stream'), [fromHex(bytes)]);
    expect(results[0]).toMatchObject({ kind: 'error', code, bytes: dropped });
    expect(problems(results)[0]).toContain(problem);
    expect(reports(results)).toEqual([after]);
    expect(bytesOf(results)).toBe(fromHex(bytes).length);
  });

  it('reports a report begun when the bytes stopped, on flush, and holds at most 3 bytes', () => {
    const parser = new PanelReportParser('stream');
    expect(parser.push(fromHex('01 02 00'))).toEqual([]);
    expect(parser.bufferedBytes).toBe(3);
    expect(parser.flush()).toEqual([{ kind: 'error', code: 'cut-short', problem: 'report cut short: 01 02 00 came, then nothing', bytes: 3 }]);
    expect(parser.bufferedBytes).toBe(0);
    expect(parser.flush()).toEqual([]);
  });

  it('a documented limit: with no checksum, garbage ending in 0x01 can take the next report’s first bytes as its own', () => {
    // 01 | 01 00 00 00: the stray 0x01 and the report's first three bytes read as "fold held"; the
    // report's last byte is garbage. The report after that reads again.
    const results = pushAll(new PanelReportParser('stream'), [concat([fromHex('01'), encodePanelReport(NOTHING), encodePanelReport(CONFIRM_7)])]);
    expect(reports(results)).toEqual([FOLD, CONFIRM_7]);
    expect(problems(results)).toEqual(['garbage: 1 byte of garbage outside any report']);
  });

  it('accounts for every byte, in any chunking, whatever the bytes (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 12 }), { maxLength: 20 }), (chunks) => {
        const parser = new PanelReportParser('stream');
        const results: PanelParseResult[] = [];
        for (const chunk of chunks) {
          results.push(...parser.push(chunk));
          expect(parser.bufferedBytes).toBeLessThanOrEqual(3);
        }
        results.push(...parser.flush());
        const all = concat(chunks);
        expect(bytesOf(results)).toBe(all.length);
        expect(pushAll(new PanelReportParser('stream'), [all])).toEqual(results);
      }),
      { numRuns: 5_000 },
    );
  });
});
