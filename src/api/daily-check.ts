import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { DeviceStatus } from '../controller/view-model.js';
import type { Words } from '../evaluator/words.js';

/**
 * The daily check's result (`felt verify --full --daily`, run by the package's timer at 06:00) is written
 * beside the table's database, and the running table shows it on the status bar as one more "device": the
 * croupier sees a failed check at once, the floor sees it on its board with the devices, and the failure goes
 * into the log's incidents like a device fault. A table that was never checked this way (a test, a laptop)
 * shows nothing; one whose last check is older than a day and a bit shows that the check stopped running,
 * since a timer disabled is a check that silently never fails.
 */
export const DAILY_CHECK_DEVICE = 'daily-check';

/** The timer runs once a day; two hours' grace covers a PC that was off at 06:00 and a slow check. */
export const DAILY_CHECK_STALE_MS = 26 * 60 * 60 * 1000;

export function dailyCheckPath(db: string): string {
  return `${db}.daily-check.json`;
}

const resultSchema = z.strictObject({
  ok: z.boolean(),
  at: z.number().int().nonnegative(),
  /** What `felt verify` printed: the summary, or the first bad row and what is wrong with it. */
  said: z.string().max(2000),
});

export type DailyCheckResult = z.infer<typeof resultSchema>;

/** Written whole or not at all (a new file renamed over the old), readable by the table's user only. */
export function writeDailyCheck(db: string, result: DailyCheckResult): void {
  const path = dailyCheckPath(db);
  writeFileSync(`${path}.new`, `${JSON.stringify(result)}\n`, { mode: 0o600 });
  renameSync(`${path}.new`, path);
}

/** When the file last changed (0 when there is none): the table reads it again only when this moves. */
export function dailyCheckStamp(db: string): number {
  try {
    return statSync(dailyCheckPath(db)).mtimeMs;
  } catch {
    return 0;
  }
}

/** The status bar's entry for the daily check at `now`, or null for a table that has none. */
export function dailyCheckStatus(db: string, now: number): DeviceStatus | null {
  let text: string;
  try {
    text = readFileSync(dailyCheckPath(db), 'utf8');
  } catch {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const result = resultSchema.safeParse(parsed);
  if (!result.success) {
    return fault({ en: `The daily check's result (${dailyCheckPath(db)}) cannot be read: run felt verify --full --daily`, de: `Das Ergebnis der täglichen Prüfung (${dailyCheckPath(db)}) ist unlesbar: felt verify --full --daily ausführen` });
  }
  const { ok, at, said } = result.data;
  const when = new Date(at).toISOString().replace('T', ' ').slice(0, 16);
  if (!ok) {
    return fault({ en: `The daily check of ${when} UTC failed: ${said} — call the floor; the log must be checked before the next report`, de: `Die tägliche Prüfung vom ${when} UTC ist fehlgeschlagen: ${said} — Floor rufen; das Protokoll muss vor dem nächsten Bericht geprüft werden` });
  }
  if (now - at > DAILY_CHECK_STALE_MS) {
    return fault({ en: `The daily check has not run since ${when} UTC: is its timer on? (systemctl status felt-verify.timer)`, de: `Die tägliche Prüfung lief zuletzt am ${when} UTC: läuft ihr Timer? (systemctl status felt-verify.timer)` });
  }
  return { id: DAILY_CHECK_DEVICE, kind: 'daily-check', state: 'connected', detail: null };
}

function fault(detail: Words): DeviceStatus {
  return { id: DAILY_CHECK_DEVICE, kind: 'daily-check', state: 'fault', detail, incident: 'device-fault' };
}

/**
 * The running table's eye on the file: looked at with the table's other clocked work, read again when it
 * changed or once a minute (the age matters too), and reported only when what it shows changes.
 */
export class DailyCheckWatch {
  private stamp = -1;
  private lookedAt = Number.NEGATIVE_INFINITY;
  private shown = '';

  constructor(private readonly db: string) {}

  /** The status to report now, or null when nothing changed (or the table has no daily check). */
  look(now: number): DeviceStatus | null {
    const stamp = dailyCheckStamp(this.db);
    if (stamp === this.stamp && now - this.lookedAt < 60_000) return null;
    this.stamp = stamp;
    this.lookedAt = now;
    const status = dailyCheckStatus(this.db, now);
    const shown = status === null ? '' : JSON.stringify(status);
    if (status === null || shown === this.shown) return null;
    this.shown = shown;
    return status;
  }
}
