import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Core } from '../../src/api/core.js';
import { CONTENT_SECURITY_POLICY, startBrowserServer, type BrowserServer } from '../../src/server/browser-server.js';

const TOKEN = 'test-token-0123456789abcdef';

let server: BrowserServer | null = null;
let core: Core | null = null;

afterEach(async () => {
  await server?.close();
  core?.close();
  server = null;
  core = null;
});

async function start(): Promise<{ base: string; host: string }> {
  const root = mkdtempSync(join(tmpdir(), 'felt-renderer-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Felt</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(tmpdir(), 'felt-secret.txt'), 'secret');
  core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', seed: 1 });
  server = await startBrowserServer({ core, root, port: 0, token: TOKEN });
  const url = new URL(server.url);
  return { base: `http://${url.host}`, host: url.host };
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

describe('browser mode', () => {
  it('serves the screen only with the token and a strict CSP, and its public files without setting any cookie', async () => {
    const { base } = await start();
    expect((await fetch(`${base}/`)).status).toBe(403);
    expect((await fetch(`${base}/?token=wrong-token-0123456789abcde`)).status).toBe(403);
    const page = await fetch(`${base}/?token=${TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${base}/index.html`)).status).toBe(403);
    const asset = await fetch(`${base}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${base}/..%2ffelt-secret.txt?token=${TOKEN}`)).status).toBe(404);
    expect((await fetch(`${base}/..%2ffelt-secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/%E0%A4%A.js`)).status).toBe(400);
    expect((await fetch(`${base}/?token=${TOKEN}`, { method: 'POST' })).status).toBe(405);
  });

  it('opens the socket only with the token and from its own origin; replies by id and pushes every view to every screen', async () => {
    const { host } = await start();
    await expect(socket(`ws://${host}/socket`)).rejects.toThrow('HTTP 403');
    await expect(socket(`ws://${host}/socket?token=${TOKEN}`, { origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    const first = await socket(`ws://${host}/socket?token=${TOKEN}`, { origin: `http://${host}` });
    const second = await socket(`ws://${host}/socket?token=${TOKEN}`);
    first.ws.send(JSON.stringify({ id: 'a', name: 'table-submit', args: { commandId: 'c1', command: { type: 'sit', seat: 4, name: 'Ada', buyIn: 500 } } }));
    const pushed = (await first.next()) as { push: string; view: { seats: unknown[] } };
    expect(pushed).toMatchObject({ push: 'view', view: { seats: [{ seat: 4, name: 'Ada' }] } });
    expect(await first.next()).toMatchObject({ id: 'a', ok: true });
    expect(await second.next()).toMatchObject({ push: 'view', view: { seats: [{ seat: 4 }] } });
    first.ws.send('not json');
    expect(await first.next()).toMatchObject({ id: null, ok: false, error: { code: 'bad-request' } });
    // A floor session is the screen's own: unlocking one screen does not unlock the other.
    first.ws.send(JSON.stringify({ id: 'b', name: 'floor-unlock', args: { staff: '1', pin: '246813' } }));
    expect(await first.next()).toMatchObject({ id: 'b', ok: true, result: { unlocked: true } });
    second.ws.send(JSON.stringify({ id: 'c', name: 'floor-status' }));
    expect(await second.next()).toMatchObject({ id: 'c', ok: true, result: { unlocked: false } });
    first.ws.close();
    second.ws.close();
  });
});
