import { useState } from 'react';
import type { WireCommand } from '../../../../src/api/requests';
import type { Stakes, ViewModel } from '../../../../src/controller/view-model';
import { useLanguage } from '../../i18n';
import { useSettled } from '../../settle';
import { AmountField } from './AmountField';
import { Keypad, amountOf } from './Keypad';

type Props = {
  readonly actor: NonNullable<ViewModel['actor']>;
  readonly structure: Stakes['structure'];
  /** Sends a player's action; the parent adds the decision this pad was drawn for (D59). */
  readonly onCommand: (command: WireCommand) => void;
  /**
   * A tap before the pad (`decision`) or the all-in's confirmation (`confirmation`) could have been seen:
   * refused on the screen, as the table refuses a late one.
   */
  readonly onTooSoon: (what: 'decision' | 'confirmation') => void;
};

/**
 * The actions of the player to act, exactly as `legal` allows them: nothing else is drawn. The parent
 * keys this pad by the decision (hand, actions, seat), so each decision gets a pad of its own, prefilled
 * with its own minimum, whose buttons take a tap only once it has been on the screen long enough to be
 * seen (`useSettled`): a double tap, or another screen's action arriving, never acts for the next player.
 *
 * Every amount on the pad is a total in front of the player for the round, never the chips added: the raise
 * ("raise to"), the quick sizes, the all-in, and the call (what the player has in front once they call, the
 * bet they match). A call that takes all the player's chips is the all-in: one button, one amount. An
 * all-in beside a call or check is asked again before it is sent: it stakes the whole stack at one tap.
 */
export function ActionPad({ actor, structure, onCommand, onTooSoon }: Props) {
  const { t } = useLanguage();
  const { legal, sizes } = actor;
  const range = legal.betOrRaise;
  const callTo = legal.call === null ? null : actor.bet + legal.call;
  const callIsAllIn = callTo !== null && callTo === legal.allIn;
  const [text, setText] = useState(range === null ? '' : String(range.min));
  // The amount shown was put there (the minimum, a quick size), not typed: the first digit replaces it.
  const [prefilled, setPrefilled] = useState(true);
  const [confirmingAllIn, setConfirmingAllIn] = useState(false);
  const { settling, guard } = useSettled(() => onTooSoon('decision'));
  const amount = amountOf(text);
  const inRange = range !== null && amount !== null && amount >= range.min && amount <= range.max;
  const act = (command: WireCommand) => guard(() => onCommand(command));
  const pick = (size: number) => {
    setText(String(size));
    setPrefilled(true);
  };
  const type = (value: string) => {
    setText(value);
    setPrefilled(false);
  };

  if (confirmingAllIn && legal.allIn !== null) {
    return <AllInConfirm seat={actor.seat} total={legal.allIn} onConfirm={() => onCommand({ type: 'all-in', seat: actor.seat })} onBack={() => setConfirmingAllIn(false)} onTooSoon={() => onTooSoon('confirmation')} />;
  }
  return (
    <div className={`action-pad${settling ? ' settling' : ''}`} data-testid="action-pad" data-settling={settling ? '' : undefined}>
      <div className="action-buttons">
        {legal.fold && (
          <button type="button" className="button action action-fold" data-testid="action-fold" onClick={act({ type: 'fold', seat: actor.seat })}>
            {t.fold}
          </button>
        )}
        {legal.check && (
          <button type="button" className="button action action-check" data-testid="action-check" onClick={act({ type: 'check', seat: actor.seat })}>
            {t.check}
          </button>
        )}
        {callTo !== null && !callIsAllIn && (
          <button type="button" className="button action action-call" data-testid="action-call" onClick={act({ type: 'call', seat: actor.seat })}>
            {t.call(callTo)}
          </button>
        )}
        {/* When the call takes every chip this is its only button: the core records the all-in as that call. */}
        {legal.allIn !== null && (
          <button
            type="button"
            className="button action action-allin"
            data-testid="action-allin"
            onClick={callIsAllIn ? act({ type: 'all-in', seat: actor.seat }) : guard(() => setConfirmingAllIn(true))}
          >
            {t.allIn(legal.allIn)}
          </button>
        )}
      </div>
      {range !== null && (
        <div className="action-raise-column">
          <AmountField testId="raise-amount" label={t.amount} value={text} onChange={type} replaceOnFocus />
          <p className="raise-range">
            {t.range(range.min, range.max)}
            {structure === 'pot-limit' && <strong className="pot-limit-max"> · {t.potLimitMax(range.max)}</strong>}
          </p>
          {sizes !== null && (
            <div className="quick-sizes">
              <button type="button" className="button size" data-testid="size-min" onClick={() => pick(sizes.min)}>
                {t.sizeMin} <span className="size-amount">{t.chips(sizes.min)}</span>
              </button>
              <button type="button" className="button size" data-testid="size-half-pot" onClick={() => pick(sizes.halfPot)}>
                {t.sizeHalfPot} <span className="size-amount">{t.chips(sizes.halfPot)}</span>
              </button>
              <button type="button" className="button size" data-testid="size-pot" onClick={() => pick(sizes.pot)}>
                {t.sizePot} <span className="size-amount">{t.chips(sizes.pot)}</span>
              </button>
              <button type="button" className="button size" data-testid="size-max" onClick={() => pick(sizes.max)}>
                {t.sizeMax} <span className="size-amount">{t.chips(sizes.max)}</span>
              </button>
            </div>
          )}
          <button
            type="button"
            className="button action action-raise"
            data-testid="action-raise"
            disabled={!inRange}
            onClick={guard(() => {
              if (inRange) onCommand({ type: 'bet', seat: actor.seat, to: amount });
            })}
          >
            {range.kind === 'bet' ? t.bet(amount) : t.raiseTo(amount)}
          </button>
        </div>
      )}
      {range !== null && <Keypad value={text} onChange={type} replace={prefilled} />}
    </div>
  );
}

type ConfirmProps = {
  readonly seat: number;
  readonly total: number;
  readonly onConfirm: () => void;
  readonly onBack: () => void;
  readonly onTooSoon: () => void;
};

/**
 * The all-in asked again, in place of the pad: Back where the actions were, the confirmation on the other
 * side of the screen, so that a second tap on All-in lands on Back, never on the confirmation; and the
 * confirmation takes a tap only once it has been seen.
 */
function AllInConfirm({ seat, total, onConfirm, onBack, onTooSoon }: ConfirmProps) {
  const { t } = useLanguage();
  const { settling, guard } = useSettled(onTooSoon);
  return (
    <div className={`action-pad action-confirm${settling ? ' settling' : ''}`} data-testid="allin-confirm" data-settling={settling ? '' : undefined}>
      <div className="action-buttons">
        <button type="button" className="button action" data-testid="allin-back" onClick={onBack}>
          {t.back}
        </button>
      </div>
      <div className="action-raise-column">
        <p className="confirm-question">{t.allInConfirm(seat, total)}</p>
        <button type="button" className="button action action-allin" data-testid="allin-confirm-yes" onClick={guard(onConfirm)}>
          {t.allInConfirmButton(total)}
        </button>
      </div>
    </div>
  );
}
