import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocketServer, type WebSocket } from 'ws';
import type { Core } from '../api/core.js';
import { CONTENT_SECURITY_POLICY } from '../api/content-security-policy.js';
import { SOCKET_PATH } from '../api/requests.js';
import { builtPath, loadBuiltFiles } from './built-files.js';
import { ownAddress, type OwnAddress } from './own-address.js';
import { type BudgetLimits, RequestBudget, SCREEN_BUDGET } from './request-budget.js';
import { newScreenKey, screenAddress } from './screen-key.js';

/**
 * Browser mode: the same core serves the same renderer over HTTP and a WebSocket, for machines without
 * Electron's binary, for end-to-end tests, for a kiosk's browser and for floor staff. The page and its
 * scripts are the product's public build: anyone who reaches the server may load them, and they hold
 * nothing of the table. The table is behind the socket, which lets in a screen that shows the table's
 * screen key (`/socket?key=…`, D56) from a page of this server. Loopback only unless `host` says
 * otherwise. Every request must name this server (`Host`, and `Origin` where a browser sends one: DNS
 * rebinding), only the built files are served, and each screen's requests and unread answers are bounded
 * (D57).
 */
export type BrowserServerOptions = {
  readonly core: Core;
  /** The built renderer (dist/renderer), read once at the start. */
  readonly root: string;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** The table's screen key (screen-key.ts); a new one when not given (a table in memory, tests). */
  readonly key?: string;
  /** The bounds of D57 (tests make them small). */
  readonly limits?: Partial<ScreenLimits>;
};

export type ScreenLimits = {
  /** Answers and views a screen has not read yet, in bytes: past this its socket is closed. */
  readonly unsentBytes: number;
  /** Requests and core time a screen may use before its requests wait (request-budget.ts). */
  readonly budget: BudgetLimits;
  /** Screens at once. */
  readonly screens: number;
};

export const SCREEN_LIMITS: ScreenLimits = { unsentBytes: 1024 * 1024, budget: SCREEN_BUDGET, screens: 32 };

export type BrowserServer = {
  /** The screen's address with the key (`http://127.0.0.1:8420/#key=…`): for a person or a launcher, never a log. */
  readonly url: string;
  /** The screen's address without the key. */
  readonly base: string;
  readonly key: string;
  /** How many screens are connected now. */
  screens(): number;
  close(): Promise<void>;
};

export { CONTENT_SECURITY_POLICY };

/** A request is a small JSON object; anything near this is not from the screen. */
const MAX_MESSAGE_BYTES = 64 * 1024;

const TEXT = { 'content-type': 'text/plain; charset=utf-8' };

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const key = options.key ?? newScreenKey();
  const host = options.host ?? '127.0.0.1';
  const limits: ScreenLimits = { ...SCREEN_LIMITS, ...options.limits };
  const files = loadBuiltFiles(options.root);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  // Known once the server listens (port 0 picks one).
  let address: OwnAddress = ownAddress(host, -1);
  const server = createServer((request, response) => serveFile(files, address, request, response));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A peer that goes away while it is refused must not take the table down with an unheard error.
    socket.on('error', () => socket.destroy());
    const refuse = (status: string): void => void socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
    const target = request.url ?? '';
    const query = target.indexOf('?');
    if (!address.host(request.headers.host)) return refuse('421 Misdirected Request');
    if ((query === -1 ? target : target.slice(0, query)) !== SOCKET_PATH) return refuse('404 Not Found');
    const origin = request.headers.origin;
    // No Origin: not a browser, but a tool on this machine that has the key.
    if (origin !== undefined && !address.origin(origin)) return refuse('403 Forbidden');
    if (!sameKey(new URLSearchParams(query === -1 ? '' : target.slice(query + 1)).get('key'), key)) return refuse('403 Forbidden');
    if (sockets.clients.size >= limits.screens) return refuse('503 Service Unavailable');
    sockets.handleUpgrade(request, socket, head, (ws) => attach(options.core, ws, limits));
  });
  await listen(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  address = ownAddress(host, port);
  // Listening on every interface, the machine itself reaches it on loopback.
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const base = `http://${shown}:${port}/`;
  return {
    url: screenAddress(base, key),
    base,
    key,
    screens: () => sockets.clients.size,
    close: () => close(server, sockets),
  };
}

