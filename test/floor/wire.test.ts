import { describe, expect, it } from 'vitest';
import { fastRowBatch, MAX_BATCH_ROWS, MAX_PAYLOAD_CHARS, rowBatch } from '../../src/floor/link/wire.js';

const row = { seq: 1, command_id: 'c-1', payload: '{"type":"x"}', prev_hash: '0'.repeat(64), hash: 'a'.repeat(64) };
const batch = { table: 't-0123456789ab', rows: [row] };

/** Batches `rowBatch` takes or refuses, each a change of a good one. */
const cases: readonly unknown[] = [
  batch,
  { ...batch, rows: [row, { ...row, seq: 2 }] },
  { ...batch, extra: 1 },
  { table: batch.table },
  { ...batch, table: 't-0123' },
  { ...batch, table: 5 },
  { ...batch, rows: [] },
  { ...batch, rows: Array.from({ length: MAX_BATCH_ROWS + 1 }, (_, index) => ({ ...row, seq: index + 1 })) },
  { ...batch, rows: 'rows' },
  { ...batch, rows: [null] },
  { ...batch, rows: [[1, 2, 3, 4, 5]] },
  { ...batch, rows: [{ ...row, extra: 1 }] },
  { ...batch, rows: [{ seq: 1, command_id: 'c', payload: '{}', prev_hash: row.prev_hash }] },
  { ...batch, rows: [{ ...row, seq: 0 }] },
  { ...batch, rows: [{ ...row, seq: 1.5 }] },
  { ...batch, rows: [{ ...row, seq: Number.MAX_SAFE_INTEGER + 2 }] },
  { ...batch, rows: [{ ...row, seq: '1' }] },
  { ...batch, rows: [{ ...row, command_id: '' }] },
  { ...batch, rows: [{ ...row, command_id: 'x'.repeat(201) }] },
  { ...batch, rows: [{ ...row, command_id: 'x'.repeat(200) }] },
  { ...batch, rows: [{ ...row, payload: '{' }] },
  { ...batch, rows: [{ ...row, payload: 'x'.repeat(MAX_PAYLOAD_CHARS + 1) }] },
  { ...batch, rows: [{ ...row, prev_hash: 'A'.repeat(64) }] },
  { ...batch, rows: [{ ...row, hash: 'a'.repeat(63) }] },
  { ...batch, rows: [{ ...row, hash: null }] },
  [batch],
  null,
  'batch',
];

describe("the batch's shape checked in one pass (D100)", () => {
  it('takes exactly what the zod schema takes, and leaves the words for a wrong one to zod', () => {
    for (const value of cases) {
      const zod = rowBatch.safeParse(value).success;
      const fast = fastRowBatch(value);
      // Never more than zod takes; a batch zod takes is taken in one pass too.
      expect({ value: JSON.stringify(value)?.slice(0, 120), fast: fast !== null }).toEqual({ value: JSON.stringify(value)?.slice(0, 120), fast: zod });
      if (fast !== null) expect(fast).toEqual(rowBatch.parse(value));
    }
  });
});
