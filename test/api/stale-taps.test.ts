import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import type { Reply } from '../../src/api/protocol.js';
import { sameDecision, type ViewModel } from '../../src/controller/view-model.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';

/**
 * Screens that tap on what they show, however old (D59): several screens hold views the table pushed to
 * them, delivered late or not yet, and tap any button their view offers. Whatever the order, a player's
 * action is taken only when it was decided on the decision the table waits for, and then for the seat
 * the screen showed to act — never for the next player.
 */
describe('taps decided on what a screen showed', () => {
  it('are taken only on the decision the screen showed: repeated taps, screens racing, late views', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 }), fc.array(fc.tuple(fc.nat(2), fc.nat(9), fc.nat(5)), { minLength: 40, maxLength: 160 }), async (seed, steps) => {
        const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', clock: { now: () => Date.UTC(2026, 10, 29, 18) }, tableConfig: CASINO_5_10, seed });
        try {
          // Each screen's views as pushed to it, in order; it shows the ones delivered so far.
          const screens = [0, 1, 2].map(() => ({ pending: [] as ViewModel[], shown: null as ViewModel | null, connection: null as unknown as ReturnType<Core['connect']> }));
          for (const screen of screens) screen.connection = core.connect((message) => screen.pending.push(message.view));
          let id = 0;
          const send = (screen: (typeof screens)[number], args: unknown): Reply => JSON.parse(JSON.stringify(screen.connection.handle(JSON.stringify({ id: `q${++id}`, name: 'table-submit', args })))) as Reply;
          const first = screens[0] as (typeof screens)[number];
          for (const seat of [2, 5, 8]) send(first, { commandId: `s${seat}`, command: { type: 'sit', seat, name: `P${seat}`, buyIn: 300 } });
          const control = core.connect(() => undefined);
          const sim = (): void => void control.handle(JSON.stringify({ id: `sim${++id}`, name: 'sim-deal' }));
          for (const [screenIndex, deliver, choice] of steps) {
            const table = core.controller.view();
            // The croupier deals and starts hands through the simulated shoe: only the actions are raced.
            if (table.prompt.kind === 'deal' || table.prompt.kind === 'draw-for-button') {
              sim();
              continue;
            }
            if (table.prompt.kind === 'start-hand') {
              send(first, { commandId: `h${++id}`, command: { type: 'start-hand' } });
              continue;
            }
            const screen = screens[screenIndex] as (typeof screens)[number];
            // Some of the pushed views reach the screen (none, a few, all of them).
            screen.shown = screen.pending.splice(0, Math.min(deliver, screen.pending.length)).at(-1) ?? screen.shown;
            const shown = screen.shown;
            if (shown === null || shown.decision === null) continue;
            const legal = shown.actor?.legal;
            const offered = shown.prompt.kind === 'show' ? [{ type: 'show' }, ...(shown.prompt.muck ? [{ type: 'muck' }] : [])] : [legal?.check ? { type: 'check' } : { type: 'call' }, { type: 'fold' }, ...(legal?.allIn == null ? [] : [{ type: 'all-in' }])];
            const command = { ...(offered[choice % offered.length] as { type: string }), seat: shown.decision.seat };
            const before = core.controller.view();
            const actionsBefore = core.controller.table.handActions.count;
            const reply = send(screen, { commandId: `a${++id}`, command, decision: shown.decision });
            const waited = before.decision;
            const same = waited !== null && sameDecision(waited, shown.decision);
            if (!same) {
              // Decided on another table: refused in words, and nothing changed.
              expect(reply).toMatchObject({ ok: false, error: { code: 'table-moved-on', words: { en: expect.stringMatching(/^The table moved on: check the screen/) } } });
              expect(core.controller.view().logRow).toBe(before.logRow);
            } else if (reply.ok) {
              // Taken for the seat the screen showed to act, and once.
              expect(waited?.seat).toBe(shown.decision.seat);
              expect(core.controller.table.handActions.count - actionsBefore).toBeLessThanOrEqual(1);
            }
          }
        } finally {
          core.close();
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('a decision is the table as the screen showed it: not another deal under the same number (D59)', () => {
  async function preflop() {
    const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', clock: { now: () => Date.UTC(2026, 10, 29, 18) }, tableConfig: CASINO_5_10, seed: 9 });
    const connection = core.connect(() => undefined);
    let id = 0;
    const send = (name: string, args?: unknown): Reply => JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: `q${++id}`, name, args })))) as Reply;
    for (const seat of [1, 2]) send('table-submit', { commandId: `s${seat}`, command: { type: 'sit', seat, name: `P${seat}`, buyIn: 300 } });
    const deal = (): void => {
      for (let guard = 0; ['deal', 'draw-for-button'].includes(core.controller.view().prompt.kind) && guard < 30; guard++) send('sim-deal');
    };
    deal();
    send('table-submit', { commandId: `h${++id}`, command: { type: 'start-hand' } });
    deal();
    send('floor-unlock', { staff: '1', pin: '246813' });
    return { core, send, deal };
  }

  it('refuses a tap decided before a misdeal in the redeal, though the hand, its actions and the seat are the same', async () => {
    const { core, send, deal } = await preflop();
    const before = core.controller.view().decision;
    expect(send('table-submit', { commandId: 'm', command: { type: 'misdeal', reason: 'fouled-deck' } })).toMatchObject({ ok: true });
    send('table-submit', { commandId: 'h2', command: { type: 'start-hand' } });
    deal();
    const after = core.controller.view().decision;
    expect([after?.hand, after?.actions, after?.seat]).toEqual([before?.hand, before?.actions, before?.seat]);
    expect(send('table-submit', { commandId: 'f', command: { type: 'fold', seat: before?.seat }, decision: before })).toMatchObject({ ok: false, error: { code: 'table-moved-on' } });
    core.close();
  });

  it('refuses a tap decided before the floor took back a card and another was dealt', async () => {
    const { core, send, deal } = await preflop();
    for (const type of ['call', 'check']) send('table-submit', { commandId: type, command: { type }, decision: core.controller.view().decision });
    deal();
    const before = core.controller.view().decision;
    expect(send('table-submit', { commandId: 'u', command: { type: 'undo', reason: 'Wrong card read' } })).toMatchObject({ ok: true });
    deal();
    const after = core.controller.view().decision;
    expect([after?.hand, after?.actions, after?.seat]).toEqual([before?.hand, before?.actions, before?.seat]);
    expect(send('table-submit', { commandId: 'b', command: { type: 'check', seat: before?.seat }, decision: before })).toMatchObject({ ok: false, error: { code: 'table-moved-on' } });
    // The decision shown now is taken.
    expect(send('table-submit', { commandId: 'c', command: { type: 'check', seat: after?.seat }, decision: after })).toMatchObject({ ok: true });
    core.close();
  });
});
