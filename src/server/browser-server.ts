import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Core } from '../api/core.js';
import { CONTENT_SECURITY_POLICY } from '../api/content-security-policy.js';
import { SOCKET_PATH } from '../api/requests.js';

/**
 * Browser mode: the same core serves the same renderer over HTTP and a WebSocket, for machines without
 * Electron's binary, for end-to-end tests and for floor staff. Every start makes a new token: the page
 * must be opened with it (`/?token=…`), and the page hands it on to the socket, which needs it and a
 * same-origin `Origin`. The page's scripts and styles are the product's public build and need no token
 * (no cookie either: cookies are not kept apart by port, so one would reach every local server).
 * Loopback only unless `host` says otherwise — the token is then what keeps others out.
 */
export type BrowserServerOptions = {
  readonly core: Core;
  /** The built renderer (dist/renderer). */
  readonly root: string;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Tests pass a fixed token; a start makes a random one. */
  readonly token?: string;
};

export type BrowserServer = { readonly url: string; readonly token: string; close(): Promise<void> };

export { CONTENT_SECURITY_POLICY };

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

/** A request is a small JSON object; anything near this is not from the screen. */
const MAX_MESSAGE_BYTES = 64 * 1024;

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const host = options.host ?? '127.0.0.1';
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const server = createServer((request, response) => {
    serveFile(options.root, token, request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`Internal error: ${(error as Error).message}\n`);
    });
  });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== SOCKET_PATH || !authorized(url, token) || !sameOrigin(request)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => attach(options.core, ws));
  });
  await listen(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/?token=${token}`,
    token,
    close: () => close(server, sockets),
  };
}

/** One screen on the socket: requests in, replies and pushed views out; a dead peer is noticed by pings. */
function attach(core: Core, ws: WebSocket): void {
  const connection = core.connect((message) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  });
  let alive = true;
  const ping = setInterval(() => {
    if (!alive) {
      ws.terminate();
      return;
    }
    alive = false;
    ws.ping();
  }, 15_000);
  ws.on('pong', () => {
    alive = true;
  });
  ws.on('message', (data, isBinary) => {
    const text = isBinary ? null : data.toString();
    const reply = text === null ? { id: null, ok: false, error: { code: 'bad-request', words: { en: 'a message is JSON text, not binary', de: 'eine Nachricht ist JSON-Text, nicht binär' } } } : connection.handle(text);
    ws.send(JSON.stringify(reply));
  });
  ws.on('close', () => {
    clearInterval(ping);
    connection.close();
  });
  ws.on('error', () => ws.terminate());
}

async function serveFile(root: string, token: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Only GET and HEAD\n');
    return;
  }
  const page = url.pathname === '/' || url.pathname === '/index.html';
  if (page && !authorized(url, token)) {
    response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Open the address felt start printed: it carries this start\'s token.\n');
    return;
  }
  let path: string;
  try {
    path = page ? '/index.html' : decodeURIComponent(url.pathname);
  } catch {
    response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad address\n');
    return;
  }
  const file = normalize(join(root, path));
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) {
    response.writeHead(404).end();
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${url.pathname}\n`);
    return;
  }
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    // The token is in the page's address: it must not travel on in a Referer.
    'referrer-policy': 'no-referrer',
    'cache-control': extname(file) === '.html' ? 'no-store' : 'private, max-age=3600',
  };
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** The start's token, in the address. */
function authorized(url: URL, token: string): boolean {
  const given = url.searchParams.get('token');
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A browser's socket must come from this server's own page (no other site's page may drive the table). */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // not a browser: a tool on this machine that has the token
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: Server, sockets: WebSocketServer): Promise<void> {
  for (const client of sockets.clients) client.terminate();
  return new Promise((resolve) => {
    sockets.close(() => server.close(() => resolve()));
    server.closeAllConnections();
  });
}
