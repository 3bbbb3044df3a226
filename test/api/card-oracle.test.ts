import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import type { Card } from '../../src/cards/card.js';
import { formatCard } from '../../src/cards/notation.js';
import { CASINO_5_10, type TableConfig } from '../../src/engine/table/table-config.js';
import { verifyDatabase } from '../../src/store/verify.js';

const PIN = '246813';

/**
 * A screen holding only the browser token, asking the table where the cards are (D65): every command whose
 * answer could depend on where an unseen card lies — a premature card, an exposed card, a deal, a show —
 * probed with every card of the deck.
 */
async function table(seed: number, options: { dbPath?: string; config?: TableConfig } = {}) {
  const core = await Core.open({ dbPath: options.dbPath ?? ':memory:', hardware: 'sim', floorPin: PIN, clock: { now: () => Date.UTC(2026, 10, 29, 18) }, tableConfig: options.config ?? CASINO_5_10, seed });
  const connection = core.connect(() => undefined);
  let next = 0;
  const send = (name: string, args?: unknown): { ok: boolean; result?: unknown; error?: { code: string; words: { en: string } } } => JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: `q${++next}`, name, args }))));
  const sim = (): void => void send('sim-deal');
  return { core, send, sim };
}

/** Three players seated, the button drawn and the hole cards dealt by the simulated shoe: the pre-flop betting. */
async function preflop(seed: number, options: { dbPath?: string; config?: TableConfig } = {}) {
  const opened = await table(seed, options);
  const { core, send, sim } = opened;
  for (const seat of [1, 2, 3]) send('table-submit', { commandId: `s${seat}`, command: { type: 'sit', seat, name: `P${seat}`, buyIn: 500 } });
  for (let guard = 0; core.controller.view().prompt.kind === 'draw-for-button' && guard < 20; guard++) sim();
  send('table-submit', { commandId: 'h1', command: { type: 'start-hand' } });
  for (let guard = 0; core.controller.view().prompt.kind === 'deal' && guard < 20; guard++) sim();
  expect(core.controller.view().prompt.kind).toBe('action');
  return opened;
}

/** The cards of the hand no screen may see: the hole cards and the burn. */
function secret(core: Core): Card[] {
  const hand = core.controller.table.hand;
  return [...(hand?.players.flatMap((player) => player.holeCards) ?? []), ...(hand?.burns ?? [])].filter((card): card is Card => card !== null);
}

const ALL = Array.from({ length: 52 }, (_, card) => card as Card);

