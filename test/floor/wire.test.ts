import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRowLines, rowLines } from '../../src/floor/link/row-lines.js';
import { MAX_BATCH_ROWS, MAX_PAYLOAD_CHARS, type RowBatch, type WireRow } from '../../src/floor/link/wire.js';
import { canonicalJson } from '../../src/store/canonical-json.js';

const row: WireRow = { seq: 1, command_id: 'c-1', payload: '{"type":"x"}', prev_hash: '0'.repeat(64), hash: 'a'.repeat(64) };
const batch: RowBatch = { table: 't-0123456789ab', rows: [row] };
const header = 'felt-rows 1 t-0123456789ab\n';
const line = (fields: readonly string[]): string => `${fields.join('\t')}\n`;
const fields = (changed: Partial<Record<keyof WireRow, string>>): string[] => {
  const all = { seq: String(row.seq), prev_hash: row.prev_hash, hash: row.hash, command_id: row.command_id, payload: row.payload, ...changed };
  return [all.seq, all.prev_hash, all.hash, all.command_id, all.payload];
};

describe("a batch as Felt's row lines (D117)", () => {
  it('reads back every batch of rows Felt writes, value for value: payloads in canonical JSON with tabs, line breaks and any text in their strings', () => {
    const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });
    const json = fc.jsonValue().map((value) => canonicalJson({ type: 'x', value }));
    const wireRow = fc.record({ command_id: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((id) => !/[\t\n]/.test(id) && id.length <= 200), payload: json, prev_hash: hex, hash: hex });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 52 }), fc.array(wireRow, { minLength: 1, maxLength: 20 }), (first, rows) => {
        const sent: RowBatch = { table: 't-00000000abcd', rows: rows.map((one, index) => ({ seq: first + index, ...one })) };
        expect(parseRowLines(rowLines(sent))).toEqual({ ok: true, batch: sent });
      }),
    );
  });

  it('refuses lines that are not a batch, naming the line and what is wrong', () => {
    const refused = (text: string): string => {
      const read = parseRowLines(text);
      if (read.ok) throw new Error(`taken: ${JSON.stringify(text.slice(0, 80))}`);
      return read.problem;
    };
    expect(parseRowLines(rowLines(batch))).toEqual({ ok: true, batch });
    expect(refused('')).toMatch(/do not begin with the line 'felt-rows 1 <table>'/);
    expect(refused(`felt-rows 2 t-0123456789ab\n${line(fields({}))}`)).toMatch(/version 1/);
    expect(refused(`{"table":"t-0123456789ab","rows":[]}`)).toMatch(/do not begin/);
    expect(refused(`felt-rows 1 t-0123\n${line(fields({}))}`)).toMatch(/table's id/);
    expect(refused(header)).toMatch(/no row/);
    expect(refused(`${header}${line(fields({}))}`.slice(0, -1))).toMatch(/cut/);
    expect(refused(`${header}${line(fields({})).slice(0, 60)}\n`)).toMatch(/^line 2: not a row's five fields/);
    expect(refused(`${header}1 ${row.prev_hash} ${row.hash} c-1 {}\n`)).toMatch(/^line 2: not a row's five fields/);
    expect(refused(`${header}${line(fields({})).replace('\tc-1\t', '\tc-1 ')}`)).toMatch(/^line 2: not a row's five fields/);
    expect(refused(`${header}${line(fields({ hash: 'a'.repeat(63) }))}`)).toMatch(/^line 2: not a row's five fields/);
    expect(refused(`${header}${line(fields({ prev_hash: 'a'.repeat(65) }))}`)).toMatch(/^line 2: not a row's five fields/);
    for (const seq of ['0', '01', '-1', '1.5', '1e3', ' 1', '', String(2 ** 53 + 2), '99999999999999999']) {
      expect(refused(`${header}${line(fields({ seq }))}`)).toMatch(/^line 2: the row's number/);
    }
    expect(refused(`${header}${line(fields({ command_id: '' }))}`)).toMatch(/^line 2: the command id/);
    expect(refused(`${header}${line(fields({ command_id: 'x'.repeat(201) }))}`)).toMatch(/^line 2: the command id/);
    expect(parseRowLines(`${header}${line(fields({ command_id: 'x'.repeat(200) }))}`).ok).toBe(true);
    expect(refused(`${header}${line(fields({ payload: '{' }))}`)).toMatch(/^line 2: the payload/);
    expect(refused(`${header}${line(fields({ payload: 'x'.repeat(MAX_PAYLOAD_CHARS + 1) }))}`)).toMatch(/^line 2: the payload/);
    expect(refused(`${header}${line(fields({ prev_hash: 'A'.repeat(64) }))}`)).toMatch(/^line 2: the previous hash is not 64 lower-case hex/);
    // The second row's: read as the lines give it, checked by checkBatch against the first row's hash.
    expect(refused(`${header}${line(fields({}))}${line(fields({ seq: '2', command_id: '' }))}`)).toMatch(/^line 3: the command id/);
    const many = Array.from({ length: MAX_BATCH_ROWS + 1 }, (_, index) => line(fields({ seq: String(index + 1) }))).join('');
    expect(refused(`${header}${many}`)).toMatch(/more than 5,000 rows/);
    expect(parseRowLines(`${header}${many.slice(0, many.length - line(fields({ seq: String(MAX_BATCH_ROWS + 1) })).length)}`).ok).toBe(true);
  });
});
