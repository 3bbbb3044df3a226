import { useState } from 'react';
import type { WireCommand } from '../../../src/api/requests';
import type { Stakes, ViewModel } from '../../../src/controller/view-model';
import { useLanguage } from '../i18n';
import { AmountField } from './AmountField';
import { Keypad, amountOf } from './Keypad';

type Props = {
  readonly actor: NonNullable<ViewModel['actor']>;
  readonly structure: Stakes['structure'];
  readonly onCommand: (command: WireCommand) => void;
};

/**
 * The actions of the player to act, exactly as `legal` allows them: nothing else is drawn. Every command
 * names the seat it is for, so a late or double tap can never act for the next player: the core refuses it. A bet or raise
 * is entered as the total for the round ("raise to"), prefilled with the minimum; the parent keys this pad
 * by the decision, so a new one starts from its own minimum.
 *
 * Every amount on the pad is a total in front of the player for the round, never the chips added: the raise
 * ("raise to"), the quick sizes, the all-in, and the call (what the player has in front once they call, the
 * bet they match). A call that takes all the player's chips is the all-in: one button, one amount.
 */
export function ActionPad({ actor, structure, onCommand }: Props) {
  const { t } = useLanguage();
  const { legal, sizes } = actor;
  const range = legal.betOrRaise;
  const callTo = legal.call === null ? null : actor.bet + legal.call;
  const callIsAllIn = callTo !== null && callTo === legal.allIn;
  const [text, setText] = useState(range === null ? '' : String(range.min));
  const amount = amountOf(text);
  const inRange = range !== null && amount !== null && amount >= range.min && amount <= range.max;

  return (
    <div className="action-pad">
      <div className="action-buttons">
        {legal.fold && (
          <button type="button" className="button action action-fold" data-testid="action-fold" onClick={() => onCommand({ type: 'fold', seat: actor.seat })}>
            {t.fold}
          </button>
        )}
        {legal.check && (
          <button type="button" className="button action action-check" data-testid="action-check" onClick={() => onCommand({ type: 'check', seat: actor.seat })}>
            {t.check}
          </button>
        )}
        {callTo !== null && !callIsAllIn && (
          <button type="button" className="button action action-call" data-testid="action-call" onClick={() => onCommand({ type: 'call', seat: actor.seat })}>
            {t.call(callTo)}
          </button>
        )}
        {/* When the call takes every chip this is its only button: the core records the all-in as that call. */}
        {legal.allIn !== null && (
          <button type="button" className="button action action-allin" data-testid="action-allin" onClick={() => onCommand({ type: 'all-in', seat: actor.seat })}>
            {t.allIn(legal.allIn)}
          </button>
        )}
      </div>
      {range !== null && (
        <div className="action-raise-column">
          <AmountField testId="raise-amount" label={t.amount} value={text} onChange={setText} />
          <p className="raise-range">
            {t.range(range.min, range.max)}
            {structure === 'pot-limit' && <strong className="pot-limit-max"> · {t.potLimitMax(range.max)}</strong>}
          </p>
          {sizes !== null && (
            <div className="quick-sizes">
              <button type="button" className="button size" data-testid="size-min" onClick={() => setText(String(sizes.min))}>
                {t.sizeMin} <span className="size-amount">{t.chips(sizes.min)}</span>
              </button>
              <button type="button" className="button size" data-testid="size-half-pot" onClick={() => setText(String(sizes.halfPot))}>
                {t.sizeHalfPot} <span className="size-amount">{t.chips(sizes.halfPot)}</span>
              </button>
              <button type="button" className="button size" data-testid="size-pot" onClick={() => setText(String(sizes.pot))}>
                {t.sizePot} <span className="size-amount">{t.chips(sizes.pot)}</span>
              </button>
              <button type="button" className="button size" data-testid="size-max" onClick={() => setText(String(sizes.max))}>
                {t.sizeMax} <span className="size-amount">{t.chips(sizes.max)}</span>
              </button>
            </div>
          )}
          <button
            type="button"
            className="button action action-raise"
            data-testid="action-raise"
            disabled={!inRange}
            onClick={() => {
              if (inRange) onCommand({ type: 'bet', seat: actor.seat, to: amount });
            }}
          >
            {range.kind === 'bet' ? t.bet(amount) : t.raiseTo(amount)}
          </button>
        </div>
      )}
      {range !== null && <Keypad value={text} onChange={setText} />}
    </div>
  );
}
