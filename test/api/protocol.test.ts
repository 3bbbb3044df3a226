import { describe, expect, it } from 'vitest';
import { commandSchema, parseCommand } from '../../src/api/command-schema.js';
import { handleMessage } from '../../src/api/protocol.js';
import { TableController } from '../../src/controller/table-controller.js';
import type { TableCommand } from '../../src/engine/table.js';
import { CASINO_5_10 } from '../../src/engine/table-config.js';
import { simulateSession } from '../../src/sim/session.js';
import { Store } from '../../src/store/store.js';

function table(): TableController {
  return TableController.open(Store.open(':memory:'), { now: () => Date.UTC(2026, 10, 29, 18) }, CASINO_5_10);
}

describe('the command protocol', () => {
  it('knows every command type there is', () => {
    // Every type of the engine's command union, checked by the compiler: a new command needs a schema.
    const engineTypes: Record<TableCommand['type'], true> = {
      'adjust-stack': true, 'all-in': true, bet: true, call: true, check: true, 'come-back': true, deal: true, draw: true, exposed: true, fold: true, leave: true,
      misdeal: true, muck: true, post: true, premature: true, 'redeal-flop': true, ruling: true, show: true, sit: true, 'sit-out': true, 'start-hand': true, 'top-up': true,
    };
    expect(commandSchema.options.map((option) => option.shape.type.value).sort()).toEqual(Object.keys(engineTypes).sort());
  });

  it('accepts every command a simulated session sends', () => {
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

  it('answers requests by id, applies a submitted command once, and refuses malformed messages with the reason', () => {
    const controller = table();
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
    const refused = handleMessage(controller, JSON.stringify({ id: 'r6', name: 'table-submit', args: { commandId: 'c2', command: { type: 'sit', seat: 2, name: 'Ben', buyIn: 500 } } }));
    expect(refused).toMatchObject({ ok: true, result: { lastError: { en: 'Seat 2 is taken' } } });
  });
});
