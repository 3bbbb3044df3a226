import { type ReactNode, useState } from 'react';
import type { FloorStatus } from '../../../src/api/requests';
import type { Words } from '../../../src/evaluator/words';
import { useLanguage } from '../i18n';
import { AmountField } from './AmountField';
import { Keypad } from './Keypad';

type Props = {
  readonly status: FloorStatus | null;
  readonly problem: Words | 'pin-refused' | null;
  readonly onUnlock: (pin: string) => void;
  readonly onLock: () => void;
  readonly children: ReactNode;
};

/**
 * The gate to the floor's functions: a PIN keypad while locked, the functions (children) with who opened
 * them and a lock button while open. The core decides who may do what; today one unlocked session opens
 * everything. Roles (croupier, supervisor, manager) will grow here as a `requires` prop matched against
 * the session's `who` once the core reports roles.
 */
export function FloorGate({ status, problem, onUnlock, onLock, children }: Props) {
  const { lang, t, words } = useLanguage();
  const [pin, setPin] = useState('');
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
    <div className="floor-locked dialog-amount">
      <AmountField testId="floor-pin" label={t.pin} value={pin} onChange={setPin} secret />
      {problem !== null && (
        <p className="inline-error" role="alert" data-testid="floor-problem">
          {problem === 'pin-refused' ? t.pinRefused : words(problem)}
        </p>
      )}
      <Keypad value={pin} onChange={setPin} maxDigits={12} />
      <button
        type="button"
        className="button action"
        data-testid="floor-unlock"
        disabled={pin === ''}
        onClick={() => {
          onUnlock(pin);
          setPin('');
        }}
      >
        {t.unlock}
      </button>
    </div>
  );
}
