import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Core } from '../../src/api/core.js';
import { CONTENT_SECURITY_POLICY, startBrowserServer, type BrowserServer, type ScreenLimits } from '../../src/server/browser-server.js';

const KEY = 'test-key-0123456789abcdef0123456789';
const PAGE = '<!doctype html><title>Felt</title>';

let server: BrowserServer | null = null;
let core: Core | null = null;

afterEach(async () => {
  await server?.close();
  core?.close();
  server = null;
  core = null;
});

/** A build with the page and a script, and beside it what must never be served: a dotfile, a link out, a source map, a secret one folder up. */
async function start(options: { host?: string; limits?: Partial<ScreenLimits> } = {}): Promise<{ base: string; host: string; port: number }> {
  const place = mkdtempSync(join(tmpdir(), 'felt-renderer-'));
  const root = join(place, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), PAGE);
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  writeFileSync(join(root, 'assets', 'app.js.map'), '{}');
  writeFileSync(join(place, 'felt-secret.txt'), 'secret');
  symlinkSync(join(place, 'felt-secret.txt'), join(root, 'assets', 'linked.js'));
  core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', seed: 1 });
  server = await startBrowserServer({ core, root, port: 0, key: KEY, ...options });
  const url = new URL(server.url);
  return { base: `http://${url.host}`, host: url.host, port: Number(url.port) };
}

/** A GET with the target exactly as written (fetch would resolve `..` and re-encode before sending) and any Host. */
function get(port: number, target: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: target, headers: { host: `127.0.0.1:${port}`, ...headers } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Sends `text` as it is and resolves with the answer's text. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const raw = connect(port, '127.0.0.1', () => raw.end(text));
    let answered = '';
    raw.on('data', (chunk: Buffer) => (answered += chunk.toString('latin1')));
    raw.on('end', () => resolve(answered));
    raw.on('error', reject);
  });
}

/** Opens a socket and collects what arrives. */
function socket(url: string, headers: Record<string, string> = {}): Promise<{ ws: WebSocket; messages: unknown[]; next: () => Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: unknown[] = [];
    const waiting: ((message: unknown) => void)[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as unknown;
      const waiter = waiting.shift();
      if (waiter === undefined) messages.push(message);
      else waiter(message);
    });
    ws.on('open', () => resolve({ ws, messages, next: () => (messages.length > 0 ? Promise.resolve(messages.shift()) : new Promise((done) => waiting.push(done))) }));
    ws.on('unexpected-response', (_, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.on('error', reject);
  });
}

/** A request that comes back by id (views pushed meanwhile are skipped). */
async function answer(screen: { next: () => Promise<unknown> }, id: string): Promise<{ id: string; ok: boolean; error?: { code: string } }> {
  for (;;) {
    const message = (await screen.next()) as { id?: string; ok: boolean; error?: { code: string } };
    if (message.id === id) return message as { id: string; ok: boolean; error?: { code: string } };
  }
}

const sit = (id: string, seat: number, name: string): string => JSON.stringify({ id, name: 'table-submit', args: { commandId: id, command: { type: 'sit', seat, name, buyIn: 500 } } });

