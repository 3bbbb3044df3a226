import { type Facts, inLogOrder } from './facts.js';
import { HandLengths, handsPerHour, noPace, type Pace } from './hours.js';

/**
 * A dealer's shift: from their sign-in (`dealer-on-duty`) to the next dealer's, with the hands they dealt
 * and what the house collected meanwhile. Hands dealt before anyone signed in form a shift of no one
 * (`number` null). Amounts in chip units; times in ms since the epoch.
 */
export type DealerShift = {
  readonly number: string | null;
  readonly name: string | null;
  /** The sign-in, or the first hand's start for the shift of no one (null when that hand is untimed). */
  readonly from: number | null;
  /** The next dealer's sign-in; for the last shift, the start of its last hand (null without one). */
  readonly to: number | null;
  readonly hands: number;
  readonly timeCollected: number;
  readonly rake: number;
};

type OpenShift = { number: string | null; name: string | null; from: number | null; lastHand: number | null; hands: number; timeCollected: number; rake: number; pace: Pace };

/** A shift with the pace of its hands (`handsPerHour`), for the figures per dealer. */
export type PacedShift = { readonly shift: DealerShift; readonly pace: Pace };

/**
 * The dealers' shifts over the facts, in order: each hand in the shift of its dealer, time collected in the
 * shift of the hand it was collected for, rake with its hand. One fold for the session's and the
 * collections' figures per dealer.
 */
export function dealerShifts(facts: Facts): DealerShift[] {
  return pacedShifts(facts).map(({ shift }) => shift);
}

/** The dealers' shifts, each with the pace of its hands (`handsPerHour`): a shift's last hand lasts until the next hand starts, whoever deals it. */
export function pacedShifts(facts: Facts): PacedShift[] {
  const shifts = new ShiftTracker();
  // Time is collected as a hand starts: it waits for that hand to know its shift.
  let pending = 0;
  let pendingAt: number | null = null;
  const { hands } = facts;
  inLogOrder(
    facts,
    (index) => {
      const at = hands.at[index] ?? null;
      shifts.handStarted(at, facts.dealers.get(hands.shift[index] as number) ?? null, hands.voided[index] !== true);
      if (pending > 0) shifts.timeCollected(pending, pendingAt);
      pending = 0;
      if (hands.voided[index] === true) return;
      shifts.handPlayed();
      const rake = hands.rake[index] as number;
      if (rake > 0) shifts.rake(rake);
    },
    ({ entry, at }) => {
      if (entry.type === 'dealer-on-duty') shifts.dealer(entry.number, entry.name, entry.at);
      if (entry.type !== 'time-collected') return;
      pending += entry.amount;
      pendingAt = at;
    },
  );
  if (pending > 0) shifts.timeCollected(pending, pendingAt);
  return shifts.shifts();
}

/** Follows the log's dealers as a fold goes: the shifts, in order. */
class ShiftTracker {
  private readonly closed: PacedShift[] = [];
  private current: OpenShift | null = null;
  private readonly lengths = new HandLengths();

  dealer(number: string, name: string, at: number): void {
    this.close(at);
    this.current = { number, name, from: at, lastHand: null, hands: 0, timeCollected: 0, rake: 0, pace: noPace() };
  }

  /**
   * A hand began (its start time, if the log has it), dealt by `dealer`. A report over a period that
   * begins in the middle of a shift has not seen that dealer sign in: the hand says whose it is.
   */
  handStarted(at: number | null, dealer: { readonly number: string; readonly name: string } | null, played: boolean): void {
    if (dealer !== null && this.current?.number !== dealer.number) {
      this.close(at ?? 0);
      this.current = { number: dealer.number, name: dealer.name, from: at, lastHand: null, hands: 0, timeCollected: 0, rake: 0, pace: noPace() };
    }
    const shift = this.open(at);
    if (at !== null) shift.lastHand = at;
    this.lengths.started(at, shift.pace, played);
  }

  handPlayed(): void {
    this.open(null).hands++;
  }

  /** Time collected (at the start of the hand about to be dealt, `at`). */
  timeCollected(amount: number, at: number | null): void {
    this.open(at).timeCollected += amount;
  }

  rake(amount: number): void {
    this.open(null).rake += amount;
  }

  /** The shifts so far; the last one ends at its last hand. */
  shifts(): PacedShift[] {
    const last = this.current;
    return last === null ? [...this.closed] : [...this.closed, shiftOf(last, last.lastHand)];
  }

  private open(at: number | null): OpenShift {
    this.current ??= { number: null, name: null, from: at, lastHand: null, hands: 0, timeCollected: 0, rake: 0, pace: noPace() };
    return this.current;
  }

  private close(at: number): void {
    const shift = this.current;
    // A shift of no one in which nothing happened (a dealer signed in first) is no shift.
    if (shift !== null && !(shift.number === null && shift.hands === 0 && shift.timeCollected === 0 && shift.rake === 0)) this.closed.push(shiftOf(shift, at));
  }
}

/** The shift closed at `to`. Its pace is shared, not copied: its last hand's length comes when the next hand starts. */
function shiftOf(shift: OpenShift, to: number | null): PacedShift {
  return { shift: { number: shift.number, name: shift.name, from: shift.from, to, hands: shift.hands, timeCollected: shift.timeCollected, rake: shift.rake }, pace: shift.pace };
}

/**
 * Per dealer over their shifts: hands, time on duty (sign-in to the next dealer's, or to the last hand's
 * start), and hands per hour as the session counts them (`handsPerHour`: the hours their hands lasted,
 * the log's last hand not counted); null when none of their hands' lengths is known.
 */
export type DealerFigures = {
  readonly number: string | null;
  readonly name: string | null;
  readonly shifts: number;
  readonly hands: number;
  readonly minutes: number;
  readonly handsPerHour: number | null;
};

export function byDealer(shifts: readonly PacedShift[]): DealerFigures[] {
  const dealers = new Map<string, { number: string | null; name: string | null; shifts: number; hands: number; ms: number; pace: Pace }>();
  for (const { shift, pace } of shifts) {
    const key = shift.number ?? '';
    const figures = dealers.get(key) ?? { number: shift.number, name: shift.name, shifts: 0, hands: 0, ms: 0, pace: noPace() };
    figures.name = shift.name; // the latest name a number signed in under
    figures.shifts++;
    figures.hands += shift.hands;
    figures.ms += shift.from === null || shift.to === null ? 0 : Math.max(0, shift.to - shift.from);
    figures.pace.hands += pace.hands;
    figures.pace.ms += pace.ms;
    dealers.set(key, figures);
  }
  return [...dealers.values()].map(({ ms, pace, ...figures }) => ({ ...figures, minutes: Math.floor(ms / 60_000), handsPerHour: handsPerHour(pace) }));
}
