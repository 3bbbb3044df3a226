import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyDatabase } from '../../src/store/verify.js';
import { e2eTables } from './support.js';

/**
 * A manager erases a departed player's name from the table's screen while it runs (D114), end to end:
 * Debian's Chromium on the built screens against the real core. Ada (seat 1), Ben (seat 3) and Cleo
 * (seat 6) are players 1, 2 and 3; the manager is staff #1, Sam (#20) a supervisor.
 */
const { tableOfThree, kiosk } = e2eTables();

function fileHolds(path: string, text: string): boolean {
  const bytes = Buffer.concat([readFileSync(path), ...(existsSync(`${path}-wal`) ? [readFileSync(`${path}-wal`)] : [])]);
  return bytes.includes(Buffer.from(text));
}

describe("a player's name erased from the table's screen", () => {
  it('is a manager’s: Cleo leaves, her name is erased, the table plays on and a new Cleo is a new player', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.act('action-fold');
    await croupier.act('action-fold');
    await croupier.tap('seat-6');
    await croupier.tap('seat-menu-leave');
    await croupier.command('leave-confirm-yes');
    await croupier.sees('seat-6', 'Empty');

    // A supervisor's floor functions have no players.
    await croupier.unlockFloor('202020', '20');
    await croupier.sees('floor-who', 'Sam, floor supervisor #20');
    expect(await croupier.locator('floor-reports').count()).toBe(1);
    expect(await croupier.locator('floor-players').count()).toBe(0);
    await croupier.tap('modal-close');

    await croupier.unlockFloor();
    await croupier.tap('floor-players');
    await croupier.sees('player-3-name', 'Cleo');
    await croupier.sees('player-1-status', 'At seat 1');
    expect(await croupier.locator('player-1-erase').count()).toBe(0);
    expect(fileHolds(kiosk().dbPath, 'Cleo')).toBe(true);
    await croupier.tap('player-3-erase');
    await croupier.sees('erase-question', 'Erase the name of player 3, Cleo?');
    await croupier.command('erase-for-good');
    await croupier.sees('players-erased', 'The name of player 3 was erased.');
    await croupier.sees('player-3-name', 'erased player');
    await croupier.sees('player-3-status', /Name erased .* by Manager \(manager #1\)/);
    expect(fileHolds(kiosk().dbPath, 'Cleo')).toBe(false);
    // Closing the dialog ends the manager's session.
    await croupier.tap('modal-close');
    await croupier.sees('floor-open', /^Floor$/);

    // A guest named Cleo now: a new player, not held to the 985 the erased Cleo left with.
    await croupier.sit(6, 'Cleo', 200);
    expect(kiosk().core.controller.players().map(({ player, name, seat }) => [player, name, seat])).toEqual([
      [1, 'Ada', 1],
      [2, 'Ben', 3],
      [3, null, null],
      [4, 'Cleo', 6],
    ]);
    expect(verifyDatabase(kiosk().dbPath)).toMatchObject({ ok: true });
  });
});
