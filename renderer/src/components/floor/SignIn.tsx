import { useState } from 'react';
import type { Credentials } from '../../../../src/api/staff';
import type { Words } from '../../../../src/evaluator/words';
import { useLanguage } from '../../i18n';
import { AmountField } from '../controls/AmountField';
import { Keypad, digitsOnly } from '../controls/Keypad';

type Props = {
  /** Test ids are `${testId}-staff`, `-pin`, `-badge`, `-problem`, and the button `testId` + `-unlock` (the floor's: `floor-unlock`). */
  readonly testId: string;
  readonly action: string;
  readonly problem: Words | null;
  readonly onSignIn: (credentials: Credentials) => void;
};

/**
 * A staff member signs in: the staff number, then the PIN, on one keypad (the field it types into is
 * marked); or a badge, which its reader types into the badge field as a keyboard does, ending with Enter.
 */
export function SignIn({ testId, action, problem, onSignIn }: Props) {
  const { t, words } = useLanguage();
  const [staff, setStaff] = useState('');
  const [pin, setPin] = useState('');
  const [badge, setBadge] = useState('');
  const [field, setField] = useState<'staff' | 'pin'>('staff');
  const value = field === 'staff' ? staff : pin;
  const setValue = field === 'staff' ? setStaff : setPin;
  const clear = () => {
    setStaff('');
    setPin('');
    setBadge('');
    setField('staff');
  };
  return (
    <div className="sign-in dialog-amount">
      <div className={`sign-in-field${field === 'staff' ? ' sign-in-field-on' : ''}`} onFocus={() => setField('staff')} onClick={() => setField('staff')}>
        <AmountField testId={`${testId}-staff`} label={t.staffNumber} value={staff} onChange={setStaff} notDigits={t.digitsOnlyCode} />
      </div>
      <div className={`sign-in-field${field === 'pin' ? ' sign-in-field-on' : ''}`} onFocus={() => setField('pin')} onClick={() => setField('pin')}>
        <AmountField testId={`${testId}-pin`} label={t.pin} value={pin} onChange={setPin} secret notDigits={t.digitsOnlyCode} />
      </div>
      {problem !== null && (
        <p className="inline-error" role="alert" data-testid={`${testId}-problem`}>
          {words(problem)}
        </p>
      )}
      <Keypad value={value} onChange={setValue} maxDigits={field === 'staff' ? 6 : 12} keepLeadingZeros />
      <div className="sign-in-buttons">
        {field === 'staff' ? (
          <button type="button" className="button action" data-testid={`${testId}-next`} disabled={staff === '' || !digitsOnly(staff)} onClick={() => setField('pin')}>
            {t.next}
          </button>
        ) : (
          <button
            type="button"
            className="button action"
            data-testid={`${testId}-unlock`}
            disabled={staff === '' || pin === '' || !digitsOnly(staff) || !digitsOnly(pin)}
            onClick={() => {
              onSignIn({ staff, pin });
              clear();
            }}
          >
            {action}
          </button>
        )}
      </div>
      <label className="field sign-in-badge">
        <span className="field-label">{t.orBadge}</span>
        <input
          className="field-input"
          data-testid={`${testId}-badge`}
          type="password"
          autoComplete="off"
          value={badge}
          onChange={(event) => setBadge(event.target.value.replace(/[^A-Za-z0-9]/g, ''))}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || badge === '') return;
            onSignIn({ badge });
            clear();
          }}
        />
      </label>
    </div>
  );
}
