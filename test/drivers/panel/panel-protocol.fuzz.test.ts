import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../src/cards/random.js';
import { buttonsFromMask, encodePanelReport, PANEL_KEYS, type PanelParseResult, type PanelProblemCode, type PanelReport, PanelReportParser, REPORT_BYTES, REPORT_ID } from '../../../drivers/panel/panel-protocol.js';
import { concat } from './panel-fixtures.js';

/**
 * The panel parser against a million bytes and more per run, each from a fixed seed so a failure
 * replays. What must hold: no throw, never more than 3 bytes held, every byte accounted for by exactly
 * one result, the same results however the stream is chunked, and the valid reports among the garbage
 * read back. Each run prints its time (measured, not asserted: the machines are noisy).
 */

const FUZZ_BYTES = 1 << 20;

function randomBytes(random: SeededRandom, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 4) {
    const word = random.nextUint32();
    for (let lane = 0; lane < 4 && index + lane < length; lane++) bytes[index + lane] = (word >>> (8 * lane)) & 0xff;
  }
  return bytes;
}

/** Bytes a panel parser finds hard: a quarter report ids, a quarter zeros, some key codes. */
function hostileBytes(random: SeededRandom, length: number): Uint8Array {
  const bytes = randomBytes(random, length);
  for (let index = 0; index < length; index++) {
    const roll = random.nextInt(8);
    if (roll < 2) bytes[index] = REPORT_ID;
    else if (roll < 4) bytes[index] = 0x00;
    else if (roll === 4) bytes[index] = 0x30 + random.nextInt(10);
  }
  return bytes;
}

function randomReport(random: SeededRandom): PanelReport {
  const key = random.nextInt(3) === 0 ? (PANEL_KEYS[random.nextInt(PANEL_KEYS.length)] ?? null) : null;
  return { buttons: buttonsFromMask(random.nextInt(128)), key };
}

/** A run's results, kept small: reports with the stream offset they start at, errors counted by code, a digest of everything. */
type Summary = { results: number; bytes: number; digest: number; readonly codes: Map<PanelProblemCode, number>; readonly reports: { readonly at: number; readonly report: PanelReport }[] };

function summarise(summary: Summary, result: PanelParseResult): void {
  if (result.kind === 'report') summary.reports.push({ at: summary.bytes, report: result.report });
  else summary.codes.set(result.code, (summary.codes.get(result.code) ?? 0) + 1);
  summary.results++;
  summary.bytes += result.bytes;
  const text = result.kind === 'report' ? JSON.stringify(result.report) : `${result.code}|${result.bytes}|${result.problem}`;
  let hash = summary.digest;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  summary.digest = Math.imul(hash ^ 0x0a, 0x01000193) >>> 0;
}

function timed<T>(what: string, bytes: number, run: () => T): T {
  const started = performance.now();
  const result = run();
  const ms = performance.now() - started;
  console.info(`panel fuzz: ${what}: ${bytes.toLocaleString('en')} bytes in ${ms.toFixed(0)} ms`);
  return result;
}

/** `stream` pushed in random chunks of 1–maxChunk bytes (stream framing), checking the bound after every push. */
function parseStream(stream: Uint8Array, random: SeededRandom, maxChunk: number): Summary {
  const parser = new PanelReportParser('stream');
  const summary: Summary = { results: 0, bytes: 0, digest: 0x811c9dc5, codes: new Map(), reports: [] };
  let largest = 0;
  for (let offset = 0; offset < stream.length; ) {
    const end = Math.min(stream.length, offset + 1 + random.nextInt(maxChunk));
    for (const result of parser.push(stream.subarray(offset, end))) summarise(summary, result);
    largest = Math.max(largest, parser.bufferedBytes);
    offset = end;
  }
  for (const result of parser.flush()) summarise(summary, result);
  expect(largest).toBeLessThanOrEqual(REPORT_BYTES - 1);
  expect(parser.bufferedBytes).toBe(0);
  expect(summary.bytes).toBe(stream.length);
  return summary;
}

const errorCount = (summary: Summary): number => [...summary.codes.values()].reduce((sum, count) => sum + count, 0);

/** Valid reports with garbage runs before, between and after them; returns where each report starts. */
function reportsAmongGarbage(random: SeededRandom, garbage: (length: number) => Uint8Array, pairs: boolean) {
  const parts: Uint8Array[] = [];
  const placed: { at: number; report: PanelReport; guarded: boolean }[] = [];
  let length = 0;
  while (length < FUZZ_BYTES) {
    const run = garbage(random.nextInt(4) === 0 ? 0 : random.nextInt(24));
    parts.push(run);
    length += run.length;
    for (let index = 0; index < (pairs ? 2 : 1); index++) {
      const report = randomReport(random);
      parts.push(encodePanelReport(report));
      // The second of two reports back to back is "guarded": whatever came before the first, it reads.
      placed.push({ at: length, report, guarded: index === 1 });
      length += REPORT_BYTES;
    }
  }
  parts.push(garbage(20));
  return { stream: concat(parts), placed };
}

