import { useCallback, useState } from 'react';
import type { FloorStatus } from '../../../src/api/requests';
import type { Words } from '../../../src/evaluator/words';
import { useCore } from './core-context';

export type FloorSession = {
  readonly status: FloorStatus | null;
  /** Why the last unlock failed (a wrong PIN or the core's error), or null. */
  readonly problem: Words | 'pin-refused' | null;
  refresh(): Promise<void>;
  unlock(pin: string): Promise<void>;
  lock(): Promise<void>;
};

/** The floor session of this window: locked until a supervisor's PIN opens it; the core locks it again later. */
export function useFloor(): FloorSession {
  const core = useCore();
  const [status, setStatus] = useState<FloorStatus | null>(null);
  const [problem, setProblem] = useState<FloorSession['problem']>(null);

  const refresh = useCallback(async () => {
    const reply = await core.request('floor-status', undefined);
    if (reply.ok) setStatus(reply.result);
  }, [core]);

  const unlock = useCallback(
    async (pin: string) => {
      const reply = await core.request('floor-unlock', { pin });
      if (!reply.ok) {
        setProblem(reply.error.words);
        return;
      }
      setStatus(reply.result);
      setProblem(reply.result.unlocked ? null : 'pin-refused');
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
