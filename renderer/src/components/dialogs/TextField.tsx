import { useState } from 'react';
import { useLanguage } from '../../i18n';

type Props = {
  readonly testId: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly maxLength?: number;
};

const LAYOUTS = {
  en: ['QWERTYUIOP', 'ASDFGHJKL', 'ZXCVBNM-.'],
  de: ['QWERTZUIOPÜ', 'ASDFGHJKLÖÄ', 'YXCVBNMß-.'],
} as const;

/**
 * A text field with its own on-screen keyboard: a kiosk touchscreen may have no system keyboard. Typing
 * on a real keyboard works too.
 */
export function TextField({ testId, label, value, onChange, maxLength = 200 }: Props) {
  const { lang, t } = useLanguage();
  const [upper, setUpper] = useState(value === '');
  const type = (key: string) => {
    if (value.length >= maxLength) return;
    onChange(value + (upper ? key : key.toLowerCase()));
    setUpper(false);
  };
  return (
    <div className="text-field">
      <label className="field">
        <span className="field-label">{label}</span>
        <input className="field-input" data-testid={testId} type="text" autoComplete="off" maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
      </label>
      <div className="keyboard">
        {LAYOUTS[lang].map((row) => (
          <div className="keyboard-row" key={row}>
            {Array.from(row, (key) => (
              <button type="button" className="key key-letter" key={key} onClick={() => type(key)}>
                {upper ? key : key.toLowerCase()}
              </button>
            ))}
          </div>
        ))}
        <div className="keyboard-row">
          <button type="button" className={`key key-wide${upper ? ' key-on' : ''}`} aria-pressed={upper} onClick={() => setUpper(!upper)}>
            {t.keyboardShift}
          </button>
          <button type="button" className="key key-space" onClick={() => type(' ')}>
            {t.keyboardSpace}
          </button>
          <button type="button" className="key key-wide" onClick={() => onChange(value.slice(0, -1))}>
            {t.keyboardBack}
          </button>
        </div>
      </div>
    </div>
  );
}
