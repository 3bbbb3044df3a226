import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eTables } from './support.js';

/**
 * The staff and the floor's reports end to end: Debian's Chromium on the built screens in browser mode
 * against the real core. Three players: Ada (seat 1), Ben (seat 3), Cleo (seat 6); 15 time a seat was
 * collected before the first hand. Staff: the manager (#1), Dana (croupier #12), Sam (supervisor #20).
 */
const { tableOfThree, kiosk } = e2eTables();

describe('the staff and the floor reports on the screen', () => {
  it('takes a dealer between hands, opens the floor for a supervisor only, and shows and prints the reports', async () => {
    const croupier = await tableOfThree();
    await croupier.sees('dealer', 'No dealer signed in');
    // A dealer change waits for the hand to end.
    await croupier.tap('dealer');
    await croupier.signIn('dealer', '12', '121212');
    await croupier.sees('dialog-error', 'A dealer change is recorded between hands');
    await croupier.tap('modal-close');
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.act('action-fold');
    await croupier.act('action-fold');
    await croupier.sees('prompt', /Collect time|Button to seat/);
    // Now it is recorded: by badge, as a reader types it.
    await croupier.tap('dealer');
    await croupier.locator('dealer-badge').fill('BADGE0012');
    await croupier.locator('dealer-badge').press('Enter');
    await croupier.sees('dealer', 'Dealer: Dana #12');
    expect(kiosk().core.controller.table.dealer).toMatchObject({ number: '12', name: 'Dana' });

    // A croupier cannot open the floor; a supervisor can, and is named.
    await croupier.unlockFloor('121212', '12');
    await croupier.sees('floor-problem', 'Dana is a croupier');
    await croupier.signIn('floor', '20', '202020');
    await croupier.sees('floor-who', 'Sam, floor supervisor #20');

    await croupier.tap('floor-reports');
    await croupier.sees('stat-handsPlayed', '1');
    await croupier.sees('session-by-dealer', 'none recorded');
    await croupier.tap('reports-tab-collections');
    await croupier.sees('stat-timeCollected', '45');
    await croupier.sees('collections-by-shift', 'Dana #12');
    await croupier.tap('reports-tab-cashflow');
    await croupier.sees('stat-unexplained', '0');
    await croupier.tap('reports-tab-incidents');
    await croupier.sees('report-incidents', 'No incidents');

    // Printed: the browser saves the PDF, in German after switching the screen's language. The floor's
    // session ended with its dialog: a sign-in again.
    await croupier.tap('modal-close');
    await croupier.sees('floor-open', /^Floor$/);
    await croupier.tap('lang-de');
    await croupier.unlockFloor('202020', '20');
    await croupier.tap('floor-reports');
    await croupier.tap('reports-tab-cashflow');
    await croupier.sees('stat-buyIns', '2.300'); // grouped as German writes it (D47), as the PDF does
    const [download] = await Promise.all([croupier.page.waitForEvent('download'), croupier.tap('report-pdf')]);
    const file = join(mkdtempSync(join(tmpdir(), 'felt-pdf-')), download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/^felt-cashflow-20261129-\d{4}\.pdf$/);
    expect(readFileSync(file).subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('2.300');
    expect(text.stdout).toMatch(/Ada/);
  });
});
