const HOUR = 3_600_000;
const labels = new Map<number, string>();

/** The clock hour a moment falls in, in UTC (`2026-11-29T18:00Z`): the reports' periods, the same on every machine. */
export function hourOf(at: number): string {
  // Remembered per hour: a report names the same few hours for many thousands of hands.
  const hour = Math.floor(at / HOUR);
  let label = labels.get(hour);
  if (label === undefined) {
    label = `${new Date(hour * HOUR).toISOString().slice(0, 13)}:00Z`;
    if (labels.size > 100_000) labels.clear();
    labels.set(hour, label);
  }
  return label;
}

/** Amounts kept by clock hour, in time order. */
export function inHourOrder(byHour: ReadonlyMap<string, number>): [string, number][] {
  return [...byHour].sort(([a], [b]) => a.localeCompare(b));
}
