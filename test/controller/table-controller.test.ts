import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { endianness, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/cards/card.js';
import { parseCard } from '../../src/cards/notation.js';
import { TableController } from '../../src/controller/table-controller.js';
import type { ViewModel } from '../../src/controller/view-model.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { Store } from '../../src/store/store.js';
import { incidents } from '../../src/reports/incidents.js';

/** A clock the test moves. */
function simulatedClock(start = Date.UTC(2026, 10, 29, 18)): { now: () => number; advance: (minutes: number) => void } {
  let now = start;
  return { now: () => now, advance: (minutes) => void (now += minutes * 60_000) };
}

function seatedTable(store = Store.open(':memory:')): { controller: TableController; store: Store; clock: ReturnType<typeof simulatedClock> } {
  const clock = simulatedClock();
  const controller = TableController.open(store, clock, CASINO_5_10);
  let id = 0;
  const next = (): string => `t${++id}`;
  for (const [seat, name] of [[1, 'Ada'], [4, 'Ben'], [7, 'Cleo']] as const) controller.submit({ id: next(), command: { type: 'sit', seat, name, buyIn: 500 } });
  for (const [seat, card] of [[1, 'As'], [4, 'Kd'], [7, '2c']] as const) controller.submit({ id: next(), command: { type: 'draw', seat, card: parseCard(card) } });
  controller.submit({ id: next(), command: { type: 'start-hand' } });
  return { controller, store, clock };
}

/** Every card number the view holds anywhere: what a renderer could show. */
function cardsIn(view: ViewModel): Card[] {
  return [...view.board, ...view.seats.flatMap((seat) => seat.shown ?? [])];
}

describe('the live table controller', () => {
  it('publishes seats, blinds, pots, the actor with legal actions and the prompt after each command', () => {
    const { controller } = seatedTable();
    const views: ViewModel[] = [];
    controller.subscribe((view) => views.push(view));
    const deal = ['2h', '3h', '4h', '5h', '6h', '7h', '8h'];
    deal.forEach((card, index) => controller.submit({ id: `d${index}`, command: { type: 'deal', card: parseCard(card) } }));
    const view = views.at(-1) as ViewModel;
    expect(views).toHaveLength(deal.length);
    expect(view.seats.map(({ seat, name, stack, bet, status }) => ({ seat, name, stack, bet, status }))).toEqual([
      { seat: 1, name: 'Ada', stack: 485, bet: 0, status: 'active' },
      { seat: 4, name: 'Ben', stack: 480, bet: 5, status: 'active' },
      { seat: 7, name: 'Cleo', stack: 475, bet: 10, status: 'active' },
    ]);
    expect(view.actor).toMatchObject({ seat: 1, legal: { call: 10, betOrRaise: { kind: 'raise', min: 20, max: 485 } } });
    expect([view.button, view.blinds]).toEqual([1, { small: 4, big: 7 }]);
    expect(view.pots).toEqual([]);
    expect(view.prompt).toMatchObject({ kind: 'action', seat: 1 });
    expect(view.seats.map((seat) => seat.faceDown)).toEqual([2, 2, 2]);
  });

  it('never shows a hole card before it is tabled at the showdown', () => {
    const { controller } = seatedTable();
    const holeCards = ['As', 'Ad', 'Ks', 'Kd', 'Qs', 'Qd'].map(parseCard);
    controller.submit({ id: 'burn', command: { type: 'deal', card: null } });
    holeCards.forEach((card, index) => controller.submit({ id: `h${index}`, command: { type: 'deal', card } }));
    for (const [index, type] of (['call', 'call', 'check'] as const).entries()) controller.submit({ id: `a${index}`, command: { type } });
    const board = ['2c', '7d', '9h', 'Tc', '3s'].map(parseCard);
    let step = 0;
    const views: ViewModel[] = [];
    controller.subscribe((view) => views.push(view));
    for (const card of [null, board[0], board[1], board[2], null, board[3], null, board[4]]) {
      controller.submit({ id: `b${step++}`, command: { type: 'deal', card: card ?? null } });
      while (controller.view().prompt.kind === 'action') controller.submit({ id: `x${step++}`, command: { type: 'check' } });
    }
    for (const view of views) {
      if (view.prompt.kind !== 'show' && view.awards.length === 0) expect(cardsIn(view).filter((card) => holeCards.includes(card))).toEqual([]);
      expect(JSON.stringify(view.seats)).not.toMatch(/holeCards/);
    }
    while (controller.view().prompt.kind === 'show') controller.submit({ id: `s${step++}`, command: { type: 'show' } });
    // Seat 4 (small blind) got the first card: seat 1, the button, got the third and the sixth.
    expect(controller.view().seats.find((seat) => seat.seat === 1)?.shown).toEqual([holeCards[2], holeCards[5]]);
  });

  it('applies a command once: a double tap or a retried message changes nothing more', () => {
    const { controller, store } = seatedTable();
    controller.submit({ id: 'deal-1', command: { type: 'deal', card: null } });
    const head = store.headOfChain();
    const state = controller.table;
    controller.submit({ id: 'deal-1', command: { type: 'deal', card: null } });
    expect(store.headOfChain()).toEqual(head);
    expect(controller.table).toBe(state);
  });

  it('refuses an id already used for another command, instead of ignoring the new one', () => {
    const { controller, store } = seatedTable();
    controller.submit({ id: 'deal-1', command: { type: 'deal', card: null } });
    const head = store.headOfChain();
    const view = controller.submit({ id: 'deal-1', command: { type: 'deal', card: parseCard('Ah') } });
    expect(view.lastError).toEqual({ en: 'The command id deal-1 was used for another command', de: 'Die Befehlskennung deal-1 gehört zu einem anderen Befehl' });
    expect(store.headOfChain()).toEqual(head);
  });

  it('a refused command changes nothing in memory or on disk, and says why', () => {
    const { controller, store } = seatedTable();
    const head = store.headOfChain();
    const state = controller.table;
    const view = controller.submit({ id: 'bad', command: { type: 'check' } });
    expect(view.lastError).toEqual({ en: 'No betting now', de: 'Jetzt wird nicht gesetzt' });
    expect(store.headOfChain()).toEqual(head);
    expect(controller.table).toBe(state);
    expect(store.hasCommand('bad')).toBe(false);
  });

  it('shows the devices as their drivers report them', () => {
    const { controller } = seatedTable();
    const views: ViewModel[] = [];
    controller.subscribe((view) => views.push(view));
    controller.reportDevice({ id: 'shoe-1', kind: 'shoe', state: 'connected', detail: null });
    controller.reportDevice({ id: 'rfid-1', kind: 'rfid-reader', state: 'disconnected', detail: { en: 'Unplugged', de: 'Ausgesteckt' } });
    controller.reportDevice({ id: 'shoe-1', kind: 'shoe', state: 'fault', detail: { en: 'Deck check: 51 cards', de: 'Deckprüfung: 51 Karten' } });
    expect(views).toHaveLength(3);
    expect(controller.view().devices).toEqual([
      { id: 'shoe-1', kind: 'shoe', state: 'fault', detail: { en: 'Deck check: 51 cards', de: 'Deckprüfung: 51 Karten' } },
      { id: 'rfid-1', kind: 'rfid-reader', state: 'disconnected', detail: { en: 'Unplugged', de: 'Ausgesteckt' } },
    ]);
  });

  it('keeps what the system said of a device that cannot be opened for a technician: in the incidents, not on the screen', () => {
    const { controller, store } = seatedTable();
    const words = { en: 'cannot be opened: call a technician', de: 'lässt sich nicht öffnen: Techniker rufen' };
    controller.reportDevice({ id: 'shoe-1', kind: 'shoe', state: 'connected', detail: null });
    controller.reportDevice({ id: 'shoe-1', kind: 'shoe', state: 'disconnected', detail: words }, "EACCES: permission denied, open '/dev/ttyUSB0'");
    expect(controller.view().devices).toEqual([{ id: 'shoe-1', kind: 'shoe', state: 'disconnected', detail: words }]);
    const listed = incidents(store.reportFacts()).filter((incident) => incident.kind === 'unplugged');
    expect(listed.map((incident) => incident.words)).toEqual([
      { en: "cannot be opened: call a technician (the system: EACCES: permission denied, open '/dev/ttyUSB0')", de: "lässt sich nicht öffnen: Techniker rufen (das System: EACCES: permission denied, open '/dev/ttyUSB0')" },
    ]);
  });

  it('the clock drives time collection; a redeal after a misdeal collects none again', () => {
    const { controller, clock } = seatedTable();
    expect(controller.table.totals.timeCollected).toBe(45);
    clock.advance(31);
    controller.submit({ id: 'misdeal', command: { type: 'misdeal', reason: 'seat-skipped', by: 'Floor' } });
    expect(controller.view().prompt).toMatchObject({ kind: 'start-hand', collectTime: [] });
    controller.submit({ id: 'redeal', command: { type: 'start-hand' } });
    for (let card = 0; card < 7; card++) controller.submit({ id: `d${card}`, command: { type: 'deal', card: null } });
    for (const [index, type] of (['fold', 'fold'] as const).entries()) controller.submit({ id: `f${index}`, command: { type } });
    expect(controller.view().prompt).toMatchObject({ kind: 'start-hand', collectTime: [{ seat: 1, amount: 15 }, { seat: 4, amount: 15 }, { seat: 7, amount: 15 }] });
    controller.submit({ id: 'next', command: { type: 'start-hand' } });
    expect(controller.table.totals.timeCollected).toBe(90);
  });

  it('after a crash the table is rebuilt from its log: the same screen, mid-hand', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'felt-controller-')), 'table.db');
    const { controller, store } = seatedTable(Store.open(path));
    for (let card = 0; card < 7; card++) controller.submit({ id: `d${card}`, command: { type: 'deal', card: null } });
    controller.submit({ id: 'raise', command: { type: 'bet', to: 40 } });
    const before = controller.view();
    store.close();
    const reopened = TableController.open(Store.open(path), { now: () => Date.UTC(2026, 10, 29, 18) }, CASINO_5_10);
    expect(reopened.view()).toEqual(before);
  });
});

