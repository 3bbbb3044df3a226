import type { Words } from '../evaluator/words.js';
import type { FloorStatus } from './requests.js';
import type { SignInMemory } from './sign-in-memory.js';
import { checkBadgeFormat, type Credentials, identify, type Role, signature, type StaffFile, type StaffMember, whoWords } from './staff.js';

/**
 * How long an unlocked floor session lasts without use, and how wrong PINs lock the gate: five wrong (a
 * right one between them does not wipe them) lock it for five minutes, each lock-out after that twice as
 * long (at most a day); a quarter of an hour without a wrong PIN forgets the count, a day the lock-outs.
 */
export const FLOOR_SESSION_MINUTES = 10;
export const WRONG_PINS_BEFORE_LOCKOUT = 5;
export const LOCKOUT_MINUTES = 5;
const MAX_LOCKOUT_MINUTES = 24 * 60;
const WRONG_PINS_FORGOTTEN_MINUTES = 15;
const LOCKOUTS_FORGOTTEN_MINUTES = 24 * 60;

const MINUTE = 60_000;

/** Who may open the floor's functions (corrections, voids, table setup, reports). */
const FLOOR_ROLES: ReadonlySet<Role> = new Set<Role>(['supervisor', 'manager']);

type Refusal = { ok: false; code: string; words: Words };

/** One screen's floor session: the supervisor or manager who opened it, until `until`, extended by every floor command. */
export class FloorSession {
  until: number | null = null;
  member: StaffMember | null = null;

  constructor(private readonly gate: FloorGate) {}

  status(now: number): FloorStatus {
    const unlocked = this.member !== null && this.until !== null && this.until > now;
    return unlocked && this.member !== null
      ? { unlocked, who: whoWords(this.member), role: this.member.role, until: this.until }
      : { unlocked: false, who: null, role: null, until: null };
  }

  /**
   * Who approves a floor command now (for the log: name, role, number), or null when locked; using it keeps
   * it open. A member removed from the staff, or no longer a supervisor or manager, loses the session.
   */
  approve(now: number): string | null {
    if (this.member === null || this.until === null || this.until <= now) return null;
    const current = this.gate.current(this.member.number);
    if (current === null || !FLOOR_ROLES.has(current.role)) {
      this.lock();
      return null;
    }
    this.member = current;
    this.until = now + FLOOR_SESSION_MINUTES * MINUTE;
    return signature(current);
  }

  lock(): void {
    this.until = null;
    this.member = null;
  }
}

/**
 * The sign-in of the table's staff: a staff number and PIN, or a badge. It opens a screen's floor session
 * for a supervisor or manager, and puts a croupier (or anyone) on duty as the dealer. Wrong PINs and
 * badges count across every screen of the table: after five in a row every sign-in is refused for a
 * while. Only a well-formed try counts: a malformed request cannot lock the staff out. The staff are read
 * at each sign-in, so staff added with `felt staff` sign in at a running table.
 */
export class FloorGate {
  private wrong = 0;
  private lastWrong = 0;
  private lockedUntil = 0;
  private lockouts = 0;

  /** `memory` keeps the wrong sign-ins beyond a restart: a restart in the middle of a lock-out keeps it. */
  constructor(
    private readonly staff: () => StaffFile,
    private readonly memory: SignInMemory | null = null,
  ) {
    const counts = memory?.load() ?? null;
    if (counts !== null) ({ wrong: this.wrong, lastWrong: this.lastWrong, lockedUntil: this.lockedUntil, lockouts: this.lockouts } = counts);
  }

  /** The counts kept for the next start. A count that cannot be written stays counted here: the gate goes on. */
  private remember(): void {
    try {
      this.memory?.save({ wrong: this.wrong, lastWrong: this.lastWrong, lockedUntil: this.lockedUntil, lockouts: this.lockouts });
    } catch (error) {
      console.error(`felt: the wrong sign-ins could not be kept for a restart: ${(error as Error).message}`);
    }
  }

  session(): FloorSession {
    return new FloorSession(this);
  }

  /** Staff member `number` as the staff file has them now, or null (removed, or the file unreadable). */
  current(number: string): StaffMember | null {
    try {
      return this.staff().staff.find((member) => member.number === number) ?? null;
    } catch {
      return null;
    }
  }

