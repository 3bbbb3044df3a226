// The esbuild options of the Node bundles (the command line, the tools and the benchmarks): scripts/build.mjs
// builds dist/ with them, and bench/bundle-transform.mjs the same bundles twice, with D48's transform and
// without.
import { softwareDefines } from './software-stamp.mjs';

/** @param {Record<string, string>} entryPoints @param {string} outdir */
export function nodeBundleOptions(entryPoints, outdir) {
  return /** @type {const} */ ({
    entryPoints,
    outdir,
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
    // Which software this is (src/version.ts): each start of a table writes it into the log.
    define: softwareDefines(),
    // Written after the top-level functions are made constants (scripts/constant-functions.mjs: about 7 %
    // of the engine's instructions), or as they are.
    write: false,
  });
}
