import type { Dealer } from '../../reports/facts.js';
import { noPace, type Pace } from '../../reports/hours.js';
import type { PacedShift } from '../../reports/shifts.js';

/**
 * A run of a table's hands in a period: the hands of one dealer shift (`hand_fact.shift`, the row of the
 * `dealer-on-duty` in effect), which follow one another in the log — a dealer change starts the next
 * shift, so no other fact of a dealer falls between them. PostgreSQL sums them from `hand_hour` and the
 * period's edge hours (D96).
 */
export type HandRun = {
  readonly shift: number;
  readonly hands: number;
  readonly played: number;
  /** Of the hands played: the chips awarded and the rake. */
  readonly awarded: number;
  readonly rake: number;
  /** The run's first hand in the log, and its start (null: a hand whose start the log does not hold). */
  readonly firstSeq: number;
  readonly firstAt: number | null;
  readonly lastSeq: number;
  /** Of the hands with a start: the first's and the last's, whether the last was played, and how many were played. */
  readonly firstTimedAt: number | null;
  readonly lastTimedAt: number | null;
  readonly lastTimedPlayed: boolean;
  readonly playedTimed: number;
};

/** What else falls between the runs: a dealer signing in (in the period), time collected (its amount). */
export type ShiftEvent = { readonly seq: number; readonly kind: 'dealer'; readonly number: string; readonly name: string; readonly at: number } | { readonly seq: number; readonly kind: 'time'; readonly amount: number; readonly at: number | null };

type OpenShift = { number: string | null; name: string | null; from: number | null; lastHand: number | null; hands: number; timeCollected: number; rake: number; pace: Pace };

/**
 * The dealers' shifts of one table over a period, from its runs of hands and its dealer and time facts in
 * the period, in the log's order: what `pacedShifts` (src/reports/shifts.ts) gives over the table's every
 * hand, worked out a run at a time. Each step is the table's own rule, taken for a whole run at once:
 * - a hand whose dealer is not the shift's starts that dealer's shift (a period begun mid-shift), at the hand's start;
 * - a dealer's sign-in closes the shift at its time and opens theirs;
 * - time collected counts in the shift of the next hand of the period (the one it was collected before),
 *   or of the last shift when no hand follows;
 * - a shift's pace: its hands' lengths, each from its start to the next hand's (the log's last hand has
 *   none): a run's lengths add up to the first start of the next run with a start, less its own first.
 * The tests compare every shift and figure with the table's own report over the same rows.
 */
export function runShifts(runs: readonly HandRun[], events: readonly ShiftEvent[], dealers: ReadonlyMap<number, Dealer>): PacedShift[] {
  const closed: PacedShift[] = [];
  let current: OpenShift | null = null;
  const newShift = (number: string | null, name: string | null, from: number | null): OpenShift => ({ number, name, from, lastHand: null, hands: 0, timeCollected: 0, rake: 0, pace: noPace() });
  const close = (at: number): void => {
    const shift = current;
    if (shift !== null && !(shift.number === null && shift.hands === 0 && shift.timeCollected === 0 && shift.rake === 0)) closed.push(paced(shift, at));
  };
  const open = (at: number | null): OpenShift => (current ??= newShift(null, null, at));
  // Each run's pace: the first start of the next run that has one ends its last hand.
  const paces = runs.map((run, index): Pace => {
    if (run.firstTimedAt === null) return noPace();
    const next = runs.slice(index + 1).find((later) => later.firstTimedAt !== null);
    const end = next?.firstTimedAt ?? (run.lastTimedAt as number);
    return { hands: run.playedTimed - (next === undefined && run.lastTimedPlayed ? 1 : 0), ms: end - run.firstTimedAt };
  });
  let pending = 0;
  let pendingAt: number | null = null;
  let e = 0;
  const before = (seq: number): void => {
    for (; e < events.length && (events[e] as ShiftEvent).seq < seq; e++) {
      const event = events[e] as ShiftEvent;
      if (event.kind === 'dealer') {
        close(event.at);
        current = newShift(event.number, event.name, event.at);
      } else {
        pending += event.amount;
        pendingAt = event.at;
      }
    }
  };
  runs.forEach((run, index) => {
    before(run.firstSeq);
    const dealer = dealers.get(run.shift) ?? null;
    if (dealer !== null && current?.number !== dealer.number) {
      close(run.firstAt ?? 0);
      current = newShift(dealer.number, dealer.name, run.firstAt);
    }
    const shift = open(run.firstAt);
    if (run.lastTimedAt !== null) shift.lastHand = run.lastTimedAt;
    shift.hands += run.played;
    shift.rake += run.rake;
    const pace = paces[index] as Pace;
    shift.pace.hands += pace.hands;
    shift.pace.ms += pace.ms;
    shift.timeCollected += pending;
    pending = 0;
    // Time collected between the run's own hands: before one of them, so in this shift (no dealer
    // signs in among a run's hands: their sign-in would have begun another run).
    for (; e < events.length && (events[e] as ShiftEvent).seq < run.lastSeq; e++) {
      const event = events[e] as ShiftEvent;
      if (event.kind === 'time') shift.timeCollected += event.amount;
    }
  });
  before(Number.POSITIVE_INFINITY);
  if (pending > 0) open(pendingAt).timeCollected += pending;
  const last = current as OpenShift | null;
  return last === null ? closed : [...closed, paced(last, last.lastHand)];
}

function paced(shift: OpenShift, to: number | null): PacedShift {
  return { shift: { number: shift.number, name: shift.name, from: shift.from, to, hands: shift.hands, timeCollected: shift.timeCollected, rake: shift.rake }, pace: shift.pace };
}
