import { readFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_HOST, APP_SCHEME, RESPONSE_HEADERS } from './security.js';

/**
 * The `felt://app/…` scheme: serves the built renderer (dist/renderer, Vite with `base: './'`) with the
 * Content-Security-Policy as a response header. main.ts hands it to `protocol.handle`; it uses only Node
 * (fs, path and the global `Response`), so plain Node tests it.
 */

/** Where the bundle's neighbours are: dist/electron/main.js sits beside preload.cjs, dist/renderer one up. */
export function shellPaths(mainModuleUrl: string): { readonly preload: string; readonly renderer: string } {
  const here = dirname(fileURLToPath(mainModuleUrl));
  return { preload: join(here, 'preload.cjs'), renderer: join(here, '..', 'renderer') };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` that `url` names, or null: another scheme or host, a path that does not decode,
 * or one that leaves `root` (`..`, encoded or not). `felt://app/` is index.html.
 */
export function resolveAppFile(url: string, root: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST || parsed.username !== '' || parsed.password !== '') return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  if (path === '' || path.endsWith('/')) path += 'index.html';
  const base = resolve(root);
  const file = resolve(base, `.${path.startsWith('/') ? path : `/${path}`}`);
  const inside = relative(base, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || resolve(base, inside) !== file) return null;
  return file;
}

/** Answers one request of the app scheme: the file with its type and the security headers, or a 404. */
export async function serveAppRequest(url: string, root: string, read: (path: string) => Promise<Uint8Array> = readFile): Promise<Response> {
  const file = resolveAppFile(url, root);
  if (file !== null) {
    try {
      const body = await read(file);
      return new Response(body, { status: 200, headers: { ...RESPONSE_HEADERS, 'content-type': contentTypeOf(file) } });
    } catch {
      // Missing or unreadable: the same answer as a path outside the renderer.
    }
  }
  return new Response('not found', { status: 404, headers: { ...RESPONSE_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
}
