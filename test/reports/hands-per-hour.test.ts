import { describe, expect, it } from 'vitest';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import { factsOf } from '../../src/reports/facts.js';
import { sessionReport } from '../../src/reports/session.js';
import { simulateSession } from '../../src/sim/session.js';

/** The log of a simulated nine-player session (`felt sim --seed 11 --players 9`, shorter). */
function nineHandedSession(): TableLogEntry[] {
  const log: TableLogEntry[] = [];
  simulateSession({ hands: 60, seed: 11, players: 9, structure: 'nl', button: 'dead' }, (entries) => void log.push(...entries));
  return log;
}

describe('hands per hour: one definition for the session and its dealers', () => {
  it('a session of one shift of no one gives the same figure twice: the hands before the last over the time from the first start to the last', () => {
    const report = sessionReport(factsOf(nineHandedSession()));
    const { first, last } = report.time;
    expect(report.dealers).toHaveLength(1);
    expect(report.time.handsPerHour).not.toBeNull();
    expect(report.dealers[0]?.handsPerHour).toBe(report.time.handsPerHour);
    // The last hand's end is not in the log: the hands before it, over the time up to its start.
    expect(report.time.handsPerHour).toBe(Math.round(((report.handsPlayed - 1) * 3_600_000 * 100) / ((last as number) - (first as number))) / 100);
  });

  it('a dealer who signs in before the first hand has longer on duty, but the same hands per hour as the session', () => {
    const log = nineHandedSession();
    const opened = (log.find((entry) => 'at' in entry && typeof entry.at === 'number') as { at: number }).at;
    const signedIn: TableLogEntry = { type: 'dealer-on-duty', number: '17', name: 'Mara', at: opened - 5 * 60_000 };
    const report = sessionReport(factsOf([signedIn, ...log]));
    expect(report.dealers).toEqual([expect.objectContaining({ number: '17', shifts: 1, hands: report.handsPlayed })]);
    expect(report.dealers[0]?.handsPerHour).toBe(report.time.handsPerHour);
  });
});
