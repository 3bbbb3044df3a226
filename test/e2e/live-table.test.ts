import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SimulatedTable } from '../../src/hardware/simulated-table.js';
import { parseCard } from '../../src/cards/notation.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { Croupier, e2eTables, Kiosk, PIN } from './support.js';

/**
 * The croupier's screen in real hands, as a new croupier tried it (issue 22): taps that must not act on a
 * table the screen did not show, amounts, the floor's session, wrong PINs, a player leaving, each screen's
 * own errors, a lost line, and the table read at arm's length. Debian's Chromium on the built screens in
 * browser mode against the real core. Three players: Ada (seat 1, small blind), Ben (seat 3, big blind),
 * Cleo (seat 6, the button); the deal runs burn, 1, 3, 6, 1, 3, 6.
 */
const { tableOfThree, kiosk, browser } = e2eTables();

/** The log's entries of the open table, as the store keeps them. */
function log(): { type: string; seat?: number; gate?: string; by?: string }[] {
  const store = (kiosk().core as unknown as { store: { entries(after: number): Iterable<{ type: string; seat?: number }> } }).store;
  return [...store.entries(0)];
}

/** The players' actions in the log, in order: `check 1`, `call 6`… */
function actions(): string[] {
  return log()
    .filter((entry) => ['fold', 'check', 'call', 'bet'].includes(entry.type))
    .map((entry) => `${entry.type} ${entry.seat ?? ''}`);
}

/** Preflop called round to the flop; Ada (seat 1) is to act first on it, Ben (seat 3) after her. */
async function toTheFlop(croupier: Croupier): Promise<void> {
  await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
  await croupier.act('action-call'); // Cleo
  await croupier.act('action-call'); // Ada
  await croupier.act('action-check'); // Ben
  await croupier.deal('2d', 'Jh', '7s', '4c');
  await croupier.sees('prompt', 'Action on seat 1');
}

