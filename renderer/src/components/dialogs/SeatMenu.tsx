import { type ReactNode, useState } from 'react';
import type { WireCommand } from '../../../../src/api/requests';
import type { SeatView } from '../../../../src/controller/view-model';
import { useLanguage } from '../../i18n';
import { AmountField } from '../controls/AmountField';
import { Keypad, amountOf } from '../controls/Keypad';
import { Modal } from './Modal';
import { RangeSizes } from '../controls/RangeSizes';
import { useSettled } from '../../settle';

type Props = {
  readonly seat: SeatView;
  /** The table's buy-in limits: a top-up keeps the stack within them. */
  readonly buyIn: { readonly min: number; readonly max: number };
  /** The smallest chip: the least a top-up can be. */
  readonly chipUnit: number;
  /**
   * A cash table: chips may be added and a player may sit out. Neither in a tournament, where the stack is
   * what the player has won and an absent player is dealt in and blinded off.
   */
  readonly cash: boolean;
  /** Whether the player may leave with chips: not in a tournament under way, where chips stay in play until lost. */
  readonly leave: boolean;
  /** Sends the command; the menu closes when the table takes it (the parent decides). */
  readonly onCommand: (command: WireCommand) => void;
  readonly onClose: () => void;
  /** The table's refusal, shown in the menu while it stays open. */
  readonly error?: ReactNode;
  /** A tap on the leaving's confirmation before it could have been seen (a double tap on Leave). */
  readonly onTooSoon: () => void;
};

/** The amounts a top-up may be (the stack after it within the buy-in limits), or null when the stack is at or above the maximum. */
export function topUpRange(stack: number, buyIn: Props['buyIn'], chipUnit: number): { readonly min: number; readonly max: number } | null {
  const min = Math.max(buyIn.min - stack, chipUnit);
  const max = buyIn.max - stack;
  return min <= max ? { min, max } : null;
}

/**
 * An occupied seat's menu: top up, sit out or come back, post now (a waiting player), leave. Which of them
 * the rules allow right now is the core's to say; the menu only leaves out what cannot apply to the
 * seat's status (coming back when not sitting out or about to; a top-up or leaving for a player dealt into the hand).
 */
export function SeatMenu({ seat, buyIn, chipUnit, cash, leave, onCommand, onClose, error = null, onTooSoon }: Props) {
  const { t } = useLanguage();
  const [topUp, setTopUp] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const n = seat.seat;
  const send = (command: WireCommand) => onCommand(command);
  const amount = topUp === null ? null : amountOf(topUp);
  const range = topUpRange(seat.stack, buyIn, chipUnit);
  const valid = amount !== null && range !== null && amount >= range.min && amount <= range.max;
  // Dealt into the hand in play (folded too: their chips are in the pots): chips come and go after it.
  const inHand = seat.status === 'active' || seat.status === 'all-in' || seat.status === 'folded';
  return (
    <Modal testId="seat-menu" title={t.seatMenuTitle(n, t.seatName(seat.name))} onClose={onClose}>
      {error}
      {leaving ? (
        <LeaveConfirm name={t.seatName(seat.name)} stack={seat.stack} onConfirm={() => send({ type: 'leave', seat: n })} onBack={() => setLeaving(false)} onTooSoon={onTooSoon} />
      ) : topUp === null ? (
        <div className="menu-buttons">
          {inHand && (
            <p className="hint" data-testid="seat-menu-in-hand">
              {t.seatInHand}
            </p>
          )}
          {!cash && (
            <p className="hint" data-testid="seat-menu-tournament">
              {t.seatInTournament}
            </p>
          )}
          {cash && !inHand && (
            <button type="button" className="button" data-testid="seat-menu-top-up" onClick={() => setTopUp('')}>
              {t.topUp}
            </button>
          )}
          {!cash ? null : seat.status === 'sitting-out' || seat.sitsOutNext ? (
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
          {!inHand && leave && (
            <button type="button" className="button button-danger" data-testid="seat-menu-leave" onClick={() => setLeaving(true)}>
              {t.leave}
            </button>
          )}
        </div>
      ) : (
        <div className="dialog-amount">
          {range === null ? (
            // Nothing to type or confirm: a stack at or above the maximum (pots won) takes no top-up.
            <p className="hint" data-testid="seat-topup-range">
              {t.topUpAtMax(buyIn.max)}
            </p>
          ) : (
            <>
              <AmountField testId="seat-topup-amount" label={t.topUp} value={topUp} onChange={setTopUp} />
              <p className="hint" data-testid="seat-topup-range">
                {t.topUpRange(range.min, range.max, seat.stack)}
              </p>
              <RangeSizes testIdPrefix="topup" range={range} onPick={setTopUp} />
              <Keypad value={topUp} onChange={setTopUp} />
              <button
                type="button"
                className="button action"
                data-testid="seat-topup-confirm"
                disabled={!valid}
                onClick={() => {
                  if (valid) send({ type: 'top-up', seat: n, amount });
                }}
              >
                {t.topUpConfirm(amount ?? 0)}
              </button>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

type LeaveProps = { readonly name: string; readonly stack: number; readonly onConfirm: () => void; readonly onBack: () => void; readonly onTooSoon: () => void };

/**
 * Leaving asked again, with the chips the player takes: it cashes the player out, and the floor cannot
 * undo it. Back takes the place of the menu's first button; the confirmation takes a tap only once seen.
 */
function LeaveConfirm({ name, stack, onConfirm, onBack, onTooSoon }: LeaveProps) {
  const { t } = useLanguage();
  const { settling, guard } = useSettled(onTooSoon);
  return (
    <div className={`leave-confirm${settling ? ' settling' : ''}`} data-testid="leave-confirm" data-settling={settling ? '' : undefined}>
      <p className="confirm-question">{t.leaveConfirm(name, stack)}</p>
      <div className="menu-buttons">
        <button type="button" className="button" data-testid="leave-back" onClick={onBack}>
          {t.back}
        </button>
        <button type="button" className="button button-danger" data-testid="leave-confirm-yes" onClick={guard(onConfirm)}>
          {t.leaveConfirmButton(name, stack)}
        </button>
      </div>
    </div>
  );
}
