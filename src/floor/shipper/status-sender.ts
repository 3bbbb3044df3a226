import type { BoardStatus } from '../link/wire.js';

/**
 * Sends the table's line for the floor board (D89): soon after its view changes (at most every
 * `minGapMs`), and every `heartbeatMs` whatever happens — the floor takes a table it has not heard from
 * for 15 s as silent. Only the latest line matters: one request at a time, and a line that cannot be sent
 * (the floor out of reach) is not kept; the next change or heartbeat sends the table as it is then.
 */
export class StatusSender {
  private timer: NodeJS.Timeout | null = null;
  private readonly heartbeat: NodeJS.Timeout;
  private sending = false;
  private again = false;
  private stopped = false;
  private last = 0;

  constructor(
    private readonly send: (status: BoardStatus) => Promise<void>,
    private readonly current: () => BoardStatus,
    private readonly options: { readonly minGapMs: number; readonly heartbeatMs: number } = { minGapMs: 250, heartbeatMs: 5_000 },
  ) {
    this.heartbeat = setInterval(() => this.changed(), options.heartbeatMs);
    this.heartbeat.unref();
    this.changed();
  }

  /** The table's view changed: its line goes soon. */
  changed(): void {
    if (this.stopped) return;
    if (this.sending) {
      this.again = true;
      return;
    }
    if (this.timer !== null) return;
    const wait = Math.max(0, this.last + this.options.minGapMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.heartbeat);
    if (this.timer !== null) clearTimeout(this.timer);
  }

  private async flush(): Promise<void> {
    if (this.stopped) return;
    this.sending = true;
    this.last = Date.now();
    try {
      await this.send(this.current());
    } catch {
      // Out of reach or refused: the shipper shows the link's state; the next line goes at the next change or heartbeat.
    } finally {
      this.sending = false;
    }
    if (this.again) {
      this.again = false;
      this.changed();
    }
  }
}
