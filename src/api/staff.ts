import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { hasControlCharacter } from '../engine/table/names.js';
import type { Words } from '../evaluator/words.js';
import { withFileLock } from '../store/file-lock.js';

/**
 * The table's staff: who may deal, who may open the floor's functions. Kept beside the table's database
 * (`<db>.staff.json`, readable by its owner only), never in the log: the log says who did what, by name
 * and number, and a PIN or badge lives here only as a slow salted hash (scrypt).
 */
export type Role = 'croupier' | 'supervisor' | 'manager';
export const ROLES: readonly Role[] = ['croupier', 'supervisor', 'manager'];

export const ROLE_WORDS: Readonly<Record<Role, Words>> = {
  croupier: { en: 'croupier', de: 'Croupier' },
  supervisor: { en: 'floor supervisor', de: 'Floor-Supervisor' },
  manager: { en: 'manager', de: 'Manager' },
};

/** A PIN or badge as stored: only a salted scrypt hash of it. */
export type SecretHash = { readonly salt: string; readonly hash: string };

export type StaffMember = {
  /** The staff number, typed on the keypad to sign in (1 to 6 digits). */
  readonly number: string;
  readonly name: string;
  readonly role: Role;
  readonly pin: SecretHash | null;
  /** A badge's hash under the file's `badgeSalt` (one salt, so a swiped badge is found without a number). */
  readonly badge: string | null;
};

export type StaffFile = { readonly badgeSalt: string; readonly staff: readonly StaffMember[] };

/** What a person gives to sign in: staff number and PIN on the keypad, or a badge on the reader. */
export type Credentials = { readonly staff: string; readonly pin: string } | { readonly badge: string };

const HASH_BYTES = 32;

export function hashSecret(secret: string, salt = randomBytes(16).toString('hex')): SecretHash {
  return { salt, hash: scryptSync(secret, salt, HASH_BYTES).toString('hex') };
}

export function secretMatches(secret: string, kept: SecretHash): boolean {
  const expected = Buffer.from(kept.hash, 'hex');
  return timingSafeEqual(scryptSync(secret, kept.salt, expected.length), expected);
}

export function hashBadge(badge: string, badgeSalt: string): string {
  return scryptSync(badge, badgeSalt, HASH_BYTES).toString('hex');
}

/** A PIN is 6 to 12 digits, typed on the touchscreen's keypad (four digits fall to guessing within days). */
export function checkPinFormat(pin: unknown): string | null {
  return typeof pin === 'string' && /^\d{6,12}$/.test(pin) ? null : 'a PIN is 6 to 12 digits';
}

/** A badge is what its reader types: 6 to 64 letters and digits. */
export function checkBadgeFormat(badge: unknown): string | null {
  return typeof badge === 'string' && /^[A-Za-z0-9]{6,64}$/.test(badge) ? null : 'a badge id is 6 to 64 letters and digits';
}

export function checkStaffNumber(number: unknown): string | null {
  return typeof number === 'string' && /^[1-9]\d{0,5}$/.test(number) ? null : 'a staff number is 1 to 6 digits, not starting with 0';
}

/** How the log names a person: name, role and number, so a report reads without the staff file. */
export function signature(member: StaffMember): string {
  return `${member.name} (${ROLE_WORDS[member.role].en} #${member.number})`;
}

export function whoWords(member: StaffMember): Words {
  return { en: `${member.name}, ${ROLE_WORDS[member.role].en} #${member.number}`, de: `${member.name}, ${ROLE_WORDS[member.role].de} #${member.number}` };
}

/** Salts are 16 bytes and hashes 32, in hex: a shorter hash would let many PINs open it. */
const salt = z.string().regex(/^[0-9a-f]{32}$/, 'a salt is 32 hex digits');
const hash = z.string().regex(/^[0-9a-f]{64}$/, 'a hash is 64 hex digits');
const fileSchema = z.strictObject({
  badgeSalt: salt,
  staff: z.array(
    z.strictObject({
      number: z.string().refine((value) => checkStaffNumber(value) === null, 'a staff number is 1 to 6 digits, not starting with 0'),
      name: z.string().trim().min(1).max(60),
      role: z.enum(['croupier', 'supervisor', 'manager']),
      pin: z.strictObject({ salt, hash }).nullable(),
      badge: hash.nullable(),
    }),
  ),
});

export function staffPath(dbPath: string): string {
  return `${dbPath}.staff.json`;
}

/** A staff file that cannot be used as it is: its words name the file and what is wrong in it. */
export class StaffFileError extends Error {
  override readonly name = 'StaffFileError';
}

