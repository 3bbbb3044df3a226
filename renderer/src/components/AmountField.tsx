type Props = {
  readonly testId: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly secret?: boolean;
};

/**
 * A numeric field the keypad fills; it takes typing too (a keyboard at the table, or a test's `fill`).
 * `inputMode` none would hide the system keyboard, but some kiosks have only that: numeric lets it help.
 */
export function AmountField({ testId, label, value, onChange, secret = false }: Props) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="field-input"
        data-testid={testId}
        type={secret ? 'password' : 'text'}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
    </label>
  );
}
