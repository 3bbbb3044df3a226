import { describe, expect, it, vi } from 'vitest';
import { commandSchema, parseCommand } from '../../src/api/command-schema.js';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Connection, Core } from '../../src/api/core.js';
import { fileSignInMemory, signInMemoryPath } from '../../src/api/sign-in-memory.js';
import { FloorGate } from '../../src/api/floor-gate.js';
import { addStaffMember, changeStaffMember, hashSecret, loadStaff, newStaffFile, saveStaff, withMember } from '../../src/api/staff.js';
import type { Card } from '../../src/cards/card.js';
import { formatCardSymbol } from '../../src/cards/notation.js';
import type { TableCommand } from '../../src/engine/table/table.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { simulateSession } from '../../src/sim/session.js';

async function open(now = () => Date.UTC(2026, 10, 29, 18)): Promise<{ core: Core; connection: Connection; send: (name: string, args?: unknown) => unknown }> {
  const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', clock: { now }, tableConfig: CASINO_5_10, seed: 7 });
  const connection = core.connect(() => undefined);
  let next = 0;
  const send = (name: string, args?: unknown): unknown => connection.handle(JSON.stringify({ id: `q${++next}`, name, args }));
  return { core, connection, send };
}

describe('the command protocol', () => {
  it('knows every command type there is', async () => {
    // Every type of the engine's command union, checked by the compiler: a new command needs a schema.
    const engineTypes: Record<TableCommand['type'], true> = {
      'adjust-stack': true, 'all-in': true, bet: true, call: true, check: true, 'come-back': true, deal: true, draw: true, exposed: true, fold: true, leave: true,
      misdeal: true, muck: true, post: true, premature: true, 'redeal-flop': true, ruling: true, show: true, sit: true, 'sit-out': true, 'start-hand': true, 'top-up': true, undo: true, configure: true, 'waive-time': true, 'resume-card-entry': true,
      // The core's and the controller's own: a dealer signs in (`dealer-sign-in`), a device fails.
      'dealer-change': false as never, 'device-incident': false as never, 'card-refused': false as never, 'lift-lockout': false as never, 'stop-card-entry': false as never, 'history-viewed': false as never,
      // The core's own at each start (which software runs the table).
      'software-start': false as never,
    };
    const wire = Object.entries(engineTypes).filter(([, wired]) => wired).map(([type]) => type);
    expect(commandSchema.options.map((option) => option.shape.type.value).sort()).toEqual(wire.sort());
  });

  it('accepts every command a simulated session sends', async () => {
    const commands: unknown[] = [];
    // A sender never sends the time: the controller's clock supplies it.
    const timeless = ({ at, ...command }: { at?: number }) => (void at, command);
    simulateSession({ hands: 30, seed: 4, players: 6, structure: 'nl', button: 'dead' }, undefined, { open: () => undefined, command: (_, command) => void commands.push(timeless(JSON.parse(JSON.stringify(command)) as { at?: number })) });
    expect(commands.length).toBeGreaterThan(500);
    for (const command of commands) expect(parseCommand(command)).toMatchObject({ ok: true });
  });

  it.each([
    [{ type: 'sit', seat: 3, name: 'Ada', buyIn: '500' }, 'command.buyIn:'],
    [{ type: 'sit', seat: 15, name: 'Ada', buyIn: 500 }, 'command.seat:'],
    [{ type: 'deal', card: 52 }, 'command.card:'],
    [{ type: 'exposed', seat: 0 }, 'command.seat:'],
    [{ type: 'bet', to: 40, amount: 40 }, 'command:'],
    [{ type: 'raise', to: 40 }, 'command.type:'],
    [{ type: 'misdeal', reason: 'toString', by: 'Floor' }, 'command.reason:'],
    ['fold', 'command:'],
    [{ type: 'start-hand', at: 0 }, 'command:'],
    [{ type: 'leave', seat: 2, at: 1_900_000_000_000 }, 'command:'],
  ])('refuses %j, naming the field', (command, field) => {
    const result = parseCommand(command);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem.startsWith(field)).toBe(true);
  });

  it('answers requests by id, applies a submitted command once, and refuses malformed messages with the reason', async () => {
    const { core, connection } = await open();
    const controller = core.controller;
    const handleMessage = (_: unknown, text: string) => connection.handle(text);
    const sit = JSON.stringify({ id: 'r1', name: 'table-submit', args: { commandId: 'c1', command: { type: 'sit', seat: 2, name: 'Ada', buyIn: 500 } } });
    const reply = handleMessage(controller, sit);
    expect(reply).toMatchObject({ id: 'r1', ok: true, result: { seats: [{ seat: 2, name: 'Ada', stack: 500 }] } });
    handleMessage(controller, sit);
    expect(controller.table.totals.buyIns).toBe(500);
    expect(handleMessage(controller, JSON.stringify({ id: 'r2', name: 'table-view' }))).toMatchObject({ id: 'r2', ok: true, result: { handNumber: 0 } });
    expect(handleMessage(controller, '{"id":')).toMatchObject({ id: null, ok: false, error: { code: 'bad-request', words: { en: 'the message is not JSON' } } });
    expect(handleMessage(controller, JSON.stringify({ id: 'r3', name: 'table-delete' }))).toMatchObject({ id: 'r3', ok: false, error: { code: 'unknown-request' } });
    expect(handleMessage(controller, JSON.stringify({ id: 'r4', name: 'toString' }))).toMatchObject({ id: 'r4', ok: false, error: { code: 'unknown-request' } });
    expect(handleMessage(controller, JSON.stringify({ id: 'r5', name: 'table-submit', args: { command: { type: 'check' } } }))).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(handleMessage(controller, JSON.stringify({ id: 'r5', name: 'table-submit', args: { commandId: '#open', command: { type: 'check' } } }))).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    // A line break in an id would blur the log hash's parts (id, line break, payload).
    expect(handleMessage(controller, JSON.stringify({ id: 'r5b', name: 'table-submit', args: { commandId: 'c1\nx', command: { type: 'check' } } }))).toMatchObject({ ok: false, error: { code: 'bad-request', words: { en: expect.stringContaining('no control characters') } } });
    expect(handleMessage(controller, JSON.stringify({ id: 'r5c', name: 'table-submit', args: { commandId: 'x'.repeat(101), command: { type: 'check' } } }))).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    const refused = handleMessage(controller, JSON.stringify({ id: 'r6', name: 'table-submit', args: { commandId: 'c2', command: { type: 'sit', seat: 2, name: 'Ben', buyIn: 500 } } }));
    // A refusal is the sender's: an error reply, and the view every screen gets keeps no word of it.
    expect(refused).toMatchObject({ id: 'r6', ok: false, error: { code: 'invalid-seat-change', words: { en: 'Seat 2 is taken' } } });
    expect(controller.view().lastError).toBeNull();
  });
});

