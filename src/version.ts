/**
 * Which software this is: the version of package.json and the build it was made from (the commit, with
 * `+modified` for a build from a changed checkout, or what the package's builder says in `FELT_BUILD_ID`).
 * The build writes both in (`scripts/software-stamp.mjs`, esbuild's `define`); a test run gets the
 * version and the build `test` from vitest's configuration; code run any other way says `unbuilt`.
 * Each start of a table writes them into its log, so a regulator sees which software decided each hand.
 */
declare const __FELT_VERSION__: string | undefined;
declare const __FELT_BUILD__: string | undefined;

export type Software = { readonly version: string; readonly build: string };

export const SOFTWARE: Software = {
  version: typeof __FELT_VERSION__ === 'string' ? __FELT_VERSION__ : 'unbuilt',
  build: typeof __FELT_BUILD__ === 'string' ? __FELT_BUILD__ : 'unbuilt',
};