/** Taps the centre of `testId` as a finger does, with no wait for the screen: the raw events only. */
async function tapAt(page: Page, testId: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(`[data-testid="${testId}"]`).boundingBox();
  if (box === null) throw new Error(`${testId} is not on the screen`);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.click(point.x, point.y);
  return point;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a tap never acts on a table the screen did not show', () => {
  it('two taps on Check 80 ms apart check for the seat shown, and the second is refused in words, not taken for the next seat', async () => {
    const croupier = await tableOfThree();
    await toTheFlop(croupier);
    await croupier.settled();
    const before = actions();
    const point = await tapAt(croupier.page, 'action-check');
    await pause(80);
    await croupier.page.mouse.click(point.x, point.y);
    await croupier.sees('prompt', 'Action on seat 3');
    await pause(500);
    expect(actions().slice(before.length)).toEqual(['check 1']);
    await croupier.sees('last-error', 'The table moved on: check the screen (seat 3 is to act now)');
    // Seat 3 still decides for itself, once the pad has been seen.
    await croupier.act('action-check');
    expect(actions().slice(before.length)).toEqual(['check 1', 'check 3']);
  });

  it('two screens tapping Call 110 ms apart: one call, for the seat both showed; the other screen is told the table moved on', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    const second = new Croupier(await browser().newPage({ viewport: { width: 1280, height: 800 } }), kiosk());
    await second.page.goto(kiosk().url);
    for (const screen of [croupier, second]) {
      await screen.sees('prompt', 'Action on seat 6');
      await screen.settled();
    }
    const point = await tapAt(croupier.page, 'action-call');
    await pause(110);
    await second.page.mouse.click(point.x, point.y);
    await croupier.sees('prompt', 'Action on seat 1');
    await second.sees('last-error', 'The table moved on: check the screen (seat 1 is to act now)');
    await pause(300);
    expect(actions()).toEqual(['call 6']);
    // The first screen was not shown the second's refusal.
    expect(await croupier.locator('last-error').count()).toBe(0);
    await second.page.close();
  });

  it('a screen whose line dropped takes no tap, and a tap on the view it held when the line came back is refused by the table', async () => {
    const croupier = await tableOfThree();
    await toTheFlop(croupier);
    // A second screen whose socket this test holds: the table's messages reach it only when let through.
    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    const sockets: { route: WebSocketRoute; held: boolean; queue: (string | Buffer)[] }[] = [];
    await page.routeWebSocket(/\/socket/, (route) => {
      const link = { route, held: false, queue: [] as (string | Buffer)[] };
      sockets.push(link);
      const server = route.connectToServer();
      route.onMessage((message) => server.send(message));
      server.onMessage((message) => (link.held ? link.queue.push(message) : route.send(message)));
    });
    const late = new Croupier(page, kiosk());
    await page.goto(kiosk().url);
    await late.sees('prompt', 'Action on seat 1');
    await late.settled();
    // The line drops: nothing to tap.
    const first = sockets[0] as (typeof sockets)[number];
    await first.route.close();
    await late.sees('connection-banner', 'No connection to the table');
    expect(await late.locator('action-check').isDisabled()).toBe(true);
    // Meanwhile the croupier acts on the other screen; the line comes back, but the table's messages are slow.
    await page.route('**/*', (route) => route.continue());
    await croupier.act('action-check');
    const reconnect = (async () => {
      for (let waited = 0; sockets.length < 2; waited += 20) {
        if (waited > 10_000) throw new Error('the screen never reconnected');
        await pause(20);
      }
      (sockets[1] as (typeof sockets)[number]).held = true;
    })();
    await reconnect;
    await late.locator('connection').filter({ hasText: 'Connected' }).waitFor();
    // The screen still shows seat 1 to act, enabled: a tap there carries the decision it was made on.
    await expect.poll(async () => late.locator('action-check').isDisabled()).toBe(false);
    const before = actions();
    await late.locator('action-check').click();
    const link = sockets[1] as (typeof sockets)[number];
    await pause(300);
    link.held = false;
    for (const message of link.queue.splice(0)) link.route.send(message);
    await late.sees('last-error', 'The table moved on: check the screen (seat 3 is to act now)');
    await late.sees('prompt', 'Action on seat 3');
    expect(actions()).toEqual(before);
    await page.close();
  });

  it('the keypad’s armed action is shown under the prompt at 1280×800', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.page.keyboard.press('F2');
    await croupier.sees('panel-armed', 'Keypad: Seat 6 calls 10 — press Confirm');
    const box = await croupier.locator('panel-armed').boundingBox();
    expect(box !== null && box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1280).toBe(true);
  });
});

describe('amounts', () => {
  it('the amount opens with the minimum, and the first digit typed replaces it: 5 is 5, not 205', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    expect(await croupier.locator('raise-amount').inputValue()).toBe('20');
    await croupier.tap('keypad-5');
    expect(await croupier.locator('raise-amount').inputValue()).toBe('5');
    expect(await croupier.locator('action-raise').isDisabled()).toBe(true);
    await croupier.tap('keypad-0');
    expect(await croupier.locator('raise-amount').inputValue()).toBe('50');
    await croupier.command('action-raise');
    await croupier.sees('seat-6-bet', '50');
  });
});

