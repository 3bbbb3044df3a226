// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlayerList, TablePlayer } from '../../src/api/requests';
import { App } from '../../renderer/src/App';
import { startView } from './fixtures';
import { FakeCore, cleanup, render, settle, withCore } from './support';

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

const ERASED_AT = Date.UTC(2027, 0, 5, 18, 30);
const when = (lang: string) => new Date(ERASED_AT).toLocaleString(lang, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const PLAYERS: readonly TablePlayer[] = [
  { player: 1, name: 'Hildegard', erased: null, seat: null },
  { player: 2, name: 'Bo', erased: null, seat: 4 },
  { player: 3, name: null, erased: { row: 40, at: ERASED_AT, by: 'Mara (manager #1)' }, seat: null },
];

/** A core whose floor a manager (or a supervisor) opened, which lists PLAYERS and erases player 1 as the real one would. */
function playersCore(role: 'manager' | 'supervisor' = 'manager'): FakeCore {
  const core = new FakeCore(startView());
  core.floor = { unlocked: true, who: { en: role, de: role }, name: role === 'manager' ? 'Mara' : 'Sam', role, until: null };
  let list: PlayerList = { players: PLAYERS, erasable: true };
  core.on('player-list', () => ({ ok: true, result: list }));
  core.on('player-erase', ({ player }) => {
    if (player !== 1) return { ok: false, error: { code: 'erasure-refused', words: { en: `player ${player} sits at seat 4 now`, de: `Spieler ${player} sitzt jetzt auf Platz 4` } } };
    list = { ...list, players: list.players.map((listed) => (listed.player === 1 ? { ...listed, name: null, erased: { row: 41, at: ERASED_AT, by: 'Mara (manager #1)' } } : listed)) };
    return { ok: true, result: list };
  });
  return core;
}

async function openFloor(core: FakeCore, lang: 'en' | 'de' = 'en') {
  const rendered = await render(withCore(core, <App />));
  await settle();
  if (lang === 'de') await rendered.click('lang-de');
  await rendered.click('floor-open');
  await settle();
  return rendered;
}

describe("the players' dialog (D114)", () => {
  it("lists a manager's players, and erases a departed one's name after a confirmation that says what happens", async () => {
    const core = playersCore();
    const { click, query, text, get } = await openFloor(core);
    expect(text('floor-players')).toBe('Players');
    await click('floor-players');
    await settle();
    expect(core.sent('player-list')).toEqual([undefined]);
    expect(get('players-dialog').getAttribute('aria-label')).toBe('Players at this table');
    expect(text('player-1')).toBe('1HildegardNot seatedErase name');
    expect(text('player-2-status')).toBe('At seat 4 (erase once they have left)');
    expect(text('player-3-name')).toBe('erased player');
    expect(text('player-3-status')).toBe(`Name erased ${when('en')} by Mara (manager #1)`);
    // Only a player who is not seated, and not erased already, can have their name erased.
    expect(query('player-1-erase')).not.toBeNull();
    expect(query('player-2-erase')).toBeNull();
    expect(query('player-3-erase')).toBeNull();

    await click('player-1-erase');
    expect(text('erase-question')).toBe('Erase the name of player 1, Hildegard?');
    expect(text('erase-what')).toBe("The name leaves the table for good: it cannot be brought back, not even by a manager. A record of who erased it and when stays in the table's log. Reports then say “erased player”.");
    // Keeping the name sends nothing.
    await click('erase-keep');
    expect(query('erase-confirm')).toBeNull();
    expect(core.sent('player-erase')).toEqual([]);

    await click('player-1-erase');
    await click('erase-for-good');
    await settle();
    expect(core.sent('player-erase')).toEqual([{ player: 1 }]);
    expect(query('erase-confirm')).toBeNull();
    expect(text('players-erased')).toBe('The name of player 1 was erased.');
    expect(text('player-1-name')).toBe('erased player');
    expect(text('player-1-status')).toBe(`Name erased ${when('en')} by Mara (manager #1)`);
    expect(query('player-1-erase')).toBeNull();
    expect(get('players-list').textContent).not.toContain('Hildegard');
  });

  it('speaks German, the core’s refusal too', async () => {
    const core = playersCore();
    // A refusal the screen did not foresee (the table moved on meanwhile): the core's words, in German.
    core.on('player-erase', () => ({ ok: false, error: { code: 'erasure-refused', words: { en: 'player 1 sits at seat 4 now', de: 'Spieler 1 sitzt jetzt auf Platz 4' } } }));
    const { click, text, get } = await openFloor(core, 'de');
    expect(text('floor-players')).toBe('Spieler');
    await click('floor-players');
    await settle();
    expect(get('players-dialog').getAttribute('aria-label')).toBe('Spieler an diesem Tisch');
    expect(text('player-1')).toBe('1HildegardSitzt nicht am TischNamen löschen');
    expect(text('player-2-status')).toBe('Auf Platz 4 (löschen, wenn er gegangen ist)');
    expect(text('player-3')).toBe(`3gelöschter SpielerName gelöscht ${when('de')} von Mara (manager #1)`);
    await click('player-1-erase');
    expect(text('erase-question')).toBe('Den Namen von Spieler 1, Hildegard, löschen?');
    expect(text('erase-what')).toBe('Der Name verlässt den Tisch endgültig: er kann nicht zurückgeholt werden, auch nicht von einem Manager. Ein Eintrag, wer ihn wann gelöscht hat, bleibt im Protokoll des Tisches. Berichte sagen danach „gelöschter Spieler“.');
    expect(text('erase-keep')).toBe('Namen behalten');
    expect(text('erase-for-good')).toBe('Endgültig löschen');
    await click('erase-for-good');
    await settle();
    expect(text('players-error')).toBe('Spieler 1 sitzt jetzt auf Platz 4');
    expect(text('player-1-name')).toBe('Hildegard');
  });

  it('offers the floor’s PIN pad when the session locked meanwhile', async () => {
    const core = playersCore();
    const { click, text, query } = await openFloor(core);
    await click('floor-players');
    await settle();
    core.on('player-erase', () => ({ ok: false, error: { code: 'floor-locked', words: { en: "Only a manager may erase a player's name: a manager signs in", de: 'x' } } }));
    await click('player-1-erase');
    await click('erase-for-good');
    await settle();
    expect(text('players-error')).toBe("Only a manager may erase a player's name: a manager signs in");
    await click('players-unlock');
    await settle();
    expect(query('players-dialog')).toBeNull();
    expect(query('floor-dialog')).not.toBeNull();
  });

  it('ends the floor’s session when it closes, as the floor’s other dialogs do (D60)', async () => {
    const core = playersCore();
    const { click, query } = await openFloor(core);
    await click('floor-players');
    await settle();
    // Opening it from the floor's functions keeps the session.
    expect(core.sent('floor-lock')).toEqual([]);
    await click('modal-close');
    await settle();
    expect(query('players-dialog')).toBeNull();
    expect(core.sent('floor-lock')).toEqual([undefined]);
  });

  it('is not offered to a supervisor', async () => {
    const core = playersCore('supervisor');
    const { query } = await openFloor(core);
    // The floor's functions are open (the reports are there); the players are not.
    expect(query('floor-reports')).not.toBeNull();
    expect(query('floor-players')).toBeNull();
    expect(core.sent('player-list')).toEqual([]);
  });

  it("says so at a table whose log holds the names in its chain (D103): no name can be erased there", async () => {
    const core = playersCore();
    core.on('player-list', () => ({ ok: true, result: { players: [{ player: 1, name: 'Hildegard', erased: null, seat: null }], erasable: false } }));
    const { click, query, text } = await openFloor(core);
    await click('floor-players');
    await settle();
    expect(text('players-not-erasable')).toContain('A manager moves them out once, with the table stopped and every row at the floor (felt players migrate');
    expect(query('player-1-erase')).toBeNull();
  });
});