describe('no answer singles out a card a player holds or the burn (D65)', () => {
  it('a premature card named for every card of the deck: the answers are the same whatever the deal', async () => {
    const answers: string[][] = [];
    for (const seed of [3, 11]) {
      const { core, send } = await preflop(seed);
      const before = core.controller.table.handLog.length;
      const replies = ALL.map((card) => send('table-submit', { commandId: `p${card}`, command: { type: 'premature', card, to: 'burn' } }));
      // One answer for the first (the report is the floor's), one for every later one: nothing that
      // depends on which card is where.
      answers.push(replies.map((reply) => (reply.ok ? 'taken for the floor' : `${reply.error?.code}: ${reply.error?.words.en}`)));
      expect(new Set(answers.at(-1)).size).toBe(2);
      // The hand itself did not move: no card was set aside on a screen's word.
      expect(core.controller.table.handLog.length).toBe(before);
      expect(core.controller.view().cardEntry).toBe('hand-held');
      // Nothing the screens get names a card either: not the view, not the hand's replay.
      const shown = JSON.stringify([core.controller.view(), send('hand-replay', { id: 1 })]);
      for (const card of secret(core)) expect(shown).not.toContain(formatCard(card));
      core.close();
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('an exposed card named for every card: the same answers whatever the deal', async () => {
    const answers: string[][] = [];
    for (const seed of [5, 17]) {
      const { core, send } = await table(seed);
      for (const seat of [1, 2, 3]) send('table-submit', { commandId: `s${seat}`, command: { type: 'sit', seat, name: `P${seat}`, buyIn: 500 } });
      for (let guard = 0; core.controller.view().prompt.kind === 'draw-for-button' && guard < 20; guard++) send('sim-deal');
      send('table-submit', { commandId: 'h1', command: { type: 'start-hand' } });
      // The burn and four hole cards dealt unread by touch: the fifth's seat is the one an exposed card names.
      for (let card = 0; card < 5; card++) send('table-submit', { commandId: `d${card}`, command: { type: 'deal', card: null } });
      const seat = core.controller.view().lastHoleCardSeat;
      answers.push(ALL.map((card) => send('table-submit', { commandId: `x${card}`, command: { type: 'exposed', seat, card } })).map((reply) => (reply.ok ? 'taken for the floor' : (reply.error?.code ?? ''))));
      core.close();
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('a deal naming every card stops card entry at the first card it cannot take, and answers every later one the same', async () => {
    const { core, send } = await preflop(7);
    for (const type of ['call', 'call', 'check']) send('table-submit', { commandId: type + core.controller.table.handActions.count, command: { type }, decision: core.controller.view().decision });
    expect(core.controller.view().prompt).toMatchObject({ kind: 'deal', target: 'burn' });
    const held = secret(core);
    const replies = ALL.map((card) => ({ card, reply: send('table-submit', { commandId: `d${card}`, command: { type: 'deal', card } }) }));
    const stoppedAt = replies.findIndex(({ reply }) => reply.error?.code === 'card-entry-stopped');
    // Every card after the stop gets the same answer, taken or held: at most one card is ever told apart.
    expect(new Set(replies.slice(stoppedAt + 1).map(({ reply }) => JSON.stringify(reply.error)))).toEqual(new Set([JSON.stringify({ code: 'card-entry-stopped', words: { en: 'Card entry is stopped: the floor checks the card entered', de: 'Die Karteneingabe ist gestoppt: der Floor prüft die eingegebene Karte' } })]));
    expect(held).toContain(replies[stoppedAt]?.card);
    // The floor sees which card and where, behind its sign-in; the screens do not.
    expect(send('card-entry')).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    send('floor-unlock', { staff: '1', pin: PIN });
    const stop = send('card-entry') as { ok: true; result: { stopped: { words: { en: string }; report: boolean; canTake: boolean } } };
    expect(stop.result.stopped).toMatchObject({ report: false, canTake: false });
    // The card itself is not named where the table can read it (the log keeps it): only where it lies.
    expect(stop.result.stopped.words.en).toMatch(/^A screen dealt (a card seat \d holds|a burn card): card entry stopped$/);
    expect(JSON.stringify(stop)).not.toContain(formatCard(replies[stoppedAt]?.card as Card));
    core.close();
  });
});

describe('a card named where the rules take no card tells nothing either', () => {
  it('a deal when no card is due, a deal to the wrong place, a show on a decision gone: one answer whatever the card, and card entry goes on', async () => {
    const { core, send } = await preflop(31);
    const held = secret(core);
    // The pre-flop betting: no card is due.
    const early = ALL.map((card) => send('table-submit', { commandId: `e${card}`, command: { type: 'deal', card } }));
    expect(new Set(early.map((reply) => JSON.stringify(reply.error)))).toEqual(new Set([JSON.stringify(early[0]?.error)]));
    expect(early[0]).toMatchObject({ ok: false, error: { code: 'no-card-expected' } });
    // A show named on a decision the table has left: refused as that, whatever the cards.
    const stale = { ...core.controller.view().decision, step: 0 };
    const shows = ALL.slice(0, 51).map((card) => send('table-submit', { commandId: `w${card}`, command: { type: 'show', cards: [card, card + 1] }, decision: stale }));
    expect(new Set(shows.map((reply) => reply.error?.code))).toEqual(new Set(['table-moved-on']));
    for (const type of ['call', 'call', 'check']) send('table-submit', { commandId: `a${type}${core.controller.table.handActions.count}`, command: { type }, decision: core.controller.view().decision });
    // The burn is due: every card sent to the board is in the wrong place, the hidden ones too.
    const misplaced = ALL.map((card) => send('table-submit', { commandId: `b${card}`, command: { type: 'deal', card, to: 'board' } }));
    expect(new Set(misplaced.map((reply) => reply.error?.code))).toEqual(new Set(['card-for-wrong-place']));
    expect(core.controller.view().cardEntry).toBe('open');
    expect(held.length).toBeGreaterThan(0);
    core.close();
  });
});

describe('the floor takes a premature card reported, or drops it, and card entry goes on', () => {
  it('keeps the stop through a restart, takes the report as made, and counts it toward the round’s premature cards', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'felt-card-entry-')), 'table.db');
    const first = await preflop(23, { dbPath });
    const free = ALL.find((card) => !secret(first.core).includes(card)) as Card;
    expect(first.send('table-submit', { commandId: 'p1', command: { type: 'premature', card: free, to: 'board' } })).toMatchObject({ ok: true, result: { cardEntry: 'hand-held' } });
    // While it waits for the floor no screen enters a card, and the hand waits too.
    expect(first.send('table-submit', { commandId: 'x1', command: { type: 'premature', card: null, to: 'burn' } })).toMatchObject({ ok: false, error: { code: 'card-entry-stopped' } });
    expect(first.send('table-submit', { commandId: 'x2', command: { type: 'call' }, decision: first.core.controller.view().decision })).toMatchObject({ ok: false, error: { code: 'hand-held', words: { en: 'The hand waits for the floor: a card error was reported' } } });
    first.core.close();
    const second = await table(23, { dbPath });
    expect(second.core.controller.view().cardEntry).toBe('hand-held');
    // Resuming is the floor's.
    expect(second.send('table-submit', { commandId: 'r0', command: { type: 'resume-card-entry', take: true } })).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    second.send('floor-unlock', { staff: '1', pin: PIN });
    expect(second.send('card-entry')).toMatchObject({ ok: true, result: { stopped: { report: true, canTake: true, words: { en: `A screen reported a premature board card, ${formatCard(free)}, in play nowhere: the floor takes it or not` } } } });
    expect(second.send('table-submit', { commandId: 'r1', command: { type: 'resume-card-entry', take: true } })).toMatchObject({ ok: true, result: { cardEntry: 'open' } });
    expect(second.core.controller.table.hand?.heldCards).toEqual([free]);
    // The round has had its one premature card: the next is refused without a look at the card.
    expect(second.send('table-submit', { commandId: 'p2', command: { type: 'premature', card: null, to: 'burn' } })).toMatchObject({ ok: false, error: { code: 'premature-limit' } });
    const log = [...(second.core as unknown as { store: { entries(after: number): Iterable<{ type: string }> } }).store.entries(0)].map((entry) => entry.type);
    // The restart between the stop and the resumption wrote which software runs the table from there on.
    expect(log.slice(-4)).toEqual(['card-entry-stopped', 'software-started', 'card-entry-resumed', 'premature-card']);
    second.core.close();
    // The stop, the floor's resumption and what they kept verify with the rest of the log.
    expect(verifyDatabase(dbPath, undefined, { full: true })).toMatchObject({ ok: true });
  });

  it('drops a report naming a card a player holds, and the table takes up to its setup’s premature cards a round', async () => {
    const { core, send } = await preflop(29, { config: { ...CASINO_5_10, prematurePerStreet: 2 } });
    const held = secret(core)[0] as Card;
    expect(send('table-submit', { commandId: 'p1', command: { type: 'premature', card: held, to: 'burn' } })).toMatchObject({ ok: true });
    send('floor-unlock', { staff: '1', pin: PIN });
    expect(send('card-entry')).toMatchObject({ ok: true, result: { stopped: { report: true, canTake: false } } });
    expect(send('table-submit', { commandId: 'r1', command: { type: 'resume-card-entry', take: true } })).toMatchObject({ ok: false, error: { code: 'card-already-in-play' } });
    expect(send('table-submit', { commandId: 'r2', command: { type: 'resume-card-entry', take: false } })).toMatchObject({ ok: true, result: { cardEntry: 'open' } });
    // Two premature cards unread this round, then no more.
    expect(send('table-submit', { commandId: 'p2', command: { type: 'premature', card: null, to: 'burn' } })).toMatchObject({ ok: true });
    expect(send('table-submit', { commandId: 'p3', command: { type: 'premature', card: null, to: 'burn' } })).toMatchObject({ ok: true });
    expect(send('table-submit', { commandId: 'p4', command: { type: 'premature', card: null, to: 'burn' } })).toMatchObject({ ok: false, error: { code: 'premature-limit' } });
    core.close();
  });
});
