import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type FactCursor, FACTS_DERIVATION } from '../../src/reports/facts.js';
import { REPORT_FACTS } from '../../src/reports/floor-report.js';
import { incidents } from '../../src/reports/incidents.js';
import { checkpointFile, readCheckpoint } from '../../src/store/checkpoint.js';
import { rederiveFacts, storedDerivation } from '../../src/store/fact-tables.js';
import { readReportSource } from '../../src/store/log-reader.js';
import { Store } from '../../src/store/store.js';
import { verifyDatabase } from '../../src/store/verify.js';
import { cardErrorsTable, SAM } from '../reports/card-errors-table.js';

const AT = Date.UTC(2026, 11, 2, 18);
const CARD_ERRORS = new Set(['card-exposed', 'premature-card', 'cards-returned']);

/** The card-errors table written by this Felt, a snapshot every tenth command. */
function written(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'felt-derivation-')), 'table.db');
  const store = Store.open(path);
  cardErrorsTable(AT).steps.forEach(({ command, rows, state }, index) => store.append(`s${index}`, rows, command, index % 10 === 9 ? state : null));
  store.close();
  return path;
}

/**
 * The table as derivation 1 left it (before the dealer's card errors were facts): the card errors taken out
 * of the incidents' facts, the counts in the cursors (the facts', every snapshot's) made the fewer, and the
 * version row saying 1 — or, with `claim`, another version.
 */
function asDerivationOne(path: string, claim = 1): void {
  const db = new Database(path);
  const [facts] = db.prepare("SELECT facts FROM fact_block WHERE kind = 'incident' AND block = 0").pluck().all() as string[];
  const rows = JSON.parse(facts ?? '[]') as [number, unknown, unknown, { type: string }][];
  const removed = rows.filter((row) => CARD_ERRORS.has(row[3].type)).map((row) => row[0]);
  expect(removed.length).toBe(4);
  db.prepare("UPDATE fact_block SET facts = ? WHERE kind = 'incident' AND block = 0").run(JSON.stringify(rows.filter((row) => !removed.includes(row[0]))));
  const fewer = (text: string): string => {
    const cursor = JSON.parse(text) as FactCursor;
    return JSON.stringify({ ...cursor, counts: { ...cursor.counts, incident: cursor.counts.incident - removed.filter((seq) => seq <= cursor.seq).length } });
  };
  const cursor = db.prepare('SELECT cursor FROM fact_cursor').pluck().get() as string;
  db.prepare('UPDATE fact_cursor SET cursor = ?').run(fewer(cursor));
  for (const [seq, text] of db.prepare('SELECT seq, facts FROM snapshot').raw().all() as [number, string][]) db.prepare('UPDATE snapshot SET facts = ? WHERE seq = ?').run(fewer(text), seq);
  db.prepare('UPDATE fact_derivation SET version = ?').run(claim);
  db.close();
}

function cardErrorsIn(path: string): { kind: string; by: string }[] {
  const { facts } = readReportSource(path, REPORT_FACTS.incidents, false);
  return incidents(facts)
    .filter((incident) => ['card-exposed', 'premature-card', 'flop-redealt'].includes(incident.kind))
    .map(({ kind, by }) => ({ kind, by }));
}

const EXPECTED = [
  { kind: 'card-exposed', by: 'Dana (croupier #7)' },
  { kind: 'premature-card', by: 'Dana (croupier #7)' },
  { kind: 'flop-redealt', by: 'Dana (croupier #7)' },
  // Taken by the floor on a screen's report, after card entry stopped (D65).
  { kind: 'premature-card', by: SAM },
];

function version(path: string): number | null {
  const db = new Database(path, { readonly: true });
  try {
    return storedDerivation(db);
  } finally {
    db.close();
  }
}

