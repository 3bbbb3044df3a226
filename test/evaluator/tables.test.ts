import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildEvaluatorTables, renderTablesModule } from '../../scripts/evaluator-tables.js';
import { handClasses } from '../../src/evaluator/hand-classes.js';
import { classOfValue } from '../../src/evaluator/packed-classes.js';

describe('evaluator tables', () => {
  it('the committed tables are exactly what the builder makes from the hand classes and keys', () => {
    const committed = readFileSync(new URL('../../src/evaluator/tables.generated.ts', import.meta.url), 'utf8');
    expect(renderTablesModule(buildEvaluatorTables())).toBe(committed);
  });
});

describe('the hand classes the product reads', () => {
  it('are the classes built from first principles, value by value', () => {
    const built = handClasses();
    expect(built).toHaveLength(7462);
    for (const handClass of built) expect(classOfValue(handClass.value)).toEqual(handClass);
    expect(() => classOfValue(0)).toThrow('0 is not a hand value (1–7462)');
    expect(() => classOfValue(7463)).toThrow('7463 is not a hand value');
  });
});
