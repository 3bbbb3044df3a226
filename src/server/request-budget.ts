/**
 * How much of the table one screen may ask for (D57): a number of requests and a share of the core's time,
 * each a bucket that fills at a steady rate up to a burst. The core answers one request at a time on one
 * thread, so a screen that asks faster than that, or for work that takes long (a week's report as a PDF,
 * over and over), would make every other screen wait; a screen over its budget waits instead, and within it
 * never notices one. Pure: the caller gives the time.
 */
export type BudgetLimits = {
  /** Requests a second, and how many may come at once (a screen's first view, a keypad's quick presses). */
  readonly perSecond: number;
  readonly burst: number;
  /** Milliseconds of the core's time a second, and at once (one long report). */
  readonly coreMsPerSecond: number;
  readonly coreMsBurst: number;
};

/** A croupier taps a few times a second; a keyboard wedge types perhaps twenty keys. */
export const SCREEN_BUDGET: BudgetLimits = { perSecond: 40, burst: 200, coreMsPerSecond: 250, coreMsBurst: 2_000 };

export class RequestBudget {
  private requests: number;
  private coreMs: number;
  private last: number;

  constructor(
    private readonly limits: BudgetLimits,
    now: number,
  ) {
    this.requests = limits.burst;
    this.coreMs = limits.coreMsBurst;
    this.last = now;
  }

  /** Whether a request may be answered now; if so it is counted. */
  take(now: number): boolean {
    this.refill(now);
    if (this.requests < 1 || this.coreMs <= 0) return false;
    this.requests -= 1;
    return true;
  }

  /** How long until `take` can answer a request, in ms (0: now). */
  waitMs(now: number): number {
    this.refill(now);
    const forRequest = this.requests >= 1 ? 0 : ((1 - this.requests) / this.limits.perSecond) * 1000;
    const forCore = this.coreMs > 0 ? 0 : (-this.coreMs / this.limits.coreMsPerSecond) * 1000 + 1;
    return Math.ceil(Math.max(forRequest, forCore));
  }

  /** The core's time an answered request took: owed until the bucket fills again (it may go below zero). */
  spent(ms: number): void {
    this.coreMs -= ms;
  }

  private refill(now: number): void {
    const seconds = Math.max(0, now - this.last) / 1000;
    this.last = Math.max(this.last, now);
    this.requests = Math.min(this.limits.burst, this.requests + seconds * this.limits.perSecond);
    this.coreMs = Math.min(this.limits.coreMsBurst, this.coreMs + seconds * this.limits.coreMsPerSecond);
  }
}