describe('the panel parser under fuzz (≥ 1,000,000 bytes per run)', () => {
  it('takes a million random bytes in random chunks (stream framing): errors only, bounded, every byte accounted for, chunking irrelevant', () => {
    const stream = randomBytes(new SeededRandom(21), FUZZ_BYTES);
    const summary = timed('random bytes, chunks of 1–4096', FUZZ_BYTES, () => parseStream(stream, new SeededRandom(22), 4096));
    expect(errorCount(summary)).toBeGreaterThan(1000);
    // A random 0x01 starts a valid report about once in 10,000 tries (bit 7 clear, high byte 0, a known key).
    expect(summary.reports.length).toBeLessThan(10);
    expect(timed('the same, chunks of 1–5', FUZZ_BYTES, () => parseStream(stream, new SeededRandom(23), 5))).toEqual(summary);
  });

  it('takes a million hostile bytes (a quarter 0x01, a quarter 0x00, digits) the same way', () => {
    const stream = hostileBytes(new SeededRandom(24), FUZZ_BYTES);
    const summary = timed('hostile bytes', FUZZ_BYTES, () => parseStream(stream, new SeededRandom(25), 4096));
    for (const code of ['garbage', 'reserved-bits', 'unknown-key'] as const) expect(summary.codes.get(code)).toBeGreaterThan(10_000);
    expect(parseStream(stream, new SeededRandom(26), 3)).toEqual(summary);
  });

  it('takes a million random bytes as HID chunks of random lengths (report framing): one result per chunk, never a throw', () => {
    const random = new SeededRandom(27);
    const stream = hostileBytes(random, FUZZ_BYTES);
    const parser = new PanelReportParser('report');
    const counts = new Map<string, number>();
    let chunks = 0;
    timed('HID chunks', FUZZ_BYTES, () => {
      for (let offset = 0; offset < stream.length; chunks++) {
        // Mostly 4 bytes, as a HID read gives; sometimes shorter or longer.
        const roll = random.nextInt(4);
        const end = Math.min(stream.length, offset + (roll < 3 ? 4 : random.nextInt(9)));
        const results = parser.push(stream.subarray(offset, end));
        const [result] = results;
        const name = results.length !== 1 || result === undefined ? `${results.length} results` : result.kind === 'report' ? 'report' : result.code;
        counts.set(name, (counts.get(name) ?? 0) + 1);
        offset = end;
      }
    });
    expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(chunks);
    expect([...counts.keys()].sort()).toEqual(['report', 'reserved-bits', 'unknown-key', 'wrong-length', 'wrong-report-id']);
    for (const code of ['report', 'wrong-report-id', 'wrong-length', 'reserved-bits', 'unknown-key']) expect(counts.get(code)).toBeGreaterThan(100);
  });

  it('reads every valid report among random garbage without 0x01, exactly where it is, and calls exactly the garbage garbage', () => {
    const random = new SeededRandom(28);
    const noId = (length: number): Uint8Array => randomBytes(random, length).map((byte) => (byte === REPORT_ID ? 0xff : byte));
    const { stream, placed } = reportsAmongGarbage(random, noId, false);
    const summary = timed('reports among garbage without 0x01', stream.length, () => parseStream(stream, new SeededRandom(29), 4096));
    expect(summary.reports).toEqual(placed.map(({ at, report }) => ({ at, report })));
    expect([...summary.codes.keys()]).toEqual(['garbage']);
  });

  it('reads every report that follows a valid report, however hostile the garbage before them', () => {
    const random = new SeededRandom(30);
    const garbage = (length: number): Uint8Array => (random.nextInt(2) === 0 ? randomBytes(random, length) : hostileBytes(random, length));
    const { stream, placed } = reportsAmongGarbage(random, garbage, true);
    const summary = timed('report pairs among hostile garbage', stream.length, () => parseStream(stream, new SeededRandom(31), 4096));
    const read = new Map(summary.reports.map(({ at, report }) => [at, report]));
    const guarded = placed.filter((entry) => entry.guarded);
    expect(guarded.length).toBeGreaterThan(50_000);
    for (const { at, report } of guarded) expect(read.get(at)).toEqual(report);
    // The first of each pair is read too unless the garbage before it ends in a report begun (0x01 …).
    const first = placed.filter((entry) => !entry.guarded && read.get(entry.at) !== undefined).length;
    expect(first / guarded.length).toBeGreaterThan(0.8);
  });
});
