/** Writes src/evaluator/tables.generated.ts. Run after changing hand classes or keys. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildEvaluatorTables, renderTablesModule } from './evaluator-tables.js';

const target = fileURLToPath(new URL('../src/evaluator/tables.generated.ts', import.meta.url));
const started = performance.now();
const tables = buildEvaluatorTables();
writeFileSync(target, renderTablesModule(tables));
console.log(
  `wrote ${target}: ${tables.multisetValues.length} rank multisets in ${tables.nonFlushLength} cells, ${tables.rowOffsets.length} rows, ` +
    `${tables.flush.length} flush masks in ${Math.round(performance.now() - started)} ms`,
);
