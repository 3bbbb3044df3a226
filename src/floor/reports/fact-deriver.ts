import type pg from 'pg';
import { FACTS_DERIVED_BY, refreshFacts } from './room-facts.js';

export type FactDeriverOptions = {
  /** Derivation waits until no batch was stored for this long: the tables' shipping comes first. */
  readonly quietMs?: number;
  /** … but never longer than this after a table's head moved: the facts stay this close to the rows. */
  readonly maxWaitMs?: number;
  /** A line for the floor's operator: a derivation that failed (it is tried again). */
  readonly log?: (line: string) => void;
};

/**
 * Keeps the room's report facts close behind the rows (D119): after a table's batch is stored, the floor
 * derives that table's facts in the background — once the tables have been quiet for `quietMs`, and at the
 * latest `maxWaitMs` after the head moved — so a report finds seconds of rows to derive, not the hours since
 * the last report (a shift's rows of a hundred tables took seconds of the first report's time). A report
 * still brings every table up to its head before it reads (`refreshedFactStates`): this only takes that
 * work off its time. Two derivations of a table never run at once: `refreshFacts` holds the table's cursor.
 * At its start it derives every table whose facts are behind (a floor that was stopped, or killed).
 */
export class FactDeriver {
  private readonly pending = new Set<string>();
  private quietTimer: NodeJS.Timeout | null = null;
  private firstPendingAt: number | null = null;
  /** After a derivation failed: not again before then (PostgreSQL restarting is not asked every second). */
  private notBefore = 0;
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly quietMs: number;
  private readonly maxWaitMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: FactDeriverOptions = {},
  ) {
    this.quietMs = options.quietMs ?? 1_000;
    this.maxWaitMs = options.maxWaitMs ?? 10_000;
    this.running = this.behind().then(
      (tables) => {
        this.running = null;
        for (const table of tables) this.moved(table);
        // Tables whose heads moved while this was asked wait no longer than the rest.
        this.schedule();
      },
      (error: unknown) => {
        this.running = null;
        this.options.log?.(`the report facts of the tables behind were not derived at the start: ${(error as Error).message} (a report derives them)`);
        this.schedule();
      },
    );
  }

  /** A table's head moved: its facts are derived once the floor is quiet, or at the latest after `maxWaitMs`. */
  moved(tableId: string): void {
    if (this.closed) return;
    this.pending.add(tableId);
    this.firstPendingAt ??= Date.now();
    this.schedule();
  }

  /** Stops deriving: waits for a table being derived (its chunk's transaction) and drops the rest. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    this.pending.clear();
    await this.running;
  }

  /** Resolves when every table moved so far has its facts derived (or the deriver is closed). */
  async whenIdle(): Promise<void> {
    while (!this.closed && (this.pending.size > 0 || this.running !== null)) await new Promise((resolve) => setTimeout(resolve, 25));
  }

  private schedule(): void {
    if (this.closed || this.running !== null || this.firstPendingAt === null) return;
    if (this.quietTimer !== null) clearTimeout(this.quietTimer);
    const now = Date.now();
    const wait = Math.max(0, Math.min(this.quietMs, this.firstPendingAt + this.maxWaitMs - now), this.notBefore - now);
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      this.running = this.deriveAll().finally(() => {
        this.running = null;
        if (this.pending.size > 0) this.schedule();
      });
    }, wait);
    this.quietTimer.unref();
  }

  private async deriveAll(): Promise<void> {
    const tables = [...this.pending];
    this.pending.clear();
    this.firstPendingAt = null;
    for (const [index, table] of tables.entries()) {
      if (this.closed) return;
      try {
        await refreshFacts(this.pool, table);
      } catch (error) {
        // PostgreSQL restarting, a connection cut: this table and those after it wait for the next turn.
        this.options.log?.(`the report facts of table ${table} were not derived: ${(error as Error).message} (tried again)`);
        for (const left of tables.slice(index)) this.pending.add(left);
        this.firstPendingAt ??= Date.now();
        this.notBefore = Date.now() + this.maxWaitMs;
        return;
      }
    }
  }

  /** The tables whose facts are behind their rows, or of another derivation (as `refreshedFactStates` asks). */
  private async behind(): Promise<string[]> {
    const found = await this.pool.query<{ id: string }>(
      'SELECT t.id FROM floor_table t LEFT JOIN chain_head h ON h.table_id = t.id LEFT JOIN fact_cursor c ON c.table_id = t.id WHERE coalesce(h.seq, 0) > coalesce(c.seq, 0) OR c.derived_by <> $1',
      [FACTS_DERIVED_BY],
    );
    return found.rows.map((row) => row.id);
  }
}
