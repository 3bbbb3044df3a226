import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Words } from '../evaluator/words.js';
import { GENESIS_HASH } from '../store/store.js';
import { FloorError } from './floor-error.js';
import type { EnrolAnswer } from './link/wire.js';

/** A secret of 32 random bytes, base64url (43 characters): an enrolment's, or a table's credential. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** How long an enrolment code may be used: a day, time for the supervisor to walk to the table. */
export const ENROLMENT_VALID_MS = 24 * 60 * 60 * 1000;

/**
 * A one-time enrolment for a table to be named `name` (D74): the floor keeps the secret's hash, the code
 * carries the secret. Refused for a name a table has already.
 */
export async function makeEnrolment(pool: pg.Pool, name: string, validMs = ENROLMENT_VALID_MS): Promise<{ secret: string; expiresAt: Date }> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 80) throw new FloorError("a table's name is 1 to 80 characters");
  const taken = await pool.query('SELECT id FROM floor_table WHERE name = $1', [trimmed]);
  if ((taken.rowCount ?? 0) > 0) throw new FloorError(`a table named '${trimmed}' is enrolled at this floor already: choose another name`);
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + validMs);
  await pool.query('INSERT INTO enrolment (secret_hash, name, expires_at) VALUES ($1, $2, $3)', [secretHash(secret), trimmed, expiresAt]);
  return { secret, expiresAt };
}

/** Why an enrolment is refused, in words for the table's screen. */
export class EnrolmentRefused extends Error {
  constructor(readonly words: Words) {
    super(words.en);
  }
}

/**
 * A table enrols with a code's secret: once, before it expires. It gets an id and its name; the
 * credential it made for itself is its own from then on (the floor keeps its hash); its log at the floor
 * begins empty (head 0, the genesis). The same secret with the same credential again (the answer was lost
 * on the way) is answered again; with another credential it is refused as used.
 */
export async function redeemEnrolment(pool: pg.Pool, secret: string, credential: string): Promise<EnrolAnswer> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      const found = await client.query<{ name: string; replaces: string | null; expired: boolean; used: boolean; used_by: string | null; credential_hash: string | null }>(
        'SELECT e.name, e.replaces, e.expires_at < now() AS expired, e.used_at IS NOT NULL AS used, e.used_by, t.credential_hash FROM enrolment e LEFT JOIN floor_table t ON t.id = e.used_by WHERE e.secret_hash = $1 FOR UPDATE OF e',
        [secretHash(secret)],
      );
      const enrolment = found.rows[0];
      if (enrolment === undefined) throw new EnrolmentRefused({ en: 'this enrolment code is not one this floor made', de: 'diesen Anmeldecode hat dieser Floor nicht ausgegeben' });
      // A replacement code takes over a table once its log is read back and verified (D99), never as a new table.
      if (enrolment.replaces !== null) throw new EnrolmentRefused({ en: `this code replaces the PC of table '${enrolment.name}': start the new PC with it on a new database (felt start --db NEW.db --floor CODE)`, de: `dieser Code ersetzt den PC von Tisch '${enrolment.name}': den neuen PC damit auf einer neuen Datenbank starten (felt start --db NEU.db --floor CODE)` });
      if (enrolment.used && enrolment.used_by !== null && enrolment.credential_hash === secretHash(credential)) {
        await client.query('COMMIT');
        return { table: { id: enrolment.used_by, name: enrolment.name } };
      }
      if (enrolment.used) throw new EnrolmentRefused({ en: 'this enrolment code was used already: ask the floor for a new one', de: 'dieser Anmeldecode wurde schon benutzt: beim Floor einen neuen holen' });
      if (enrolment.expired) throw new EnrolmentRefused({ en: 'this enrolment code has expired: ask the floor for a new one', de: 'dieser Anmeldecode ist abgelaufen: beim Floor einen neuen holen' });
      const taken = await client.query('SELECT 1 FROM floor_table WHERE name = $1', [enrolment.name]);
      if ((taken.rowCount ?? 0) > 0) throw new EnrolmentRefused({ en: `a table named '${enrolment.name}' is enrolled already`, de: `ein Tisch namens '${enrolment.name}' ist schon angemeldet` });
      const id = `t-${randomBytes(6).toString('hex')}`;
      await client.query('INSERT INTO floor_table (id, name, credential_hash) VALUES ($1, $2, $3)', [id, enrolment.name, secretHash(credential)]);
      await client.query('INSERT INTO chain_head (table_id, seq, hash) VALUES ($1, 0, $2)', [id, GENESIS_HASH]);
      await client.query('UPDATE enrolment SET used_by = $2, used_at = now() WHERE secret_hash = $1', [secretHash(secret), id]);
      await client.query('COMMIT');
      return { table: { id, name: enrolment.name } };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release();
  }
}
