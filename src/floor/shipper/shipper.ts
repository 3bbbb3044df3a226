import type { Words } from '../../evaluator/words.js';
import type { LogRow } from '../../store/store.js';
import { GENESIS_HASH } from '../../store/store.js';
import { FloorRefused, FloorUnreachable } from '../link/floor-client.js';
import { inHandAfter, payloadType } from '../link/hand-boundary.js';
import { type Head, MAX_BATCH_ROWS, type RowBatch, type ShipAnswer } from '../link/wire.js';

/** What the shipper reads of the table's log: the store's own reading (src/store/store.ts), never a write. */
export interface ShippedLog {
  headOfChain(): Head;
  rows(after?: number): IterableIterator<LogRow>;
}

/** The floor as the shipper speaks to it (`FloorClient`; a test's own). */
export interface FloorLink {
  head(): Promise<Head>;
  ship(batch: RowBatch): Promise<ShipAnswer>;
}

/**
 * Where the table's link stands: finding where the floor's copy ends; linked (every row that may go is at
 * the floor, or on its way; `waiting`: rows not at the floor yet, among them a hand in play); offline
 * (the floor cannot be reached, since when, and why); a fork (the floor holds another row at `seq`: the
 * shipper stops until the table is started again); refused (the floor refuses this table's credentials or
 * its batches: the shipper tries again now and then).
 */
export type LinkState =
  | { readonly state: 'starting' }
  | { readonly state: 'linked'; readonly atFloor: number; readonly waiting: number }
  | { readonly state: 'offline'; readonly since: number; readonly atFloor: number | null; readonly problem: string }
  | { readonly state: 'fork'; readonly since: number; readonly seq: number; readonly words: Words }
  | { readonly state: 'refused'; readonly since: number; readonly words: Words };

export type ShipperOptions = {
  /** Rows a batch aims at (a batch ends between two hands, so it may be a hand longer). */
  readonly batchRows?: number;
  /** How often the log is looked at without a nudge. */
  readonly pollMs?: number;
  /** The first wait after a failed send; it doubles up to `maxRetryMs`. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** A refusal (credentials, a batch) is tried again after this. */
  readonly refusedRetryMs?: number;
  readonly now?: () => number;
  /** Every change of state (not of counts alone). */
  readonly onState?: (state: LinkState) => void;
};

/** The rows the shipper may send now: after the floor's head, up to the last row between two hands. */
type Batch = { readonly rows: readonly LogRow[]; readonly waiting: number };

/**
 * Ships the table's log to its floor (D73): in the table's process, reading the log through the store and
 * never changing it. Rows go in order, in batches that end between two hands — a hand in play stays at
 * the table until it is settled or void, so the floor never holds a hole card of a hand in play. The
 * shipper begins where the floor's copy ends (asked at every start and after a gap), goes on when the
 * floor acknowledges a batch, and keeps nothing but that place: with the network down the table plays on,
 * its rows wait in its own log, and the shipper tries again (0.5 s, doubling to 15 s) until the floor
 * answers, then catches up by itself. A fork the floor answers (or finds at the start) stops it.
 */
export class Shipper {
  private atFloor: Head | null = null;
  private state: LinkState = { state: 'starting' };
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private nudged = false;
  private readonly idleWaiters = new Set<() => void>();
  private readonly options: Required<Omit<ShipperOptions, 'onState'>> & Pick<ShipperOptions, 'onState'>;

