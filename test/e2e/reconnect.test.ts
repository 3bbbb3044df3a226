import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support.js';
import { freePort, startTable, type TableProcess } from './table-process.js';

/**
 * A screen that was let in comes back by itself after its table restarts; a stranger gets nothing (D56).
 * The table runs as a service runs it — `felt start` in its own process, its output on pipes — and the
 * screen is opened as a kiosk's browser opens it: on the launcher file the start wrote beside the table,
 * which holds the key (the browser's command line names only the file).
 */
let browser: Browser | null = null;
const running: TableProcess[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  for (const table of running) await table.stop();
  await browser?.close();
});

async function table(db: string, port: number): Promise<TableProcess> {
  const started = await startTable(db, port);
  running.push(started);
  return started;
}

async function stop(started: TableProcess): Promise<void> {
  running.splice(running.indexOf(started), 1);
  expect(await started.stop()).toBe(0);
}

function testId(page: Page, id: string) {
  return page.locator(`[data-testid="${id}"]`);
}

/** The screen's line to the table: the status bar's connection mark. */
async function connection(page: Page, state: 'connected' | 'lost'): Promise<void> {
  await page.locator(`[data-testid="connection"].connection-${state}`).waitFor({ timeout: 15_000 });
}

async function sit(page: Page, seat: number, name: string): Promise<void> {
  await testId(page, `seat-${seat}`).click();
  await testId(page, 'seat-name').fill(name);
  await testId(page, 'seat-buyin').fill('500');
  await testId(page, 'seat-confirm').click();
  await testId(page, `seat-${seat}`).filter({ hasText: name }).waitFor({ timeout: 5_000 });
}

/**
 * A page that must get nothing: it loads (the page is the public build), tries the socket again and again,
 * and in `ms` receives not one frame — no view, no answer — and shows no table.
 */
async function getsNothing(page: Page, url: string, ms: number, knocks = true): Promise<void> {
  let attempts = 0;
  let frames = 0;
  page.on('websocket', (socket) => {
    attempts += 1;
    socket.on('framereceived', () => (frames += 1));
  });
  await page.goto(url);
  await page.waitForTimeout(ms);
  // A page with no key at all does not knock: it says it has none.
  if (knocks) expect(attempts, 'the page tried the socket').toBeGreaterThan(0);
  else {
    expect(attempts, 'a page without a key tried the socket').toBe(0);
    await page.locator('[data-testid="connection-banner"]').filter({ hasText: 'This screen has no key for the table' }).waitFor();
  }
  expect(frames, 'frames the table sent it').toBe(0);
  expect(await page.locator('.app').getAttribute('data-log-row')).toBeNull();
  expect(await page.locator('[data-testid^="seat-"]').count()).toBe(0);
}

describe('a screen after its table restarts', () => {
  it('comes back by itself and acts, when the table starts again on the same database and port; a page without the key, or with a wrong one, gets nothing', async () => {
    if (browser === null) throw new Error('Chromium is not running');
    const folder = mkdtempSync(join(tmpdir(), 'felt-reconnect-'));
    const db = join(folder, 'table.db');
    const port = await freePort();
    const first = await table(db, port);
    const key = readFileSync(`${db}.screen-key`, 'utf8').trim();
    expect(first.output).not.toContain(key);

    // The kiosk's way in: the launcher file; the page keeps the key and takes it out of its address.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`file://${db}.screen.html`);
    await testId(page, 'prompt').filter({ hasText: 'Seat at least two players' }).waitFor({ timeout: 10_000 });
    expect(page.url()).toBe(`http://127.0.0.1:${port}/`);
    expect(await page.evaluate<string | null>("window.sessionStorage.getItem('felt-screen-key')")).toBe(key);
    await sit(page, 1, 'Ada');

    await stop(first);
    await connection(page, 'lost');
    const second = await table(db, port);
    // Nobody touches the page: it finds the table again and goes on.
    await connection(page, 'connected');
    await sit(page, 3, 'Ben');
    await testId(page, 'seat-1').filter({ hasText: 'Ada' }).waitFor();

    // A reload finds the key in the tab, though the address no longer holds it.
    await page.reload();
    await testId(page, 'seat-3').filter({ hasText: 'Ben' }).waitFor({ timeout: 10_000 });

    // A stranger's page (another tab, nothing kept), and a page given a wrong key, get nothing.
    const stranger = await browser.newPage();
    await getsNothing(stranger, `http://127.0.0.1:${port}/`, 2_500, false);
    const guesser = await browser.newPage();
    await getsNothing(guesser, `http://127.0.0.1:${port}/#key=${'A'.repeat(43)}`, 2_500);
    await stranger.close();
    await guesser.close();

    // A new key (the file deleted while the table is stopped) shuts out the screen that had the old one.
    await stop(second);
    rmSync(`${db}.screen-key`);
    const third = await table(db, port);
    expect(readFileSync(`${db}.screen-key`, 'utf8').trim()).not.toBe(key);
    let frames = 0;
    page.on('websocket', (socket) => socket.on('framereceived', () => (frames += 1)));
    await page.waitForTimeout(6_000);
    expect(frames).toBe(0);
    expect(await page.locator('[data-testid="connection"].connection-connected').count()).toBe(0);
    await page.close();
    await stop(third);
  }, 90_000);
});
