import { get as httpsGet } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/cards/random.js';
import { FACTS_DERIVED_BY, type FlowClock, storeFacts } from '../../src/floor/reports/room-facts.js';
import { roomReport, ROOM_REPORT_KINDS } from '../../src/floor/reports/room-report.js';
import { dealersOf, type EventFact, eventKind, type FloorEntry, FIRST_CURSOR, type HandFact, handColumns, type Window } from '../../src/reports/facts.js';
import { floorReport, REPORT_FACTS } from '../../src/reports/floor-report.js';
import { lineOf, roomSums } from './room-lines.js';
import { startTestFloor, type TestFloor } from './support.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A clock hour's start, and the tables' first hand a little after it. */
const START = Date.UTC(2026, 11, 1, 18);

type Synthetic = { readonly hands: HandFact[]; readonly events: EventFact[] };

/**
 * A table's report facts as its derivation gives them, made up from a seed: hands one to four minutes apart
 * (the first few without a start, as older logs have, where `untimed`), some voided, rake on most; dealers
 * signing in every dozen hands or so, some signing in again; time collected before some hands; players
 * sitting down, topping up, corrected and leaving — and, where `clockBack`, the clock set back now and then.
 */
function synthetic(seed: number, { untimed, clockBack }: { readonly untimed: boolean; readonly clockBack: boolean }): Synthetic {
  const random = new SeededRandom(seed);
  const hands: HandFact[] = [];
  const events: EventFact[] = [];
  let seq = 0;
  let at = START + random.nextInt(50) * MINUTE;
  let shift = 0;
  let names = 0;
  const seated = new Map<number, string>();
  const event = (entry: FloorEntry, when: number | null, hand: number | null): void => {
    events.push({ seq: ++seq, at: when, hand, entry });
  };
  const sit = (seat: number, when: number, hand: number | null): void => {
    const name = `Player ${++names}`;
    seated.set(seat, name);
    event({ type: 'seated', seat, name, stack: 200 + random.nextInt(10) * 50, status: 'playing', owesBigBlind: false, at: when }, when, hand);
  };
  for (let seat = 1; seat <= 4; seat++) sit(seat, at, null);
  for (let number = 1; number <= 160; number++) {
    const last = hands.at(-1)?.hand ?? null;
    if (number === 1 || random.nextInt(12) === 0) {
      const dealer = String(1 + random.nextInt(4));
      event({ type: 'dealer-on-duty', number: dealer, name: `Dealer ${dealer}`, at }, at, last);
      shift = seq;
    }
    at += (1 + random.nextInt(4)) * MINUTE;
    if (clockBack && random.nextInt(25) === 0) at -= 40 * MINUTE;
    const handAt = untimed && number <= 6 ? null : at;
    // Time collected as the hand starts: at its start, counted with it.
    if (random.nextInt(3) === 0) for (const seat of seated.keys()) event({ type: 'time-collected', seat, amount: 5 + random.nextInt(3) * 5 }, handAt, number);
    seq += 1 + random.nextInt(40);
    const voided = random.nextInt(15) === 0;
    hands.push({ seq, hand: number, at: handAt, shift, players: 2 + random.nextInt(5), seated: seated.size, awarded: voided ? 0 : 40 + random.nextInt(900), rake: voided ? 0 : random.nextInt(4) * 5, voided });
    const roll = random.nextInt(10);
    const seats = [...seated.keys()];
    const seat = seats[random.nextInt(seats.length)] as number;
    if (roll === 0) event({ type: 'topped-up', seat, amount: 100, at }, at, number);
    if (roll === 1) event({ type: 'stack-adjusted', seat, amount: random.nextInt(2) === 0 ? 25 : -25, reason: 'miscount', by: 'Sam (floor supervisor #20)', at }, at, number);
    if (roll === 2 && seated.size > 2) {
      event({ type: 'left', seat, name: seated.get(seat) as string, stack: 150, at }, at, number);
      seated.delete(seat);
    }
    if (roll === 3 && seated.size < 6) sit(seats.length + 10, at, number);
    if (roll === 4) event({ type: 'ruling', text: 'The action stands', by: 'Sam (floor supervisor #20)', at }, at, number);
  }
  return { hands, events };
}

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor('felt-floor-sums-');
}, 60_000);

afterAll(async () => {
  await floor.close();
});