  /** Who `args` are (staff number and PIN, or a badge), or why not. */
  signIn(args: unknown, now: number): { ok: true; member: StaffMember } | Refusal {
    // No lock-out is longer than the longest there is: one set by a clock that was wrong then ends in a day.
    this.lockedUntil = Math.min(this.lockedUntil, now + MAX_LOCKOUT_MINUTES * MINUTE);
    if (now < this.lockedUntil) {
      const minutes = Math.ceil((this.lockedUntil - now) / MINUTE);
      return { ok: false, code: 'floor-locked-out', words: { en: `Too many wrong PINs: sign-in is locked for ${minutes} more minute(s)`, de: `Zu viele falsche PINs: die Anmeldung ist noch ${minutes} Minute(n) gesperrt` } };
    }
    const credentials = credentialsOf(args);
    if (!('staff' in credentials || 'badge' in credentials)) return credentials;
    let staff: StaffFile;
    try {
      staff = this.staff();
    } catch (error) {
      return { ok: false, code: 'staff-file', words: { en: `The staff file cannot be read: ${(error as Error).message}`, de: `Die Personaldatei ist nicht lesbar: ${(error as Error).message}` } };
    }
    const member = identify(staff, credentials);
    // A right PIN does not wipe the wrong ones: anyone's sign-in would let a guesser start afresh. Wrong
    // ones are forgotten after a quarter of an hour without one, the lengthening of lock-outs after a day.
    if (member !== null) return { ok: true, member };
    if (now - this.lastWrong > WRONG_PINS_FORGOTTEN_MINUTES * MINUTE) this.wrong = 0;
    if (now - this.lastWrong > LOCKOUTS_FORGOTTEN_MINUTES * MINUTE) this.lockouts = 0;
    this.wrong++;
    this.lastWrong = now;
    if (this.wrong >= WRONG_PINS_BEFORE_LOCKOUT) {
      this.wrong = 0;
      this.lockedUntil = now + Math.min(LOCKOUT_MINUTES * 2 ** this.lockouts, MAX_LOCKOUT_MINUTES) * MINUTE;
      this.lockouts++;
    }
    this.remember();
    return 'badge' in credentials
      ? { ok: false, code: 'floor-badge-unknown', words: { en: 'This badge is not known at this table', de: 'Dieser Ausweis ist an diesem Tisch nicht bekannt' } }
      : { ok: false, code: 'floor-pin-wrong', words: { en: 'Wrong staff number or PIN', de: 'Falsche Personalnummer oder PIN' } };
  }

  /** Opens `session` for a supervisor or manager, or says why not. */
  unlock(session: FloorSession, args: unknown, now: number): { ok: true } | Refusal {
    const signedIn = this.signIn(args, now);
    if (!signedIn.ok) return signedIn;
    const { member } = signedIn;
    if (!FLOOR_ROLES.has(member.role)) {
      return { ok: false, code: 'floor-role', words: { en: `${member.name} is a croupier: the floor's functions need a supervisor or manager`, de: `${member.name} ist Croupier: die Floor-Funktionen brauchen einen Supervisor oder Manager` } };
    }
    session.member = member;
    session.until = now + FLOOR_SESSION_MINUTES * MINUTE;
    return { ok: true };
  }
}

/** The credentials in a request's args, or a refusal that names what was wrong (not counted as a wrong PIN). */
function credentialsOf(args: unknown): Credentials | Refusal {
  const given = (args ?? {}) as { staff?: unknown; pin?: unknown; badge?: unknown };
  if (typeof given !== 'object') return badCredentials();
  if (given.badge !== undefined) {
    const problem = checkBadgeFormat(given.badge);
    return problem === null && given.staff === undefined && given.pin === undefined ? { badge: given.badge as string } : badCredentials();
  }
  if (typeof given.staff !== 'string' || !/^\d{1,6}$/.test(given.staff) || typeof given.pin !== 'string' || !/^\d{1,12}$/.test(given.pin)) return badCredentials();
  // The kept hash decides: a PIN set before the 6-digit minimum still opens (the minimum is for setting one).
  return { staff: given.staff, pin: given.pin };
}

function badCredentials(): Refusal {
  return {
    ok: false,
    code: 'bad-request',
    words: { en: 'args: a staff number and PIN (digits, as text), or a badge (6 to 64 letters and digits)', de: 'args: Personalnummer und PIN (Ziffern, als Text) oder ein Ausweis (6 bis 64 Buchstaben und Ziffern)' },
  };
}
