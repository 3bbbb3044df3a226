// Bundles the CLI and the offline tools into dist/ with esbuild: one file each, so `./bin/felt`
// starts without compiling anything and without resolving dozens of modules; then the croupier's
// screens (renderer/, Vite) into dist/renderer and the Electron shell into dist/electron. Type
// checking is `npm run typecheck` (tsc); esbuild and Vite only strip types.
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { buildElectron } from '../electron/build.mjs';
import { writeWithConstantFunctions } from './constant-functions.mjs';
import { nodeBundleOptions } from './node-bundles.mjs';

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
  'bench-floor': 'bench/floor.ts',
};

import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const bundles = await build(nodeBundleOptions(entryPoints, 'dist'));
writeWithConstantFunctions(bundles.outputFiles);

await viteBuild({ configFile: 'renderer/vite.config.ts', logLevel: 'warn' });
await buildElectron();
