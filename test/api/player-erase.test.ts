import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Core } from '../../src/api/core.js';
import type { PlayerList } from '../../src/api/requests.js';
import type { ViewModel } from '../../src/controller/view-model.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { readMovedNames } from '../../src/store/names-moved.js';
import { referencesFrom } from '../../src/store/players.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { copyOfOlderTable } from '../support/older-table.js';

/** The database file and its write-ahead log, as bytes: where an erased name must no longer be (D102). */
function fileBytes(path: string): Buffer {
  return Buffer.concat([readFileSync(path), ...(existsSync(`${path}-wal`) ? [readFileSync(`${path}-wal`)] : [])]);
}

const NAME = 'Hildegard Quast';
const MANAGER = 'Manager (manager #1)';

async function runningTable() {
  const path = join(mkdtempSync(join(tmpdir(), 'felt-erase-')), 'table.db');
  let now = Date.UTC(2027, 0, 5, 18);
  const clock = { now: () => now };
  const core = await Core.open({ dbPath: path, hardware: 'sim', floorPin: '246813', clock, tableConfig: CASINO_5_10, seed: 7, staff: [{ number: '20', name: 'Sam', role: 'supervisor', pin: '202020' }] });
  /** The views pushed to the screens, in order. */
  const pushed: ViewModel[] = [];
  const screen = () => {
    const connection = core.connect((push) => void pushed.push(push.view));
    let next = 0;
    return (name: string, args?: unknown): unknown => JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: `q${++next}`, name, args }))));
  };
  return { path, core, screen, pushed, later: (minutes: number) => (now += minutes * 60_000), now: () => now };
}

