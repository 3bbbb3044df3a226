import { useState } from 'react';
import type { Card } from '../../../../src/cards/card';
import { useLanguage } from '../../i18n';
import { useSettled } from '../../settle';
import { CardFace } from '../table/CardFace';
import { CardPicker } from './CardPicker';

type Props = {
  readonly seat: number;
  /** How many of the player's cards were dealt unread: the croupier names those, and only those. */
  readonly unread: number;
  /** No cards: the core knows them (read when dealt); otherwise the cards dealt unread, named by the croupier. */
  readonly onShow: (cards?: readonly Card[]) => void;
  /** Null when the player may not muck (the first to show, or a player is all-in): no muck button. */
  readonly onMuck: (() => void) | null;
  /** A tap before the seat could have been seen to show: refused on the screen (D59). */
  readonly onTooSoon: () => void;
};

/**
 * At the showdown: the player shows, or mucks where the rules allow it; keyed by the decision, so a tap
 * meant for the seat before (a double tap on Show) does not show or muck for this one. A hand read in full is shown as read; for cards dealt unread
 * the croupier picks them, and they appear beside the picker, not in it (the core never compares a read
 * card with a picked one: D39).
 */
export function ShowdownPanel({ seat, unread, onShow, onMuck, onTooSoon }: Props) {
  const { t } = useLanguage();
  const [chosen, setChosen] = useState<readonly Card[]>([]);
  const { settling, guard } = useSettled(onTooSoon);
  const complete = chosen.length === unread;
  return (
    <div className={`showdown-panel${settling ? ' settling' : ''}`} data-settling={settling ? '' : undefined}>
      <div className="showdown-buttons">
        <span className="showdown-seat">{t.seat(seat)}</span>
        {unread === 0 && (
          <button type="button" className="button action action-show" data-testid="show" onClick={guard(() => onShow())}>
            {t.show}
          </button>
        )}
        {onMuck !== null && (
          <button type="button" className="button action action-fold" data-testid="muck" onClick={guard(onMuck)}>
            {t.muck}
          </button>
        )}
      </div>
      {unread > 0 && (
        <div className="show-pick">
          <div className="show-chosen">
            <span className="hint">{unread === 1 ? t.pickOne : t.pickTwo}</span>
            <span className="show-chosen-cards" data-testid="show-chosen">
              {chosen.map((card) => (
                <CardFace card={card} key={card} />
              ))}
            </span>
            <button type="button" className="button" onClick={() => setChosen([])}>
              {t.keypadClear}
            </button>
            <button
              type="button"
              className="button action"
              data-testid="show-confirm"
              disabled={!complete}
              onClick={guard(() => {
                if (complete) onShow(chosen);
              })}
            >
              {t.showThese}
            </button>
          </div>
          <CardPicker onPick={(card) => setChosen(chosen.length >= unread ? [card] : [...chosen, card])} />
        </div>
      )}
    </div>
  );
}
