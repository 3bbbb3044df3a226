// The software's version and build for esbuild's and Vite's `define` (src/version.ts): package.json's version,
// and the build — FELT_BUILD_ID when the package's builder gives it, else the checkout's commit (12 hex
// digits, `+modified` when tracked files differ from it), else `unknown` (a copy without git).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The build id: the builder's, or the commit's. */
export function buildId(root = ROOT, env = process.env) {
  const given = env.FELT_BUILD_ID;
  if (given !== undefined && given !== '') {
    if (!/^[\w.+~-]{1,64}$/.test(given)) throw new Error(`FELT_BUILD_ID: letters, digits and . + ~ - _ only, at most 64, got '${given}'`);
    return given;
  }
  try {
    const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git('rev-parse', '--short=12', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === '' ? commit : `${commit}+modified`;
  } catch {
    return 'unknown';
  }
}

/** package.json's version. */
export function packageVersion(root = ROOT) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
}

/** The `define` entries that write the version and build into a bundle. */
export function softwareDefines(root = ROOT, build = buildId(root)) {
  return { __FELT_VERSION__: JSON.stringify(packageVersion(root)), __FELT_BUILD__: JSON.stringify(build) };
}