describe('the floor’s session ends with the floor’s work', () => {
  it('names who holds it, ends after a decision taken and after two idle minutes, and when its dialog closes', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    const ruling = async (text: string): Promise<void> => {
      await croupier.tap('floor-ruling');
      await croupier.locator('floor-ruling-text').fill(text);
      await croupier.tap('floor-confirm');
    };
    await croupier.unlockFloor();
    await croupier.sees('floor-open', 'Floor: Manager');
    await ruling('Chips found under seat 3');
    await croupier.sees('floor-open', /^Floor$/);
    // The next decision needs a sign-in of its own: the screen left open cannot sign in the manager's name.
    await croupier.tap('floor-open');
    await croupier.sees('floor-dialog', 'Staff no.');
    expect(await croupier.locator('floor-ruling').count()).toBe(0);
    await croupier.signIn('floor', '1', PIN);
    await croupier.sees('floor-who', 'Manager');
    // Two minutes unused, and the table refuses the floor's command: the sign-in again.
    kiosk().now += 2 * 60_000;
    await ruling('Too late');
    await croupier.sees('floor-dialog', 'Staff no.');
    expect(log().filter((entry) => entry.type === 'ruling')).toHaveLength(1);
    // Opened and closed without a decision: locked again.
    await croupier.signIn('floor', '1', PIN);
    await croupier.sees('floor-open', 'Floor: Manager');
    await croupier.tap('modal-close');
    await croupier.sees('floor-open', /^Floor$/);
    expect(await croupier.text('floor-open')).toBe('Floor');
  });

  it('five wrong floor PINs lock the floor’s sign-in, not the dealer’s; a manager lifts the lock-out, and the log says who', async () => {
    const croupier = await tableOfThree();
    await croupier.tap('floor-open');
    for (let attempt = 0; attempt < 5; attempt++) await croupier.signIn('floor', '20', '999999');
    await croupier.signIn('floor', '20', '202020');
    await croupier.sees('floor-problem', 'the floor’s sign-in is locked');
    await croupier.tap('modal-close');
    // The dealer signs in between hands all the same (the hand has not been dealt: a dealer change waits for it).
    await croupier.tap('dealer');
    await croupier.signIn('dealer', '12', '121212');
    await croupier.sees('dialog-error', 'A dealer change is recorded between hands');
    await croupier.tap('modal-close');
    // A manager lifts the floor's lock-out.
    await croupier.tap('floor-open');
    await croupier.signIn('floor', '20', '202020');
    await croupier.sees('floor-problem', 'the floor’s sign-in is locked');
    await croupier.tap('floor-lift-open');
    await croupier.signIn('floor-lift', '1', PIN);
    await croupier.sees('floor-lifted', 'The lock-out is lifted');
    await croupier.signIn('floor', '20', '202020');
    await croupier.sees('floor-who', 'Sam, floor supervisor #20');
    expect(log().filter((entry) => entry.type === 'lockout-lifted')).toMatchObject([{ gate: 'floor', by: 'Manager (manager #1)' }]);
    // The lift verifies with the rest of the log: the command kept beside it names what it records.
    expect(verifyDatabase(kiosk().dbPath)).toMatchObject({ ok: true });
  });
});

describe('one tap must not undo a player’s evening', () => {
  it('leaving asks again, with the chips the player takes', async () => {
    const croupier = await tableOfThree();
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.act('action-fold');
    await croupier.act('action-fold');
    await croupier.sees('prompt', /Button to seat 1/);
    await croupier.tap('seat-6');
    await croupier.tap('seat-menu-leave');
    await croupier.sees('leave-confirm', 'Cleo leaves the table and takes 985 in chips. The floor cannot undo this.');
    expect(log().some((entry) => entry.type === 'left')).toBe(false);
    await croupier.tap('leave-back');
    await croupier.tap('seat-menu-leave');
    await croupier.command('leave-confirm-yes');
    await croupier.sees('seat-6', 'Empty');
    expect(log().filter((entry) => entry.type === 'left')).toHaveLength(1);
  });
});

describe('each screen its own errors', () => {
  it('a refusal shows on the screen that sent the command only, and another screen’s taken command does not clear it', async () => {
    const croupier = await tableOfThree();
    await toTheFlop(croupier);
    await croupier.act('action-check');
    await croupier.act('action-check');
    await croupier.act('action-check');
    await croupier.sees('prompt', 'Deal the burn');
    await croupier.deal('3s');
    const second = new Croupier(await browser().newPage({ viewport: { width: 1280, height: 800 } }), kiosk());
    await second.page.goto(kiosk().url);
    await second.sees('prompt', 'Deal the board');
    // The second screen names a card already on the board: refused there, and only there.
    await second.tap('card-Jh');
    await second.sees('last-error', 'already in play');
    await pause(300);
    expect(await croupier.locator('last-error').count()).toBe(0);
    // The first screen's own refusal stays while the second deals the turn.
    await croupier.tap('card-7s');
    await croupier.sees('last-error', 'already in play');
    await second.command('card-Kc');
    await croupier.sees('prompt', 'Action on seat 1');
    expect(await croupier.locator('last-error').count()).toBe(1);
    await second.page.close();
  });
});

