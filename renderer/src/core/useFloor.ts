import { useCallback, useState } from 'react';
import type { FloorStatus } from '../../../src/api/requests';
import type { Credentials } from '../../../src/api/staff';
import type { Words } from '../../../src/evaluator/words';
import { useCore } from './core-context';

export type FloorSession = {
  readonly status: FloorStatus | null;
  /** Why the last unlock failed (a wrong PIN, a croupier's sign-in, the core's error), or null. */
  readonly problem: Words | null;
  refresh(): Promise<void>;
  unlock(credentials: Credentials): Promise<void>;
  lock(): Promise<void>;
};

/** The floor session of this window: locked until a supervisor or manager signs in; the core locks it again later. */
export function useFloor(): FloorSession {
  const core = useCore();
  const [status, setStatus] = useState<FloorStatus | null>(null);
  const [problem, setProblem] = useState<FloorSession['problem']>(null);

  const refresh = useCallback(async () => {
    const reply = await core.request('floor-status', undefined);
    if (reply.ok) setStatus(reply.result);
  }, [core]);

  const unlock = useCallback(
    async (credentials: Credentials) => {
      const reply = await core.request('floor-unlock', credentials);
      if (!reply.ok) {
        setProblem(reply.error.words);
        return;
      }
      setStatus(reply.result);
      setProblem(null);
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
