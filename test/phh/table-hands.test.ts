import { describe, expect, it } from 'vitest';
import { HandArchive } from '../../src/controller/hand-archive.js';
import type { TableLogEntry } from '../../src/engine/table-operations.js';
import { TableHandHistories } from '../../src/phh/table-hands.js';
import { simulateSession } from '../../src/sim/session.js';

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
});
