import type { BuildOptions } from 'esbuild';

/** The esbuild options of the main bundle and the preload bundle (see build.mjs). */
export function electronBuildOptions(root?: string, outdir?: string): { main: BuildOptions; preload: BuildOptions };

/** Bundles dist/electron/main.js and dist/electron/preload.cjs under `root` (the repository by default). */
export function buildElectron(options?: { root?: string }): Promise<void>;
