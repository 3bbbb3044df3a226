import type { ReactNode } from 'react';
import type { FloorStatus } from '../../../../src/api/requests';
import type { Credentials } from '../../../../src/api/staff';
import type { LockoutLift as Lift } from '../../core/useLockoutLift';
import type { Notice } from '../../core/useTable';
import { useLanguage } from '../../i18n';
import { LockoutLift } from './LockoutLift';
import { SignIn } from './SignIn';

type Props = {
  readonly status: FloorStatus | null;
  readonly problem: Notice | null;
  /** A manager's lift of the floor sign-in's lock-out. */
  readonly lift: Lift;
  readonly onUnlock: (credentials: Credentials) => void;
  readonly onLock: () => void;
  readonly children: ReactNode;
};

/**
 * The gate to the floor's functions: a supervisor's or manager's sign-in while locked, the functions
 * (children) with who opened them and a lock button while open. The core decides who may open it.
 */
export function FloorGate({ status, problem, lift, onUnlock, onLock, children }: Props) {
  const { lang, t, words } = useLanguage();
  if (status?.unlocked === true) {
    const until = status.until === null ? null : new Date(status.until).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
    return (
      <div className="floor-open">
        <div className="floor-who">
          <span data-testid="floor-who">
            {t.unlockedBy(status.who === null ? '' : words(status.who))}
            {until !== null && ` · ${t.locksAt(until)}`}
          </span>
          <button type="button" className="button" data-testid="floor-lock" onClick={onLock}>
            {t.lock}
          </button>
        </div>
        {children}
      </div>
    );
  }
  return (
    <LockoutLift gate="floor" lift={lift} lockedOut={problem?.code === 'floor-locked-out'}>
      <SignIn testId="floor" action={t.unlock} problem={problem?.words ?? null} onSignIn={onUnlock} />
    </LockoutLift>
  );
}
