// Prints the test run's totals as one plain line ("Tests: N passed, N failed"), read from the JSON
// report vitest writes next to its console output (vitest.config.ts), for CI logs and scripts.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync('dist/test-results.json', 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