describe('read at arm’s length', () => {
  it('shows the draw’s cards until the first hand, the tabled hands at the board’s size, the winners marked, and the last hand’s markers until the next starts', async () => {
    const croupier = await tableOfThree([200, 400, 600]);
    await croupier.deal('5d', 'As', 'Ks', 'Qs', 'Ah', 'Kh', 'Qh');
    await croupier.allIn(true);
    await croupier.allIn(false);
    await croupier.allIn(false);
    await croupier.deal('6d', '2c', '7d', '9h', '8d', '3s', 'Jc', '4c');
    for (let shows = 0; shows < 3; shows++) await croupier.act('show');
    await croupier.sees('prompt', 'Seat 1 wins the main pot, 555');
    const board = await croupier.page.locator('[data-testid="board"] .card-face').first().boundingBox();
    const tabled = await croupier.page.locator('[data-testid="seat-1-tabled"] .card-face').first().boundingBox();
    expect(board !== null && tabled !== null && tabled.width >= 0.9 * board.width && tabled.height >= 0.9 * board.height).toBe(true);
    expect(await croupier.text('seat-1-won')).toBe('Wins 555');
    expect(await croupier.text('seat-3-won')).toBe('Wins 400side 1 400');
    expect(await croupier.locator('seat-6-won').count()).toBe(0);
    // The next hand's button is seat 1: its marker moves there when that hand starts, not over these cards.
    await croupier.sees('prompt', 'Button to seat 1');
    expect(await croupier.locator('seat-6').locator('[data-testid="button-marker"]').count()).toBe(1);
    await croupier.command('start-hand');
    expect(await croupier.locator('seat-1').locator('[data-testid="button-marker"]').count()).toBe(1);
  });

  it('keeps each seat’s card of the draw for the button on the table until the first hand starts', async () => {
    const table = await Kiosk.open(2);
    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    try {
      const drawer = new Croupier(page, table);
      await page.goto(await table.start());
      await drawer.sit(1, 'Ada', 500);
      await drawer.sit(3, 'Ben', 500);
      await drawer.deal('2c', 'As');
      expect(await drawer.text('seat-1-tabled')).toBe('2♣');
      expect(await drawer.text('seat-3-tabled')).toBe('A♠');
      await drawer.command('start-hand');
      expect(await drawer.locator('seat-1-tabled').count()).toBe(0);
    } finally {
      await page.close();
      await table.close();
    }
  });

  it('shows a hand the RFID antennas read after an unread deal with one tap, and takes a hand pulled into the muck as its muck', async () => {
    const croupier = await tableOfThree();
    const simulated = (kiosk().core as unknown as { simulatedTable: SimulatedTable }).simulatedTable;
    // The whole deal typed as unread cards: nothing known of the hole cards.
    for (let card = 0; card < 7; card++) await croupier.command('deal-unread');
    // The antennas read the cards lying at seats 1 and 3 (the reader came back, say).
    for (const [seat, card] of [[1, 'Ah'], [1, 'Ad'], [3, 'Kh'], [3, 'Kd']] as const) simulated.place(parseCard(card), { seat });
    await croupier.act('action-call');
    await croupier.act('action-call');
    await croupier.act('action-check');
    for (const card of ['2d', 'Jh', '7s', '4c']) await croupier.deal(card);
    for (const street of [['9s', '3c'], ['8s', '2h']]) {
      for (let acted = 0; acted < 3; acted++) await croupier.act('action-check');
      await croupier.deal(...street);
    }
    for (let acted = 0; acted < 3; acted++) await croupier.act('action-check');
    // Seat 1 shows first: read in full, a plain Show.
    await croupier.sees('prompt', 'Seat 1 shows');
    expect(await croupier.locator('show-confirm').count()).toBe(0);
    await croupier.act('show');
    await croupier.sees('seat-1-tabled', 'A♥A♦');
    // Seat 3 pulls its hand into the muck: its muck.
    await croupier.sees('prompt', 'Seat 3 shows or mucks');
    simulated.muck(3);
    await croupier.sees('prompt', 'Seat 6 shows or mucks');
    expect(kiosk().core.controller.table.hand?.players.find((player) => player.seat === 3)?.showdown).toBe('mucked');
  });
});