/** The staff file, checked: every problem named with its place. Two members under one number are refused. */
export function parseStaff(text: string, file: string): StaffFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StaffFileError(`${file}: not JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StaffFileError(`${file}: ${issue === undefined ? 'not a staff file' : `${issue.path.join('.') || '(top)'}: ${issue.message}`}`);
  }
  const numbers = new Set<string>();
  for (const member of parsed.data.staff) {
    if (numbers.has(member.number)) throw new StaffFileError(`${file}: staff number ${member.number} is given twice`);
    numbers.add(member.number);
  }
  return parsed.data;
}

export function loadStaff(file: string): StaffFile | null {
  return existsSync(file) ? parseStaff(readFileSync(file, 'utf8'), file) : null;
}

/**
 * Writes the staff file whole or not at all (a new file, this process's own, renamed over the old), readable
 * by its owner only. A change reads and writes the file inside `withStaffLock`.
 */
export function saveStaff(file: string, staff: StaffFile): void {
  const next = `${file}.${process.pid}.new`;
  writeFileSync(next, `${JSON.stringify(staff, null, 2)}\n`, { mode: 0o600 });
  renameSync(next, file);
}

/** How long a change waits for another to finish with the staff file. */
const LOCK_WAIT_MS = 5_000;

/**
 * Runs `change` — read the staff file, change it, write it — holding an exclusive lock on `<file>.lock` (a
 * small SQLite database: SQLite's file locks are the operating system's, released when a process ends
 * however it ends, so a crash leaves no lock behind and a reused process number holds none). Two changes
 * at the same moment — two `felt staff` runs, or one and a table's first start — therefore cannot lose one
 * of them. A lock held longer than `waitMs` (5 s) is an error that names it, and nothing changes.
 */
export function withStaffLock<T>(file: string, change: () => T, waitMs = LOCK_WAIT_MS): T {
  const path = `${file}.lock`;
  return withFileLock(path, waitMs, (held) => new Error(`the staff file is being changed by another process (${path}); try again`, { cause: held }), change);
}

export function newStaffFile(): StaffFile {
  return { badgeSalt: randomBytes(16).toString('hex'), staff: [] };
}

/** The staff with `member` added or, under its number, replaced. */
export function withMember(staff: StaffFile, member: StaffMember): StaffFile {
  return { ...staff, staff: [...staff.staff.filter((kept) => kept.number !== member.number), member].sort((a, b) => Number(a.number) - Number(b.number)) };
}

/** A member of the staff as given: the PIN and badge in clear, hashed before they are kept. */
export type NewStaffMember = { readonly number: string; readonly name: string; readonly role: Role; readonly pin?: string; readonly badge?: string };

/** Staff with `member` added under its number, its PIN and badge hashed; every format checked. */
export function addStaffMember(staff: StaffFile, member: NewStaffMember): StaffFile {
  if (member.pin === undefined && member.badge === undefined) throw new Error(`staff member ${member.number}: a staff member needs a PIN or a badge to sign in`);
  return withMember(staff, checkedMember(staff, member, null));
}

/** Staff with member `number` changed: what `change` names; the PIN and badge it does not give are kept. */
export function changeStaffMember(staff: StaffFile, number: string, change: { readonly name?: string; readonly role?: Role; readonly pin?: string; readonly badge?: string }): StaffFile {
  const kept = staff.staff.find((member) => member.number === number);
  if (kept === undefined) throw new Error(`there is no staff number ${number}`);
  return withMember(staff, checkedMember(staff, { number, name: change.name ?? kept.name, role: change.role ?? kept.role, ...(change.pin === undefined ? {} : { pin: change.pin }), ...(change.badge === undefined ? {} : { badge: change.badge }) }, kept));
}

/** A member as kept, from what was given (and, for a change, what was kept): every problem named. */
function checkedMember(staff: StaffFile, member: NewStaffMember, kept: StaffMember | null): StaffMember {
  const problem =
    checkStaffNumber(member.number) ??
    (member.name.trim() === '' ? 'a staff member needs a name' : null) ??
    (hasControlCharacter(member.name) ? 'a name cannot hold a control character (a line break, a tab)' : null) ??
    (member.pin === undefined ? null : checkPinFormat(member.pin)) ??
    (member.badge === undefined ? null : checkBadgeFormat(member.badge));
  if (problem !== null) throw new Error(`staff member ${member.number}: ${problem}`);
  const badge = member.badge === undefined ? (kept?.badge ?? null) : hashBadge(member.badge, staff.badgeSalt);
  if (badge !== null && staff.staff.some((other) => other.badge === badge && other.number !== member.number)) throw new Error(`staff member ${member.number}: that badge is someone else's`);
  return { number: member.number, name: member.name.trim(), role: member.role, pin: member.pin === undefined ? (kept?.pin ?? null) : hashSecret(member.pin), badge };
}

/** Who these credentials are, or null: a PIN is checked against its number's hash, a badge against every badge. */
export function identify(staff: StaffFile, credentials: Credentials): StaffMember | null {
  if ('badge' in credentials) {
    const hash = Buffer.from(hashBadge(credentials.badge, staff.badgeSalt), 'hex');
    // Every member compared, in constant time each: the time taken does not tell where a badge matched.
    let found: StaffMember | null = null;
    for (const member of staff.staff) {
      if (member.badge !== null && timingSafeEqual(Buffer.from(member.badge, 'hex'), hash)) found = member;
    }
    return found;
  }
  const member = staff.staff.find((candidate) => candidate.number === credentials.staff) ?? null;
  // An unknown number costs a hash too, so the time taken does not tell which numbers exist.
  const kept = member?.pin ?? dummyPin();
  const matches = secretMatches(credentials.pin, kept);
  return matches && member !== null && member.pin !== null ? member : null;
}

let dummy: SecretHash | null = null;
function dummyPin(): SecretHash {
  dummy ??= hashSecret('not a pin');
  return dummy;
}