describe('the floor gate', () => {
  it('refuses floor commands until a supervisor PIN unlocks them, and fills in who approved', async () => {
    const { core, send } = await open();
    const seat = (n: number) => send('table-submit', { commandId: `s${n}`, command: { type: 'sit', seat: n, name: `P${n}`, buyIn: 500 } });
    seat(1);
    seat(2);
    expect(send('table-submit', { commandId: 'r1', command: { type: 'ruling', text: 'Chip found under seat 1' } })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    expect(send('floor-unlock', { staff: '1', pin: '111111' })).toMatchObject({ ok: false, error: { code: 'floor-pin-wrong' } });
    expect(send('floor-status')).toMatchObject({ ok: true, result: { unlocked: false } });
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: true, result: { unlocked: true, who: { en: 'Manager, manager #1', de: 'Manager, Manager #1' }, role: 'manager' } });
    expect(send('table-submit', { commandId: 'r2', command: { type: 'ruling', text: 'x', by: 'Someone else' } })).toMatchObject({ ok: false, error: { code: 'bad-request', words: { en: expect.stringContaining('command.by') } } });
    expect(send('table-submit', { commandId: 'r3', command: { type: 'adjust-stack', seat: 1, amount: 25, reason: 'Chip found under seat 1' } })).toMatchObject({ ok: true, result: { lastError: null } });
    expect(core.controller.table.seats[0]).toMatchObject({ stack: 525 });
    // The correction taken ends the floor's session: the next decision needs a sign-in of its own.
    expect(send('floor-status')).toMatchObject({ ok: true, result: { unlocked: false } });
    expect(send('table-submit', { commandId: 'r3b', command: { type: 'adjust-stack', seat: 1, amount: 100, reason: 'Again' } })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    expect(core.controller.table.seats[0]).toMatchObject({ stack: 525 });
    send('floor-unlock', { staff: '1', pin: '246813' });
    const log = [...(core as unknown as { store: { entries(after: number): Iterable<{ type: string; by?: string }> } }).store.entries(0)];
    expect(log.find((entry) => entry.type === 'stack-adjusted')).toMatchObject({ by: 'Manager (manager #1)' });
    // Waiving time due: the floor's too, `by` from the session; here nobody owes any, as the engine says.
    expect(send('table-submit', { commandId: 'w1', command: { type: 'waive-time', seat: 1, amount: 15, reason: 'regular', by: 'Someone else' } })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(send('table-submit', { commandId: 'w2', command: { type: 'waive-time', seat: 1, amount: 15, reason: 'regular' } })).toMatchObject({ ok: false, error: { code: 'no-time-due', words: { en: 'Seat 1 owes no time' } } });
    // A refused decision leaves the session open, for the supervisor to put right what was refused.
    expect(send('floor-status')).toMatchObject({ ok: true, result: { unlocked: true } });
    send('floor-lock');
    expect(send('table-submit', { commandId: 'r4', command: { type: 'ruling', text: 'y' } })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    expect(send('table-submit', { commandId: 'w3', command: { type: 'waive-time', seat: 1, amount: 15, reason: 'regular' } })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
  });

  it('takes a straddle with the table setup, and the engine refuses one not above the big blind', async () => {
    const { send } = await open();
    send('floor-unlock', { staff: '1', pin: '246813' });
    const setup = (straddle: number) => ({ type: 'configure', config: { ...CASINO_5_10, hand: { ...CASINO_5_10.hand, straddle } } });
    expect(parseCommand(setup(20))).toMatchObject({ ok: true, command: { config: { hand: { straddle: 20 } } } });
    expect(send('table-submit', { commandId: 'c1', command: setup(10) })).toMatchObject({ ok: false, error: { words: { en: 'a straddle must be more than the big blind' } } });
    expect(send('table-view')).toMatchObject({ ok: true, result: { config: { hand: { straddle: 0 } } } });
    expect(send('table-submit', { commandId: 'c2', command: setup(20) })).toMatchObject({ ok: true, result: { lastError: null, config: { hand: { straddle: 20 } } } });
  });

  it('a PIN kept from before the 6-digit minimum still opens; a damaged PIN file is named', async () => {
    const staff = withMember(newStaffFile(), { number: '3', name: 'Old PIN', role: 'supervisor', pin: hashSecret('4711'), badge: null });
    const gate = new FloorGate(() => staff);
    const session = gate.session();
    expect(gate.unlock(session, { staff: '3', pin: '4711' }, 0)).toEqual({ ok: true });
    const folder = mkdtempSync(join(tmpdir(), 'felt-pin-'));
    writeFileSync(join(folder, 'table.db.floor-pin.json'), '{"salt":');
    await expect(Core.open({ dbPath: join(folder, 'table.db'), hardware: 'sim' })).rejects.toThrow(`${join(folder, 'table.db.floor-pin.json')}: not a kept PIN (salt and hash); delete it and start with --floor-pin`);
  });

  it('a malformed unlock request is refused without counting: it cannot lock the floor out', async () => {
    const { send } = await open();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(send('floor-unlock', [null, 'x', { pin: 2468 }, { pin: 'abc' }, { pin: '1'.repeat(13) }][attempt % 5])).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    }
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: true });
  });

  it('locks out for longer after each series of wrong PINs, and forgets wrong PINs after a quarter of an hour', async () => {
    let now = Date.UTC(2026, 10, 29, 18);
    const { send } = await open(() => now);
    const wrong = (times: number): void => {
      for (let attempt = 0; attempt < times; attempt++) send('floor-unlock', { staff: '1', pin: '000000' });
    };
    wrong(4);
    now += 16 * 60_000;
    wrong(4);
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: true });
    wrong(5);
    now += 5 * 60_000;
    wrong(5);
    // The second lock-out lasts ten minutes.
    now += 9 * 60_000;
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: false, error: { code: 'floor-locked-out' } });
    now += 60_000;
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: true });
  });

  it('keeps a lock-out through a restart of the table: the wrong PINs are counted beside its database', async () => {
    let now = Date.UTC(2026, 10, 29, 18);
    const dbPath = join(mkdtempSync(join(tmpdir(), 'felt-lockout-')), 'table.db');
    const start = async (): Promise<{ core: Core; send: (args: unknown) => unknown }> => {
      const core = await Core.open({ dbPath, hardware: 'sim', floorPin: '246813', clock: { now: () => now }, tableConfig: CASINO_5_10, seed: 7 });
      const connection = core.connect(() => undefined);
      return { core, send: (args) => connection.handle(JSON.stringify({ id: 'u', name: 'floor-unlock', args })) };
    };
    const first = await start();
    for (let attempt = 0; attempt < 5; attempt++) first.send({ staff: '1', pin: '000000' });
    first.core.close();
    expect(statSync(signInMemoryPath(dbPath)).mode & 0o777).toBe(0o600);
    now += 60_000;
    const second = await start();
    expect(second.send({ staff: '1', pin: '246813' })).toMatchObject({ ok: false, error: { code: 'floor-locked-out', words: { en: 'Too many wrong PINs: the floor’s sign-in is locked for 4 more minute(s); a manager can lift the lock-out' } } });
    now += 4 * 60_000;
    expect(second.send({ staff: '1', pin: '246813' })).toMatchObject({ ok: true });
    second.core.close();
    // A damaged count is taken as none: it holds no secret, and whoever could damage it could delete it.
    writeFileSync(signInMemoryPath(dbPath), '{"wrong":');
    const third = await start();
    expect(third.send({ staff: '1', pin: '246813' })).toMatchObject({ ok: true });
    third.core.close();
  });

  it('ends a kept lock-out set by a wrong clock within a day, and goes on counting when the counts cannot be written', () => {
    const staff = withMember(newStaffFile(), { number: '3', name: 'Sam', role: 'supervisor', pin: hashSecret('303030'), badge: null });
    const now = Date.UTC(2026, 10, 29, 18);
    const wrongClock = { wrong: 0, lastWrong: 0, lockedUntil: Date.UTC(2100, 0, 1), lockouts: 9, liftTries: 0 };
    const years = new FloorGate(() => staff, { load: () => ({ floor: wrongClock, dealer: wrongClock }), save: () => undefined });
    expect(years.unlock(years.session(), { staff: '3', pin: '303030' }, now)).toMatchObject({ ok: false, code: 'floor-locked-out' });
    expect(years.unlock(years.session(), { staff: '3', pin: '303030' }, now + 24 * 60 * 60_000)).toEqual({ ok: true });
    const full = new FloorGate(() => staff, {
      load: () => null,
      save: () => {
        throw new Error('ENOSPC: no space left on device');
      },
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let attempt = 0; attempt < 5; attempt++) expect(full.unlock(full.session(), { staff: '3', pin: '000000' }, now)).toMatchObject({ ok: false, code: 'floor-pin-wrong' });
    expect(full.unlock(full.session(), { staff: '3', pin: '303030' }, now)).toMatchObject({ ok: false, code: 'floor-locked-out' });
    expect(errors).toHaveBeenCalledWith('felt: the wrong sign-ins could not be kept for a restart: ENOSPC: no space left on device');
    errors.mockRestore();
  });

  it('locks every screen’s floor sign-in for five minutes after five wrong PINs, and a session ends after two idle minutes', async () => {
    let now = Date.UTC(2026, 10, 29, 18);
    const { core, send } = await open(() => now);
    const other = core.connect(() => undefined);
    for (let attempt = 0; attempt < 5; attempt++) expect(send('floor-unlock', { staff: '1', pin: '000000' })).toMatchObject({ ok: false, error: { code: 'floor-pin-wrong' } });
    // The right PIN, from another screen, is refused during the lock-out.
    expect(JSON.parse(JSON.stringify(other.handle(JSON.stringify({ id: 'o1', name: 'floor-unlock', args: { staff: '1', pin: '246813' } }))))).toMatchObject({ ok: false, error: { code: 'floor-locked-out' } });
    now += 5 * 60_000;
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: true });
    now += 2 * 60_000 - 1;
    expect(send('floor-status')).toMatchObject({ result: { unlocked: true } });
    now += 1;
    expect(send('floor-status')).toMatchObject({ result: { unlocked: false } });
    expect(send('floor-unlock', { staff: '1', pin: 12345 })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });
});

