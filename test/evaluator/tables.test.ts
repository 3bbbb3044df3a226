import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildEvaluatorTables, renderTablesModule } from '../../scripts/evaluator-tables.js';

describe('evaluator tables', () => {
  it('the committed tables are exactly what the builder makes from the hand classes and keys', () => {
    const committed = readFileSync(new URL('../../src/evaluator/tables.generated.ts', import.meta.url), 'utf8');
    expect(renderTablesModule(buildEvaluatorTables())).toBe(committed);
  });
});
