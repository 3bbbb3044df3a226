import { describe, expect, it } from 'vitest';
import { HandArchive } from '../../src/store/hand-archive.js';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import { TableHandHistories } from '../../src/phh/table-hands.js';
import { simulateSession } from '../../src/sim/session.js';
import { MINUTE, TableDriver } from '../support/table-driver.js';

/** PHH's `seat_count` is the table's seats, not the highest seat a hand happened to deal in. */
describe('hand histories cut from a table log', () => {
  const log: TableLogEntry[] = [];
  simulateSession({ hands: 30, seed: 5, players: 4, structure: 'nl', button: 'dead' }, (entries) => log.push(...entries));
  const seatsOf = (phh: string): number[] => JSON.parse(/^seats = (.*)$/m.exec(phh)?.[1] ?? '[]') as number[];

  it('give the table’s seat count in every hand, from the export and from the hand archive', () => {
    const histories = new TableHandHistories();
    const written = log.flatMap((entry) => histories.see(entry)?.text ?? []);
    expect(written.length).toBeGreaterThanOrEqual(30);
    // Four players at eleven seats: some hand is dealt only below the top seat.
    expect(written.some((phh) => Math.max(...seatsOf(phh)) < 11)).toBe(true);
    for (const phh of written) expect(phh).toMatch(/^seat_count = 11$/m);

    const archive = new HandArchive((after) => log.slice(after));
    const played = archive.list().hands.filter((hand) => hand.complete && hand.voided === null);
    expect(played.length).toBeGreaterThan(0);
    for (const hand of played) expect(archive.history(hand.id)?.phh).toMatch(/^seat_count = 11$/m);
  });

  it('are the same text from the export and from the hand list, time collected and hand id included', () => {
    // Seed 10 voids hand 3 and deals it again: from there the ids run one ahead of the numbers.
    const voiding: TableLogEntry[] = [];
    simulateSession({ hands: 12, seed: 10, players: 6, structure: 'nl', button: 'dead' }, (entries) => voiding.push(...entries));
    const histories = new TableHandHistories();
    const exported = voiding.flatMap((entry) => histories.see(entry) ?? []);
    const archive = new HandArchive((after) => voiding.slice(after));
    const listed = archive.list().hands.filter((hand) => hand.complete && hand.voided === null).reverse();
    expect(listed.map((hand) => hand.handNumber)).toEqual(exported.map((hand) => hand.handNumber));
    expect(listed.map((hand) => archive.history(hand.id)?.phh)).toEqual(exported.map((hand) => hand.text));
    expect(exported.find((hand) => hand.handNumber === 3)?.text).toMatch(/^_hand_id = 4$/m);
    expect(exported[0]?.text).toMatch(/^_time_collected = "\[\{/m);
  });

  it('give each hand the time collected before its deal: a seat that pays and leaves during the hand too, time paid on leaving never', () => {
    const timeOf = (phh: string): { seat: number; amount: number }[] => JSON.parse(JSON.parse(/^_time_collected = (.*)$/m.exec(phh)?.[1] ?? '""') as string) as { seat: number; amount: number }[];
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 }, timeCollection: { amount: 15, everyMinutes: 30, courtesyHands: 0, sittingOutPays: true } });
    table.sit(1, 'A', 300).sit(2, 'B', 300).sit(3, 'C', 10).sit(4, 'D', 300).draw('1:As 2:Ks 3:Qs 4:Js').do({ type: 'sit-out', seat: 4 });
    // Hand 1: everyone pays but seat 3, who owes; seat 4, sitting out, pays and leaves during the hand.
    table.start().do({ type: 'leave', seat: 4, at: table.now }).foldAround();
    // Seat 3 tops up and leaves: the 15 due is paid on the way out, before no hand.
    table.do({ type: 'top-up', seat: 3, amount: 290, at: table.now }).do({ type: 'leave', seat: 3, at: table.now });
    table.now = 31 * MINUTE;
    table.playHand();
    const histories = new TableHandHistories();
    const written = table.log.flatMap((entry) => histories.see(entry)?.text ?? []);
    expect(written.map(timeOf)).toEqual([
      [{ seat: 1, amount: 15 }, { seat: 2, amount: 15 }, { seat: 4, amount: 15 }],
      [{ seat: 1, amount: 15 }, { seat: 2, amount: 15 }],
    ]);
  });
});