describe('wrong PINs, counted per sign-in, and a manager who lifts a lock-out (D60)', () => {
  const staff = [
    { number: '12', name: 'Dana', role: 'croupier', pin: '121212', badge: 'BADGE0012' },
    { number: '20', name: 'Sam', role: 'supervisor', pin: '202020', badge: 'BADGE0020' },
  ] as const;

  async function table(now: () => number) {
    const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', clock: { now }, tableConfig: CASINO_5_10, seed: 7, staff });
    const connection = core.connect(() => undefined);
    let next = 0;
    const send = (name: string, args?: unknown): unknown => JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: `q${++next}`, name, args }))));
    const log = () => [...(core as unknown as { store: { entries(after: number): Iterable<{ type: string }> } }).store.entries(0)];
    return { core, send, log };
  }

  it('wrong floor PINs never lock the dealer out, and wrong dealer PINs never lock the floor out', async () => {
    const { send } = await table(() => Date.UTC(2026, 10, 29, 18));
    for (let attempt = 0; attempt < 5; attempt++) send('floor-unlock', { staff: '20', pin: '000000' });
    expect(send('floor-unlock', { staff: '20', pin: '202020' })).toMatchObject({ ok: false, error: { code: 'floor-locked-out' } });
    expect(send('dealer-sign-in', { staff: '12', pin: '121212' })).toMatchObject({ ok: true, result: { dealer: { number: '12' } } });
    for (let attempt = 0; attempt < 5; attempt++) send('dealer-sign-in', { staff: '12', pin: '000000' });
    expect(send('dealer-sign-in', { badge: 'BADGE0012' })).toMatchObject({ ok: false, error: { code: 'dealer-locked-out', words: { en: expect.stringContaining('the dealer’s sign-in is locked') } } });
  });

  it('a manager lifts a lock-out by PIN or badge, logged with who; nobody else can, and a guesser gets three tries at it', async () => {
    let now = Date.UTC(2026, 10, 29, 18);
    const { send, log } = await table(() => now);
    expect(send('lockout-lift', { gate: 'floor', staff: '1', pin: '246813' })).toMatchObject({ ok: false, error: { code: 'not-locked-out' } });
    for (let attempt = 0; attempt < 5; attempt++) send('floor-unlock', { staff: '20', pin: '000000' });
    // A supervisor's right PIN and a wrong PIN get the same answer: the lift confirms no PIN but a manager's.
    expect(send('lockout-lift', { gate: 'floor', staff: '20', pin: '202020' })).toMatchObject({ ok: false, error: { code: 'lift-refused' } });
    expect(send('lockout-lift', { gate: 'floor', staff: '1', pin: '111111' })).toMatchObject({ ok: false, error: { code: 'lift-refused', words: { en: 'Not a manager’s staff number and PIN or badge' } } });
    expect(send('lockout-lift', { gate: 'sideways', staff: '1', pin: '246813' })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(send('lockout-lift', { gate: 'floor', staff: '1', pin: '246813' })).toMatchObject({ ok: true, result: { gate: 'floor' } });
    expect(send('floor-unlock', { staff: '20', pin: '202020' })).toMatchObject({ ok: true });
    expect(log().filter((entry) => entry.type === 'lockout-lifted')).toEqual([{ type: 'lockout-lifted', gate: 'floor', by: 'Manager (manager #1)', at: now }]);
    // The next lock-out: three wrong lifts, and the manager's own then waits for its end like everyone.
    send('floor-lock');
    now += 60_000;
    for (let attempt = 0; attempt < 5; attempt++) send('floor-unlock', { staff: '20', pin: '000000' });
    for (let attempt = 0; attempt < 3; attempt++) send('lockout-lift', { gate: 'floor', staff: '1', pin: '000000' });
    expect(send('lockout-lift', { gate: 'floor', staff: '1', pin: '246813' })).toMatchObject({ ok: false, error: { code: 'lift-exhausted' } });
    expect(send('lockout-lift', { gate: 'floor', badge: 'BADGE0001' })).toMatchObject({ ok: false, error: { code: 'lift-exhausted' } });
    now += 10 * 60_000;
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: true });
  });

  it('counts a supervisor’s or manager’s number tried at the dealer’s sign-in on the floor’s count: no second door to their PINs', async () => {
    const { send } = await table(() => Date.UTC(2026, 10, 29, 18));
    for (let attempt = 0; attempt < 5; attempt++) send('floor-unlock', { staff: '1', pin: '000000' });
    // The manager's right PIN at the dealer's sign-in is refused as the floor's is, and tells nothing.
    expect(send('dealer-sign-in', { staff: '1', pin: '246813' })).toMatchObject({ ok: false, error: { code: 'floor-locked-out' } });
    expect(send('dealer-sign-in', { staff: '1', pin: '000000' })).toMatchObject({ ok: false, error: { code: 'floor-locked-out' } });
    // A croupier still signs in as the dealer.
    expect(send('dealer-sign-in', { staff: '12', pin: '121212' })).toMatchObject({ ok: true });
  });

  it('counts wrong lifts as wrong PINs: a guesser gets no more tries a lock-out by lifting', async () => {
    let now = Date.UTC(2026, 10, 29, 18);
    const { send } = await table(() => now);
    for (let attempt = 0; attempt < 5; attempt++) send('floor-unlock', { staff: '20', pin: '000000' });
    for (let attempt = 0; attempt < 3; attempt++) send('lockout-lift', { gate: 'floor', staff: '1', pin: '000000' });
    now += 5 * 60_000;
    // Three wrong lifts counted: two wrong PINs more, and the floor's sign-in is locked again.
    for (let attempt = 0; attempt < 2; attempt++) expect(send('floor-unlock', { staff: '20', pin: '000000' })).toMatchObject({ ok: false, error: { code: 'floor-pin-wrong' } });
    expect(send('floor-unlock', { staff: '20', pin: '202020' })).toMatchObject({ ok: false, error: { code: 'floor-locked-out' } });
  });

  it('reads the counts an older table kept (one for all sign-ins) as both sign-ins’ counts', () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-counts-'));
    const path = join(folder, 'table.db.signin.json');
    writeFileSync(path, JSON.stringify({ wrong: 2, lastWrong: 5, lockedUntil: 99, lockouts: 1 }));
    const staffFile = withMember(newStaffFile(), { number: '3', name: 'Sam', role: 'supervisor', pin: hashSecret('303030'), badge: null });
    const gate = new FloorGate(() => staffFile, fileSignInMemory(path));
    expect(gate.lockedOut('floor', 50)).toBe(99);
    expect(gate.lockedOut('dealer', 50)).toBe(99);
    expect(gate.lockedOut('dealer', 100)).toBeNull();
  });
});

