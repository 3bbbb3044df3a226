import type pg from 'pg';
import type { Words } from '../../evaluator/words.js';
import { ENROLMENT_VALID_MS, EnrolmentRefused, newSecret, secretHash } from '../enrolment.js';
import { FloorError } from '../floor-error.js';
import type { Head, RestorePage, WireRow } from '../link/wire.js';

/** Rows in one page of a table's log sent back to its replacement: about a megabyte. */
export const RESTORE_PAGE_ROWS = 5_000;

/** The table a replacement code is for, and where the floor's copy of its log ends. */
export type ReplacementOf = { readonly table: { readonly id: string; readonly name: string }; readonly head: Head; readonly lost: Words | null };

/**
 * A one-time code for a PC that replaces table `which` (its id or its name) whose PC died (D99): valid a
 * day, once, like an enrolment code; it reads back that table's log and nothing else, and takes over the
 * table's credential once the new PC has verified what it read. Refused for a table the floor does not know.
 */
export async function makeReplacement(pool: pg.Pool, which: string, validMs = ENROLMENT_VALID_MS): Promise<ReplacementOf & { readonly secret: string; readonly expiresAt: Date }> {
  const found = await pool.query<{ id: string; name: string }>('SELECT id, name FROM floor_table WHERE id = $1 OR name = $1', [which.trim()]);
  const table = found.rows[0];
  if (table === undefined) throw new FloorError(`no table '${which.trim()}' is enrolled at this floor (felt floor tables lists them, by name and id): a replacement is made for a table the floor holds`);
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + validMs);
  await pool.query('INSERT INTO enrolment (secret_hash, name, expires_at, replaces) VALUES ($1, $2, $3, $4)', [secretHash(secret), table.name, expiresAt, table.id]);
  const client = await pool.connect();
  try {
    const head = await headOf(client, table.id);
    return { secret, expiresAt, table, head, lost: await lostWithOldPc(client, table.id, head) };
  } finally {
    client.release();
  }
}

/**
 * The replacement enrolment a secret opens, checked: one the floor made, for a table, not used, not
 * expired, and made after the table was last replaced (a code made for a PC that has been replaced since
 * would take the table from the PC that replaced it). Else refused in words.
 */
async function openReplacement(client: pg.PoolClient, secret: string, lock: boolean): Promise<{ id: string; name: string; used: boolean; usedBy: string | null; credentialHash: string | null }> {
  const found = await client.query<{ replaces: string | null; name: string; expired: boolean; used: boolean; used_by: string | null; credential_hash: string | null; superseded: boolean }>(
    `SELECT e.replaces, e.name, e.expires_at < now() AS expired, e.used_at IS NOT NULL AS used, e.used_by, t.credential_hash,
            EXISTS (SELECT 1 FROM table_replacement r WHERE r.table_id = e.replaces AND r.replaced_at > e.made_at) AS superseded
       FROM enrolment e LEFT JOIN floor_table t ON t.id = e.replaces
      WHERE e.secret_hash = $1 ${lock ? 'FOR UPDATE OF e' : ''}`,
    [secretHash(secret)],
  );
  const enrolment = found.rows[0];
  if (enrolment === undefined) throw new EnrolmentRefused({ en: 'this replacement code is not one this floor made', de: 'diesen Ersatzcode hat dieser Floor nicht ausgegeben' });
  if (enrolment.replaces === null) throw new EnrolmentRefused({ en: 'this code enrols a new table; it replaces none (felt floor enrol --replaces TABLE makes a replacement code)', de: 'dieser Code meldet einen neuen Tisch an und ersetzt keinen (felt floor enrol --replaces TISCH erstellt einen Ersatzcode)' });
  if (!enrolment.used) refuseUnusable(enrolment);
  return { id: enrolment.replaces, name: enrolment.name, used: enrolment.used, usedBy: enrolment.used_by, credentialHash: enrolment.credential_hash };
}