describe('browser mode serves the built files and nothing else (D57)', () => {
  it('serves the page and its files to anyone, with a strict CSP and no cookie: the page holds nothing of the table', async () => {
    const { base } = await start();
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(PAGE);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('set-cookie')).toBeNull();
    const asset = await fetch(`${base}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${base}/?token=anything`, { method: 'POST' })).status).toBe(405);
  });

  it.each(['/%69ndex.html', '/.%2findex.html', '/assets/..%2findex.html', '/assets/%2e%2e/index.html', '//index.html', '/assets/./../index.html?x=1'])('reads %s as the page itself, after decoding and resolving it', async (target) => {
    const { port } = await start();
    const answered = await get(port, target);
    expect(answered.status).toBe(200);
    expect(answered.body).toBe(PAGE);
    expect(answered.headers['cache-control']).toBe('no-store');
    expect(answered.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it.each([
    ['/..%2ffelt-secret.txt', 404],
    ['/../felt-secret.txt', 404],
    ['/assets/..%2f..%2ffelt-secret.txt', 404],
    ['/%2e%2e/felt-secret.txt', 404],
    ['/%252e%252e/felt-secret.txt', 404],
    ['/.env', 404],
    ['/assets/app.js.map', 404],
    ['/assets/linked.js', 404],
    ['/assets/', 404],
    ['/assets', 404],
    ['/..%5cfelt-secret.txt', 400],
    ['/index.html%00.js', 400],
    ['/%E0%A4%A.js', 400],
    ['http://127.0.0.1/index.html', 400],
  ])('refuses %s (%i): only the built files are on the list', async (target, status) => {
    const { port } = await start();
    const answered = await get(port, target);
    expect(answered.status).toBe(status);
    expect(answered.body).not.toContain('secret');
    expect(answered.body).not.toContain('SECRET');
  });

  it('answers only under its own names: a rebinding name, another port or a user in the Host is refused; loopback names are taken', async () => {
    const { port } = await start();
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, `user@127.0.0.1:${port}`, `127.0.0.1:${port}/x`, `10.0.0.5:${port}`]) {
      expect((await get(port, '/', { host })).status, host).toBe(421);
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect((await get(port, '/', { host })).status, host).toBe(200);
    }
    // HTTP/1.0 may leave the Host out: then the request names no one.
    expect(await rawRequest(port, 'GET / HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 421 /);
    expect((await get(port, '/', { origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(port, '/', { origin: `http://localhost:${port}` })).status).toBe(200);
  });

  it('started on every interface, takes the machine’s IP addresses as Host but no name other than localhost', async () => {
    const { port } = await start({ host: '0.0.0.0' });
    expect((await get(port, '/', { host: `192.168.1.20:${port}` })).status).toBe(200);
    expect((await get(port, '/', { host: `table7.casino.example:${port}` })).status).toBe(421);
    expect(server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#key=/);
  });

  it('started on a name, takes that name', async () => {
    const { port } = await start({ host: 'localhost' });
    expect((await get(port, '/', { host: `localhost:${port}` })).status).toBe(200);
    expect((await get(port, '/', { host: `evil.example:${port}` })).status).toBe(421);
  });
});

describe('the socket lets in a screen that shows the table’s screen key (D56)', () => {
  it('refuses a socket without the key, with another key, from another origin, under another name, or from a file page', async () => {
    const { host, port } = await start();
    await expect(socket(`ws://${host}/socket`)).rejects.toThrow('HTTP 403');
    await expect(socket(`ws://${host}/socket?key=`)).rejects.toThrow('HTTP 403');
    await expect(socket(`ws://${host}/socket?key=${KEY.slice(0, -1)}x`)).rejects.toThrow('HTTP 403');
    await expect(socket(`ws://${host}/socket?token=${KEY}`)).rejects.toThrow('HTTP 403');
    await expect(socket(`ws://${host}/socket?key=${KEY}`, { origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(socket(`ws://${host}/socket?key=${KEY}`, { origin: 'null' })).rejects.toThrow('HTTP 403');
    await expect(socket(`ws://${host}/socket?key=${KEY}`, { origin: `http://127.0.0.1:${port + 1}` })).rejects.toThrow('HTTP 403');
    // DNS rebinding: the attacker's page under its own name, now pointing here.
    await expect(socket(`ws://${host}/socket?key=${KEY}`, { host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).rejects.toThrow('HTTP 421');
    await expect(socket(`ws://${host}/other?key=${KEY}`)).rejects.toThrow('HTTP 404');
    expect(server?.screens()).toBe(0);
  });

  it('replies by id and pushes every view to every screen; each screen has its own floor session', async () => {
    const { host } = await start();
    const first = await socket(`ws://${host}/socket?key=${KEY}`, { origin: `http://${host}` });
    const second = await socket(`ws://${host}/socket?key=${KEY}`);
    expect(server?.screens()).toBe(2);
    first.ws.send(sit('a', 4, 'Ada'));
    const pushed = (await first.next()) as { push: string; view: { seats: unknown[] } };
    expect(pushed).toMatchObject({ push: 'view', view: { seats: [{ seat: 4, name: 'Ada' }] } });
    expect(await first.next()).toMatchObject({ id: 'a', ok: true });
    expect(await second.next()).toMatchObject({ push: 'view', view: { seats: [{ seat: 4 }] } });
    first.ws.send('not json');
    expect(await first.next()).toMatchObject({ id: null, ok: false, error: { code: 'bad-request' } });
    first.ws.send(JSON.stringify({ id: 'b', name: 'floor-unlock', args: { staff: '1', pin: '246813' } }));
    expect(await first.next()).toMatchObject({ id: 'b', ok: true, result: { unlocked: true } });
    second.ws.send(JSON.stringify({ id: 'c', name: 'floor-status' }));
    expect(await second.next()).toMatchObject({ id: 'c', ok: true, result: { unlocked: false } });
    first.ws.close();
    second.ws.close();
  });

  it('lets in a bounded number of screens at once', async () => {
    const { host } = await start({ limits: { screens: 2 } });
    const screens = [await socket(`ws://${host}/socket?key=${KEY}`), await socket(`ws://${host}/socket?key=${KEY}`)];
    await expect(socket(`ws://${host}/socket?key=${KEY}`)).rejects.toThrow('HTTP 503');
    for (const screen of screens) screen.ws.close();
  });
});

/** Waits until `done()` holds, looking every 20 ms, for at most `ms`. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 20) {
    if (done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return done();
}

describe('a screen that does not read, or asks too much, cannot hold up the table (D57)', () => {
  it('closes the socket of a client that never reads once its unsent views pass the bound, and the table goes on answering others', async () => {
    const { host, port } = await start();
    // A raw client: the upgrade, then never another read.
    const raw = connect(port, '127.0.0.1');
    let handshake = '';
    await new Promise<void>((resolve, reject) => {
      raw.on('error', () => undefined);
      raw.once('connect', () => raw.write(`GET /socket?key=${KEY} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`));
      const onData = (chunk: Buffer): void => {
        handshake += chunk.toString('latin1');
        if (!handshake.includes('\r\n\r\n')) return;
        raw.off('data', onData);
        raw.pause();
        if (handshake.startsWith('HTTP/1.1 101')) resolve();
        else reject(new Error(handshake));
      };
      raw.on('data', onData);
      setTimeout(() => reject(new Error('no handshake')), 5_000);
    });
    expect(server?.screens()).toBe(1);
    const reader = await socket(`ws://${host}/socket?key=${KEY}`);
    // Another screen drives the table (in the core, past any budget): seat 1 sits out and comes back, and
    // every step is a view pushed to both.
    if (core === null) throw new Error('no core');
    const driver = core.connect(() => undefined);
    for (let seat = 1; seat <= 10; seat++) driver.handle(sit(`s${seat}`, seat, `${'A very long player name '.repeat(8)}${seat}`));
    const started = Date.now();
    let pushed = 0;
    while (server?.screens() === 2 && Date.now() - started < 20_000) {
      for (let burst = 0; burst < 50; burst++, pushed++) {
        const step = driver.handle(JSON.stringify({ id: `c${pushed}`, name: 'table-submit', args: { commandId: `c${pushed}`, command: { type: pushed % 2 === 0 ? 'sit-out' : 'come-back', seat: 1 } } }));
        expect(step).toMatchObject({ ok: true, result: { lastError: null } });
      }
      await new Promise((resolve) => setImmediate(resolve));
      // Meanwhile the reading screen is answered as always.
      reader.ws.send(JSON.stringify({ id: `v${pushed}`, name: 'floor-status' }));
      expect((await answer(reader, `v${pushed}`)).ok).toBe(true);
    }
    expect(server?.screens(), `still open after ${pushed} views`).toBe(1);
    driver.close();
    raw.destroy();
    reader.ws.send(JSON.stringify({ id: 'after', name: 'table-view' }));
    expect((await answer(reader, 'after')).ok).toBe(true);
    reader.ws.close();
  }, 30_000);

  it('makes a screen over its budget wait — its requests answered in order as the budget fills, its socket not read meanwhile — and answers another screen at once', async () => {
    const { host } = await start({ limits: { budget: { perSecond: 20, burst: 20, coreMsPerSecond: 1_000, coreMsBurst: 1_000 } } });
    const flood = await socket(`ws://${host}/socket?key=${KEY}`);
    const other = await socket(`ws://${host}/socket?key=${KEY}`);
    const answered: string[] = [];
    flood.ws.on('message', (data) => {
      const { id } = JSON.parse(String(data)) as { id?: string };
      if (id !== undefined) answered.push(id);
    });
    // 300 requests of 50 KB each: 15 MB, more than the operating system's buffers take once the server stops reading.
    const pad = 'p'.repeat(50_000);
    for (let index = 0; index < 300; index++) flood.ws.send(JSON.stringify({ id: `f${index}`, name: 'floor-status', pad }));
    expect(await until(() => answered.length >= 20, 5_000)).toBe(true);
    // The server has stopped reading: the flood's data waits on the sender's side.
    expect(await until(() => flood.ws.bufferedAmount > 2_000_000, 5_000)).toBe(true);
    const before = answered.length;
    other.ws.send(JSON.stringify({ id: 'o1', name: 'floor-status' }));
    expect((await answer(other, 'o1')).ok).toBe(true);
    // The other screen came first: the flood had at most a few more answers meanwhile.
    expect(answered.length).toBeLessThan(before + 10);
    expect(answered.length).toBeLessThan(300);
    // The flood's requests come in order, none lost, none refused.
    expect(await until(() => answered.length >= 40, 5_000)).toBe(true);
    expect(answered.slice(0, 40)).toEqual(Array.from({ length: 40 }, (_, index) => `f${index}`));
    flood.ws.terminate();
    other.ws.close();
  });

  it('counts the core’s time too: a screen whose requests took long waits, another does not', async () => {
    const { host } = await start({ limits: { budget: { perSecond: 1_000, burst: 1_000, coreMsPerSecond: 1, coreMsBurst: 0.01 } } });
    const slow = await socket(`ws://${host}/socket?key=${KEY}`);
    const other = await socket(`ws://${host}/socket?key=${KEY}`);
    // A seat taken: a write to the log and views to serialise, far more than the 0.01 ms the screen may use at once.
    slow.ws.send(sit('t1', 1, 'Ada'));
    expect((await answer(slow, 't1')).ok).toBe(true);
    let second = false;
    slow.ws.send(sit('t2', 2, 'Ben'));
    void answer(slow, 't2').then(() => (second = true));
    other.ws.send(JSON.stringify({ id: 'o1', name: 'floor-status' }));
    expect((await answer(other, 'o1')).ok).toBe(true);
    expect(second, 'the slow screen’s second request waits for its budget').toBe(false);
    slow.ws.terminate();
    other.ws.close();
  });
});