describe('a card refused as already in play (D42)', () => {
  it('is written down for the floor with its sender, never the card, and changes nothing at the table', () => {
    const { controller, store, clock } = seatedTable();
    controller.submit({ id: 'burn', command: { type: 'deal', card: null } });
    controller.submit({ id: 'h0', command: { type: 'deal', card: parseCard('As') } });
    const before = controller.view();
    clock.advance(1);
    // Ada's ace again, from the screen and from the shoe: refused, and each written as an incident.
    const refused = controller.submit({ id: 'guess', command: { type: 'deal', card: parseCard('As') } });
    expect(refused.lastError?.en).toBe('That card is already in play: check the deck and call the floor');
    controller.submit({ id: 'shoe-1', command: { type: 'deal', card: parseCard('As') } });
    const rows = [...store.entries()].filter((entry) => entry.type === 'card-refused');
    expect(rows).toEqual([
      { type: 'card-refused', source: 'screen', handNumber: 1, at: clock.now() },
      { type: 'card-refused', source: 'shoe', handNumber: 1, at: clock.now() },
    ]);
    expect(JSON.stringify(rows)).not.toContain(String(parseCard('As')));
    expect(store.hasCommand('guess')).toBe(false);
    // The table as shown is the same: only the refusal and the log's row moved on.
    const shown = (view: ViewModel): unknown => ({ ...view, lastError: null, logRow: 0 });
    expect(shown(controller.view())).toEqual(shown(before));
    const listed = incidents(store.reportFacts()).filter((incident) => incident.kind === 'card-refused');
    expect(listed.map((incident) => [incident.by, incident.hand, incident.words.en])).toEqual([
      ['screen', 1, 'The screen sent a card already in play: check the deck and the reader'],
      ['shoe', 1, 'The shoe sent a card already in play: check the deck and the reader'],
    ]);
    // Another refusal (a card for the wrong place, a bad card) is no incident.
    controller.submit({ id: 'typo', command: { type: 'deal', card: 99 as Card } });
    expect([...store.entries()].filter((entry) => entry.type === 'card-refused')).toHaveLength(2);
  });
});