/**
 * One screen on the socket: requests in, replies and pushed views out; a dead peer is noticed by pings, and
 * one that does not read what it is sent is closed before its backlog passes `limits.unsentBytes` (a client
 * that never read once grew the table by 15 MB a second). A screen over its budget waits: its requests are
 * answered in order as the budget fills again, and meanwhile its socket is not read, so what it sends more
 * stays in the operating system's buffers, which hold it back, and costs the table nothing.
 */
function attach(core: Core, ws: WebSocket, limits: ScreenLimits): void {
  const send = (message: unknown): void => {
    if (ws.readyState !== ws.OPEN) return;
    const text = JSON.stringify(message);
    if (ws.bufferedAmount + Buffer.byteLength(text) > limits.unsentBytes) {
      ws.terminate();
      return;
    }
    ws.send(text);
  };
  const connection = core.connect(send);
  const budget = new RequestBudget(limits.budget, performance.now());
  const answer = (data: RawData, isBinary: boolean): void => {
    const started = performance.now();
    const reply = isBinary ? { id: null, ok: false, error: { code: 'bad-request', words: { en: 'a message is JSON text, not binary', de: 'eine Nachricht ist JSON-Text, nicht binär' } } } : connection.handle(data.toString());
    budget.spent(performance.now() - started);
    send(reply);
  };
  // Requests over the budget, in the order they came: at most what was read before the socket was paused.
  const waiting: { data: RawData; isBinary: boolean }[] = [];
  let later: NodeJS.Timeout | null = null;
  const drain = (): void => {
    later = null;
    for (let next = waiting[0]; next !== undefined && ws.readyState === ws.OPEN; next = waiting[0]) {
      if (!budget.take(performance.now())) {
        later = setTimeout(drain, budget.waitMs(performance.now()));
        return;
      }
      waiting.shift();
      answer(next.data, next.isBinary);
    }
    if (ws.isPaused) ws.resume();
  };
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
    if (waiting.length === 0 && budget.take(performance.now())) {
      answer(data, isBinary);
      return;
    }
    waiting.push({ data, isBinary });
    if (!ws.isPaused) ws.pause();
    later ??= setTimeout(drain, budget.waitMs(performance.now()));
  });
  ws.on('close', () => {
    clearInterval(ping);
    if (later !== null) clearTimeout(later);
    waiting.length = 0;
    connection.close();
  });
  ws.on('error', () => ws.terminate());
}

function serveFile(files: ReturnType<typeof loadBuiltFiles>, address: OwnAddress, request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', ...TEXT }).end('Only GET and HEAD\n');
    return;
  }
  if (!address.host(request.headers.host)) {
    response.writeHead(421, TEXT).end('This table answers only at its own address: 127.0.0.1, localhost or the address it was started on, with its port.\n');
    return;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !address.origin(origin)) {
    response.writeHead(403, TEXT).end('Only the table\'s own pages may ask for its files.\n');
    return;
  }
  const path = builtPath(request.url ?? '');
  if (path === 'bad') {
    response.writeHead(400, TEXT).end('Bad address\n');
    return;
  }
  const file = files.get(path);
  if (file === undefined) {
    response.writeHead(404, TEXT).end('Not found\n');
    return;
  }
  response.writeHead(200, {
    'content-type': file.type,
    'content-length': String(file.body.length),
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    // Other sites may neither embed the files nor keep a handle on the screen's window.
    'cross-origin-resource-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': file.type.startsWith('text/html') ? 'no-store' : 'private, max-age=3600',
  });
  response.end(request.method === 'HEAD' ? undefined : file.body);
}

/** The table's screen key, compared in constant time. */
function sameKey(given: string | null, key: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
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
