import type { RoomTotals, TableLine } from '../../src/floor/reports/room-report.js';
import type { FloorReport } from '../../src/reports/floor-report.js';

/** What a table's line in the room report is, from the table's own report (D96). */
export function lineOf(own: FloorReport): TableLine {
  switch (own.kind) {
    case 'session':
      return { kind: 'session', window: own.window, handsPlayed: own.handsPlayed, handsVoided: own.handsVoided, potTotal: own.potTotal, averagePot: own.averagePot, rake: own.rake, handsPerHour: own.time.handsPerHour, dealers: own.dealers };
    case 'collections':
      return { kind: 'collections', window: own.window, rake: own.rake.total, timeCollected: own.time.total, shifts: own.shifts };
    case 'cashflow':
    case 'incidents':
      return own;
    case 'standings':
      throw new Error('not a room report');
  }
}

/** The room's totals as the sums of the tables' own reports, worked out here apart from the floor's code. */
export function roomSums(owns: readonly FloorReport[]): Pick<RoomTotals, 'handsPlayed' | 'rake' | 'timeCollected' | 'incidents' | 'byHour' | 'byDealer'> {
  let handsPlayed = 0;
  let rake = 0;
  let timeCollected = 0;
  let incidents = 0;
  const hours = new Map<string, { hour: string; hands: number; rake: number; timeCollected: number }>();
  const hour = (name: string) => hours.get(name) ?? hours.set(name, { hour: name, hands: 0, rake: 0, timeCollected: 0 }).get(name) as { hour: string; hands: number; rake: number; timeCollected: number };
  const dealers = new Map<string, { number: string | null; name: string | null; tables: number; hands: number; minutes: number; rake: number; timeCollected: number }>();
  const dealer = (number: string | null, name: string | null) => dealers.get(number ?? '') ?? dealers.set(number ?? '', { number, name, tables: 0, hands: 0, minutes: 0, rake: 0, timeCollected: 0 }).get(number ?? '') as { number: string | null; name: string | null; tables: number; hands: number; minutes: number; rake: number; timeCollected: number };
  for (const own of owns) {
    if (own.kind === 'session') {
      handsPlayed += own.handsPlayed;
      rake += own.rake;
      for (const entry of own.time.byHour) hour(entry.hour).hands += entry.hands;
      for (const figures of own.dealers) {
        const kept = dealer(figures.number, figures.name);
        kept.tables++;
        kept.hands += figures.hands;
        kept.minutes += figures.minutes;
      }
    }
    if (own.kind === 'collections') {
      rake += own.rake.total;
      timeCollected += own.time.total;
      for (const entry of own.rake.byHour) hour(entry.hour).rake += entry.amount;
      for (const entry of own.time.byHour) hour(entry.hour).timeCollected += entry.amount;
      const seen = new Set<string>();
      for (const shift of own.shifts) {
        const kept = dealer(shift.number, shift.name);
        if (!seen.has(shift.number ?? '')) kept.tables++;
        seen.add(shift.number ?? '');
        kept.hands += shift.hands;
        kept.rake += shift.rake;
        kept.timeCollected += shift.timeCollected;
      }
    }
    if (own.kind === 'cashflow') {
      rake += own.totals.rake;
      timeCollected += own.totals.timeCollected;
    }
    if (own.kind === 'incidents') incidents += own.incidents.length;
  }
  return {
    handsPlayed,
    rake,
    timeCollected,
    incidents,
    byHour: [...hours.values()].sort((a, b) => a.hour.localeCompare(b.hour)),
    byDealer: [...dealers.values()].sort((a, b) => (a.number ?? '').localeCompare(b.number ?? '', 'en', { numeric: true })),
  };
}

