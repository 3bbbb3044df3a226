import { type ReactNode, useState } from 'react';
import type { SignInGate } from '../../../../src/engine/table/table-operations';
import type { LockoutLift as Lift } from '../../core/useLockoutLift';
import { useLanguage } from '../../i18n';
import { SignIn } from './SignIn';

type Props = {
  readonly gate: SignInGate;
  /** The lift's requests and answer (`useLockoutLift`, held by the screen). */
  readonly lift: Lift;
  /** Wrong PINs locked this sign-in out: a manager may lift it. */
  readonly lockedOut: boolean;
  /** The sign-in itself, shown unless the manager's takes its place (one keypad at a time). */
  readonly children: ReactNode;
};

/**
 * A sign-in, and under it while wrong PINs have locked it out, a way for a manager to lift the lock-out:
 * their own sign-in, with a few tries only; the core logs who did it (D60). Lifted, the sign-in is
 * tried again.
 */
export function LockoutLift({ gate, lift: { problem, lifted, lift }, lockedOut, children }: Props) {
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  if (open && !lifted) {
    return (
      <div className="lockout-lift">
        <p className="hint hint-large">{t.liftTitle}</p>
        <SignIn testId={`${gate}-lift`} action={t.lift} problem={problem} onSignIn={(credentials) => void lift(credentials)} />
        <button type="button" className="button" data-testid={`${gate}-lift-back`} onClick={() => setOpen(false)}>
          {t.back}
        </button>
      </div>
    );
  }
  return (
    <>
      {children}
      {lifted && (
        <p className="hint" role="status" data-testid={`${gate}-lifted`}>
          {t.lifted}
        </p>
      )}
      {lockedOut && !lifted && (
        <button type="button" className="button" data-testid={`${gate}-lift-open`} onClick={() => setOpen(true)}>
          {t.liftOpen}
        </button>
      )}
    </>
  );
}