function refuseUnusable(enrolment: { expired: boolean; superseded: boolean }): void {
  if (enrolment.expired) throw new EnrolmentRefused({ en: 'this replacement code has expired: ask the floor for a new one (felt floor enrol --replaces TABLE)', de: 'dieser Ersatzcode ist abgelaufen: beim Floor einen neuen holen (felt floor enrol --replaces TISCH)' });
  if (enrolment.superseded) throw new EnrolmentRefused({ en: 'the table was replaced by another PC after this code was made: ask the floor for a new one if this PC is to replace that one', de: 'der Tisch wurde nach diesem Code durch einen anderen PC ersetzt: beim Floor einen neuen holen, wenn dieser PC jenen ersetzen soll' });
}

const USED: Words = { en: 'this replacement code was used already: the table has its new PC — ask the floor for a new code if this PC is to replace it', de: 'dieser Ersatzcode wurde schon benutzt: der Tisch hat seinen neuen PC — beim Floor einen neuen Code holen, wenn dieser PC ihn ersetzen soll' };

/**
 * A page of the replaced table's log, read with the replacement code's secret (never with a table's
 * credential: a table reads back no rows, its own or another's): rows after `after` up to `upTo` (the head
 * the first page gave; the floor's head when null), at most `limit` (`RESTORE_PAGE_ROWS`), as the table wrote them.
 * A code used, expired, unknown or for a new table is refused; the code is not spent by reading.
 */
export async function readRestorePage(pool: pg.Pool, secret: string, after: number, upTo: number | null, limit = RESTORE_PAGE_ROWS): Promise<RestorePage> {
  const client = await pool.connect();
  try {
    const replacement = await openReplacement(client, secret, false);
    if (replacement.used) throw new EnrolmentRefused(USED);
    const head = await headOf(client, replacement.id);
    const end = Math.min(upTo ?? head.seq, head.seq);
    const rows = (
      await client.query<WireRow>('SELECT seq, command_id, payload, prev_hash, hash FROM log_row WHERE table_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT $4', [replacement.id, after, end, Math.min(limit, RESTORE_PAGE_ROWS)])
    ).rows;
    return { table: { id: replacement.id, name: replacement.name }, head, lost: after === 0 ? await lostWithOldPc(client, replacement.id, head) : null, rows };
  } finally {
    client.release();
  }
}

/**
 * The new PC takes over the table (D99), once it has the table's log up to `head` and verified it: in one
 * transaction, the code spent, the table's credential replaced by the new PC's (the old one kept as revoked,
 * with the head the new PC goes on from and what the floor knows was lost). Refused when the floor's head
 * is not `head` (rows came in from the old PC since the download: download again). The same secret with
 * the same credential again (its answer was lost) is answered again.
 */
export async function takeOver(pool: pg.Pool, secret: string, credential: string, head: Head): Promise<{ table: { id: string; name: string } }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      const replacement = await openReplacement(client, secret, true);
      const table = { id: replacement.id, name: replacement.name };
      if (replacement.used) {
        if (replacement.usedBy === replacement.id && replacement.credentialHash === secretHash(credential)) {
          await client.query('COMMIT');
          return { table };
        }
        throw new EnrolmentRefused(USED);
      }
      const current = (await client.query<{ seq: number; hash: string; credential_hash: string }>('SELECT h.seq, h.hash, t.credential_hash FROM chain_head h JOIN floor_table t ON t.id = h.table_id WHERE h.table_id = $1 FOR UPDATE', [replacement.id])).rows[0];
      if (current === undefined) throw new EnrolmentRefused({ en: 'the table this code replaces is not at the floor', de: 'der Tisch, den dieser Code ersetzt, ist nicht beim Floor' });
      if (current.seq !== head.seq || current.hash !== head.hash) {
        throw new EnrolmentRefused({
          en: `the floor's copy of '${table.name}' moved on while this PC read it (it holds rows up to ${current.seq}, this PC read up to ${head.seq}): is the old PC still playing? Stop it, then start this PC again with the same code`,
          de: `die Kopie des Floors von '${table.name}' ist weitergegangen, während dieser PC sie las (sie hat Zeilen bis ${current.seq}, dieser PC las bis ${head.seq}): spielt der alte PC noch? Ihn stoppen, dann diesen PC mit demselben Code erneut starten`,
        });
      }
      const lost = await lostWithOldPc(client, replacement.id, head);
      await client.query('INSERT INTO table_replacement (table_id, old_credential_hash, head_seq, head_hash, lost) VALUES ($1, $2, $3, $4, $5)', [replacement.id, current.credential_hash, head.seq, head.hash, lost?.en ?? null]);
      await client.query('UPDATE floor_table SET credential_hash = $2 WHERE id = $1', [replacement.id, secretHash(credential)]);
      await client.query('UPDATE enrolment SET used_by = $2, used_at = now() WHERE secret_hash = $1', [secretHash(secret), replacement.id]);
      await client.query('COMMIT');
      return { table };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}