describe('the report facts record the derivation that made them (D93)', () => {
  it('a table written now keeps its version; its incidents list the dealer card errors, with who; it verifies', () => {
    const path = written();
    expect(version(path)).toBe(FACTS_DERIVATION);
    expect(cardErrorsIn(path)).toEqual(EXPECTED);
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 86 });
  });

  it('a table whose facts an older derivation made: verified without them, reported from its log, derived again as it opens, then verified with them', () => {
    const path = written();
    expect(verifyDatabase(path).ok).toBe(true);
    const checkpoint = readCheckpoint(checkpointFile(path));
    expect(checkpoint?.derivation).toBe(FACTS_DERIVATION);
    asDerivationOne(path);
    // Read-only, before any opening: the log is checked whole, the older facts are not compared (never with old code).
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 86 });
    // A report does not read facts an older derivation made: it derives its own from the log.
    expect(cardErrorsIn(path)).toEqual(EXPECTED);
    const store = Store.open(path);
    expect(incidents(store.reportFacts()).filter((incident) => incident.kind === 'flop-redealt')).toHaveLength(1);
    store.close();
    expect(version(path)).toBe(FACTS_DERIVATION);
    expect(cardErrorsIn(path)).toEqual(EXPECTED);
    // The facts, the cursor and every snapshot's cursor are now derivation 2's: compared, they pass, from the first row and from the checkpoint.
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 86 });
    expect(verifyDatabase(path, undefined, { fromCheckpoint: true })).toMatchObject({ ok: true, rows: 86 });
  });

  it('deriving the facts again says how far it is, and leaves what the opening would', () => {
    const path = written();
    asDerivationOne(path);
    const db = new Database(path);
    const words: string[] = [];
    db.transaction(() => rederiveFacts(db, (said) => words.push(said), 40))();
    db.close();
    expect(words).toEqual(['deriving the report facts again: 40 of 86 rows', 'deriving the report facts again: 80 of 86 rows']);
    expect(version(path)).toBe(FACTS_DERIVATION);
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 86 });
  });

  it('verify refuses facts that claim a version whose derivation disagrees with them', () => {
    const path = written();
    asDerivationOne(path, FACTS_DERIVATION);
    const found = verifyDatabase(path);
    expect(found).toMatchObject({ ok: false, problem: 'the report facts kept for it are not what the log gives (the log or the facts were changed)' });
    // The first card error's row: the exposed hole card.
    expect(found.ok === false && found.row).toBe(22);
  });

  it('verify refuses a version row removed, or one of a derivation this Felt does not know; the opening derives the facts again', () => {
    const removed = written();
    const db = new Database(removed);
    db.exec('DELETE FROM fact_derivation');
    db.close();
    expect(verifyDatabase(removed)).toMatchObject({ ok: false, row: 0, problem: expect.stringMatching(/derivation version was removed or changed/) });
    Store.open(removed).close();
    expect(verifyDatabase(removed)).toMatchObject({ ok: true, rows: 86 });

    const newer = written();
    const edit = new Database(newer);
    edit.prepare('UPDATE fact_derivation SET version = ?').run(FACTS_DERIVATION + 1);
    edit.close();
    expect(verifyDatabase(newer)).toMatchObject({ ok: false, row: 0, problem: expect.stringMatching(new RegExp(`claim derivation version ${FACTS_DERIVATION + 1}, which this version of Felt does not know`)) });
  });

  it('a card error in the facts edited under the current version is refused at its row', () => {
    const path = written();
    const db = new Database(path);
    const rows = JSON.parse(db.prepare("SELECT facts FROM fact_block WHERE kind = 'incident' AND block = 0").pluck().get() as string) as [number, unknown, unknown, { type: string; seat?: number }][];
    const exposed = rows.find((row) => row[3].type === 'card-exposed');
    if (exposed === undefined) throw new Error('no exposed card among the facts');
    exposed[3].seat = 1;
    db.prepare("UPDATE fact_block SET facts = ? WHERE kind = 'incident' AND block = 0").run(JSON.stringify(rows));
    db.close();
    expect(verifyDatabase(path)).toMatchObject({ ok: false, row: 22, problem: 'the report facts kept for it are not what the log gives (the log or the facts were changed)' });
  });

  it('facts edited and their version set back to an older one: verify passes the log, but neither a report nor the next opening uses those facts', () => {
    const path = written();
    const db = new Database(path);
    db.prepare("UPDATE fact_block SET facts = '[]' WHERE kind = 'incident' AND block = 0").run();
    db.prepare('UPDATE fact_derivation SET version = 1').run();
    db.close();
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 86 });
    expect(cardErrorsIn(path)).toEqual(EXPECTED);
    Store.open(path).close();
    expect(verifyDatabase(path)).toMatchObject({ ok: true, rows: 86 });
    expect(cardErrorsIn(path)).toEqual(EXPECTED);
  });
});