describe("a manager erases a player's name from the table's screen while it runs (D114)", () => {
  it('erases a departed player: the name leaves the file and the table, which goes on playing and verifies', async () => {
    const { path, core, screen, pushed, later, now } = await runningTable();
    const send = screen();
    const sit = (id: string, seat: number, name: string, buyIn: number) => send('table-submit', { commandId: id, command: { type: 'sit', seat, name, buyIn } });
    expect(sit('s1', 1, NAME, 1000)).toMatchObject({ ok: true });
    expect(sit('s2', 2, 'Bo', 500)).toMatchObject({ ok: true });
    expect(sit('s3', 3, 'Cy', 500)).toMatchObject({ ok: true });
    expect(send('table-submit', { commandId: 'l1', command: { type: 'leave', seat: 1 } })).toMatchObject({ ok: true });
    later(5);
    // Held to the stack she left with, while the table keeps her departure under her name.
    expect(sit('back', 1, NAME, 200)).toMatchObject({ ok: false, error: { code: 'buy-in-out-of-range', words: { en: expect.stringContaining(`${NAME} left with 1000`) } } });

    expect(send('player-list')).toMatchObject({ ok: false, error: { code: 'floor-locked' } });
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: true, result: { role: 'manager' } });
    expect(send('player-list')).toEqual({
      id: expect.any(String),
      ok: true,
      result: {
        erasable: true,
        players: [
          { player: 1, name: NAME, erased: null, seat: null },
          { player: 2, name: 'Bo', erased: null, seat: 2 },
          { player: 3, name: 'Cy', erased: null, seat: 3 },
        ],
      },
    });
    expect(fileBytes(path).includes(Buffer.from(NAME))).toBe(true);

    const erasedAt = now();
    const rowBefore = core.controller.nextRow();
    const erased = send('player-erase', { player: 1 }) as { ok: true; result: PlayerList };
    expect(erased).toMatchObject({ ok: true });
    expect(erased.result.players[0]).toEqual({ player: 1, name: null, erased: { row: rowBefore, at: erasedAt, by: MANAGER }, seat: null });
    // The name is in no page of the database nor in its write-ahead log.
    expect(fileBytes(path).includes(Buffer.from(NAME))).toBe(false);
    // Nor in the running table: its departure is the erased player's token now.
    expect(JSON.stringify(core.controller.table)).not.toContain(NAME);
    expect(core.controller.table.departures.map((left) => left.name)).toEqual(['erased player \u20681\u2069']);
    expect(JSON.stringify(core.controller.view())).not.toContain(NAME);
    // The screens are told: a view at the erasure's row went out.
    expect(pushed.at(-1)?.logRow).toBe(rowBefore);

    // The table goes on: a guest of that name is a new player, held to nothing the erased one left with.
    expect(sit('s4', 1, NAME, 200)).toMatchObject({ ok: true, result: { seats: expect.arrayContaining([expect.objectContaining({ seat: 1, name: NAME, stack: 200 })]) } });
    const after = send('player-list') as { ok: true; result: PlayerList };
    expect(after.result.players.map(({ player, name, seat }) => ({ player, name, seat }))).toEqual([
      { player: 1, name: null, seat: null },
      { player: 2, name: 'Bo', seat: 2 },
      { player: 3, name: 'Cy', seat: 3 },
      { player: 4, name: NAME, seat: 1 },
    ]);
    for (let guard = 0; core.controller.view().prompt.kind === 'draw-for-button' && guard < 20; guard++) send('sim-deal');
    expect(send('table-submit', { commandId: 'h1', command: { type: 'start-hand' } })).toMatchObject({ ok: true, result: { handInPlay: true } });
    core.close();
    expect(verifyDatabase(path)).toMatchObject({ ok: true });
  });

  it('is a manager’s only, never of a seated player, once per player, naming when and by whom — in English and German', async () => {
    const { core, screen } = await runningTable();
    const manager = screen();
    manager('table-submit', { commandId: 's1', command: { type: 'sit', seat: 4, name: 'Ada', buyIn: 500 } });
    manager('table-submit', { commandId: 's2', command: { type: 'sit', seat: 6, name: 'Eve', buyIn: 500 } });
    manager('table-submit', { commandId: 'l2', command: { type: 'leave', seat: 6 } });

    // No session: refused, nothing erased.
    expect(manager('player-erase', { player: 2 })).toMatchObject({ ok: false, error: { code: 'floor-locked', words: { en: "Only a manager may erase a player's name: a manager signs in", de: 'Nur ein Manager darf den Namen eines Spielers löschen: ein Manager meldet sich an' } } });
    // A supervisor's session: refused, and the list is not theirs either.
    const supervisor = screen();
    expect(supervisor('floor-unlock', { staff: '20', pin: '202020' })).toMatchObject({ ok: true, result: { role: 'supervisor' } });
    expect(supervisor('player-erase', { player: 2 })).toMatchObject({ ok: false, error: { code: 'manager-only', words: { en: "Sam is a supervisor: the players' names are a manager's only", de: 'Sam ist Supervisor: die Namen der Spieler sind Sache eines Managers' } } });
    expect(supervisor('player-list')).toMatchObject({ ok: false, error: { code: 'manager-only' } });

    manager('floor-unlock', { staff: '1', pin: '246813' });
    expect(manager('player-erase', { player: 0 })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(manager('player-erase', { player: '2' })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(manager('player-erase', { player: 1 })).toMatchObject({
      ok: false,
      error: { code: 'erasure-refused', words: { en: expect.stringMatching(/^player 1 sits at seat 4 now: .* erase it once they have left the table$/), de: 'Spieler 1 sitzt jetzt auf Platz 4: sein Name steht auf dem Bildschirm des Croupiers und in der Hand — erst löschen, wenn er den Tisch verlassen hat' } },
    });
    expect(manager('player-erase', { player: 9 })).toMatchObject({ ok: false, error: { code: 'erasure-refused', words: { en: 'this table has no player 9 (felt players list shows its players)', de: 'Dieser Tisch hat keinen Spieler 9 (felt players list zeigt seine Spieler)' } } });
    const head = core.controller.nextRow();
    expect(manager('player-erase', { player: 2 })).toMatchObject({ ok: true });
    const at = new Date(Date.UTC(2027, 0, 5, 18)).toISOString();
    expect(manager('player-erase', { player: 2 })).toMatchObject({
      ok: false,
      error: { code: 'erasure-refused', words: { en: `player 2's name was erased already (at row ${head}, ${at}, by ${MANAGER})`, de: `Der Name von Spieler 2 wurde schon gelöscht (in Zeile ${head}, ${at}, von ${MANAGER})` } },
    });
    // Refusals wrote nothing: one erasure row, by the manager.
    const log = [...(core as unknown as { store: { entries(after: number): Iterable<{ type: string; by?: string }> } }).store.entries(0)];
    expect(log.filter((entry) => entry.type === 'player-erased')).toEqual([{ type: 'player-erased', player: 2, by: MANAGER, at: Date.UTC(2027, 0, 5, 18) }]);
    // Ada, seated, keeps her name.
    expect((manager('player-list') as { result: PlayerList }).result.players.map((player) => player.name)).toEqual(['Ada', null]);
    core.close();
  });

  it("never moves an older table's names while it runs: the move is a step of its own (felt players migrate, D113)", async () => {
    const path = copyOfOlderTable();
    const core = await Core.open({ dbPath: path, hardware: 'sim', floorPin: '246813', clock: { now: () => Date.UTC(2027, 0, 5, 18) }, tableConfig: CASINO_5_10, seed: 7 });
    const connection = core.connect(() => undefined);
    let next = 0;
    const send = (name: string, args?: unknown): unknown => JSON.parse(JSON.stringify(connection.handle(JSON.stringify({ id: `q${++next}`, name, args }))));
    expect(send('floor-unlock', { staff: '1', pin: '246813' })).toMatchObject({ ok: true, result: { role: 'manager' } });
    expect(send('player-list')).toMatchObject({ ok: true, result: { erasable: false } });
    const refused = send('player-erase', { player: 1 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'erasure-refused', words: { en: expect.stringContaining('felt players migrate, the table stopped and every row at the floor') as string, de: expect.stringContaining('felt players migrate, bei angehaltenem Tisch') as string } } });
    // Nor the running table itself, asked directly.
    expect(() => core.controller.erasePlayer(1, 'Mara (manager #1)', Date.UTC(2027, 0, 5, 18))).toThrow(/felt players migrate, the table stopped/);
    core.close();
    // Nothing moved: the rows still name the players, and no record of a move was written.
    const db = new Database(path, { readonly: true });
    expect(referencesFrom(db)).toBeNull();
    expect(readMovedNames(db)).toEqual({ moved: null });
    db.close();
  });
});
