import type { Words } from '../evaluator/words.js';
import type { FloorStatus } from './requests.js';
import type { SignInGate } from '../engine/table/table-operations.js';
import { type GateCounts, NO_WRONG_SIGN_INS, type SignInMemory } from './sign-in-memory.js';
import { checkBadgeFormat, type Credentials, identify, type Role, signature, type StaffFile, type StaffMember, whoWords } from './staff.js';

/**
 * How long an unlocked floor session lasts without use (D60): the floor's work is a few taps, and a
 * session left open would let anyone at the screen sign a correction in the supervisor's name. A floor
 * decision taken, or the floor's dialog closed, ends it sooner. Wrong PINs lock a sign-in: five wrong (a
 * right one between them does not wipe them) lock it for five minutes, each lock-out after that twice as
 * long (at most a day); a quarter of an hour without a wrong PIN forgets the count, a day the lock-outs.
 */
export const FLOOR_SESSION_MINUTES = 2;
export const WRONG_PINS_BEFORE_LOCKOUT = 5;
export const LOCKOUT_MINUTES = 5;
/** A manager's wrong tries at lifting a lock-out, per lock-out: the lift is no back door for a guesser. */
export const LIFT_TRIES = 3;
const MAX_LOCKOUT_MINUTES = 24 * 60;
const WRONG_PINS_FORGOTTEN_MINUTES = 15;
const LOCKOUTS_FORGOTTEN_MINUTES = 24 * 60;

const MINUTE = 60_000;

/** Who may open the floor's functions (corrections, voids, table setup, reports). */
const FLOOR_ROLES: ReadonlySet<Role> = new Set<Role>(['supervisor', 'manager']);

type Refusal = { ok: false; code: string; words: Words };

/**
 * One screen's floor session: the supervisor or manager who opened it, until `until` — kept open by what
 * the floor only looks at (a report, a history), ended by a decision taken (the protocol's, D60).
 */
export class FloorSession {
  until: number | null = null;
  member: StaffMember | null = null;

  constructor(private readonly gate: FloorGate) {}

