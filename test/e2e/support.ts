import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Core } from '../../src/api/core.js';
import type { TableConfig } from '../../src/engine/table/table-config.js';
import { type BrowserServer, startBrowserServer } from '../../src/server/browser-server.js';

/** Debian's Chromium (`.ci/run` installs it): playwright-core cannot download a browser here. */
export const CHROMIUM = '/usr/bin/chromium';

/** The flags that keep Chromium quiet on a machine without a network (docs/operations.md). */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const PIN = '246813';

/** The table's staff besides its manager (#1, PIN above): a croupier and a floor supervisor. */
export const STAFF = [
  { number: '12', name: 'Dana', role: 'croupier', pin: '121212', badge: 'BADGE0012' },
  { number: '20', name: 'Sam', role: 'supervisor', pin: '202020' },
] as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * One table in browser mode, as `felt start --browser` runs it, with a clock the test moves and the
 * built screens from dist/renderer (`npm test` builds them first).
 */
export class Kiosk {
  now = Date.UTC(2026, 10, 29, 18);
  private server: BrowserServer | null = null;
  private closed = false;

  private constructor(
    readonly core: Core,
    readonly dbPath: string,
  ) {}

  static async open(seed = 1, tableConfig?: TableConfig): Promise<Kiosk> {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'felt-e2e-')), 'table.db');
    let kiosk: Kiosk | null = null;
    const core = await Core.open({ dbPath, hardware: 'sim', floorPin: PIN, staff: STAFF, clock: { now: () => kiosk?.now ?? Date.UTC(2026, 10, 29, 18) }, seed, ...(tableConfig === undefined ? {} : { tableConfig }) });
    kiosk = new Kiosk(core, dbPath);
    return kiosk;
  }

  async start(): Promise<string> {
    // From the checkout's root: the tests run there, and so does `npm run screens` (bundled into dist/).
    const root = join(process.cwd(), 'dist', 'renderer');
    this.server = await startBrowserServer({ core: this.core, root, port: 0 });
    return this.server.url;
  }

  /** The address a screen opens, with the table's key (a page drops the key from its address once it keeps it: D56). */
  get url(): string {
    if (this.server === null) throw new Error('the table is not started');
    return this.server.url;
  }

  /** Stops the table (a test may stop it early, as a crash or a restart would: closing twice is no error). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.server?.close();
    this.core.close();
  }

  /** The log's last row: it moves when a command was applied and written. */
  head(): number {
    return this.core.controller.view().logRow;
  }
}

/** What the croupier does and sees, by the screen's test ids. */
export class Croupier {
  constructor(
    readonly page: Page,
    private readonly kiosk: Kiosk,
  ) {}

  locator(testId: string) {
    return this.page.locator(`[data-testid="${testId}"]`);
  }

  /**
   * Waits until no player's decision on the screen is still settling: a croupier taps on what they have
   * seen, and a tap in a decision's first moments is refused as aimed at the one before (D59).
   */
  async settled(): Promise<void> {
    await this.page.locator('[data-settling]').first().waitFor({ state: 'detached', timeout: 5_000 });
  }

