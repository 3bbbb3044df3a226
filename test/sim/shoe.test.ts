import { describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import type { Card } from '../../src/cards/card.js';
import { SeededRandom } from '../../src/cards/random.js';
import { isSeen } from '../../src/engine/hand/dealing.js';
import { SimulatedShoe } from '../../src/sim/shoe.js';

describe('the simulated shoe', () => {
  it('mixes with cards typed by touch at a full table, hand after hand, the draw for the button too', async () => {
    const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', seed: 3 });
    const connection = core.connect(() => undefined);
    let id = 0;
    const send = (name: string, args?: unknown): { ok: boolean; result?: { lastError: unknown } } => connection.handle(JSON.stringify({ id: `q${++id}`, name, args })) as never;
    const submit = (command: unknown, decision?: unknown) => send('table-submit', { commandId: `c${++id}`, command, decision });
    for (let seat = 1; seat <= 10; seat++) submit({ type: 'sit', seat, name: `P${seat}`, buyIn: 1000 });
    submit({ type: 'draw', seat: 1, card: 51 });
    for (let guard = 0; core.controller.view().prompt.kind === 'draw-for-button' && guard < 20; guard++) expect(send('sim-deal')).toMatchObject({ ok: true, result: { lastError: null } });
    expect(core.controller.view().prompt.kind).toBe('start-hand');
    for (let hand = 0; hand < 8; hand++) {
      submit({ type: 'start-hand' });
      // The hand's first card typed by touch (the burn), the rest from the simulated shoe.
      const state = core.controller.table.hand;
      const typed = [...Array(52).keys()].find((card) => state !== null && !isSeen(state, card as Card));
      expect(submit({ type: 'deal', card: typed })).toMatchObject({ ok: true, result: { lastError: null } });
      for (let guard = 0; guard < 300; guard++) {
        const view = core.controller.view();
        if (view.prompt.kind === 'deal') expect(send('sim-deal')).toMatchObject({ ok: true, result: { lastError: null } });
        else if (view.prompt.kind === 'action') submit(view.actor?.legal.check ? { type: 'check' } : { type: 'call' }, view.decision);
        else if (view.prompt.kind === 'show') submit({ type: 'show' }, view.decision);
        else break;
      }
      expect(core.controller.table.hand?.phase.kind).toBe('complete');
    }
    core.close();
  });

  it('shuffles the cards not in play again when its deck runs out, and never deals a card in play', async () => {
    const shoe = new SimulatedShoe(new SeededRandom(1));
    const hand = {};
    let seenLow = 0;
    let seenHigh = 0;
    const dealt: Card[] = [];
    for (let count = 0; count < 70; count++) {
      const card = shoe.deal({ seenLow, seenHigh } as never, hand);
      expect(dealt).not.toContain(card);
      dealt.push(card);
      // Every other card is taken back into the stub (an undo): it is not in play any more.
      if (count % 2 === 1) dealt.pop();
      else if (card < 26) seenLow |= 1 << card;
      else seenHigh |= 1 << (card - 26);
    }
    expect(new Set(dealt).size).toBe(dealt.length);
  });
});
