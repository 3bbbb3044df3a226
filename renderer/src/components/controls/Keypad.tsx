import { useLanguage } from '../../i18n';

type Props = {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Digits at most (chip amounts stay far below 12 digits; a PIN is shorter). */
  readonly maxDigits?: number;
  /** A PIN or a staff number, not an amount: a leading 0 is a digit like any other. */
  readonly keepLeadingZeros?: boolean;
  /** The value was put there, not typed (a prefilled minimum, a quick size): the first digit replaces it. */
  readonly replace?: boolean;
};

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** A numeric keypad big enough for a thumb: digits, clear, delete the last digit. */
export function Keypad({ value, onChange, maxDigits = 9, keepLeadingZeros = false, replace = false }: Props) {
  const { t } = useLanguage();
  const type = (digit: string) => {
    if (replace) return onChange(digit);
    if (value.length >= maxDigits) return;
    onChange(value === '0' && !keepLeadingZeros ? digit : value + digit);
  };
  return (
    <div className="keypad">
      {KEYS.map((digit) => (
        <button type="button" key={digit} className="key" data-testid={`keypad-${digit}`} onClick={() => type(digit)}>
          {digit}
        </button>
      ))}
      <button type="button" className="key key-aux" data-testid="keypad-clear" aria-label={t.keypadClear} onClick={() => onChange('')}>
        C
      </button>
      <button type="button" className="key" data-testid="keypad-0" onClick={() => type('0')}>
        0
      </button>
      <button type="button" className="key key-aux" data-testid="keypad-back" aria-label={t.keypadBack} onClick={() => onChange(value.slice(0, -1))}>
        ⌫
      </button>
    </div>
  );
}

/**
 * An amount as entered, or null when nothing is or it is not digits only: "60.5" or "1.000" is no number
 * of chips to guess at (a decimal point in English is a thousands point in German).
 */
export function amountOf(text: string): number | null {
  return text !== '' && digitsOnly(text) ? Number.parseInt(text, 10) : null;
}

/** Whether typed text is digits only (nothing typed is): a point, a comma or a letter is refused in words, never dropped. */
export function digitsOnly(text: string): boolean {
  return /^\d*$/.test(text);
}
