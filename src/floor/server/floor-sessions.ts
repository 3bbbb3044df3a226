import { createHash, randomBytes } from 'node:crypto';
import { identify, ROLE_WORDS, type Role, type StaffFile } from '../../api/staff.js';
import type { Words } from '../../evaluator/words.js';

/** A person signed in to the floor's screens. */
export type FloorSession = { readonly number: string; readonly name: string; readonly role: Role; readonly who: Words; readonly expiresAt: number };

export type SignInResult = { readonly ok: true; readonly token: string; readonly session: FloorSession } | { readonly ok: false; readonly status: 401 | 403 | 429; readonly words: Words };

/** A shift and a bit: a session ends after this, and the screen asks again. */
export const SESSION_MS = 12 * 60 * 60 * 1000;
/** Wrong PINs for a staff number before it is locked out, and the first lock-out (each next one doubles). */
const WRONG_BEFORE_LOCK = 5;
const FIRST_LOCK_MS = 60_000;
/** Sessions kept at most: the oldest goes first. */
const MAX_SESSIONS = 1_000;

/**
 * Who is signed in to the floor's screens (D90): staff number and PIN against the floor's directory, the
 * floor supervisors and managers only; a session is a random token the screen sends as `Bearer
 * session.<token>`, kept here as its SHA-256 and ended by time or sign-out — never a cookie, so a page of
 * another site cannot use it. Five wrong PINs for a number lock it out for a minute, doubling each time.
 * Kept in memory: a floor server started again asks everyone to sign in again.
 */
export class FloorSessions {
  private readonly sessions = new Map<string, FloorSession>();
  private readonly wrong = new Map<string, { count: number; lockedUntil: number; lockouts: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  signIn(staff: StaffFile, number: string, pin: string): SignInResult {
    const at = this.now();
    const counts = this.wrong.get(number) ?? { count: 0, lockedUntil: 0, lockouts: 0 };
    if (counts.lockedUntil > at) {
      const seconds = Math.ceil((counts.lockedUntil - at) / 1000);
      return { ok: false, status: 429, words: { en: `too many wrong PINs for number ${number}: try again in ${seconds} s`, de: `zu viele falsche PINs für Nummer ${number}: in ${seconds} s erneut versuchen` } };
    }
    const member = identify(staff, { staff: number, pin });
    if (member === null) {
      counts.count++;
      if (counts.count >= WRONG_BEFORE_LOCK) {
        counts.lockedUntil = at + FIRST_LOCK_MS * 2 ** counts.lockouts;
        counts.lockouts++;
        counts.count = 0;
      }
      // Numbers are a few thousand at most: an attacker trying many numbers fills this with them, no more.
      if (this.wrong.size < 100_000) this.wrong.set(number, counts);
      return { ok: false, status: 401, words: { en: 'this staff number and PIN are not known at the floor', de: 'diese Personalnummer und PIN kennt der Floor nicht' } };
    }
    this.wrong.delete(number);
    if (member.role === 'croupier') {
      return { ok: false, status: 403, words: { en: `${member.name} is a croupier: the floor's screens are for floor supervisors and managers`, de: `${member.name} ist Croupier: die Bildschirme des Floors sind für Floor-Supervisoren und Manager` } };
    }
    const token = randomBytes(32).toString('base64url');
    const session: FloorSession = { number: member.number, name: member.name, role: member.role, who: { en: `${member.name}, ${ROLE_WORDS[member.role].en} #${member.number}`, de: `${member.name}, ${ROLE_WORDS[member.role].de} #${member.number}` }, expiresAt: at + SESSION_MS };
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
    this.sessions.set(hashOf(token), session);
    return { ok: true, token, session };
  }

  /** The session a token opens, if it is one and has not ended; a member removed or no longer on the floor's staff ends it too. */
  session(token: string, staff: StaffFile | null = null): FloorSession | null {
    const key = hashOf(token);
    const session = this.sessions.get(key);
    if (session === undefined) return null;
    const still = staff === null || staff.staff.some((member) => member.number === session.number && member.role !== 'croupier');
    if (session.expiresAt <= this.now() || !still) {
      this.sessions.delete(key);
      return null;
    }
    return session;
  }

  signOut(token: string): void {
    this.sessions.delete(hashOf(token));
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