describe('no layout breaks at the sizes a table has', () => {
  /**
   * Every text the croupier reads that is cut or runs out of its box, every two seats that overlap (or a
   * seat and the pot), a seat outside the table, and a status bar taller than two lines. Run in the page
   * (as text: the tests' own TypeScript knows no DOM).
   */
  const LAYOUT_BREAKS = `(() => {
    const found = [];
    const selectors = ['.seat-name', '.seat-status', '.seat-stack', '.seat-won', '.prompt', '.pot', '.pot-total', '.stakes', '.hand-no', '.device', '.connection', '.status-buttons .button', '.action', '.size', '.armed'];
    for (const element of document.querySelectorAll(selectors.join(','))) {
      if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) found.push('cut: ' + element.className + ' "' + element.textContent + '"');
    }
    const boxes = [...document.querySelectorAll('.seat')].map((seat) => ({ id: seat.dataset.testid, box: seat.getBoundingClientRect() }));
    const centre = document.querySelector('.table-centre')?.getBoundingClientRect();
    const area = document.querySelector('.table-area')?.getBoundingClientRect();
    const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) if (overlap(boxes[i].box, boxes[j].box)) found.push('overlap: ' + boxes[i].id + ' and ' + boxes[j].id);
      if (centre && overlap(boxes[i].box, centre)) found.push('overlap: ' + boxes[i].id + ' and the pot');
      if (area && (boxes[i].box.left < 0 || boxes[i].box.right > window.innerWidth || boxes[i].box.top < area.top - 20 || boxes[i].box.bottom > area.bottom + 20)) found.push('outside: ' + boxes[i].id);
    }
    // A band wider than the screen widens the table's grid column with it, and every seat moves.
    for (const band of document.querySelectorAll('.status-bar, .banner, .table-screen, .table-screen > *')) {
      if (band.getBoundingClientRect().right > window.innerWidth + 0.5) found.push('wider than the screen: ' + band.className);
    }
    const bar = document.querySelector('.status-bar')?.getBoundingClientRect();
    if (bar && bar.height > 96) found.push('status bar ' + Math.round(bar.height) + ' px tall');
    return found;
  })()`;

  const breaks = (page: Page): Promise<string[]> => page.evaluate(LAYOUT_BREAKS) as Promise<string[]>;

  it('cuts nothing a croupier needs at 1024×768, 1280×800 and 1920×1080, and grows the table on the large screen', async () => {
    const croupier = await tableOfThree();
    const page = croupier.page;
    // Long names, and a newcomer waiting to post: the statuses the trial saw cut.
    for (const [seat, name] of [[2, 'Hieronymus'], [4, 'Ada Lovelace'], [5, 'Esmeralda'], [7, 'Cleopatra'], [8, 'Bartholomew'], [9, 'Gundula']] as const) await croupier.sit(seat, name, 500);
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.sees('seat-2-status', 'Waiting');
    const widths: Record<number, number> = {};
    for (const [width, height] of [[1024, 768], [1280, 800], [1920, 1080]] as const) {
      await page.setViewportSize({ width, height });
      await pause(300);
      expect({ size: `${width}×${height}`, breaks: await breaks(page) }).toEqual({ size: `${width}×${height}`, breaks: [] });
      widths[width] = (await croupier.locator('seat-4').boundingBox())?.width ?? 0;
    }
    expect((widths[1920] as number) / (widths[1280] as number)).toBeGreaterThan(1.2);
  });

  it('keeps its layout while the line is down, and takes no tap', async () => {
    const croupier = await tableOfThree();
    const page = croupier.page;
    await croupier.deal('Kd', 'Ah', 'Qh', '9c', 'Ad', 'Qd', '8c');
    await croupier.settled();
    expect(await breaks(page)).toEqual([]);
    const seatBefore = await croupier.locator('seat-1').boundingBox();
    const barBefore = await page.locator('.status-bar').boundingBox();
    await kiosk().close();
    await croupier.sees('connection-banner', 'No connection to the table');
    expect(await croupier.locator('action-call').isDisabled()).toBe(true);
    expect(await croupier.locator('seat-1').boundingBox()).toEqual(seatBefore);
    expect((await page.locator('.status-bar').boundingBox())?.height).toBe(barBefore?.height);
    expect(await breaks(page)).toEqual([]);
  });
});
