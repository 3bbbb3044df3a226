// npm run bench:transform — what the build's bundle transform (D48, scripts/constant-functions.mjs: every
// top-level function of a bundle made a constant) buys in what ships. The same bundles are built twice in
// one run, with the transform and without it, and timed in alternation:
// 1. the table as it runs: `felt sim --hands N --db FILE` — every command through the live table and its
//    log on disk (the engine, the controller, SQLite), as the table service runs them;
// 2. the daily check: `felt verify --full` of that file, every hand replayed through the engine;
// 3. the engine alone: `bench-engine --no-peer`, where D48 measured its 7 % (in instructions).
// Measured in processor time, not wall time (the machine is shared). Printed: each one's median with and
// without, every run, and the ratio (> 1: the transform saves time). Options: --hands N (default 1,000),
// --runs N (each build, default 5).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { writeWithConstantFunctions } from '../scripts/constant-functions.mjs';
import { nodeBundleOptions } from '../scripts/node-bundles.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const hands = option('--hands', 1000);
const runs = option('--runs', 5);

// Inside the checkout, so the bundles' packages resolve from its node_modules as dist/'s do; not in dist/,
// which a build running meanwhile would remove.
const root = join('node_modules', '.cache', 'felt-bench-transform');
rmSync(root, { recursive: true, force: true });
const variants = { constant: join(root, 'constant'), plain: join(root, 'plain') };
for (const [name, outdir] of Object.entries(variants)) {
  const bundles = await build({ ...nodeBundleOptions({ felt: 'src/cli/main.ts', 'bench-engine': 'bench/engine.ts', 'bench-engine-peer': 'bench/engine-peer.ts' }, outdir), sourcemap: false });
  if (name === 'constant') writeWithConstantFunctions(bundles.outputFiles);
  else {
    // The same files, as esbuild wrote them.
    for (const file of bundles.outputFiles) {
      mkdirSync(dirname(file.path), { recursive: true });
      writeFileSync(file.path, file.contents);
    }
  }
}

/**
 * The processor time (user + system, seconds) a command takes: on a machine shared with other work, wall
 * time measures the neighbours as much as the bundle. bash's `times` gives its children's.
 */
function cpuSeconds(file, args) {
  const out = execFileSync('bash', ['-c', '"$@" >/dev/null; times', 'bench', process.execPath, file, ...args], { encoding: 'utf8' });
  const children = out.trim().split('\n').at(-1)?.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
  if (!children) throw new Error(`bash's times printed nothing readable:\n${out}`);
  return Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4]);
}

const results = { sim: { constant: [], plain: [] }, verify: { constant: [], plain: [] }, engine: { constant: [], plain: [] } };
for (let run = 0; run < runs; run++) {
  // Alternated, so a machine that gets busier part-way weighs on both.
  for (const [name, dir] of run % 2 === 0 ? Object.entries(variants) : Object.entries(variants).reverse()) {
    const db = join(dir, `table-${run}.db`);
    results.sim[name].push(cpuSeconds(join(dir, 'felt.js'), ['sim', '--hands', String(hands), '--seed', String(2026 + run), '--db', db, '--json']));
    results.verify[name].push(cpuSeconds(join(dir, 'felt.js'), ['verify', '--full', '--db', db]));
    results.engine[name].push(cpuSeconds(join(dir, 'bench-engine.js'), ['--no-peer', '--rounds', '3', '--no-pin']));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`the bundles built twice in one run, with the transform (constant) and without (plain); ${runs} runs each, alternated; node ${process.version}`);
console.log('processor time (user + system) of each process, the median of its runs; the ratio plain / constant (> 1: the transform saves time)');
for (const what of ['sim', 'verify', 'engine']) {
  const constant = median(results[what].constant);
  const plain = median(results[what].plain);
  const label = { sim: `felt sim --hands ${hands} --db (the live table and its log)`, verify: 'felt verify --full (the daily check)', engine: 'bench-engine --no-peer, 4 × 20,000 hands (the engine alone)' }[what];
  const runs = (values) => values.map((value) => value.toFixed(2)).join(' ');
  console.log(`${label.padEnd(60)} constant ${constant.toFixed(2)} s (${runs(results[what].constant)})  plain ${plain.toFixed(2)} s (${runs(results[what].plain)})  ${(plain / constant).toFixed(3)}×`);
}
rmSync(root, { recursive: true, force: true });
