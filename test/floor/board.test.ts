import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import { type Board, readBoard, storeStatus } from '../../src/floor/board.js';
import { boardStatusOf } from '../../src/floor/link/board-status.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { FloorClient } from '../../src/floor/link/floor-client.js';
import { type BoardStatus, boardStatus } from '../../src/floor/link/wire.js';
import { FloorSessions } from '../../src/floor/server/floor-sessions.js';
import { changeDirectory, readDirectory } from '../../src/floor/staff/directory.js';
import { launchChromium } from '../e2e/support.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { startTestFloor, type TestFloor, until } from './support.js';

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor('felt-floor-', { screens: true });
}, 60_000);

afterAll(async () => {
  await floor.close();
});

/** Every key anywhere in a value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

async function board(key: string | null): Promise<{ status: number; body: Board | { error: unknown } }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer board.${key}` };
    const req = request({ host: '127.0.0.1', port: floor.server.port, path: '/v1/board', headers, ca: floor.certificate.certificate, checkServerIdentity: () => undefined }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Board }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the floor board', () => {
  it("carries no card of the table's view: no hole card, no board card, nothing a seat holds", () => {
    const table = SimulatedTable.open(join(floor.folder, 'cards.db'), { hands: 3, seed: 71 });
    // Into the first hand: hole cards dealt, a flop perhaps.
    while (table.playing && !(table.controller.view().handInPlay && table.controller.view().seats.some((seat) => seat.faceDown > 0))) table.step(1);
    table.step(6);
    const view = table.controller.view();
    expect(view.handInPlay).toBe(true);
    const status = boardStatusOf(view, 1_000);
    expect(boardStatus.parse(status)).toEqual(status);
    const allowed = new Set(['at', 'game', 'en', 'de', 'seats', 'taken', 'count', 'handNumber', 'handInPlay', 'pot', 'dealer', 'number', 'name', 'devices', 'id', 'kind', 'state', 'words', 'incident', 'time', 'collectNow', 'owed', 'software', 'version', 'build']);
    expect([...keysOf(status)].filter((key) => !allowed.has(key))).toEqual([]);
    for (const forbidden of ['board', 'holeCards', 'shown', 'faceDown', 'drawn', 'card', 'cards']) expect(keysOf(status).has(forbidden)).toBe(false);
    // A line with a card in it is refused at the floor's door.
    expect(boardStatus.safeParse({ ...status, board: [12, 13, 14] }).success).toBe(false);
    table.close();
  });

  it("shows a running table's line live — game, seats, hand, pot, dealer, devices, time — with its clock against the floor's", async () => {
    const db = join(floor.folder, 'board.db');
    const link = await enrolTable(db, await floor.enrolment('Board'));
    const played = SimulatedTable.open(db, { hands: 4, seed: 72, dealers: 2 });
    played.playAll();
    played.close();
    const core = await Core.open({ dbPath: db, hardware: 'sim', floorPin: '246813', seed: 1 });
    try {
      const view = core.controller.view();
      await until(async () => (await readBoard(floor.database.pool)).tables.find((row) => row.id === link.table.id)?.status?.handNumber === view.handNumber, 'the table on the board');
      const row = (await readBoard(floor.database.pool)).tables.find((entry) => entry.id === link.table.id);
      expect(row).toMatchObject({
        name: 'Board',
        status: { game: view.stakes.words, seats: { taken: view.seats.length, count: view.seatCount }, handNumber: view.handNumber, handInPlay: false, pot: 0, dealer: view.dealer, software: { version: expect.any(String), build: 'test' } },
        link: { state: 'live' },
        clockOff: false,
      });
      expect(Math.abs(row?.clockOffsetMs ?? Infinity)).toBeLessThan(5_000);
      expect(row?.status?.devices.some((device) => device.kind === 'shoe')).toBe(true);
      await until(async () => (await readBoard(floor.database.pool)).tables.find((entry) => entry.id === link.table.id)?.log.rows === core.controller.view().logRow, 'the log at the floor');
      // The board over the link, with its key only.
      expect((await board(null)).status).toBe(401);
      expect((await board('x'.repeat(43))).status).toBe(401);
      const answered = await board(floor.boardKey);
      expect(answered.status).toBe(200);
      expect((answered.body as Board).tables.map((entry) => entry.name)).toContain('Board');
    } finally {
      core.close();
    }
  });

  it('shows a table that went silent, since when, and live again from its next word; a clock far off is flagged', async () => {
    const link = await enrolTable(join(floor.folder, 'silent.db'), await floor.enrolment('Silent'));
    const client = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
    const line = { at: Date.now(), game: { en: 'No limit 5/10', de: 'No Limit 5/10' }, seats: { taken: 3, count: 10 }, handNumber: 7, handInPlay: true, pot: 120, dealer: null, devices: [], time: { collectNow: 0, owed: 0 }, software: { version: '0.1.0', build: 'test' } };
    const before = await readBoard(floor.database.pool);
    expect(before.tables.find((row) => row.id === link.table.id)?.link.state).toBe('never');
    await client.status(line);
    expect((await readBoard(floor.database.pool)).tables.find((row) => row.id === link.table.id)).toMatchObject({ link: { state: 'live' }, status: { handNumber: 7, pot: 120 }, clockOff: false });
    await floor.database.pool.query("UPDATE board_status SET received_at = now() - interval '1 minute' WHERE table_id = $1", [link.table.id]);
    const silent = (await readBoard(floor.database.pool)).tables.find((row) => row.id === link.table.id);
    expect(silent?.link.state).toBe('silent');
    expect(Date.now() - Date.parse(silent?.link.since ?? '')).toBeGreaterThan(55_000);
    // Back, with its clock five minutes fast.
    await storeStatus(floor.database.pool, link.table.id, { ...line, at: Date.now() + 5 * 60_000 });
    const back = (await readBoard(floor.database.pool)).tables.find((row) => row.id === link.table.id);
    expect(back?.link.state).toBe('live');
    expect(Date.now() - Date.parse(back?.link.since ?? '')).toBeLessThan(10_000);
    expect(back?.clockOff).toBe(true);
    // A line with a card is refused, naming the field.
    await expect(client.call('POST', '/v1/status', { ...line, board: [1, 2, 3] })).rejects.toThrow(/board|Unrecognized/);
    client.close();
  });
});

describe("the floor board's screen, in Chromium", () => {
  it('signs in a floor supervisor of the floor\'s staff (not a croupier, not a wrong PIN), shows each table live, in English and German, and signs out', async () => {
    await changeDirectory(floor.database.pool, { kind: 'add', member: { number: '1', name: 'Morgan', role: 'manager', pin: '111111' } });
    await changeDirectory(floor.database.pool, { kind: 'add', member: { number: '12', name: 'Dana', role: 'croupier', pin: '121212' } });
    await changeDirectory(floor.database.pool, { kind: 'add', member: { number: '20', name: 'Sam', role: 'supervisor', pin: '202020' } });
    const link = await enrolTable(join(floor.folder, 'screen.db'), await floor.enrolment('Table 7'));
    const client = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
    const line: BoardStatus = { at: Date.now(), game: { en: 'No limit 1/2', de: 'No Limit 1/2' }, seats: { taken: 6, count: 9 }, handNumber: 3, handInPlay: false, pot: 0, dealer: { number: '12', name: 'Dana' }, devices: [{ id: 'shoe-1', kind: 'shoe', state: 'connected', words: null, incident: null }], time: { collectNow: 0, owed: 0 }, software: { version: '0.2.0', build: '0.2.0-1~deb12' } };
    await client.status(line);
    const browser = await launchChromium();
    try {
      // The floor's certificate is its own (tables pin it; a supervisor's browser trusts it once).
      const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'en-GB' });
      const page = await context.newPage();
      const answer = await page.goto(`${floor.address()}/`);
      expect(answer?.headers()['content-security-policy']).toMatch(/default-src 'self'/);
      const signInAs = async (number: string, pin: string): Promise<void> => {
        await page.getByTestId('floor-number').fill(number);
        await page.getByTestId('floor-pin').fill(pin);
        await page.getByTestId('floor-sign-in-button').click();
      };
      await signInAs('12', '121212');
      await expect.poll(() => page.getByTestId('floor-error').textContent()).toMatch(/Dana is a croupier/);
      await signInAs('20', '999999');
      await expect.poll(() => page.getByTestId('floor-error').textContent()).toMatch(/not known at the floor/);
      await signInAs('20', '202020');
      await expect.poll(() => page.getByTestId('floor-who').textContent()).toBe('Sam, floor supervisor #20');
      const card = page.locator('[data-testid="floor-table"][data-table="Table 7"]');
      await expect.poll(() => card.getByTestId('table-hand').textContent()).toBe('Hand 3 ended · Pot 0');
      expect(await card.getByTestId('table-seats').textContent()).toBe('6 of 9 seats taken, 3 open');
      expect(await card.getByTestId('table-dealer').textContent()).toBe('Dealer: Dana #12');
      // Which software runs it, as the table says (D87).
      expect(await card.getByTestId('table-software').textContent()).toBe('Felt 0.2.0 (build 0.2.0-1~deb12)');
      expect(await card.getByTestId('table-link').textContent()).toMatch(/^Live since/);
      // A hand starts and the table calls the floor: on the board without a reload.
      const sent = Date.now();
      await client.status({ ...line, at: Date.now(), handNumber: 4, handInPlay: true, pot: 1_250, devices: [{ id: 'keypad-1', kind: 'keypad', state: 'connected', words: null, incident: 'floor-call' }, { id: 'shoe-1', kind: 'shoe', state: 'fault', words: { en: 'card jam', de: 'Kartenstau' }, incident: 'device-fault' }] });
      await expect.poll(() => card.getByTestId('table-hand').textContent(), { interval: 50 }).toBe('Hand 4 in play · Pot 1,250');
      const shownMs = Date.now() - sent;
      expect(await card.getByTestId('table-call').textContent()).toBe('Calls the floor');
      expect(await card.getByTestId('table-devices').textContent()).toBe('Shoe shoe-1: fault (card jam)');
      // German.
      await page.getByTestId('floor-language').click();
      await expect.poll(() => card.getByTestId('table-hand').textContent()).toBe('Hand 4 läuft · Pot 1.250');
      expect(await card.getByTestId('table-call').textContent()).toBe('Ruft den Floor');
      expect(await page.getByTestId('floor-who').textContent()).toBe('Sam, Floor-Supervisor #20');
      // A table whose PC was replaced (D99) and whose old PC came back twice with its revoked credential: the
      // floor's record of it (replacement.test.ts makes it for real) shows on the card, as an alarm.
      expect(await card.getByTestId('table-old-pc').count()).toBe(0);
      await floor.database.pool.query(
        "INSERT INTO table_replacement (table_id, old_credential_hash, head_seq, head_hash, replaced_at, old_seen_at, old_seen_count) VALUES ($1, $2, 0, $3, '2026-12-01T22:15:00Z', '2026-12-02T07:40:00Z', 2)",
        [link.table.id, 'c'.repeat(64), '0'.repeat(64)],
      );
      // Chromium runs in this process's time zone: the times as German writes them here.
      const german = (iso: string): string => new Date(iso).toLocaleString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
      await expect.poll(() => card.getByTestId('table-old-pc').textContent()).toBe(`Der ersetzte PC meldete sich 2-mal (zuletzt ${german('2026-12-02T07:40:00Z')}), abgelehnt: im Saal suchen und ausschalten`);
      expect(await card.getByTestId('table-replaced').textContent()).toBe(`PC ersetzt ${german('2026-12-01T22:15:00Z')}`);
      expect(await card.getAttribute('class')).toContain('floor-table-alarm');
      // The page holds no card: the board's answer is the strict line (the first test), and the page shows only it.
      expect(await page.content()).not.toMatch(/holeCards|faceDown/);
      // Signed out: the token is dead at the floor too.
      const token = await page.evaluate(() => (JSON.parse((globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }).sessionStorage.getItem('felt.floor.session') ?? 'null') as { token: string } | null)?.token ?? null);
      await page.getByTestId('floor-sign-out').click();
      await expect.poll(() => page.getByTestId('floor-sign-in').isVisible()).toBe(true);
      expect(token).not.toBeNull();
      const after = await page.evaluate(async (kept) => (await fetch('/v1/board', { headers: { authorization: `Bearer session.${kept ?? ''}` } })).status, token);
      expect(after).toBe(401);
      // Only the floor's page and its files are served.
      expect((await page.goto(`${floor.address()}/index.html`))?.status()).toBe(200);
      expect(await page.title()).toBe('Felt floor');
      expect((await page.goto(`${floor.address()}/assets/../../package.json`))?.status()).toBe(404);
      console.log(`the floor board showed a table's change ${shownMs} ms after the table sent it (the page asks every 500 ms)`);
    } finally {
      await browser.close();
      client.close();
    }
  });

  it('locks a staff number out after five wrong PINs', async () => {
    const { staff } = await readDirectory(floor.database.pool);
    const sessions = new FloorSessions(() => 1_000);
    for (let wrong = 0; wrong < 5; wrong++) expect(sessions.signIn(staff, '1', '000000')).toMatchObject({ ok: false, status: 401 });
    expect(sessions.signIn(staff, '1', '111111')).toMatchObject({ ok: false, status: 429 });
    const later = new FloorSessions(() => 1_000);
    expect(later.signIn(staff, '1', '111111')).toMatchObject({ ok: true, session: { role: 'manager' } });
    // Removing the last manager is refused; a member removed ends their session.
    await expect(changeDirectory(floor.database.pool, { kind: 'remove', number: '1' })).rejects.toThrow(/no manager/);
    const signedIn = later.signIn(staff, '20', '202020');
    if (!signedIn.ok) throw new Error('Sam signs in');
    expect(later.session(signedIn.token, staff)).not.toBeNull();
    const without = await changeDirectory(floor.database.pool, { kind: 'remove', number: '20' });
    expect(later.session(signedIn.token, without.staff)).toBeNull();
    expect(later.session(signedIn.token, staff)).toBeNull();
  });
});
