import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeDirectory } from '../../src/floor/staff/directory.js';
import { startTestFloor, type TestFloor } from './support.js';
import { addStaffMember, newStaffFile, type StaffFile } from '../../src/api/staff.js';
import { FloorSessions, WRONG_OVER_ALL } from '../../src/floor/server/floor-sessions.js';

/** The floor's staff: a manager (#1) and a supervisor (#2). */
const staff: StaffFile = [
  { number: '1', name: 'Alex', role: 'manager' as const, pin: '111111' },
  { number: '2', name: 'Kim', role: 'supervisor' as const, pin: '222222' },
].reduce((file, member) => addStaffMember(file, member), newStaffFile());

/** Sessions on a clock the test moves; `overAll`: the floor's bound over all places (smaller in the guard's tests: each wrong PIN costs a scrypt hash). */
function sessions(overAll = WRONG_OVER_ALL): { sessions: FloorSessions; clock: { now: number } } {
  const clock = { now: 1_000_000 };
  return { sessions: new FloorSessions(() => clock.now, overAll), clock };
}

/** The guard's bound in its tests: fifty wrong PINs (the floor's) would take some seconds of scrypt each test. */
const BOUND = 12;

describe('sign-in limits over all numbers and per place (D101)', () => {
  it('refuses a place that tries many numbers after ten wrong PINs, for a minute, then twice as long', () => {
    const { sessions: floor, clock } = sessions();
    // One wrong PIN for each of ten numbers: no number is locked out, the place is.
    for (let number = 10; number < 20; number++) expect(floor.signIn(staff, String(number), '000000', '10.0.0.66')).toMatchObject({ ok: false, status: 401 });
    const refused = floor.signIn(staff, '1', '111111', '10.0.0.66');
    expect(refused).toMatchObject({ ok: false, status: 429, words: { en: expect.stringMatching(/too many wrong PINs from this place \(10\.0\.0\.66\): try again in 60 s/) } });
    // Refused before the PIN is looked at: the right PIN does not get through either, and counts against no number.
    expect(floor.signIn(staff, '1', '000000', '10.0.0.66')).toMatchObject({ status: 429 });
    // The supervisors at their own screens sign in as ever.
    expect(floor.signIn(staff, '1', '111111', '10.0.0.5')).toMatchObject({ ok: true });
    clock.now += 61_000;
    for (let wrong = 0; wrong < 10; wrong++) floor.signIn(staff, String(30 + wrong), '000000', '10.0.0.66');
    expect(floor.signIn(staff, '1', '111111', '10.0.0.66')).toMatchObject({ status: 429, words: { en: expect.stringMatching(/try again in 120 s/) } });
  });

  it('does not let one place lock the real supervisor out: a number locked by its wrong PINs is locked for the places that made them', () => {
    const { sessions: floor } = sessions();
    for (let wrong = 0; wrong < 5; wrong++) expect(floor.signIn(staff, '2', '000000', '10.0.0.66')).toMatchObject({ status: 401 });
    expect(floor.signIn(staff, '2', '222222', '10.0.0.66')).toMatchObject({ ok: false, status: 429, words: { en: expect.stringMatching(/too many wrong PINs for number 2/) } });
    // Kim at her own screen, which made no wrong PIN, signs in.
    expect(floor.signIn(staff, '2', '222222', '10.0.0.7')).toMatchObject({ ok: true, session: { role: 'supervisor' } });
  });

  it('puts the floor on guard past its bound of wrong PINs within a minute from many places: places that failed wait, places that did not sign in', () => {
    expect(WRONG_OVER_ALL).toBe(50);
    const { sessions: floor, clock } = sessions(BOUND);
    // Many places, each one wrong PIN (well under each place's bound and each number's).
    for (let place = 0; place < BOUND; place++) {
      expect(floor.signIn(staff, String(100 + place), '000000', `10.1.0.${place}`)).toMatchObject({ status: 401 });
      clock.now += 500;
    }
    expect(floor.signIn(staff, '300', '000000', '10.1.0.7')).toMatchObject({ ok: false, status: 429, words: { en: expect.stringMatching(/the floor sees many wrong PINs from several places: a place that made a wrong PIN waits 60 s/) } });
    // Even with the right PIN: the place failed a moment ago.
    expect(floor.signIn(staff, '1', '111111', '10.1.0.8')).toMatchObject({ status: 429 });
    // A place that made no wrong PIN signs in; a new place gets one try, and then waits too.
    expect(floor.signIn(staff, '1', '111111', '10.0.0.5')).toMatchObject({ ok: true });
    expect(floor.signIn(staff, '400', '000000', '10.2.0.1')).toMatchObject({ status: 401 });
    expect(floor.signIn(staff, '401', '000000', '10.2.0.1')).toMatchObject({ status: 429 });
    // A minute later, with no more wrong PINs, the guard is off.
    clock.now += 61_000;
    expect(floor.signIn(staff, '1', '111111', '10.1.0.8')).toMatchObject({ ok: true });
  });

  it('does not put the floor on guard for as many wrong PINs spread over more than a minute', () => {
    const { sessions: floor, clock } = sessions(BOUND);
    for (let place = 0; place < BOUND; place++) {
      floor.signIn(staff, String(100 + place), '000000', `10.1.0.${place}`);
      clock.now += 6_000;
    }
    expect(floor.signIn(staff, '1', '111111', '10.1.0.8')).toMatchObject({ ok: true });
  });
});

describe("the floor server's sign-in (D101)", () => {
  let floor: TestFloor;

  beforeAll(async () => {
    floor = await startTestFloor('felt-floor-sign-in-');
    await changeDirectory(floor.database.pool, { kind: 'add', member: { number: '1', name: 'Morgan', role: 'manager', pin: '111111' } });
  }, 60_000);

  afterAll(async () => {
    await floor.close();
  });

  /** A sign-in over HTTPS, as a page sends it: its status and the floor's words. */
  async function signIn(number: string, pin: string): Promise<{ status: number; words: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: floor.server.port, method: 'POST', path: '/v1/floor/sign-in', headers: { 'content-type': 'application/json' }, ca: floor.certificate.certificate, checkServerIdentity: () => undefined }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { en: string } };
          resolve({ status: res.statusCode ?? 0, words: body.error?.en ?? '' });
        });
      });
      req.on('error', reject);
      req.end(JSON.stringify({ staff: number, pin }));
    });
  }

  it('refuses a client that tries many numbers, by its address, with words', async () => {
    for (let number = 50; number < 60; number++) expect((await signIn(String(number), '000000')).status).toBe(401);
    expect(await signIn('1', '111111')).toEqual({ status: 429, words: expect.stringMatching(/too many wrong PINs from this place \(127\.0\.0\.1\): try again in 60 s/) });
  }, 60_000);
});
