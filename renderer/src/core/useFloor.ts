import { useCallback, useEffect, useState } from 'react';
import type { FloorStatus } from '../../../src/api/requests';
import type { Credentials } from '../../../src/api/staff';
import { useCore } from './core-context';
import type { Notice } from './useTable';

/** The longest a floor session lasts unused (FLOOR_SESSION_MINUTES in src/api/floor-gate.ts, D60). */
const SESSION_MS = 2 * 60_000;

export type FloorSession = {
  readonly status: FloorStatus | null;
  /** Why the last unlock failed (a wrong PIN, a lock-out, a croupier's sign-in, the core's error), or null. */
  readonly problem: Notice | null;
  refresh(): Promise<void>;
  /** Signs in; true when the session opened. */
  unlock(credentials: Credentials): Promise<boolean>;
  lock(): Promise<void>;
};

/**
 * The floor session of this window: locked until a supervisor or manager signs in. The core ends it after
 * a floor decision or two idle minutes (D60); the status follows by itself when its time runs out, and
 * the caller asks again after each command.
 */
export function useFloor(): FloorSession {
  const core = useCore();
  const [status, setStatus] = useState<FloorStatus | null>(null);
  const [problem, setProblem] = useState<FloorSession['problem']>(null);

  const refresh = useCallback(async () => {
    const reply = await core.request('floor-status', undefined);
    if (reply.ok) setStatus(reply.result);
  }, [core]);

  // The session locks by itself at `until` (unless used meanwhile, which moves it on): ask again then, so
  // the status bar never names someone whose session has ended. `until` is by the table's clock, which
  // this screen's may differ from: never later than a whole session from now.
  const until = status?.unlocked === true ? status.until : null;
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => void refresh(), Math.min(Math.max(0, until - Date.now()), SESSION_MS) + 250);
    return () => clearTimeout(timer);
  }, [until, refresh]);

  const unlock = useCallback(
    async (credentials: Credentials) => {
      const reply = await core.request('floor-unlock', credentials);
      if (!reply.ok) {
        setProblem({ words: reply.error.words, code: reply.error.code });
        return false;
      }
      setStatus(reply.result);
      setProblem(null);
      return true;
    },
    [core],
  );

  const lock = useCallback(async () => {
    const reply = await core.request('floor-lock', undefined);
    if (reply.ok) setStatus(reply.result);
    setProblem(null);
  }, [core]);

  return { status, problem, refresh, unlock, lock };
}