describe('time due waived by the floor', () => {
  it('carries the clock’s time, as every floor decision does', () => {
    const clock = simulatedClock();
    const config = { ...CASINO_5_10, buyIn: { min: 10, max: 1000 }, timeCollection: { amount: 15, everyMinutes: 30, courtesyHands: 0, sittingOutPays: true } };
    const store = Store.open(':memory:');
    const controller = TableController.open(store, clock, config);
    for (const [seat, buyIn] of [[1, 10], [4, 500], [7, 500]] as const) controller.submit({ id: `s${seat}`, command: { type: 'sit', seat, name: `P${seat}`, buyIn } });
    for (const [seat, card] of [[1, 'As'], [4, 'Kd'], [7, '2c']] as const) controller.submit({ id: `d${seat}`, command: { type: 'draw', seat, card: parseCard(card) } });
    controller.submit({ id: 'out', command: { type: 'sit-out', seat: 1 } });
    controller.submit({ id: 'start', command: { type: 'start-hand' } });
    expect(controller.view().seats[0]).toMatchObject({ seat: 1, timeDue: 15 });
    clock.advance(2);
    expect(controller.submit({ id: 'waive', command: { type: 'waive-time', seat: 1, amount: 15, reason: 'A regular', by: 'Floor Sam' } }).lastError).toBeNull();
    expect([...store.entries()].at(-1)).toEqual({ type: 'time-waived', seat: 1, amount: 15, reason: 'A regular', by: 'Floor Sam', at: clock.now() });
    expect(controller.view().seats[0]).toMatchObject({ seat: 1, timeDue: 0 });
  });
});