  constructor(
    private readonly log: ShippedLog,
    private readonly floor: FloorLink,
    private readonly tableId: string,
    options: ShipperOptions = {},
  ) {
    this.options = { batchRows: 1_000, pollMs: 1_000, retryMs: 500, maxRetryMs: 15_000, refusedRetryMs: 60_000, now: () => Date.now(), ...options };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** The table wrote rows: look now rather than at the next poll. */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  status(): LinkState {
    return this.state;
  }

  /** The row the floor's copy ends at, as last acknowledged (null before the floor first answered). */
  acknowledged(): Head | null {
    return this.atFloor;
  }

  /** Resolves when every row that may go now is at the floor (tests and `felt floor sim`); rejects on a fork. */
  async caughtUp(): Promise<void> {
    for (;;) {
      if (this.state.state === 'fork') throw new Error(`the floor answered a fork at row ${this.state.seq}`);
      if (this.state.state === 'linked' && this.pending().rows.length === 0) return;
      await new Promise<void>((resolve) => {
        this.idleWaiters.add(resolve);
        this.nudge();
      });
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    for (const waiter of this.idleWaiters) waiter();
    this.idleWaiters.clear();
  }

  private async run(): Promise<void> {
    let retry = this.options.retryMs;
    while (this.running) {
      try {
        if (this.atFloor === null) {
          const head = await this.floor.head();
          // Stopped meanwhile: the table may have closed its log.
          if (!this.running) return;
          const found = this.checkFloorHead(head);
          if (found === null) return; // a fork: stopped
          this.atFloor = found;
        }
        const batch = this.pending();
        if (batch.rows.length === 0) {
          this.setState({ state: 'linked', atFloor: this.atFloor.seq, waiting: batch.waiting });
          this.notifyIdle();
          await this.sleep(this.options.pollMs, true);
          continue;
        }
        const answer = await this.floor.ship({ table: this.tableId, rows: batch.rows.map((row) => ({ ...row })) });
        if (!this.running) return;
        retry = this.options.retryMs;
        if (!this.take(answer, batch)) return;
      } catch (error) {
        if (error instanceof FloorRefused) {
          this.setState({ state: 'refused', since: this.since('refused'), words: error.words });
          await this.sleep(this.options.refusedRetryMs, false);
        } else if (error instanceof FloorUnreachable) {
          this.setState({ state: 'offline', since: this.since('offline'), atFloor: this.atFloor?.seq ?? null, problem: error.message });
          await this.sleep(retry, false);
          retry = Math.min(retry * 2, this.options.maxRetryMs);
        } else {
          // A failure of the link's own (a bug) must not stop the table: shown, and tried again later.
          this.setState({ state: 'refused', since: this.since('refused'), words: { en: `the link to the floor failed: ${(error as Error).message}`, de: `die Verbindung zum Floor ist gescheitert: ${(error as Error).message}` } });
          await this.sleep(this.options.refusedRetryMs, false);
        }
      }
    }
  }

  /** The floor's answer to a batch; false when the shipper stops (a fork). */
  private take(answer: ShipAnswer, batch: Batch): boolean {
    switch (answer.kind) {
      case 'stored': {
        const last = batch.rows[batch.rows.length - 1] as LogRow;
        // The floor's head is the batch's last row: anything else is asked again.
        this.atFloor = answer.head.seq === last.seq && answer.head.hash === last.hash ? answer.head : null;
        return true;
      }
      case 'gap':
        // The floor's copy ends before the batch (restored from a backup?): from its head again.
        this.atFloor = null;
        return true;
      case 'fork':
        this.setState({ state: 'fork', since: this.options.now(), seq: answer.seq, words: answer.words });
        return false;
      case 'refused':
        throw new FloorRefused(200, answer.words);
    }
  }

  /**
   * Where the floor's copy of this log ends, checked against the log: the floor's last row must be this
   * log's row there, hash for hash. A floor that holds more rows than the log, or another row, is a fork
   * (null: the shipper stops).
   */
  private checkFloorHead(head: Head): Head | null {
    if (head.seq === 0) return { seq: 0, hash: GENESIS_HASH };
    const own = this.rowAt(head.seq);
    if (own === null) {
      const ours = this.log.headOfChain().seq;
      this.setState({
        state: 'fork',
        since: this.options.now(),
        seq: ours + 1,
        words: {
          en: `the floor holds ${head.seq} rows of this table's log, the table only ${ours}: its log was cut or restored from an older copy — call the floor`,
          de: `der Floor hat ${head.seq} Zeilen des Protokolls dieses Tisches, der Tisch nur ${ours}: das Protokoll wurde gekürzt oder aus einer älteren Kopie wiederhergestellt — Floor rufen`,
        },
      });
      return null;
    }
    if (own.hash !== head.hash) {
      this.setState({
        state: 'fork',
        since: this.options.now(),
        seq: head.seq,
        words: {
          en: `the floor holds another row ${head.seq} of this table's log: the table's log was changed, or restored from an older copy — call the floor`,
          de: `der Floor hat eine andere Zeile ${head.seq} im Protokoll dieses Tisches: das Protokoll wurde geändert oder aus einer älteren Kopie wiederhergestellt — Floor rufen`,
        },
      });
      return null;
    }
    return head;
  }

  private rowAt(seq: number): LogRow | null {
    const rows = this.log.rows(seq - 1);
    try {
      const next = rows.next();
      return next.done === true || next.value.seq !== seq ? null : next.value;
    } finally {
      rows.return?.();
    }
  }

  /**
   * The rows that may go now: after the floor's head, up to the last row between two hands, about
   * `batchRows` of them (never more than a batch may hold); `waiting`: every row after the floor's head.
   */
  private pending(): Batch {
    const after = this.atFloor?.seq ?? 0;
    const waiting = this.log.headOfChain().seq - after;
    if (this.atFloor === null || waiting <= 0) return { rows: [], waiting: Math.max(0, waiting) };
    const rows: LogRow[] = [];
    let boundary = 0;
    let inHand = false;
    const reading = this.log.rows(after);
    try {
      for (const row of reading) {
        rows.push(row);
        inHand = inHandAfter(inHand, payloadType(row.payload) ?? '');
        if (!inHand) boundary = rows.length;
        if ((rows.length >= this.options.batchRows && boundary > 0) || rows.length >= MAX_BATCH_ROWS) break;
      }
    } finally {
      reading.return?.();
    }
    return { rows: rows.slice(0, boundary), waiting };
  }

  private since(state: 'offline' | 'refused'): number {
    return this.state.state === state ? this.state.since : this.options.now();
  }

  private setState(next: LinkState): void {
    const before = this.state;
    this.state = next;
    if (before.state !== next.state) this.options.onState?.(next);
  }

  private notifyIdle(): void {
    for (const waiter of this.idleWaiters) waiter();
    this.idleWaiters.clear();
  }

  /** Waits `ms`, or less when stopped — or nudged, when `nudgeable` (a wait for rows; not a wait to retry). */
  private async sleep(ms: number, nudgeable: boolean): Promise<void> {
    if (nudgeable && this.nudged) {
      this.nudged = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        if (!this.running || nudgeable) done();
      };
    });
    this.wake = null;
    if (nudgeable) this.nudged = false;
  }
}
