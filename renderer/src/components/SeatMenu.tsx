import { type ReactNode, useState } from 'react';
import type { WireCommand } from '../../../src/api/requests';
import type { SeatView } from '../../../src/controller/view-model';
import { useLanguage } from '../i18n';
import { AmountField } from './AmountField';
import { Keypad, amountOf } from './Keypad';
import { Modal } from './Modal';

type Props = {
  readonly seat: SeatView;
  /** Sends the command; the menu closes when the table takes it (the parent decides). */
  readonly onCommand: (command: WireCommand) => void;
  readonly onClose: () => void;
  /** The table's refusal, shown in the menu while it stays open. */
  readonly error?: ReactNode;
};

/**
 * An occupied seat's menu: top up, sit out or come back, post now (a waiting player), leave. Which of them
 * the rules allow right now is the core's to say; the menu only leaves out what cannot apply to the
 * seat's status (coming back when not sitting out).
 */
export function SeatMenu({ seat, onCommand, onClose, error = null }: Props) {
  const { t } = useLanguage();
  const [topUp, setTopUp] = useState<string | null>(null);
  const n = seat.seat;
  const send = (command: WireCommand) => onCommand(command);
  const amount = topUp === null ? null : amountOf(topUp);
  return (
    <Modal testId="seat-menu" title={t.seatMenuTitle(n, seat.name)} onClose={onClose}>
      {error}
      {topUp === null ? (
        <div className="menu-buttons">
          <button type="button" className="button" data-testid="seat-menu-top-up" onClick={() => setTopUp('')}>
            {t.topUp}
          </button>
          {seat.status === 'sitting-out' ? (
            <button type="button" className="button" data-testid="seat-menu-come-back" onClick={() => send({ type: 'come-back', seat: n })}>
              {t.comeBack}
            </button>
          ) : (
            <button type="button" className="button" data-testid="seat-menu-sit-out" onClick={() => send({ type: 'sit-out', seat: n })}>
              {t.sitOut}
            </button>
          )}
          {seat.status === 'waiting' && (
            <button type="button" className="button" data-testid="seat-menu-post" onClick={() => send({ type: 'post', seat: n })}>
              {t.post}
            </button>
          )}
          <button type="button" className="button button-danger" data-testid="seat-menu-leave" onClick={() => send({ type: 'leave', seat: n })}>
            {t.leave}
          </button>
        </div>
      ) : (
        <div className="dialog-amount">
          <AmountField testId="seat-topup-amount" label={t.topUp} value={topUp} onChange={setTopUp} />
          <Keypad value={topUp} onChange={setTopUp} />
          <button
            type="button"
            className="button action"
            data-testid="seat-topup-confirm"
            disabled={amount === null || amount <= 0}
            onClick={() => {
              if (amount !== null && amount > 0) send({ type: 'top-up', seat: n, amount });
            }}
          >
            {t.topUpConfirm(amount ?? 0)}
          </button>
        </div>
      )}
    </Modal>
  );
}
