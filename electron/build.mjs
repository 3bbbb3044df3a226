// Bundles the kiosk shell with esbuild: electron/main.ts → dist/electron/main.js (ESM, Node, every package
// left to node_modules) and electron/preload.ts → dist/electron/preload.cjs (CommonJS, as a sandboxed
// preload must be; only `electron` is required at run time). scripts/build.mjs calls buildElectron()
// after the rest of the build; the main bundle finds dist/renderer and preload.cjs beside itself.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeWithConstantFunctions } from '../scripts/constant-functions.mjs';
import { softwareDefines } from '../scripts/software-stamp.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The esbuild options of both bundles, written to `outdir` (tests build them in memory). */
export function electronBuildOptions(root = ROOT, outdir = join(root, 'dist', 'electron')) {
  const common = { bundle: true, outdir, sourcemap: true, logLevel: 'warning', absWorkingDir: root, metafile: true };
  return {
    main: {
      ...common,
      entryPoints: { main: join(root, 'electron', 'main.ts') },
      platform: 'node',
      target: 'node22',
      format: 'esm',
      // electron, better-sqlite3 (native), ws, zod …: loaded from node_modules at run time, so that
      // electron-builder can rebuild the native ones for Electron's Node and unpack them from the asar.
      packages: 'external',
      external: ['electron'],
      // Which software this is (src/version.ts): the kiosk's starts write it into the log.
      define: softwareDefines(root),
    },
    preload: {
      ...common,
      entryPoints: { preload: join(root, 'electron', 'preload.ts') },
      // A sandboxed preload gets a browser-like world with a small `require` (electron, events, timers,
      // url): platform 'browser' makes the build fail if a Node module slips in.
      platform: 'browser',
      target: 'es2023',
      format: 'cjs',
      outExtension: { '.js': '.cjs' },
      external: ['electron'],
    },
  };
}

export async function buildElectron({ root = ROOT } = {}) {
  const outdir = join(root, 'dist', 'electron');
  rmSync(outdir, { recursive: true, force: true });
  const options = electronBuildOptions(root, outdir);
  // The main bundle runs the engine: its functions made constants, as the CLI's (scripts/constant-functions.mjs).
  const [main] = await Promise.all([build({ ...options.main, write: false }), build(options.preload)]);
  writeWithConstantFunctions(main.outputFiles);
}
