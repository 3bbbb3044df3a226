import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { simulateSession } from '../../src/sim/session.js';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import { checkpointFile, readCheckpoint } from '../../src/store/checkpoint.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { checkInThreads } from '../../src/store/verify-threads.js';
import { checkStretch, GENESIS } from '../../src/store/verify-log.js';
import { hashesOf, rechain, rowsOf, tamper, writePayload } from './tamper.js';

/** A table of `hands` simulated hands, a snapshot between hands every 100 rows or so, as the table keeps them. */
function table(hands: number, seed = 4): { path: string; store: Store } {
  const path = join(mkdtempSync(join(tmpdir(), 'felt-checkpoint-')), 'table.db');
  const store = Store.open(path);
  let commands = 0;
  let since = 0;
  simulateSession({ hands, seed, players: 5, structure: 'nl', button: 'dead' }, (entries: readonly TableLogEntry[], state) => {
    if (entries.length === 0) return;
    since += entries.length;
    const between = state.hand === null || state.hand.phase.kind === 'complete';
    store.append(`c${++commands}`, entries, null, between && since >= 100 ? state : null);
    if (between && since >= 100) since = 0;
  });
  return { path, store };
}

function closed(hands: number): string {
  const { path, store } = table(hands);
  store.close();
  return path;
}

const fromCheckpoint = (path: string): ReturnType<typeof verifyDatabase> => verifyDatabase(path, undefined, { fromCheckpoint: true });

describe('the verify checkpoint (D82)', () => {
  it('a check that passes leaves one at its last snapshot; the next check from it reads only the rows since, and says what a check from the first row says', () => {
    const { path, store } = table(20);
    const first = verifyDatabase(path);
    expect(first.ok).toBe(true);
    const kept = readCheckpoint(checkpointFile(path));
    expect(kept?.row).toBeGreaterThan(0);
    // The table goes on: rows after the checkpoint.
    let commands = 0;
    simulateSession({ hands: 5, seed: 8, players: 5, structure: 'nl', button: 'dead' }, (entries: readonly TableLogEntry[]) => {
      if (entries.length > 0 && commands < 4) store.append(`more-${++commands}`, entries);
    });
    store.close();
    const resumed = fromCheckpoint(path);
    expect(resumed).toEqual(verifyDatabase(path));
    expect(resumed).toMatchObject({ ok: true, hands: 20 });
  });

  it('what it stands on, changed, sends the check back to the first row, which finds the change', () => {
    const cases: [string, (db: Database.Database, row: number) => void, RegExp][] = [
      [
        'a row before it rewritten, the chain recomputed',
        (db, row) => {
          const fold = rowsOf(db).find((one) => one.seq < row && one.payload.includes('"type":"fold"')) as { seq: number; payload: string };
          writePayload(db, fold.seq, fold.payload.replace('"fold"', '"check"'));
          rechain(db);
        },
        /does not replay|report facts|the snapshot kept after it is not the table/,
      ],
      ['a fact before it changed', (db) => db.exec("UPDATE fact_block SET facts = json_set(facts, '$[0]', json_extract(facts, '$[0]') + 100) WHERE kind = 'hand.awarded' AND block = 0"), /the report facts kept for it are not what the log gives/],
      ['its snapshot changed', (db, row) => db.prepare("UPDATE snapshot SET state = replace(state, '\"stack\":', '\"stack\":1') WHERE seq = ?").run(row), /the snapshot kept after it is not the table its rows replay to/],
    ];
    for (const [, change, problem] of cases) {
      const path = closed(20);
      expect(verifyDatabase(path).ok).toBe(true);
      const row = readCheckpoint(checkpointFile(path))?.row as number;
      tamper(path, (db) => change(db, row));
      expect(fromCheckpoint(path)).toMatchObject({ ok: false, problem: expect.stringMatching(problem) });
    }
  });

  it('a row after it changed is found; a checkpoint that is not one, or none, is a check from the first row', () => {
    const path = closed(20);
    expect(verifyDatabase(path).ok).toBe(true);
    const row = readCheckpoint(checkpointFile(path))?.row as number;
    const copy = join(mkdtempSync(join(tmpdir(), 'felt-checkpoint-')), 'table.db');
    tamper(path, (db) => {
      const after = rowsOf(db).find((one) => one.seq > row) as { seq: number; payload: string };
      db.prepare('UPDATE log SET payload = ? WHERE seq = ?').run(`${after.payload} `, after.seq);
      db.exec(`VACUUM INTO '${copy}'`);
    });
    expect(fromCheckpoint(path)).toMatchObject({ ok: false, problem: expect.stringMatching(/not give the hash kept/) });
    for (const text of ['not json', '{"format":1}', '[]']) {
      writeFileSync(checkpointFile(path), text);
      expect(fromCheckpoint(path)).toMatchObject({ ok: false, problem: expect.stringMatching(/not give the hash kept/) });
    }
    expect(existsSync(checkpointFile(copy))).toBe(false);
    expect(fromCheckpoint(copy)).toMatchObject({ ok: false });
  });

  it('what it does not prove: a row before it changed in place, its chain not recomputed, passes a check from it; felt verify (from the first row) finds it', () => {
    const path = closed(20);
    expect(verifyDatabase(path).ok).toBe(true);
    const row = readCheckpoint(checkpointFile(path))?.row as number;
    tamper(path, (db) => {
      const early = rowsOf(db).find((one) => one.seq < row && one.payload.includes('"type":"fold"')) as { seq: number; payload: string };
      writePayload(db, early.seq, early.payload.replace('"fold"', '"check"'));
    });
    expect(fromCheckpoint(path)).toMatchObject({ ok: true });
    expect(verifyDatabase(path)).toMatchObject({ ok: false, problem: expect.stringMatching(/not give the hash kept/) });
  });
});