  status(now: number): FloorStatus {
    const unlocked = this.member !== null && this.until !== null && this.until > now;
    return unlocked && this.member !== null
      ? { unlocked, who: whoWords(this.member), name: this.member.name, role: this.member.role, until: this.until }
      : { unlocked: false, who: null, name: null, role: null, until: null };
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
 * badges count across every screen of the table, the floor's sign-in and the dealer's apart (D60): after
 * five in a row that sign-in is refused for a while — wrong floor PINs never lock the dealer out. A
 * manager lifts a lock-out (logged by the caller); the lock-out itself stays. Only a well-formed try
 * counts: a malformed request cannot lock the staff out. The staff are read at each sign-in, so staff
 * added with `felt staff` sign in at a running table.
 */
export class FloorGate {
  private counts: Record<SignInGate, GateCounts> = { floor: NO_WRONG_SIGN_INS, dealer: NO_WRONG_SIGN_INS };

  /** `memory` keeps the wrong sign-ins beyond a restart: a restart in the middle of a lock-out keeps it. */
  constructor(
    private readonly staff: () => StaffFile,
    private readonly memory: SignInMemory | null = null,
  ) {
    const kept = memory?.load() ?? null;
    if (kept !== null) this.counts = { ...kept };
  }

  /** The counts kept for the next start. A count that cannot be written stays counted here: the gate goes on. */
  private remember(): void {
    try {
      this.memory?.save(this.counts);
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

  /** Until when `gate`'s sign-in is locked out (ms since the epoch), or null when it is not. */
  lockedOut(gate: SignInGate, now: number): number | null {
    const counts = this.counts[gate];
    // No lock-out is longer than the longest there is: one set by a clock that was wrong then ends in a day.
    const longest = now + MAX_LOCKOUT_MINUTES * MINUTE;
    if (counts.lockedUntil > longest) this.counts = { ...this.counts, [gate]: { ...counts, lockedUntil: longest } };
    const until = this.counts[gate].lockedUntil;
    return now < until ? until : null;
  }

  /** Who `args` are (staff number and PIN, or a badge) at `gate`'s sign-in, or why not. */
  signIn(args: unknown, now: number, gate: SignInGate = 'floor'): { ok: true; member: StaffMember } | Refusal {
    // A supervisor's or manager's staff number is the floor's to count wherever it is tried: the dealer's
    // sign-in is no second door to the floor's PINs (D60). Known by its number alone, before any PIN.
    const counted = gate === 'dealer' && this.floorNumber(args) ? 'floor' : gate;
    const until = this.lockedOut(counted, now);
    if (until !== null) return lockedOutRefusal(counted, until, now);
    const found = this.identify(args);
    if (found.ok || found.code === 'bad-request' || found.code === 'staff-file') return found;
    this.countWrong(counted, now);
    return found;
  }

  /**
   * A manager lifts `gate`'s lock-out (PIN or badge), or says why not: only while it is locked out, with
   * a few tries per lock-out, each wrong one counted as a wrong PIN of that sign-in, and one answer for
   * every try that is not a manager's — the lift confirms no PIN but a manager's.
   */
  lift(args: unknown, now: number, gate: SignInGate): { ok: true; member: StaffMember } | Refusal {
    if (this.lockedOut(gate, now) === null) return { ok: false, code: 'not-locked-out', words: { en: 'That sign-in is not locked out', de: 'Diese Anmeldung ist nicht gesperrt' } };
    if (this.counts[gate].liftTries >= LIFT_TRIES) {
      return { ok: false, code: 'lift-exhausted', words: { en: 'Too many wrong tries to lift the lock-out: it ends by itself', de: 'Zu viele falsche Versuche, die Sperre aufzuheben: sie endet von selbst' } };
    }
    const found = this.identify(args);
    if (found.ok && found.member.role === 'manager') return found;
    if (!found.ok && (found.code === 'bad-request' || found.code === 'staff-file')) return found;
    this.countWrong(gate, now);
    const counts = this.counts[gate];
    this.counts = { ...this.counts, [gate]: { ...counts, liftTries: counts.liftTries + 1 } };
    this.remember();
    return { ok: false, code: 'lift-refused', words: { en: 'Not a manager’s staff number and PIN or badge', de: 'Keine Personalnummer mit PIN oder Ausweis eines Managers' } };
  }

  /** The lock-out of `gate` lifted, once the lift is written down (the caller writes it first, D60). */
  lifted(gate: SignInGate): void {
    this.counts = { ...this.counts, [gate]: { ...this.counts[gate], wrong: 0, lockedUntil: 0, liftTries: 0 } };
    this.remember();
  }

  /** Whether `args` name a supervisor's or manager's staff number (read from the number, not the PIN). */
  private floorNumber(args: unknown): boolean {
    const given = (args ?? {}) as { staff?: unknown };
    if (typeof given !== 'object' || typeof given.staff !== 'string') return false;
    const member = this.current(given.staff);
    return member !== null && FLOOR_ROLES.has(member.role);
  }

  /** The member the credentials name, or why not (a wrong PIN or badge, a malformed request, an unreadable staff file). */
  private identify(args: unknown): { ok: true; member: StaffMember } | Refusal {
    const credentials = credentialsOf(args);
    if (!('staff' in credentials || 'badge' in credentials)) return credentials;
    let staff: StaffFile;
    try {
      staff = this.staff();
    } catch (error) {
      return { ok: false, code: 'staff-file', words: { en: `The staff file cannot be read: ${(error as Error).message}`, de: `Die Personaldatei ist nicht lesbar: ${(error as Error).message}` } };
    }
    const member = identify(staff, credentials);
    if (member !== null) return { ok: true, member };
    return 'badge' in credentials
      ? { ok: false, code: 'floor-badge-unknown', words: { en: 'This badge is not known at this table', de: 'Dieser Ausweis ist an diesem Tisch nicht bekannt' } }
      : { ok: false, code: 'floor-pin-wrong', words: { en: 'Wrong staff number or PIN', de: 'Falsche Personalnummer oder PIN' } };
  }

  /**
   * A wrong PIN or badge at `gate`. A right PIN does not wipe the wrong ones: anyone's sign-in would let a
   * guesser start afresh. Wrong ones are forgotten after a quarter of an hour without one, the lengthening
   * of lock-outs after a day.
   */
  private countWrong(gate: SignInGate, now: number): void {
    let { wrong, lockouts, lockedUntil, liftTries } = this.counts[gate];
    const { lastWrong } = this.counts[gate];
    if (now - lastWrong > WRONG_PINS_FORGOTTEN_MINUTES * MINUTE) wrong = 0;
    if (now - lastWrong > LOCKOUTS_FORGOTTEN_MINUTES * MINUTE) lockouts = 0;
    wrong++;
    if (wrong >= WRONG_PINS_BEFORE_LOCKOUT) {
      wrong = 0;
      lockedUntil = now + Math.min(LOCKOUT_MINUTES * 2 ** lockouts, MAX_LOCKOUT_MINUTES) * MINUTE;
      lockouts++;
      liftTries = 0;
    }
    this.counts = { ...this.counts, [gate]: { wrong, lastWrong: now, lockedUntil, lockouts, liftTries } };
    this.remember();
  }

  /** Opens `session` for a supervisor or manager, or says why not. */
  unlock(session: FloorSession, args: unknown, now: number): { ok: true } | Refusal {
    const signedIn = this.signIn(args, now, 'floor');
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

/** A sign-in refused while it is locked out, with how long it stays so and that a manager can lift it. */
function lockedOutRefusal(gate: SignInGate, until: number, now: number): Refusal {
  const minutes = Math.ceil((until - now) / MINUTE);
  const which = gate === 'floor' ? { en: 'the floor’s sign-in', de: 'die Floor-Anmeldung' } : { en: 'the dealer’s sign-in', de: 'die Dealer-Anmeldung' };
  return {
    ok: false,
    code: gate === 'floor' ? 'floor-locked-out' : 'dealer-locked-out',
    words: {
      en: `Too many wrong PINs: ${which.en} is locked for ${minutes} more minute(s); a manager can lift the lock-out`,
      de: `Zu viele falsche PINs: ${which.de} ist noch ${minutes} Minute(n) gesperrt; ein Manager kann die Sperre aufheben`,
    },
  };
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
