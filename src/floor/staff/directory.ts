import type pg from 'pg';
import { addStaffMember, changeStaffMember, newStaffFile, parseStaff, type NewStaffMember, type Role, type StaffFile } from '../../api/staff.js';
import { FloorError } from '../floor-error.js';

/**
 * The floor's staff directory (D90): one document in the floor's database, the same shape as a table's
 * staff file — numbers, names, roles, PINs and badges as scrypt hashes only — changed with the table's own
 * functions (src/api/staff.ts), so a member is checked the same way wherever it is added. The floor's
 * supervisors and managers sign in to the floor's screens with it; `version` counts the changes.
 */
export type Directory = { readonly staff: StaffFile; readonly version: number; readonly maxAgeMs: number; readonly changedAt: Date };

/** How long a table cut off from the floor signs in with its last copy, unless the floor sets another: a week. */
export const DEFAULT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The directory; an empty one (version 0) before the first member is added. */
export async function readDirectory(pool: pg.Pool | pg.PoolClient): Promise<Directory> {
  const found = await pool.query<{ staff: unknown; version: number; max_age_ms: number; changed_at: Date }>('SELECT staff, version, max_age_ms, changed_at FROM staff_directory WHERE id = 1');
  const row = found.rows[0];
  if (row === undefined) return { staff: newStaffFile(), version: 0, maxAgeMs: DEFAULT_MAX_AGE_MS, changedAt: new Date(0) };
  return { staff: parseStaff(JSON.stringify(row.staff), "the floor's staff directory"), version: row.version, maxAgeMs: row.max_age_ms, changedAt: row.changed_at };
}

export type StaffChange =
  | { readonly kind: 'add'; readonly member: NewStaffMember }
  | { readonly kind: 'change'; readonly number: string; readonly change: { readonly name?: string; readonly role?: Role; readonly pin?: string; readonly badge?: string } }
  | { readonly kind: 'remove'; readonly number: string }
  | { readonly kind: 'max-age'; readonly maxAgeMs: number };

/**
 * One change to the directory, in one transaction that holds the directory's row (two changes at once
 * cannot lose one): the new version. A change that would leave the floor without a manager who can sign
 * in is refused, as at a table; every problem is a `FloorError` in words.
 */
export async function changeDirectory(pool: pg.Pool, change: StaffChange): Promise<Directory> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The first change makes the row; every change then waits for the one before.
    await client.query("INSERT INTO staff_directory (id, staff, version, max_age_ms) VALUES (1, $1, 1, $2) ON CONFLICT (id) DO NOTHING", [JSON.stringify(newStaffFile()), DEFAULT_MAX_AGE_MS]);
    await client.query('SELECT 1 FROM staff_directory WHERE id = 1 FOR UPDATE');
    const kept = await readDirectory(client);
    let staff = kept.staff;
    let maxAgeMs = kept.maxAgeMs;
    try {
      if (change.kind === 'add') {
        if (staff.staff.some((member) => member.number === change.member.number)) throw new Error(`staff number ${change.member.number} is taken: change it instead`);
        staff = addStaffMember(staff, change.member);
      } else if (change.kind === 'change') staff = changeStaffMember(staff, change.number, change.change);
      else if (change.kind === 'remove') {
        if (!staff.staff.some((member) => member.number === change.number)) throw new Error(`there is no staff number ${change.number}`);
        staff = { ...staff, staff: staff.staff.filter((member) => member.number !== change.number) };
      } else {
        if (!Number.isSafeInteger(change.maxAgeMs) || change.maxAgeMs < 60_000 || change.maxAgeMs > 30 * 24 * 60 * 60 * 1000) throw new Error('the age of a table\'s copy is 1 minute to 30 days');
        maxAgeMs = change.maxAgeMs;
      }
    } catch (error) {
      throw new FloorError((error as Error).message);
    }
    if (change.kind !== 'max-age' && !staff.staff.some((member) => member.role === 'manager' && (member.pin !== null || member.badge !== null))) {
      throw new FloorError('the floor would have no manager who can sign in: add a manager first');
    }
    const saved = await client.query<{ version: number; changed_at: Date }>('UPDATE staff_directory SET staff = $1, max_age_ms = $2, version = version + 1, changed_at = now() WHERE id = 1 RETURNING version, changed_at', [JSON.stringify(staff), maxAgeMs]);
    await client.query('COMMIT');
    const row = saved.rows[0] as { version: number; changed_at: Date };
    return { staff, version: row.version, maxAgeMs, changedAt: row.changed_at };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
