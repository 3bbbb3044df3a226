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

/** Hands played and how long they lasted: what a hands-per-hour figure is made of. */
export type Pace = { hands: number; ms: number };

export function noPace(): Pace {
  return { hands: 0, ms: 0 };
}

/**
 * Hands per hour, the one definition for the session and each dealer: a hand lasts from its start to the
 * next hand's start (a change of dealer or a break before the next hand counts with it; a misdeal's
 * time with the misdealt hand, which is no hand played), and hands per hour is the hands played over the
 * hours the hands lasted, to two decimals. The log's last hand is in neither, as the log does not hold
 * its end yet; nor are hands whose start it does not hold. Null while no played hand's length is known.
 */
export function handsPerHour(pace: Pace): number | null {
  return pace.hands === 0 || pace.ms <= 0 ? null : Math.round((pace.hands * HOUR * 100) / pace.ms) / 100;
}

/**
 * Measures the hands, given in log order, for `handsPerHour`: a hand's length is known when the next one
 * starts, and goes to the pace it is counted in (the session's, its dealer's).
 */
export class HandLengths {
  private previous: { readonly at: number; readonly pace: Pace; readonly played: boolean } | null = null;

  /** A hand started at `at`, played or voided (a misdeal), counted in `pace`: the one before it has ended. */
  started(at: number | null, pace: Pace, played: boolean): void {
    if (at === null) return;
    const before = this.previous;
    if (before !== null) {
      before.pace.ms += at - before.at;
      if (before.played) before.pace.hands++;
    }
    this.previous = { at, pace, played };
  }
}
