import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseStaff, saveStaff, staffPath, type StaffFile, withStaffLock } from '../../api/staff.js';
import { writeSecretFile } from '../../api/data-folder.js';

/**
 * A table's copy of the floor's staff directory (D91). The enrolled table's link fetches the directory and
 * writes it as the table's own staff file (`<db>.staff.json`, which the table reads at every sign-in), and
 * beside it `<db>.floor-staff.json`: which version it is, when the floor last confirmed it, and how long the
 * floor lets the table sign in with it after that. A table cut off from the floor signs in with its copy
 * until then; after that, every sign-in is refused, in words, until the link is back.
 */
export type FloorStaffCopy = { readonly version: number; readonly confirmedAt: number; readonly maxAgeMs: number };

const copySchema = z.strictObject({ version: z.number().int().min(1), confirmedAt: z.number().int().min(0), maxAgeMs: z.number().int().min(60_000) });

export function floorStaffPath(dbPath: string): string {
  return `${dbPath}.floor-staff.json`;
}

/** What the floor answers: its directory and its version (0: the floor has no staff yet, and the table keeps its own). */
export type DirectoryAnswer = { readonly version: number; readonly maxAgeMs: number; readonly staff: StaffFile | null };

/**
 * Keeps the floor's answer at the table: the staff file replaced when the version is new (under the staff
 * file's lock, whole or not at all), the confirmation renewed every time. Returns whether the staff changed.
 */
export function keepFloorStaff(dbPath: string, answer: DirectoryAnswer, now: number): boolean {
  if (answer.version === 0 || answer.staff === null) return false;
  if (!Number.isSafeInteger(answer.version) || answer.version < 1 || !Number.isSafeInteger(answer.maxAgeMs) || answer.maxAgeMs < 60_000) throw new Error("the floor's staff answer has no version or age");
  // Checked as a table's staff file is before anything is written: a floor's directory the table could not read is not kept.
  const staff = parseStaff(JSON.stringify(answer.staff), "the floor's staff directory");
  const file = staffPath(dbPath);
  const kept = readCopy(dbPath);
  let changed = false;
  withStaffLock(file, () => {
    if (kept === null || kept.version !== answer.version || !existsSync(file)) {
      saveStaff(file, staff);
      changed = true;
    }
    writeSecretFile(floorStaffPath(dbPath), `${JSON.stringify({ version: answer.version, confirmedAt: now, maxAgeMs: answer.maxAgeMs } satisfies FloorStaffCopy)}\n`);
  });
  return changed;
}

/** The table's copy as kept, or null when it has none (a table with no floor, or one whose floor has no staff yet). */
export function readCopy(dbPath: string): FloorStaffCopy | null {
  const path = floorStaffPath(dbPath);
  if (!existsSync(path)) return null;
  try {
    return copySchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    // Damaged: taken as a copy confirmed never, so the sign-in is refused with words rather than trusted.
    return { version: 1, confirmedAt: 0, maxAgeMs: 60_000 };
  }
}

/**
 * Why the table's staff cannot sign anyone in now, or null: its copy of the floor's staff is older than the
 * floor allows (the table has not reached the floor since). Read at every sign-in.
 */
export function staleFloorStaff(dbPath: string, now: number): string | null {
  const copy = readCopy(dbPath);
  if (copy === null || now - copy.confirmedAt <= copy.maxAgeMs) return null;
  const hours = Math.round(copy.maxAgeMs / 3_600_000);
  const since = copy.confirmedAt === 0 ? 'never (its record is damaged)' : new Date(copy.confirmedAt).toISOString();
  return `this table's copy of the floor's staff was last confirmed ${since}, and the floor allows ${hours} h without it: reconnect the table to the floor`;
}
