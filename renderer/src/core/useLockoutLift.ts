import { useCallback, useState } from 'react';
import type { Credentials } from '../../../src/api/staff';
import type { SignInGate } from '../../../src/engine/table/table-operations';
import type { Words } from '../../../src/evaluator/words';
import { useCore } from './core-context';

export type LockoutLift = {
  /** Why the manager's lift was refused (a wrong PIN, not a manager, too many tries), or null. */
  readonly problem: Words | null;
  /** The lift went through: the sign-in may be tried again. */
  readonly lifted: boolean;
  lift(credentials: Credentials): Promise<void>;
  /** Forgets the last lift (the dialog it was made in closed). */
  reset(): void;
};

/** A manager lifts the lock-out wrong PINs put on `gate`'s sign-in (`lockout-lift`, logged by the core, D60). */
export function useLockoutLift(gate: SignInGate): LockoutLift {
  const core = useCore();
  const [problem, setProblem] = useState<Words | null>(null);
  const [lifted, setLifted] = useState(false);
  const lift = useCallback(
    async (credentials: Credentials) => {
      const reply = await core.request('lockout-lift', { ...credentials, gate });
      setProblem(reply.ok ? null : reply.error.words);
      setLifted(reply.ok);
    },
    [core, gate],
  );
  const reset = useCallback(() => {
    setProblem(null);
    setLifted(false);
  }, []);
  return { problem, lifted, lift, reset };
}
