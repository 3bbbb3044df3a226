import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalType } from '../../src/floor/ingest/canonical-scan.js';
import { payloadType } from '../../src/floor/link/hand-boundary.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { canonicalJson } from '../../src/store/canonical-json.js';

/** The long way, as the floor asked before D117: an object with a string type, written again the same. */
function longWay(payload: string): string | null {
  const type = payloadType(payload);
  if (type === null) return null;
  try {
    return canonicalJson(JSON.parse(payload)) === payload ? type : null;
  } catch {
    return null;
  }
}

const operation = (value: fc.JsonValue, type: string): string => canonicalJson(value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, type } : { value, type });

/** Small edits of a text: a character put in, taken out or changed — what a broken or hand-made payload looks like. */
const edited = (text: string): fc.Arbitrary<string> =>
  fc.array(
    fc.record({ at: fc.nat({ max: text.length }), kind: fc.constantFrom('insert', 'delete', 'replace'), char: fc.constantFrom(...' \t\n"\\{}[]:,.-+0123456789eEtrufalsn/u', '\u0000', '\u2028', '\ud800', '\udc00', 'é') }),
    { minLength: 1, maxLength: 3 },
  ).map((edits) =>
    edits.reduce((out, { at, kind, char }) => {
      const where = Math.min(at, out.length);
      if (kind === 'insert') return out.slice(0, where) + char + out.slice(where);
      if (kind === 'delete') return out.slice(0, where) + out.slice(where + 1);
      return out.slice(0, where) + char + out.slice(where + 1);
    }, text),
  );

/** Text with no control character and, where `quotes`, no quote or backslash (no escape needed). */
const printable = (text: string, quotes = false): boolean => [...text].every((char) => char.charCodeAt(0) >= 0x20 && !(quotes && (char === '"' || char === '\\')));

describe("a payload read once for Felt's canonical JSON (D117)", () => {
  it("takes nothing the long way refuses, and gives the long way's type", () => {
    const payload = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.string({ maxLength: 8 })).map(([value, type]) => operation(value, type));
    fc.assert(
      fc.property(payload.chain((text) => fc.tuple(fc.constant(text), edited(text))), ([text, changed]) => {
        for (const one of [text, changed]) {
          const quick = canonicalType(one);
          if (quick !== null) expect({ one, type: longWay(one) }).toEqual({ one, type: quick });
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('takes, the quick way, what Felt writes: every row of a simulated session and canonical JSON of plain values', () => {
    const table = SimulatedTable.open(':memory:', { hands: 6, seed: 5 });
    table.playAll();
    const rows = [...table.store.rows()];
    table.close();
    for (const row of rows) expect({ payload: row.payload, type: canonicalType(row.payload) }).toEqual({ payload: row.payload, type: payloadType(row.payload) });
    // Printable text, numbers of every kind JavaScript writes, nesting: all quick.
    const plain = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.constantFrom(true, false, null), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.string({ unit: 'grapheme' }).filter((text) => printable(text)), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.string({ unit: 'grapheme-ascii' }).filter((key) => printable(key, true)), tie('value'), { maxKeys: 4 })),
    })).value as fc.Arbitrary<fc.JsonValue>;
    fc.assert(
      fc.property(plain, fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).filter((type) => printable(type, true)), (value, type) => {
        const text = operation(value, type);
        expect({ text, type: canonicalType(text) }).toEqual({ text, type });
      }),
      { numRuns: 1_000 },
    );
  });

  it('leaves to the long way what is not surely canonical', () => {
    for (const payload of [
      '{"a":1.0,"type":"x"}',
      '{"a":-0,"type":"x"}',
      '{"a":1e2,"type":"x"}',
      '{"a":0.10,"type":"x"}',
      '{"a":12345678901234567890,"type":"x"}',
      '{"type":"x","a":1}',
      '{"a":1,"a":2,"type":"x"}',
      '{"a": 1,"type":"x"}',
      '{"type":"x"} ',
      '{"type":"x"}{}',
      '{"type":1}',
      '{"a":1}',
      '[{"type":"x"}]',
      '{"type":"\\u0078"}',
      '{"a":"\\/","type":"x"}',
      '{"a":"\\u0001","type":"x"}',
      '{"a":"\ud800","type":"x"}',
      '{"a":"\u0001","type":"x"}',
      '{"a":tru,"type":"x"}',
      '{"a":[1,],"type":"x"}',
      '{"a":{"b":1,},"type":"x"}',
      '{"type":"x"',
      `{"a":${'['.repeat(100)}${']'.repeat(100)},"type":"x"}`,
      '',
    ]) {
      expect({ payload, type: canonicalType(payload) }).toEqual({ payload, type: null });
    }
    expect(canonicalType('{"10":1,"9":2,"type":"x"}')).toBe('x');
    expect(canonicalType('{"a":"tab\\there \\"quoted\\" \\\\ é \u2028 😀","b":[1,-2.5,1e+21,5e-7,true,false,null,{}],"type":"x"}')).toBe('x');
  });
});
