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
 * An address that made a wrong PIN within this is one that failed: the limits below refuse such addresses
 * only. An address that made none — a supervisor's own machine, typing the PIN right — is never refused (D101).
 */
const FAILED_WITHIN_MS = 10 * 60_000;
/** Wrong PINs from one address within `FAILED_WITHIN_MS` (any numbers) before it is refused, first for a minute, each next time twice as long (an hour at most). */
const WRONG_PER_ADDRESS = 10;
const FIRST_ADDRESS_LOCK_MS = 60_000;
const MAX_ADDRESS_LOCK_MS = 60 * 60_000;
/** Wrong PINs across the floor within a minute before the floor is on guard: for a minute after, only addresses that made no wrong PIN may try. */
export const WRONG_OVER_ALL = 50;
const OVER_ALL_WINDOW_MS = 60_000;
const GUARD_MS = 60_000;
/** Addresses and numbers remembered at most: an attacker with many fills the maps to this, no more. */
const MAX_REMEMBERED = 100_000;

type AddressRecord = { wrong: number[]; lockedUntil: number; lockouts: number };

/**
 * Who is signed in to the floor's screens (D90): staff number and PIN against the floor's directory, the
 * floor supervisors and managers only; a session is a random token the screen sends as `Bearer
 * session.<token>`, kept here as its SHA-256 and ended by time or sign-out — never a cookie, so a page of
 * another site cannot use it. Five wrong PINs for a number lock it out for a minute, doubling each time —
 * for the places (client addresses) that made wrong PINs; ten wrong PINs from one place lock the place out;
 * fifty across the floor within a minute put the floor on guard, when only places that made none may try
 * (D101). So one attacker is refused long before the supervisors are, who sign in at screens of their own.
 * Kept in memory: a floor server started again asks everyone to sign in again.
 */
export class FloorSessions {
  private readonly sessions = new Map<string, FloorSession>();
  private readonly wrong = new Map<string, { count: number; lockedUntil: number; lockouts: number }>();
  private readonly addresses = new Map<string, AddressRecord>();
  /** The times of the last `wrongOverAllBound` wrong PINs across the floor, oldest first. */
  private readonly wrongOverAll: number[] = [];
  private guardedUntil = 0;

  /** `wrongOverAll`: the floor's bound (the tests' smaller one: each wrong PIN costs a scrypt hash). */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly wrongOverAllBound = WRONG_OVER_ALL,
  ) {}

  /**
   * A sign-in from `address` (the client's network address; '' where none is known). Refused before the
   * PIN is looked at (429, with words) — so a refused try counts against no number — when the address made
   * too many wrong PINs, when the number is locked out and this address made a wrong PIN lately, or when
   * the floor is on guard (many wrong PINs across the floor) and this address made one lately (D101).
   */
  signIn(staff: StaffFile, number: string, pin: string, address = ''): SignInResult {
    const at = this.now();
    const from = this.addresses.get(address);
    const failed = from !== undefined && (from.wrong.at(-1) ?? 0) > at - FAILED_WITHIN_MS;
    if (from !== undefined && from.lockedUntil > at) {
      const seconds = Math.ceil((from.lockedUntil - at) / 1000);
      return { ok: false, status: 429, words: { en: `too many wrong PINs from this place (${address || 'this client'}): try again in ${seconds} s`, de: `zu viele falsche PINs von diesem Ort (${address || 'dieser Client'}): in ${seconds} s erneut versuchen` } };
    }
    if (failed && this.guardedUntil > at) {
      const seconds = Math.ceil((this.guardedUntil - at) / 1000);
      return { ok: false, status: 429, words: { en: `the floor sees many wrong PINs from several places: a place that made a wrong PIN waits ${seconds} s before it tries again (a supervisor's screen that made none signs in as ever)`, de: `der Floor sieht viele falsche PINs von mehreren Orten: ein Ort mit falscher PIN wartet ${seconds} s, bevor er es erneut versucht (ein Bildschirm ohne falsche PIN meldet sich wie immer an)` } };
    }
    const counts = this.wrong.get(number) ?? { count: 0, lockedUntil: 0, lockouts: 0 };
    // A number locked out is locked for the places that made wrong PINs: one attacker cannot lock the real supervisor out at a screen of their own.
    if (counts.lockedUntil > at && (failed || (from === undefined && address === ''))) {
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
      if (this.wrong.size < MAX_REMEMBERED) this.wrong.set(number, counts);
      this.countWrong(address, at);
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

  /** A wrong PIN from `address`: counted for the address (locked past its bound) and across the floor (on guard past its bound). */
  private countWrong(address: string, at: number): void {
    const record = this.addresses.get(address) ?? { wrong: [], lockedUntil: 0, lockouts: 0 };
    record.wrong = record.wrong.filter((when) => when > at - FAILED_WITHIN_MS);
    record.wrong.push(at);
    if (record.wrong.length >= WRONG_PER_ADDRESS) {
      record.lockedUntil = at + Math.min(FIRST_ADDRESS_LOCK_MS * 2 ** record.lockouts, MAX_ADDRESS_LOCK_MS);
      record.lockouts++;
      // Its last wrong PIN is kept: the place stays one that failed after its lock-out ends.
      record.wrong = record.wrong.slice(-1);
    }
    if (!this.addresses.has(address)) {
      // The oldest place goes first when the map is full (a map keeps the order things were put in).
      if (this.addresses.size >= MAX_REMEMBERED) this.addresses.delete(this.addresses.keys().next().value as string);
      this.addresses.set(address, record);
    }
    this.wrongOverAll.push(at);
    if (this.wrongOverAll.length > this.wrongOverAllBound) this.wrongOverAll.shift();
    if (this.wrongOverAll.length === this.wrongOverAllBound && (this.wrongOverAll[0] as number) > at - OVER_ALL_WINDOW_MS) this.guardedUntil = at + GUARD_MS;
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
