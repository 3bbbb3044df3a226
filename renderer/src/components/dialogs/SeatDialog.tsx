import { type ReactNode, useState } from 'react';
import { useLanguage } from '../../i18n';
import { AmountField } from '../controls/AmountField';
import { Keypad, amountOf } from '../controls/Keypad';
import { Modal } from './Modal';
import { RangeSizes } from '../controls/RangeSizes';
import { TextField } from './TextField';

type Props = {
  readonly seat: number;
  readonly buyIn: { readonly min: number; readonly max: number };
  /** A tournament: every player starts with its starting stack (`buyIn` is that), shown, not asked for. */
  readonly tournament: boolean;
  readonly onConfirm: (name: string, buyIn: number) => void;
  readonly onClose: () => void;
  /** The table's refusal (a taken seat, a buy-in out of range), shown while the dialog stays open. */
  readonly error?: ReactNode;
};

/**
 * Seats a player at an empty seat: a name and a buy-in within the table's range; in a tournament, its
 * starting stack, which is no choice: shown, not asked for.
 */
export function SeatDialog({ seat, buyIn, tournament, onConfirm, onClose, error = null }: Props) {
  const { t } = useLanguage();
  const [name, setName] = useState('');
  const [amountText, setAmountText] = useState('');
  const amount = tournament ? buyIn.min : amountOf(amountText);
  const trimmed = name.trim();
  // Above the maximum is the table's to decide: a player back within the return window brings at least
  // what they left with, which may be more (T7); anyone else is refused there, in words.
  const valid = trimmed !== '' && amount !== null && amount >= buyIn.min && (!tournament || amount === buyIn.max);
  return (
    <Modal testId="seat-dialog" title={t.seatTitle(seat)} onClose={onClose}>
      {error}
      <div className="dialog-columns">
        <TextField testId="seat-name" label={t.name} value={name} onChange={setName} maxLength={40} />
        <div className="dialog-amount">
          {tournament ? (
            <p className="hint" data-testid="seat-buyin-fixed">
              {t.buyInFixed(buyIn.min)}
            </p>
          ) : (
            <>
              <AmountField testId="seat-buyin" label={t.buyIn} value={amountText} onChange={setAmountText} />
              <p className="hint">{t.buyInRange(buyIn.min, buyIn.max)}</p>
              {/* Said where it is typed: a greyed-out button alone does not say why. */}
              {amount !== null && (amount < buyIn.min || amount > buyIn.max) && (
                <p className="inline-error" data-testid="seat-buyin-outside">
                  {amount < buyIn.min ? t.buyInBelow(buyIn.min) : t.buyInAbove(buyIn.max)}
                </p>
              )}
              <RangeSizes testIdPrefix="buyin" range={buyIn} onPick={setAmountText} />
              <Keypad value={amountText} onChange={setAmountText} />
            </>
          )}
          <button
            type="button"
            className="button action"
            data-testid="seat-confirm"
            disabled={!valid}
            onClick={() => {
              if (valid) onConfirm(trimmed, amount);
            }}
          >
            {t.seatConfirm}
          </button>
        </div>
      </div>
    </Modal>
  );
}