describe('the checkpoint over whole blocks of facts (format 2)', () => {
  // A block holds 1,000 facts: the table crosses it after the first check, so the check from the checkpoint
  // extends each list's chain over a block made since.
  it('extends the chains it resumed from to what a check from the first row leaves; a whole block changed sends the check back, which finds it', () => {
    // In memory where the system has it: 1,100 hands of appends, each made durable, take a minute on a disk.
    const path = join(mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'felt-checkpoint-')), 'table.db');
    const store = Store.open(path);
    let commands = 0;
    let since = 0;
    let checkedAt = 0;
    simulateSession({ hands: 1100, seed: 5, players: 4, structure: 'nl', button: 'dead' }, (entries: readonly TableLogEntry[], state) => {
      if (entries.length === 0) return;
      since += entries.length;
      const between = state.hand === null || state.hand.phase.kind === 'complete';
      store.append(`c${++commands}`, entries, null, between && since >= 100 ? state : null);
      if (between && since >= 100) since = 0;
      if (between && checkedAt === 0 && state.handNumber >= 900) {
        expect(verifyDatabase(path).ok).toBe(true);
        checkedAt = state.handNumber;
      }
    });
    store.close();
    const first = readCheckpoint(checkpointFile(path));
    expect(first?.format).toBe(2);
    expect(first?.blocks?.['hand.awarded']?.whole).toBe(0);

    const resumed = fromCheckpoint(path);
    expect(resumed).toMatchObject({ ok: true, hands: 1100 });
    const extended = readCheckpoint(checkpointFile(path));
    expect(extended?.blocks?.['hand.awarded']?.whole).toBe(1);
    rmSync(checkpointFile(path));
    expect(verifyDatabase(path)).toEqual(resumed);
    expect(readCheckpoint(checkpointFile(path))).toEqual(extended);

    tamper(path, (db) => db.exec("UPDATE fact_block SET facts = json_set(facts, '$[3]', json_extract(facts, '$[3]') + 100) WHERE kind = 'hand.awarded' AND block = 0"));
    expect(fromCheckpoint(path)).toMatchObject({ ok: false, problem: expect.stringMatching(/the report facts kept for it are not what the log gives/) });
    // A checkpoint whose chains are not chains is no checkpoint.
    writeFileSync(checkpointFile(path), JSON.stringify({ ...extended, blocks: { 'hand.awarded': { whole: 1, chain: 'x' } } }));
    expect(readCheckpoint(checkpointFile(path))).toBeNull();
    rmSync(dirname(path), { recursive: true });
  }, 120_000);
});

describe('a long log checked in stretches at once (D83)', () => {
  // The worker runs from the build (npm test builds first).
  const worker = new URL('../../dist/verify-worker.js', import.meta.url);
  const threads = { threads: 3, from: 1, worker };

  it('gives what a check in one stretch gives: rows, hands, head, where a head kept elsewhere is, the checkpoint', () => {
    const path = closed(30);
    const db = new Database(path, { readonly: true });
    const end = db.prepare('SELECT max(seq) FROM log').pluck().get() as number;
    const joined = checkInThreads(db, path, GENESIS, end, undefined, { what: 'its log', row: null }, threads);
    const single = checkStretch(db, GENESIS, end, undefined, { what: 'its log', row: null });
    const later = hashesOf(db).get(Math.floor(end * 0.8)) as string;
    db.close();
    expect(joined).not.toBeNull();
    expect({ ...joined, state: null }).toEqual({ ...single, state: null });
    const one = verifyDatabase(path, later);
    expect(verifyDatabase(path, later, { threads })).toEqual(one);
    expect(one).toMatchObject({ ok: true, anchorRow: Math.floor(end * 0.8) });
    const kept = readCheckpoint(checkpointFile(path));
    expect(fromCheckpoint(path)).toEqual(verifyDatabase(path));
    expect(readCheckpoint(checkpointFile(path))).toEqual(kept);
  });

  it('a change in a later stretch: no stretch is taken for the whole; the check in one stretch names it', () => {
    const path = closed(30);
    tamper(path, (db) => {
      const rows = rowsOf(db);
      const late = rows.slice(Math.floor(rows.length * 0.8)).find((one) => one.payload.includes('"type":"fold"')) as { seq: number; payload: string };
      writePayload(db, late.seq, late.payload.replace('"fold"', '"check"'));
      rechain(db);
    });
    const db = new Database(path, { readonly: true });
    const end = db.prepare('SELECT max(seq) FROM log').pluck().get() as number;
    expect(checkInThreads(db, path, GENESIS, end, undefined, { what: 'its log', row: null }, threads)).toBeNull();
    db.close();
    const found = verifyDatabase(path, undefined, { threads });
    expect(found).toMatchObject({ ok: false });
    expect(found).toEqual(verifyDatabase(path));
  });
});