describe('the staff: roles, badges and the dealer on duty', () => {
  const staff = [
    { number: '12', name: 'Dana', role: 'croupier', pin: '121212', badge: 'BADGE0012' },
    { number: '20', name: 'Sam', role: 'supervisor', pin: '202020', badge: 'BADGE0020' },
  ] as const;

  it('opens the floor for a supervisor (by PIN or badge) but not for a croupier, and logs who approved by name and number', async () => {
    const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', tableConfig: CASINO_5_10, seed: 7, staff });
    const connection = core.connect(() => undefined);
    let next = 0;
    const send = (name: string, args?: unknown): unknown => JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: `q${++next}`, name, args }))));
    expect(send('floor-unlock', { staff: '12', pin: '121212' })).toMatchObject({ ok: false, error: { code: 'floor-role', words: { en: "Dana is a croupier: the floor's functions need a supervisor or manager" } } });
    expect(send('floor-unlock', { staff: '20', pin: '121212' })).toMatchObject({ ok: false, error: { code: 'floor-pin-wrong' } });
    expect(send('floor-unlock', { staff: '99', pin: '202020' })).toMatchObject({ ok: false, error: { code: 'floor-pin-wrong' } });
    expect(send('floor-unlock', { badge: 'NOBODY99' })).toMatchObject({ ok: false, error: { code: 'floor-badge-unknown' } });
    expect(send('floor-unlock', { badge: 'BADGE0020' })).toMatchObject({ ok: true, result: { unlocked: true, role: 'supervisor', who: { en: 'Sam, floor supervisor #20', de: 'Sam, Floor-Supervisor #20' } } });
    send('table-submit', { commandId: 's1', command: { type: 'sit', seat: 1, name: 'P1', buyIn: 500 } });
    expect(send('table-submit', { commandId: 'r1', command: { type: 'ruling', text: 'Chip found' } })).toMatchObject({ ok: true });
    const log = [...(core as unknown as { store: { entries(after: number): Iterable<{ type: string; by?: string }> } }).store.entries(0)];
    // Who and when: the table's clock gives the time of a floor decision.
    expect(log.find((entry) => entry.type === 'ruling')).toMatchObject({ by: 'Sam (floor supervisor #20)', at: expect.any(Number) });
    core.close();
  });

  it('shows a hand history, every hole card in it, to a manager only: a supervisor is refused (D66)', async () => {
    const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', tableConfig: CASINO_5_10, seed: 7, staff });
    const connection = core.connect(() => undefined);
    let next = 0;
    const send = (name: string, args?: unknown): unknown => JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: `q${++next}`, name, args }))));
    send('floor-unlock', { staff: '20', pin: '202020' });
    expect(send('hand-phh', { id: 1 })).toMatchObject({ ok: false, error: { code: 'manager-only', words: { en: 'A hand history shows every hole card, folded ones too: only a manager may see it' } } });
    core.close();
  });

  it('puts a dealer on duty between hands, as an operation in the log, and refuses it mid-hand', async () => {
    let now = Date.UTC(2026, 10, 29, 18);
    const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', clock: { now: () => now }, tableConfig: CASINO_5_10, seed: 7, staff });
    const connection = core.connect(() => undefined);
    let next = 0;
    const send = (name: string, args?: unknown): unknown => JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: `q${++next}`, name, args }))));
    expect(core.controller.view().dealer).toBeNull();
    expect(send('dealer-sign-in', { staff: '12', pin: '000000' })).toMatchObject({ ok: false, error: { code: 'floor-pin-wrong' } });
    expect(send('dealer-sign-in', { badge: 'BADGE0012' })).toMatchObject({ ok: true, result: { dealer: { number: '12', name: 'Dana' }, lastError: null } });
    // The same dealer again is no change.
    expect(send('dealer-sign-in', { staff: '12', pin: '121212' })).toMatchObject({ ok: false, error: { words: { en: 'Dana is the dealer on duty already' } } });
    for (const n of [1, 2]) send('table-submit', { commandId: `s${n}`, command: { type: 'sit', seat: n, name: `P${n}`, buyIn: 500 } });
    for (let guard = 0; core.controller.view().prompt.kind === 'draw-for-button' && guard < 20; guard++) send('sim-deal');
    now += 60_000;
    send('table-submit', { commandId: 'h1', command: { type: 'start-hand' } });
    expect(send('dealer-sign-in', { staff: '20', pin: '202020' })).toMatchObject({ ok: false, error: { words: { en: 'A dealer change is recorded between hands: finish this hand first' } } });
    expect(core.controller.view().dealer).toMatchObject({ number: '12' });
    const log = [...(core as unknown as { store: { entries(after: number): Iterable<{ type: string }> } }).store.entries(0)];
    expect(log.filter((entry) => entry.type === 'dealer-on-duty')).toEqual([{ type: 'dealer-on-duty', number: '12', name: 'Dana', at: Date.UTC(2026, 10, 29, 18) }]);
    core.close();
  });

  it('keeps the staff beside the table, hashed and readable by its owner only; staff added later sign in at the running table', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-staff-'));
    const dbPath = join(folder, 'table.db');
    const core = await Core.open({ dbPath, hardware: 'sim', floorPin: '246813', tableConfig: CASINO_5_10, seed: 7, staff });
    const file = `${dbPath}.staff.json`;
    const text = readFileSync(file, 'utf8');
    for (const secret of ['246813', '121212', '202020', 'BADGE0012', 'BADGE0020']) expect(text).not.toContain(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(text).staff.map((member: { number: string; role: string }) => `${member.number} ${member.role}`)).toEqual(['1 manager', '12 croupier', '20 supervisor']);
    saveStaff(file, addStaffMember(loadStaff(file) ?? newStaffFile(), { number: '30', name: 'Mia', role: 'manager', pin: '303030' }));
    const connection = core.connect(() => undefined);
    expect(JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: 'q1', name: 'floor-unlock', args: { staff: '30', pin: '303030' } }))))).toMatchObject({ ok: true, result: { role: 'manager' } });
    core.close();
    // A damaged staff file is named, with the field.
    writeFileSync(file, JSON.stringify({ badgeSalt: 'ab'.repeat(16), staff: [{ number: '07', name: 'X', role: 'croupier', pin: null, badge: null }] }));
    await expect(Core.open({ dbPath, hardware: 'sim' })).rejects.toThrow(`${file}: staff.0.number: a staff number is 1 to 6 digits, not starting with 0`);
  });

  it('does not let anyone’s right PIN wipe the wrong ones, and a supervisor demoted meanwhile loses the floor', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'felt-staff-'));
    const dbPath = join(folder, 'table.db');
    let now = Date.UTC(2026, 10, 29, 18);
    const clock = { now: () => now };
    const core = await Core.open({ dbPath, hardware: 'sim', floorPin: '246813', tableConfig: CASINO_5_10, seed: 7, staff, clock });
    const connection = core.connect(() => undefined);
    let next = 0;
    const send = (name: string, args?: unknown): unknown => JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: `q${++next}`, name, args }))));
    for (let attempt = 0; attempt < 4; attempt++) expect(send('floor-unlock', { staff: '1', pin: '000000' })).toMatchObject({ error: { code: 'floor-pin-wrong' } });
    // A croupier signs in between the guesses: the guesses still count.
    expect(send('dealer-sign-in', { staff: '12', pin: '121212' })).toMatchObject({ ok: true });
    expect(send('floor-unlock', { staff: '1', pin: '000001' })).toMatchObject({ error: { code: 'floor-pin-wrong' } });
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ error: { code: 'floor-locked-out' } });
    core.close();

    // Demoted while signed in: the next floor command finds out (after the lock-out, which a restart keeps).
    now += 5 * 60_000;
    const again = await Core.open({ dbPath, hardware: 'sim', tableConfig: CASINO_5_10, seed: 7, clock });
    const other = again.connect(() => undefined);
    const ask = (name: string, args?: unknown): unknown => JSON.parse(JSON.stringify(other.handle(JSON.stringify({ id: `r${++next}`, name, args }))));
    expect(ask('floor-unlock', { staff: '20', pin: '202020' })).toMatchObject({ ok: true });
    expect(ask('floor-report', { kind: 'session' })).toMatchObject({ ok: true });
    const file = `${dbPath}.staff.json`;
    saveStaff(file, changeStaffMember(loadStaff(file) ?? newStaffFile(), '20', { role: 'croupier' }));
    expect(ask('floor-report', { kind: 'session' })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    expect(ask('floor-status')).toMatchObject({ result: { unlocked: false } });
    again.close();

    // A PIN given at a later start does not change the kept staff; the start says so.
    const third = await Core.open({ dbPath, hardware: 'sim', floorPin: '999999', tableConfig: CASINO_5_10, seed: 7 });
    expect(third.notice).toMatch(/the PIN given \(--floor-pin or FELT_FLOOR_PIN\) is for a new table and was not used/);
    const third1 = third.connect(() => undefined);
    expect(JSON.parse(JSON.stringify(third1.handle(JSON.stringify({ id: 't1', name: 'floor-unlock', args: { staff: '1', pin: '999999' } }))))).toMatchObject({ ok: false });
    third.close();
  });

  it('names what is wrong with a new member, and refuses a badge that is someone else’s', () => {
    const base = addStaffMember(newStaffFile(), { number: '1', name: 'A', role: 'manager', badge: 'BADGE0001' });
    expect(() => addStaffMember(base, { number: '2', name: 'B', role: 'croupier', pin: '1234' })).toThrow('staff member 2: a PIN is 6 to 12 digits');
    expect(() => addStaffMember(base, { number: '2', name: 'B', role: 'croupier' })).toThrow('staff member 2: a staff member needs a PIN or a badge to sign in');
    expect(() => addStaffMember(base, { number: '2', name: 'B', role: 'croupier', badge: 'BADGE0001' })).toThrow("staff member 2: that badge is someone else's");
    expect(() => addStaffMember(base, { number: '2', name: ' ', role: 'croupier', pin: '123456' })).toThrow('staff member 2: a staff member needs a name');
    expect(() => addStaffMember(base, { number: '2', name: 'Evil\nName', role: 'croupier', pin: '123456' })).toThrow('staff member 2: a name cannot hold a control character');
  });
});

