import { useLanguage } from '../../i18n';
import { digitsOnly } from './Keypad';

type Props = {
  readonly testId: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly secret?: boolean;
  /** What a field that is no amount of chips (a staff number, a PIN) says of a character other than a digit. */
  readonly notDigits?: string;
  /** A prefilled amount: focusing the field selects it, so what is typed replaces it. */
  readonly replaceOnFocus?: boolean;
};

/**
 * A numeric field the keypad fills; it takes typing too (a keyboard at the table, or a test's `fill`).
 * `inputMode` none would hide the system keyboard, but some kiosks have only that: numeric lets it help.
 */
export function AmountField({ testId, label, value, onChange, secret = false, notDigits, replaceOnFocus = false }: Props) {
  const { t } = useLanguage();
  // What was typed stays as typed (spaces aside): a point or a comma is refused in words, never dropped —
  // "60.5" must not become 605.
  const valid = digitsOnly(value);
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="field-input"
        data-testid={testId}
        type={secret ? 'password' : 'text'}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={!valid}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\s/g, ''))}
        onFocus={replaceOnFocus ? (event) => event.target.select() : undefined}
      />
      {!valid && (
        <span className="inline-error" role="alert" data-testid={`${testId}-invalid`}>
          {notDigits ?? t.digitsOnly}
        </span>
      )}
    </label>
  );
}