/**
 * A simulated session of 40 hands in a database of its own, with a snapshot every 300 rows: its path, its
 * store (still open), the session's last clock time and the screen as the session left it.
 */
async function simulatedLog(prefix: string): Promise<{ path: string; store: Store; now: number; live: ViewModel | undefined }> {
  const { simulateSession } = await import('../../src/sim/session.js');
  const path = join(mkdtempSync(join(tmpdir(), prefix)), 'table.db');
  const store = Store.open(path);
  let controller: TableController | null = null;
  let now = 0;
  simulateSession({ hands: 40, seed: 8, players: 6, structure: 'nl', button: 'dead' }, undefined, {
    open: (config, at) => {
      now = at;
      controller = TableController.open(store, { now: () => now }, config, { snapshotEvery: 300 });
    },
    command: (id, command) => void controller?.submit({ id, command }),
  });
  return { path, store, now, live: (controller as TableController | null)?.view() };
}

describe('reopening a long log', () => {
  it('starts from the snapshot before the latest, checking the latest on the way; verify checks every snapshot', async () => {
    const { verifyDatabase } = await import('../../src/store/verify.js');
    const Database = (await import('better-sqlite3')).default;
    const { path, store, now, live } = await simulatedLog('felt-snapshot-');
    const snapshot = store.latestSnapshot();
    expect(snapshot?.seq).toBeGreaterThan(300);
    store.close();

    const reopened = Store.open(path);
    expect(TableController.open(reopened, { now: () => now }, CASINO_5_10).view()).toEqual(live);
    reopened.close();
    expect(verifyDatabase(path).ok).toBe(true);

    // Snapshots written before the table kept the hand's operations (handLog) still open and verify.
    const old = new Database(path);
    old.prepare("UPDATE snapshot SET state = replace(state, '\"handLog\":[],', '')").run();
    expect(old.prepare("SELECT count(*) AS n FROM snapshot WHERE state LIKE '%handLog%'").get()).toEqual({ n: 0 });
    old.close();
    const older = Store.open(path);
    expect(older.latestSnapshot()?.state.handLog).toEqual([]);
    expect(TableController.open(older, { now: () => now }, CASINO_5_10).view()).toEqual(live);
    older.close();
    expect(verifyDatabase(path).ok).toBe(true);

    const db = new Database(path);
    db.prepare("UPDATE snapshot SET state = replace(state, '\"timeCollected\":', '\"timeCollected\":1') WHERE seq = ?").run(snapshot?.seq);
    db.close();
    const result = verifyDatabase(path);
    expect(result).toMatchObject({ ok: false, row: snapshot?.seq, problem: 'the snapshot kept after it is not the table its rows replay to (the snapshot was changed)' });
  });

  it('does not open on a snapshot or a recent row changed outside Felt: no chip the log does not hold is shown or played', async () => {
    const Database = (await import('better-sqlite3')).default;
    const { path, store, now } = await simulatedLog('felt-tampered-');
    const latest = store.latestSnapshot();
    store.close();
    const copy = (name: string): string => {
      const to = join(mkdtempSync(join(tmpdir(), `felt-${name}-`)), 'table.db');
      copyFileSync(path, to);
      return to;
    };
    const opening = (at: string): (() => void) => () => {
      const reopened = Store.open(at);
      try {
        TableController.open(reopened, { now: () => now }, CASINO_5_10);
      } finally {
        reopened.close();
      }
    };
    // A thousand chips more on a stack in the latest snapshot, the log untouched.
    const snapshotChanged = copy('snapshot');
    const first = new Database(snapshotChanged);
    const stored = (first.prepare('SELECT state FROM snapshot WHERE seq = ?').get(latest?.seq) as { state: string }).state;
    const stack = /"stack":(\d+)/.exec(stored);
    first.prepare('UPDATE snapshot SET state = ? WHERE seq = ?').run(stored.replace(stack?.[0] ?? '', `"stack":${Number(stack?.[1]) + 1000}`), latest?.seq);
    first.close();
    expect(opening(snapshotChanged)).toThrow(`row ${latest?.seq} of the log: the snapshot kept after it is not the table its rows replay to — the database was changed outside Felt`);
    // A row after it changed, its hash left as it was (the triggers dropped first, as someone editing would).
    const rowChanged = copy('row');
    const second = new Database(rowChanged);
    const last = second.prepare('SELECT seq FROM head').get() as { seq: number };
    for (const { name } of second.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as { name: string }[]) second.exec(`DROP TRIGGER ${name}`);
    second.prepare("UPDATE log SET payload = payload || ' ' WHERE seq = ?").run(last.seq - 1);
    second.close();
    // The chain's hash is kept where a command ends (D81): the opening names the command's rows.
    expect(opening(rowChanged)).toThrow(new RegExp(`rows? (\\d+–)?(${last.seq - 1}|${last.seq}) of the log do(es)? not give the hash kept at the end of their command .* — the database was changed outside Felt`));
    expect(opening(path)).not.toThrow();
  });
});