describe('a hand’s detail for the floor', () => {
  it('gives a finished hand’s PHH history, hole cards and all, only to a manager, and writes each one shown to the log', async () => {
    const { core, send } = await open();
    for (const n of [1, 2, 3]) send('table-submit', { commandId: `s${n}`, command: { type: 'sit', seat: n, name: `P${n}`, buyIn: 500 } });
    for (let guard = 0; core.controller.view().prompt.kind === 'draw-for-button' && guard < 20; guard++) send('sim-deal');
    send('table-submit', { commandId: 'h1', command: { type: 'start-hand' } });
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: true });
    // In play: no history yet.
    expect(send('hand-phh', { id: 1 })).toMatchObject({ ok: false, error: { code: 'not-finished' } });
    let step = 0;
    for (let guard = 0; guard < 200 && core.controller.view().handInPlay; guard++) {
      const view = core.controller.view();
      if (view.prompt.kind === 'deal') send('sim-deal');
      else if (view.prompt.kind === 'show') send('table-submit', { commandId: `w${step++}`, command: { type: 'show' }, decision: view.decision });
      else send('table-submit', { commandId: `a${step++}`, command: view.actor?.legal.check ? { type: 'check' } : { type: 'call' }, decision: view.decision });
    }
    const phh = send('hand-phh', { id: 1 }) as { ok: boolean; result: { fileName: string; text: string } };
    expect(phh.ok).toBe(true);
    const viewed = () => [...(core as unknown as { store: { entries(after: number): Iterable<{ type: string }> } }).store.entries(0)].filter((entry) => entry.type === 'hand-history-viewed');
    expect(viewed()).toEqual([{ type: 'hand-history-viewed', hand: 1, handNumber: 1, by: 'Manager (manager #1)', at: Date.UTC(2026, 10, 29, 18) }]);
    expect(phh.result.fileName).toBe('felt-hand-000001.phh');
    expect(phh.result.text).toMatch(/^variant = "NT"$/m);
    expect(phh.result.text).toMatch(/^_hand_id = 1$/m);
    expect(phh.result.text).toMatch(/^_time_collected = "\[.*\]"\n$/m);
    // Every player's hole cards are in it.
    expect(phh.result.text.match(/"d dh p\d [2-9TJQKA][cdhs][2-9TJQKA][cdhs]"/g)).toHaveLength(3);
    expect(send('hand-phh', { id: 2 })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    // A hand in play is named by its number, as the screen shows it: after a misdeal its id is another.
    send('table-submit', { commandId: 'h2', command: { type: 'start-hand' } });
    expect(send('table-submit', { commandId: 'm2', command: { type: 'misdeal', reason: 'fouled-deck' } })).toMatchObject({ ok: true, result: { lastError: null } });
    send('table-submit', { commandId: 'h3', command: { type: 'start-hand' } });
    // The misdeal ended the floor's session: the history needs a sign-in again.
    expect(send('hand-phh', { id: 3 })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    send('floor-unlock', { staff: '1', pin: '246813' });
    expect(send('hand-phh', { id: 3 })).toMatchObject({ ok: false, error: { code: 'not-finished', words: { en: 'Hand 2 was not played to the end: it has no hand history' } } });
    send('floor-lock');
    expect(send('hand-phh', { id: 1 })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    core.close();
  });
});

describe('the simulated shoe, the hand list and the replay', () => {
  it('deals what the table expects, never a card twice, and lists and replays the hands without hole cards', async () => {
    const { core, send } = await open();
    for (const n of [1, 2, 3]) send('table-submit', { commandId: `s${n}`, command: { type: 'sit', seat: n, name: `P${n}`, buyIn: 500 } });
    // The draw for the button, then a hand played check-down by the croupier with the simulated shoe.
    for (let guard = 0; core.controller.view().prompt.kind === 'draw-for-button' && guard < 20; guard++) send('sim-deal');
    expect(core.controller.view().prompt.kind).toBe('start-hand');
    send('table-submit', { commandId: 'h1', command: { type: 'start-hand' } });
    let step = 0;
    for (let guard = 0; guard < 200; guard++) {
      const view = core.controller.view();
      if (view.prompt.kind === 'deal') send('sim-deal');
      else if (view.prompt.kind === 'action') send('table-submit', { commandId: `a${step++}`, command: view.actor?.legal.check ? { type: 'check' } : { type: 'call' }, decision: view.decision });
      else if (view.prompt.kind === 'show') send('table-submit', { commandId: `a${step++}`, command: { type: 'show' }, decision: view.decision });
      else break;
    }
    const hand = core.controller.table.hand;
    expect(hand?.phase.kind).toBe('complete');
    const cards = [...(hand?.board ?? []), ...(hand?.burns ?? []), ...(hand?.players.flatMap((player) => player.holeCards) ?? [])];
    expect(cards).toHaveLength(5 + 4 + 6);
    expect(new Set(cards).size).toBe(cards.length);
    expect(send('hand-list', { limit: 0 })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(send('hand-list', { before: 1 })).toMatchObject({ ok: true, result: { hands: [], more: false } });
    const list = send('hand-list') as { ok: true; result: { hands: { id: number; pot: number; complete: boolean; awards: unknown[] }[]; more: boolean } };
    expect(list.result.hands).toHaveLength(1);
    expect(list.result).toMatchObject({ more: false, hands: [{ id: 1, handNumber: 1, pot: 30, complete: true }] });
    const replay = send('hand-replay', { id: 1 }) as { ok: true; result: { steps: { words: { en: string }; seats: { shown: unknown }[] }[] } };
    const words = replay.result.steps.map((s) => s.words.en);
    expect(words).toContain('Seat 1 gets a card');
    expect(words.some((text) => /^Seat \d shows /.test(text))).toBe(true);
    expect(send('hand-replay', { id: 2 })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(send('hand-replay', { id: 'one' })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    for (const press of [undefined, { type: 'button', button: 'explode' }, { type: 'key', key: 'x' }, { type: 'button', button: 'constructor' }]) {
      expect(send('panel-press', { press })).toMatchObject({ ok: false, error: { code: 'bad-request', words: { en: expect.stringContaining('args.press: a button (fold, check-call') } } });
    }
    expect(send('panel-press', { press: { type: 'key', key: '7' } })).toMatchObject({ ok: true, result: { devices: expect.arrayContaining([expect.objectContaining({ id: 'keypad', detail: { en: 'typed 7', de: 'eingegeben 7' } })]) } });
  });

  it('never shows a hole card again once the floor undoes the show: not in the view, not in the replay', async () => {
    const { core, send } = await open();
    for (const n of [1, 2, 3]) send('table-submit', { commandId: `s${n}`, command: { type: 'sit', seat: n, name: `P${n}`, buyIn: 500 } });
    for (let guard = 0; core.controller.view().prompt.kind === 'draw-for-button' && guard < 20; guard++) send('sim-deal');
    send('table-submit', { commandId: 'h1', command: { type: 'start-hand' } });
    let step = 0;
    for (let guard = 0; guard < 200 && core.controller.view().prompt.kind !== 'show'; guard++) {
      const view = core.controller.view();
      if (view.prompt.kind === 'deal') send('sim-deal');
      else send('table-submit', { commandId: `a${step++}`, command: view.actor?.legal.check ? { type: 'check' } : { type: 'call' }, decision: view.decision });
    }
    const holeCards = core.controller.table.hand?.players.flatMap((player) => player.holeCards) ?? [];
    expect(holeCards).toHaveLength(6);
    const shown = (core.controller.view().prompt as { seat: number }).seat;
    send('table-submit', { commandId: 'show', command: { type: 'show' }, decision: core.controller.view().decision });
    expect(JSON.stringify(core.controller.view())).toContain('"shown":[');
    send('floor-unlock', { staff: '1', pin: '246813' });
    expect(send('table-submit', { commandId: 'undo', command: { type: 'undo', reason: 'Shown too early' } })).toMatchObject({ ok: true, result: { lastError: null, prompt: { kind: 'show', seat: shown } } });
    const view = JSON.stringify(core.controller.view());
    const replay = JSON.stringify(send('hand-replay', { id: 1 }));
    expect(replay).toContain(`Floor undid: seat ${shown}'s show (Shown too early; Manager (manager #1))`);
    for (const text of [view, replay]) {
      expect(text).not.toMatch(/"shown":\[/);
      for (const card of holeCards) expect(text).not.toContain(formatCardSymbol(card as Card));
    }
  });
});
