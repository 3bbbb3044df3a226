// Bundles the CLI and the offline tools into dist/ with esbuild: one file each, so `./bin/felt`
// starts without compiling anything and without resolving dozens of modules; then the croupier's
// screens (renderer/, Vite) into dist/renderer and the Electron shell into dist/electron. Type
// checking is `npm run typecheck` (tsc); esbuild and Vite only strip types.
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { buildElectron } from '../electron/build.mjs';
import { writeWithConstantFunctions } from './constant-functions.mjs';

const entryPoints = {
  felt: 'src/cli/main.ts',
  'generate-evaluator-tables': 'scripts/generate-evaluator-tables.ts',
  'verify-evaluator': 'scripts/verify-evaluator.ts',
  'bench-evaluator': 'bench/evaluator.ts',
  'bench-engine': 'bench/engine.ts',
  'bench-engine-peer': 'bench/engine-peer.ts',
  'soak-recovery': 'scripts/soak-recovery.ts',
  'bench-store': 'bench/store.ts',
  screenshots: 'scripts/screenshots.ts',
  'bench-drivers': 'bench/drivers.ts',
  'bench-reports': 'bench/reports.ts',
  'bench-verify': 'bench/verify.ts',
  'verify-worker': 'src/store/verify-worker.ts',
  'bench-phh': 'bench/phh.ts',
  'bench-server': 'bench/server.ts',
};

import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const bundles = await build({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Chunks: a command's code (and the evaluator's tables) load only when that command runs.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // Written after the top-level functions are made constants (scripts/constant-functions.mjs: about 7 %
  // of the engine's instructions).
  write: false,
});
writeWithConstantFunctions(bundles.outputFiles);

await viteBuild({ configFile: 'renderer/vite.config.ts', logLevel: 'warn' });
await buildElectron();