describe('departures kept (D38)', () => {
  it('a snapshot written while the table still kept every departure opens and verifies as the table keeps them now', async () => {
    const { verifyDatabase } = await import('../../src/store/verify.js');
    const Database = (await import('better-sqlite3')).default;
    const path = join(mkdtempSync(join(tmpdir(), 'felt-departures-')), 'table.db');
    const clock = simulatedClock();
    const store = Store.open(path);
    const controller = TableController.open(store, clock, CASINO_5_10, { snapshotEvery: 1 });
    ['Ada', 'Ben', 'Cleo'].forEach((name, index) => controller.submit({ id: `sit${index}`, command: { type: 'sit', seat: index + 1, name, buyIn: 500 } }));
    controller.submit({ id: 'ada-leaves', command: { type: 'leave', seat: 1 } });
    const adaLeft = clock.now();
    clock.advance(25 * 60);
    controller.submit({ id: 'ben-leaves', command: { type: 'leave', seat: 2 } });
    const live = controller.view();
    expect(store.latestSnapshot()?.state.departures.map((departure) => departure.name)).toEqual(['Ben']);
    store.close();

    // What the table wrote before it dropped old departures: Ada's still in the snapshot.
    const old = new Database(path);
    const { seq, state } = old.prepare('SELECT seq, state FROM snapshot ORDER BY seq DESC LIMIT 1').get() as { seq: number; state: string };
    const kept = JSON.parse(state) as { departures: unknown[] };
    kept.departures.unshift({ name: 'Ada', stack: 500, at: adaLeft });
    old.prepare('UPDATE snapshot SET state = ? WHERE seq = ?').run(JSON.stringify(kept), seq);
    old.close();

    expect(verifyDatabase(path).ok).toBe(true);
    const reopened = Store.open(path);
    expect(reopened.latestSnapshot()?.state.departures.map((departure) => departure.name)).toEqual(['Ben']);
    expect(TableController.open(reopened, clock, CASINO_5_10).view()).toEqual(live);
    reopened.close();
  });
});