describe("the room's reports summed in PostgreSQL", () => {
  it("give each table's line as its own report over the same facts gives it, and the room's totals as their sums — per hour and per dealer across tables, over periods that cut hours, take whole hours or lie inside one, with hands without a start, voided hands, rake, time, corrections and a clock set back", async () => {
    const tables = [
      { id: 't-00000000a001', facts: synthetic(1, { untimed: false, clockBack: false }) },
      { id: 't-00000000a002', facts: synthetic(2, { untimed: true, clockBack: false }) },
      { id: 't-00000000a003', facts: synthetic(3, { untimed: false, clockBack: true }) },
      { id: 't-00000000a004', facts: synthetic(4, { untimed: false, clockBack: false }) },
    ];
    const client = await floor.database.pool.connect();
    try {
      for (const [index, { id, facts }] of tables.entries()) {
        await client.query('INSERT INTO floor_table (id, name, credential_hash) VALUES ($1, $2, $3)', [id, `Sum ${index + 1}`, '0'.repeat(64)]);
        // Stored in three chunks, as the derivation stores them: the hours' summaries added to.
        let flow: FlowClock = { latest: null, back: false };
        const cuts = [0, 50, 51, 160].map((count) => facts.hands[count - 1]?.seq ?? 0);
        for (let part = 0; part + 1 < cuts.length; part++) {
          const [after, upTo] = [cuts[part] as number, cuts[part + 1] as number];
          const last = part + 2 === cuts.length;
          flow = await storeFacts(client, id, facts.hands.filter((hand) => hand.seq > after && hand.seq <= upTo), facts.events.filter((event) => event.seq > after && (last || event.seq <= upTo)), flow);
        }
        await client.query('INSERT INTO fact_cursor (table_id, seq, cursor, derived_by, flow_latest, flow_back) VALUES ($1, $2, $3, $4, $5, $6)', [id, 1_000_000, JSON.stringify(FIRST_CURSOR), FACTS_DERIVED_BY, flow.latest, flow.back]);
      }
    } finally {
      client.release();
    }
    const random = new SeededRandom(77);
    const windows: Window[] = [
      { from: null, to: null },
      { from: START + HOUR, to: START + 3 * HOUR },
      { from: START + HOUR + 17 * MINUTE, to: START + 4 * HOUR + 3 * MINUTE },
      { from: START + 2 * HOUR + 5 * MINUTE, to: START + 2 * HOUR + 50 * MINUTE },
      { from: null, to: START + 2 * HOUR + 30 * MINUTE },
      { from: START + 3 * HOUR + 1, to: null },
      ...Array.from({ length: 6 }, (): Window => {
        const from = START + random.nextInt(8 * 60) * MINUTE + random.nextInt(MINUTE);
        return { from, to: from + 1 + random.nextInt(5 * 60) * MINUTE };
      }),
    ];
    for (const window of windows) {
      for (const kind of ROOM_REPORT_KINDS) {
        const room = await roomReport(floor.database.pool, kind, window, (id) => id.startsWith('t-00000000a'));
        const owns = tables.map(({ id, facts }) => {
          const selected = facts.events.filter((event) => REPORT_FACTS[kind].kinds.includes(eventKind(event.entry)));
          const own = floorReport(kind, { hands: handColumns(facts.hands), events: selected, dealers: dealersOf(selected) }, { window });
          expect(room.tables.find((table) => table.id === id)?.report, `${kind} of ${id} over ${JSON.stringify(window)}`).toEqual(lineOf(own));
          return own;
        });
        const sums = roomSums(owns);
        expect(room.totals.handsPlayed).toBe(sums.handsPlayed);
        expect(room.totals.rake).toBe(sums.rake);
        expect(room.totals.timeCollected).toBe(sums.timeCollected);
        expect(room.totals.incidents).toBe(sums.incidents);
        expect(room.totals.byHour, `${kind} per hour over ${JSON.stringify(window)}`).toEqual(sums.byHour);
        expect(room.totals.byDealer, `${kind} per dealer over ${JSON.stringify(window)}`).toEqual(sums.byDealer);
      }
    }
    // Over the link: the report as PDF, a table's incidents; and every wrong request refused in words, unanswered.
    const pdf = await get(`/v1/floor/report?kind=incidents&format=pdf&lang=de&from=${START}`);
    expect([pdf.status, pdf.type, pdf.body.subarray(0, 5).toString('latin1')]).toEqual([200, 'application/pdf', '%PDF-']);
    const incidents = await get('/v1/floor/incidents?table=t-00000000a001');
    const own = floorReport('incidents', { hands: handColumns(tables[0]?.facts.hands ?? []), events: tables[0]?.facts.events ?? [], dealers: dealersOf(tables[0]?.facts.events ?? []) });
    expect(incidents.status).toBe(200);
    expect((JSON.parse(incidents.body.toString('utf8')) as { incidents: unknown }).incidents).toEqual(own.kind === 'incidents' ? own.incidents : null);
    expect(own.kind === 'incidents' && own.incidents.length).toBeGreaterThan(5);
    for (const [path, status, words] of [
      ['/v1/floor/report?kind=collections&format=pdf&lang=fr', 400, /lang \(en, de\)/],
      ['/v1/floor/report?kind=collections&format=xml', 400, /format \(json, csv, pdf\)/],
      ['/v1/floor/report?kind=standings', 400, /kind \(session/],
      ['/v1/floor/report?kind=session&from=20&to=10', 400, /from before to/],
      ['/v1/floor/incidents?table=../../etc', 400, /table \(its id\)/],
      ['/v1/floor/incidents?table=t-000000000000', 404, /no such table/],
    ] as const) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, status]);
      expect((JSON.parse(answer.body.toString('utf8')) as { error: { en: string } }).error.en).toMatch(words);
    }
    expect((await get('/v1/floor/incidents?table=t-00000000a001', null)).status).toBe(401);

    // The facts hold what the checks need.
    const whole = await roomReport(floor.database.pool, 'collections', { from: null, to: null }, (id) => id.startsWith('t-00000000a'));
    expect(whole.totals.rake).toBeGreaterThan(0);
    expect(whole.totals.timeCollected).toBeGreaterThan(0);
    expect(whole.totals.byDealer.length).toBe(4);
  }, 120_000);
});

/** A request to the test floor's server with the board's key (or none), trusting its own certificate. */
async function get(path: string, key: string | null = floor.boardKey): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(`${floor.address()}${path}`, { ca: floor.certificate.certificate, checkServerIdentity: () => undefined, headers: key === null ? {} : { authorization: `Bearer board.${key}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}