/**
 * A credential the floor revoked when its table was replaced: the table it was, and when; the sighting
 * counted (the old PC came back). Null for any other credential.
 */
export async function revokedCredential(pool: pg.Pool, tableId: string, credentialHash: string): Promise<{ readonly name: string; readonly replacedAt: Date } | null> {
  const found = await pool.query<{ name: string; replaced_at: Date }>(
    `UPDATE table_replacement r SET old_seen_at = now(), old_seen_count = old_seen_count + 1 FROM floor_table t
      WHERE r.table_id = $1 AND r.old_credential_hash = $2 AND t.id = r.table_id
      RETURNING t.name, r.replaced_at`,
    [tableId, credentialHash],
  );
  const row = found.rows[0];
  return row === undefined ? null : { name: row.name, replacedAt: row.replaced_at };
}

async function headOf(client: pg.PoolClient, tableId: string): Promise<Head> {
  const found = await client.query<Head>('SELECT seq, hash FROM chain_head WHERE table_id = $1', [tableId]);
  const head = found.rows[0];
  if (head === undefined) throw new EnrolmentRefused({ en: 'the table this code replaces is not at the floor', de: 'der Tisch, den dieser Code ersetzt, ist nicht beim Floor' });
  return head;
}

/**
 * What the floor knows was lost with the old PC: a hand in play when it last told the board of itself —
 * the floor never holds a hand's rows before it is settled or void (D73), so that hand is gone with the
 * PC, and the table goes on from the last hand the floor holds. Null when its last word had no hand in
 * play (rows it had not sent since, if any, the floor cannot know of).
 */
async function lostWithOldPc(client: pg.PoolClient, tableId: string, head: Head): Promise<Words | null> {
  const found = await client.query<{ hand: number | null; in_play: boolean | null; received_at: Date }>(
    `SELECT (status->>'handNumber')::bigint AS hand, (status->>'handInPlay')::boolean AS in_play, received_at FROM board_status WHERE table_id = $1`,
    [tableId],
  );
  const last = found.rows[0];
  if (last === undefined || last.in_play !== true || last.hand === null) return null;
  const at = last.received_at.toISOString();
  return {
    en: `the old PC last told the floor (${at}) that hand ${last.hand} was in play: a hand reaches the floor only once it is settled, so hand ${last.hand} was lost with the old PC — the table goes on from row ${head.seq}, after the last hand the floor holds, each seat with the chips it had before hand ${last.hand}; settle that hand as the house rules say for a void hand`,
    de: `der alte PC meldete dem Floor zuletzt (${at}), dass Hand ${last.hand} lief: eine Hand kommt erst an den Floor, wenn sie abgerechnet ist, also ging Hand ${last.hand} mit dem alten PC verloren — der Tisch geht ab Zeile ${head.seq} weiter, nach der letzten Hand des Floors, jeder Platz mit den Chips vor Hand ${last.hand}; die Hand nach der Hausregel für ungültige Hände regeln`,
  };
}
