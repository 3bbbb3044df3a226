import { fileURLToPath } from 'node:url';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTournamentFile } from '../../src/api/tournament-file.js';
import { Croupier, Kiosk, launchChromium } from './support.js';

const example = fileURLToPath(new URL('../../docs/examples/tournament.json', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

describe('a tournament table on the croupier screen', () => {
  it('fits the screens it is made for, the level and the next under the stakes: every seat inside, the bar one band', async () => {
    const kiosk = await Kiosk.open(5, readTournamentFile(example));
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const croupier = new Croupier(page, kiosk);
      await page.goto(await kiosk.start());
      await croupier.sees('prompt', 'Seat at least two players');
      for (const [seat, name] of [[2, 'Alexandra'], [5, 'Benedikt'], [8, 'Cleopatra']] as const) {
        await croupier.tap(`seat-${seat}`);
        await croupier.locator('seat-name').fill(name);
        await croupier.command('seat-confirm');
      }
      for (let draw = 0; draw < 3; draw++) await croupier.command('sim-draw');
      await croupier.command('start-hand');
      await croupier.sees('level', /^Level 1 · next level /);
      for (const [width, height] of [[1280, 800], [1024, 768]] as const) {
        await page.setViewportSize({ width, height });
        for (const lang of ['en', 'de'] as const) {
          await croupier.tap(`lang-${lang}`);
          const bar = await page.locator('.status-bar').boundingBox();
          expect(bar?.height).toBeLessThan(140);
          for (let seat = 1; seat <= 10; seat++) {
            const box = await croupier.locator(`seat-${seat}`).boundingBox();
            expect(box).not.toBeNull();
            if (box === null) continue;
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(width);
            expect(box.y + box.height).toBeLessThanOrEqual(height);
          }
        }
      }
    } finally {
      await kiosk.close();
    }
  });
});