describe('what the clock changes by itself', () => {
  it('reaches the screens without a command: a tournament level that came by time is pushed once, and nothing else is', () => {
    const clock = simulatedClock();
    const tournament = { startingStack: 1000, levels: [{ smallBlind: 10, bigBlind: 20, ante: 0, bigBlindAnte: 0 }, { smallBlind: 20, bigBlind: 40, ante: 0, bigBlindAnte: 0 }], levelEvery: { minutes: 20 } };
    const controller = TableController.open(Store.open(':memory:'), clock, { ...CASINO_5_10, timeCollection: null, buyIn: { min: 1000, max: 1000 }, tournament });
    let id = 0;
    const submit = (command: Parameters<TableController['submit']>[0]['command']): void => void controller.submit({ id: `c${++id}`, command });
    for (const seat of [1, 2]) submit({ type: 'sit', seat, name: `P${seat}`, buyIn: 1000 });
    submit({ type: 'draw', seat: 1, card: parseCard('As') });
    submit({ type: 'draw', seat: 2, card: parseCard('Kd') });
    submit({ type: 'start-hand' });
    // The first hand ends at once: the player to act folds after the cards.
    for (let guard = 0; guard < 10 && controller.view().prompt.kind === 'deal'; guard++) submit({ type: 'deal', card: null });
    submit({ type: 'fold' });
    const views: ViewModel[] = [];
    controller.subscribe((view) => views.push(view));
    controller.refresh();
    expect(views).toHaveLength(0);
    clock.advance(21);
    controller.refresh();
    controller.refresh();
    expect(views).toHaveLength(1);
    expect(views[0]?.stakes).toMatchObject({ smallBlind: 20, bigBlind: 40, level: { number: 2 } });
  });
});

describe('a table asked to stop (a service stopped for an update)', () => {
  it('starts no new hand, says so on every screen, and is done once the hand in play is over', async () => {
    const { controller } = seatedTable();
    const views: ViewModel[] = [];
    controller.subscribe((view) => views.push(view));
    let over = false;
    const stopped = controller.stopBetweenHands().then(() => (over = true));
    expect(views.at(-1)?.stopping).toBe(true);
    // The hand in play goes on: dealt and played to its end.
    ['2h', '3h', '4h', '5h', '6h', '7h', '8h'].forEach((card, index) => controller.submit({ id: `d${index}`, command: { type: 'deal', card: parseCard(card) } }));
    await Promise.resolve();
    expect(over).toBe(false);
    controller.submit({ id: 'f1', command: { type: 'fold', seat: 1 } });
    controller.submit({ id: 'f4', command: { type: 'fold', seat: 4 } });
    await stopped;
    expect(over).toBe(true);
    // No next hand, on any screen's word or a device's; the refusal says why.
    expect(controller.submit({ id: 'next', command: { type: 'start-hand' } }).lastError?.en).toBe('The table is stopping (an update or a restart): no new hand starts');
    expect(controller.command({ id: 'next2', command: { type: 'start-hand' } }, null)).toMatchObject({ ok: false, code: 'table-stopping' });
    expect(controller.table.handNumber).toBe(1);
  });

  it('between hands is done at once', async () => {
    const store = Store.open(':memory:');
    const controller = TableController.open(store, simulatedClock(), CASINO_5_10);
    await controller.stopBetweenHands();
    expect(controller.view().stopping).toBe(true);
  });
});

/**
 * How far SQLite has copied the write-ahead log into the database: the log's last frame and the frames copied
 * (the shared-memory index's header, `mxFrame`, and its checkpoint information, `nBackfill`: sqlite.org/walformat.html).
 */
function walCopied(path: string): { frames: number; copied: number } {
  const index = readFileSync(`${path}-shm`);
  const read = (offset: number): number => (endianness() === 'LE' ? index.readUInt32LE(offset) : index.readUInt32BE(offset));
  return { frames: read(16), copied: read(96) };
}

describe('the write-ahead log copied into the database (D106)', () => {
  it('at a hand’s end, after its view is out, not by a card’s write: mid-hand the log keeps its frames', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'felt-wal-')), 'table.db');
    const { controller, store } = seatedTable(Store.open(path));
    for (let card = 0; card < 7; card++) controller.submit({ id: `d${card}`, command: { type: 'deal', card: null } });
    await new Promise((resolve) => setImmediate(resolve));
    const midHand = walCopied(path);
    expect(midHand.copied).toBeLessThan(midHand.frames);
    controller.submit({ id: 'f0', command: { type: 'fold' } });
    controller.submit({ id: 'f1', command: { type: 'fold' } });
    expect(controller.table.hand?.phase.kind).toBe('complete');
    // Not in the command's own call: the view goes out first.
    expect(walCopied(path).copied).toBe(midHand.copied);
    await new Promise((resolve) => setImmediate(resolve));
    const after = walCopied(path);
    expect(after.frames).toBeGreaterThan(midHand.frames);
    expect(after.copied).toBe(after.frames);
    store.close();
    // A hand that ends as the table closes: the copy that comes too late changes nothing, and throws nothing.
    await new Promise((resolve) => setImmediate(resolve));
  });
});
