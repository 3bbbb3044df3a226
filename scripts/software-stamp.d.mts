/** The build id: FELT_BUILD_ID, or the checkout's commit (`+modified` when tracked files changed), or `unknown`. */
export function buildId(root?: string, env?: Record<string, string | undefined>): string;

/** package.json's version. */
export function packageVersion(root?: string): string;

/** The `define` entries that write the version and build into a bundle (src/version.ts). */
export function softwareDefines(root?: string, build?: string): { __FELT_VERSION__: string; __FELT_BUILD__: string };
