// npm run bench:transform — what the build's bundle transform (D48, scripts/constant-functions.mjs: every
// top-level function of a bundle made a constant) buys in what ships. The same bundles are built twice in
// one run, with the transform and without it, and timed in alternation:
// 1. the table as it runs: `felt sim --hands N --db FILE` — every command through the live table and its
//    log on disk (the engine, the controller, SQLite), as the table service runs them;
// 2. the daily check: `felt verify --full` of that file, every hand replayed through the engine;
// 3. the engine alone: `bench-engine --no-peer` (hands/s), where D48 measured its 7 %.
// Printed: each one's median with and without, and the ratio (> 1: the transform is faster).
// Options: --hands N (default 3,000), --runs N (each build, default 3).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { writeWithConstantFunctions } from '../scripts/constant-functions.mjs';
import { softwareDefines } from '../scripts/software-stamp.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const hands = option('--hands', 3000);
const runs = option('--runs', 3);

// Inside the checkout, so the bundles' packages resolve from its node_modules as dist/'s do; not in dist/,
// which a build running meanwhile would remove.
const root = join('node_modules', '.cache', 'felt-bench-transform');
rmSync(root, { recursive: true, force: true });
const variants = { constant: join(root, 'constant'), plain: join(root, 'plain') };
for (const [name, outdir] of Object.entries(variants)) {
  const bundles = await build({
    entryPoints: { felt: 'src/cli/main.ts', 'bench-engine': 'bench/engine.ts', 'bench-engine-peer': 'bench/engine-peer.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    logLevel: 'warning',
    define: softwareDefines(),
    write: false,
  });
  if (name === 'constant') writeWithConstantFunctions(bundles.outputFiles);
  else {
    // The same files, as esbuild wrote them.
    for (const file of bundles.outputFiles) {
      mkdirSync(dirname(file.path), { recursive: true });
      writeFileSync(file.path, file.contents);
    }
  }
}

/** Seconds a command takes, wall time. */
function timed(file, args) {
  const start = performance.now();
  execFileSync(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return (performance.now() - start) / 1000;
}

function engineRate(file) {
  const out = execFileSync(process.execPath, [file, '--no-peer', '--rounds', '3', '--no-pin'], { encoding: 'utf8' });
  const rate = /^felt\s+([\d,]+) hands\/s/m.exec(out)?.[1];
  if (rate === undefined) throw new Error(`bench-engine printed no rate:\n${out}`);
  return Number(rate.replaceAll(',', ''));
}

const results = { sim: { constant: [], plain: [] }, verify: { constant: [], plain: [] }, engine: { constant: [], plain: [] } };
for (let run = 0; run < runs; run++) {
  // Alternated, so a machine that gets busier part-way weighs on both.
  for (const [name, dir] of run % 2 === 0 ? Object.entries(variants) : Object.entries(variants).reverse()) {
    const db = join(dir, `table-${run}.db`);
    results.sim[name].push(timed(join(dir, 'felt.js'), ['sim', '--hands', String(hands), '--seed', String(2026 + run), '--db', db, '--json']));
    results.verify[name].push(timed(join(dir, 'felt.js'), ['verify', '--full', '--db', db]));
    results.engine[name].push(engineRate(join(dir, 'bench-engine.js')));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`the bundles built twice in one run, with the transform (constant) and without (plain); ${runs} runs each, alternated; node ${process.version}`);
for (const [what, unit, faster] of [
  ['sim', 's', 'lower'],
  ['verify', 's', 'lower'],
  ['engine', 'hands/s', 'higher'],
]) {
  const constant = median(results[what].constant);
  const plain = median(results[what].plain);
  const gain = faster === 'lower' ? plain / constant : constant / plain;
  const label = { sim: `felt sim --hands ${hands} --db (the live table and its log)`, verify: 'felt verify --full (the daily check)', engine: 'bench-engine --no-peer (the engine alone)' }[what];
  const shown = (value) => (unit === 's' ? `${value.toFixed(2)} s` : `${Math.round(value).toLocaleString('en')} ${unit}`);
  console.log(`${label.padEnd(58)} constant ${shown(constant).padEnd(16)} plain ${shown(plain).padEnd(16)} transform: ${gain.toFixed(3)}×`);
}
rmSync(root, { recursive: true, force: true });