  /** A tap that sends a command: waits until the table has written it. */
  async command(testId: string): Promise<void> {
    const before = this.kiosk.head();
    await this.settled();
    await this.locator(testId).click();
    for (let waited = 0; this.kiosk.head() === before; waited += 10) {
      if (waited > 5_000) throw new Error(`tapping ${testId} changed nothing; the screen says: ${await this.text('prompt')} / ${await this.errorText()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The table wrote it; wait until the screen shows that row too, so what is read next is not the screen before.
    const written = this.kiosk.head();
    for (let waited = 0; Number(await this.page.locator('.app').getAttribute('data-log-row')) < written; waited += 10) {
      if (waited > 5_000) throw new Error(`the screen never showed log row ${written} after tapping ${testId}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async tap(testId: string): Promise<void> {
    await this.settled();
    await this.locator(testId).click();
  }

  async text(testId: string): Promise<string> {
    return ((await this.locator(testId).textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  async errorText(): Promise<string> {
    const error = this.locator('last-error');
    return (await error.count()) > 0 ? ((await error.textContent()) ?? '') : '';
  }

  /** Waits until the element with `testId` shows `text` (the screen follows the pushed view). */
  async sees(testId: string, text: string | RegExp): Promise<void> {
    await this.locator(testId).filter({ hasText: text }).first().waitFor({ timeout: 5_000 });
  }

  async sit(seat: number, name: string, buyIn: number): Promise<void> {
    await this.tap(`seat-${seat}`);
    await this.locator('seat-name').fill(name);
    await this.locator('seat-buyin').fill(String(buyIn));
    await this.command('seat-confirm');
    await this.sees(`seat-${seat}`, name);
  }

  /** Cards by notation (`As`, `Td`), each tapped on the card picker when the table asks for one. */
  async deal(...cards: string[]): Promise<void> {
    for (const card of cards) await this.command(`card-${card}`);
  }

  async act(testId: string): Promise<void> {
    await this.command(testId);
  }

  /**
   * All-in. Where the call takes every chip it is the call, one tap (`asked` false); beside a call or a
   * check the screen asks again, and the croupier confirms on the other side of the pad.
   */
  async allIn(asked: boolean): Promise<void> {
    if (!asked) return this.command('action-allin');
    await this.tap('action-allin');
    await this.sees('allin-confirm', 'goes all-in');
    await this.command('allin-confirm-yes');
  }

  /** Bet or raise to `amount`: typed into the amount field, then confirmed. */
  async raiseTo(amount: number): Promise<void> {
    await this.locator('raise-amount').fill(String(amount));
    await this.command('action-raise');
  }

  /** Signs in to the floor functions with a staff number and PIN, typed on the keypad (the table's first manager by default). */
  async unlockFloor(pin = PIN, staff = '1'): Promise<void> {
    await this.tap('floor-open');
    await this.signIn('floor', staff, pin);
  }

  /** A staff number, Next, the PIN, and the sign-in button of the form `prefix` (floor, dealer, floor-lift…). */
  async signIn(prefix: string, staff: string, pin: string): Promise<void> {
    for (const digit of staff) await this.tap(`keypad-${digit}`);
    await this.tap(`${prefix}-next`);
    for (const digit of pin) await this.tap(`keypad-${digit}`);
    await this.tap(`${prefix}-unlock`);
  }
}

/**
 * A new table on a new page: three players seated — Ada (seat 1), Ben (seat 3), Cleo (seat 6) — Cleo draws
 * the button, time is collected, and the first hand is started (the screen asks for the burn).
 */
export async function openTableOfThree(browser: Browser, stacks: readonly [number, number, number] = [500, 800, 1000]): Promise<{ kiosk: Kiosk; croupier: Croupier }> {
  const kiosk = await Kiosk.open();
  const url = await kiosk.start();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const croupier = new Croupier(page, kiosk);
  await page.goto(url);
  await croupier.sees('prompt', 'Seat at least two players');
  await croupier.sit(1, 'Ada', stacks[0]);
  await croupier.sit(3, 'Ben', stacks[1]);
  await croupier.sit(6, 'Cleo', stacks[2]);
  await croupier.sees('prompt', 'Draw for the button: seat 1, 3, 6');
  await croupier.deal('2c', '3c', 'As');
  await croupier.sees('button-marker', 'D');
  // Time is collected before the first hand (seed 000: 15 a seat every 30 minutes).
  await croupier.sees('prompt', 'Collect time, 15 each, from seat 1, 3, 6. Button to seat 6. Post blinds: seat 1 small blind 5, seat 3 big blind 10');
  await croupier.command('start-hand');
  await croupier.sees('prompt', 'Shuffle, then deal the burn');
  return { kiosk, croupier };
}

/**
 * A test file's tables: one Chromium for the file, and the table each test opens (closed after the test).
 * `tableOfThree()` opens the screen with Ada, Ben and Cleo seated and the first hand started; `kiosk()`
 * is the open table's core and clock.
 */
export function e2eTables(): { tableOfThree(stacks?: readonly [number, number, number]): Promise<Croupier>; kiosk(): Kiosk; browser(): Browser } {
  let browser: Browser | null = null;
  let open: Kiosk | null = null;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await open?.close();
    open = null;
  });
  return {
    tableOfThree: async (stacks) => {
      if (browser === null) throw new Error('Chromium is not running: call e2eTables() at the top of the test file');
      const opened = await openTableOfThree(browser, stacks);
      open = opened.kiosk;
      return opened.croupier;
    },
    kiosk: () => {
      if (open === null) throw new Error('no table is open in this test');
      return open;
    },
    browser: () => {
      if (browser === null) throw new Error('Chromium is not running: call e2eTables() at the top of the test file');
      return browser;
    },
  };
}
