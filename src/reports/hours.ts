/** The clock hour a moment falls in, in UTC (`2026-11-29T18:00Z`): the reports' periods, the same on every machine. */
export function hourOf(at: number): string {
  return `${new Date(at).toISOString().slice(0, 13)}:00Z`;
}

/** Amounts kept by clock hour, in time order. */
export function inHourOrder(byHour: ReadonlyMap<string, number>): [string, number][] {
  return [...byHour].sort(([a], [b]) => a.localeCompare(b));
}
