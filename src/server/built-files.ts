import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { posix } from 'node:path';

/**
 * The files browser mode serves: exactly the built screens (dist/renderer), read once when the server
 * starts, by the path a browser asks for (`/index.html`, `/assets/index-12bp.js`). Nothing else on the
 * disk can be reached, however the address is spelled (D57).
 */
export type BuiltFile = { readonly body: Buffer; readonly type: string };

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The page every screen opens: `/` is it. */
export const PAGE = '/index.html';

/**
 * Reads the build under `root` into memory: regular files only (no links, nothing whose name starts with
 * a dot), of the types a page loads. A rebuild while the server runs changes nothing it serves — Vite names
 * each build's files anew, so the page and its scripts always come from the same build.
 */
export function loadBuiltFiles(root: string): ReadonlyMap<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else if (entry.isFile()) {
        const type = TYPES[extname(entry.name).toLowerCase()];
        if (type !== undefined) files.set(`${prefix}${entry.name}`, { body: readFileSync(path), type });
      }
    }
  };
  walk(root, '/');
  if (!files.has(PAGE)) throw new Error(`${join(root, 'index.html')} is missing: run \`npm run build\``);
  return files;
}

/**
 * The built file's path a request's target names, after decoding it once and resolving `.` and `..`: so
 * `/%69ndex.html`, `/.%2findex.html` and `/assets/..%2findex.html` are all `/index.html`, and
 * `/assets/../../etc/passwd` is `/etc/passwd`, which is not built. 'bad': the target cannot be read as a
 * path (not starting with `/` — a proxy's absolute form —, a broken escape, a NUL or a backslash).
 */
export function builtPath(target: string): string | 'bad' {
  if (!target.startsWith('/')) return 'bad';
  const end = target.search(/[?#]/);
  let path: string;
  try {
    path = decodeURIComponent(end === -1 ? target : target.slice(0, end));
  } catch {
    return 'bad';
  }
  if (path.includes('\0') || path.includes('\\')) return 'bad';
  const normal = posix.normalize(path);
  return normal === '/' ? PAGE : normal;
}
