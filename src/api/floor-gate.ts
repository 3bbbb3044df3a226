import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Words } from '../evaluator/words.js';
import type { FloorStatus } from './requests.js';

/** A PIN as stored: never the PIN itself, only a slow salted hash of it (scrypt). */
export type PinHash = { readonly salt: string; readonly hash: string };

/**
 * How long an unlocked floor session lasts without use, and how wrong PINs lock the gate: five wrong in a
 * row lock it for five minutes, each lock-out after that twice as long (at most a day), and a quarter of
 * an hour without a wrong PIN forgets the count.
 */
export const FLOOR_SESSION_MINUTES = 10;
export const WRONG_PINS_BEFORE_LOCKOUT = 5;
export const LOCKOUT_MINUTES = 5;
const MAX_LOCKOUT_MINUTES = 24 * 60;
const WRONG_PINS_FORGOTTEN_MINUTES = 15;

const MINUTE = 60_000;

export function hashPin(pin: string, salt = randomBytes(16).toString('hex')): PinHash {
  return { salt, hash: scryptSync(pin, salt, 32).toString('hex') };
}

/** A PIN is 6 to 12 digits, typed on the touchscreen's keypad (four digits fall to guessing within days). */
export function checkPinFormat(pin: unknown): string | null {
  return typeof pin === 'string' && /^\d{6,12}$/.test(pin) ? null : 'a PIN is 6 to 12 digits';
}

/** One screen's floor session: unlocked until `until`, extended by every floor command. */
export class FloorSession {
  until: number | null = null;

  constructor(private readonly gate: FloorGate) {}

  status(now: number): FloorStatus {
    const unlocked = this.until !== null && this.until > now;
    return { unlocked, who: unlocked ? this.gate.role : null, until: unlocked ? this.until : null };
  }

  /** Who approves a floor command now (for the log), or null when the session is locked; using it keeps it open. */
  approve(now: number): string | null {
    if (this.until === null || this.until <= now) return null;
    this.until = now + FLOOR_SESSION_MINUTES * MINUTE;
    return this.gate.role.en;
  }

  lock(): void {
    this.until = null;
  }
}

/**
 * The supervisor's PIN gate in front of the floor functions (undo, misdeal, stack corrections, rulings,
 * table setup). Wrong PINs count across every screen of the table: after five in a row the gate refuses
 * every PIN for a while. Only a PIN-shaped guess counts: a malformed request cannot lock the floor out. The roles of floor staff (croupier, supervisor, manager, each their own PIN or
 * badge) will grow from here: `who` becomes the person, not the role.
 */
export class FloorGate {
  private wrong = 0;
  private lastWrong = 0;
  private lockedUntil = 0;
  private lockouts = 0;

  constructor(
    private readonly pin: PinHash,
    /** Who an unlocked session is, on the screen; the log records its English words as `by`. */
    readonly role: Words = { en: 'floor supervisor', de: 'Floor-Supervisor' },
  ) {}

  session(): FloorSession {
    return new FloorSession(this);
  }

  /** Opens `session` with `pin`, or says why not. */
  unlock(session: FloorSession, pin: unknown, now: number): { ok: true } | { ok: false; code: string; words: Words } {
    if (now < this.lockedUntil) {
      const minutes = Math.ceil((this.lockedUntil - now) / MINUTE);
      return { ok: false, code: 'floor-locked-out', words: { en: `Too many wrong PINs: the floor functions are locked for ${minutes} more minute(s)`, de: `Zu viele falsche PINs: die Floor-Funktionen sind noch ${minutes} Minute(n) gesperrt` } };
    }
    if (typeof pin !== 'string' || !/^\d{1,12}$/.test(pin)) {
      return { ok: false, code: 'bad-request', words: { en: 'args.pin: a PIN is digits, as text', de: 'args.pin: eine PIN besteht aus Ziffern, als Text' } };
    }
    // The kept hash decides: a PIN set before the 6-digit minimum still opens (the minimum is for setting one).
    if (this.matches(pin)) {
      this.wrong = 0;
      this.lockouts = 0;
      session.until = now + FLOOR_SESSION_MINUTES * MINUTE;
      return { ok: true };
    }
    if (now - this.lastWrong > WRONG_PINS_FORGOTTEN_MINUTES * MINUTE) this.wrong = 0;
    this.wrong++;
    this.lastWrong = now;
    if (this.wrong >= WRONG_PINS_BEFORE_LOCKOUT) {
      this.wrong = 0;
      this.lockedUntil = now + Math.min(LOCKOUT_MINUTES * 2 ** this.lockouts, MAX_LOCKOUT_MINUTES) * MINUTE;
      this.lockouts++;
    }
    return { ok: false, code: 'floor-pin-wrong', words: { en: 'Wrong PIN', de: 'Falsche PIN' } };
  }

  private matches(pin: string): boolean {
    const expected = Buffer.from(this.pin.hash, 'hex');
    const given = scryptSync(pin, this.pin.salt, expected.length);
    return timingSafeEqual(given, expected);
  }
}
