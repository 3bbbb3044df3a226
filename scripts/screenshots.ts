/**
 * npm run screens — the croupier screen's main views at 1280×800, as PNGs in docs/screens/: a real
 * table in browser mode (simulated hardware) driven through Debian's Chromium with the end-to-end tests'
 * croupier (test/e2e/support.ts). Run it after changing the screens and commit the pictures.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Croupier, Kiosk, launchChromium, PIN } from '../test/e2e/support.js';

const OUT = fileURLToPath(new URL('../docs/screens/', import.meta.url));

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await launchChromium();
  const kiosk = await Kiosk.open(5);
  try {
    const url = await kiosk.start();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const croupier = new Croupier(page, kiosk);
    const shot = async (name: string): Promise<void> => {
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${OUT}${name}.png` });
      console.log(`docs/screens/${name}.png`);
    };
    await page.goto(url);
    await croupier.sees('prompt', 'Seat at least two players');
    await croupier.tap('seat-2');
    await croupier.locator('seat-name').fill('Ada');
    await croupier.locator('seat-buyin').fill('500');
    await shot('seat-dialog');
    await croupier.command('seat-confirm');
    await croupier.sit(4, 'Ben', 800);
    await croupier.sit(7, 'Cleo', 1000);
    await croupier.sit(9, 'Dev', 300);
    await croupier.deal('2c', '3c', 'As', '4d');
    await croupier.sees('prompt', 'Button to seat 7');
    await shot('start-hand');
    await croupier.command('start-hand');
    await shot('deal');
    await croupier.deal('Kd', '9s', 'Ah', 'Qh', '9c', '9d', 'Ad', 'Qd', '8c');
    await croupier.raiseTo(30);
    await croupier.act('action-call');
    await croupier.act('action-call');
    await croupier.act('action-call');
    await croupier.deal('2d', 'Jh', '7s', '4c');
    await croupier.tap('card-error');
    await shot('card-error');
    await croupier.tap('card-error-back');
    await croupier.act('action-check');
    await croupier.raiseTo(60);
    await croupier.tap('size-pot');
    await shot('action-pad');
    await croupier.tap('action-allin');
    await croupier.sees('allin-confirm', 'goes all-in');
    await shot('allin-confirm');
    await croupier.command('allin-confirm-yes');
    // A call that takes every chip is the one All-in button (D44).
    const call = async (): Promise<void> => croupier.act((await croupier.locator('action-call').count()) > 0 ? 'action-call' : 'action-allin');
    await call();
    await croupier.act('action-fold');
    await call();
    await croupier.sees('pot-side-1', '');
    await shot('side-pots');
    await croupier.deal('3d', 'Qs', '5d', 'Ks');
    for (let shows = 0; shows < 3; shows++) await croupier.act('show');
    await shot('awards');
    await croupier.tap('floor-open');
    await shot('floor-pin');
    await croupier.signIn('floor', '1', PIN);
    await croupier.sees('floor-who', 'Manager, manager #1');
    await shot('floor-functions');
    await croupier.tap('floor-setup');
    await shot('table-setup');
    await croupier.tap('floor-back');
    await croupier.tap('floor-reports');
    await croupier.sees('report-session', 'Hands played');
    await shot('reports-session');
    await croupier.tap('reports-tab-cashflow');
    await croupier.sees('report-cashflow', 'Ada');
    await shot('reports-cashflow');
    await croupier.tap('modal-close');
    await croupier.tap('sim-faults');
    await shot('sim-faults');
    await croupier.tap('modal-close');
    await croupier.tap('hands-open');
    await croupier.tap('hand-row-1');
    for (let step = 0; step < 30; step++) await croupier.tap('replay-next');
    await shot('hand-replay');
    await croupier.tap('replay-close');
    await croupier.tap('hands-close');
    await croupier.tap('lang-de');
    await shot('german');
  } finally {
    await kiosk.close();
    await browser.close();
  }
}

await main();
