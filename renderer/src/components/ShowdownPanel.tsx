import { useState } from 'react';
import type { Card } from '../../../src/cards/card';
import { useLanguage } from '../i18n';
import { CardFace } from './CardFace';
import { CardPicker } from './CardPicker';

type Props = {
  readonly seat: number;
  /** No cards: the core knows them (read when dealt); two cards: the croupier names them (dealt unread). */
  readonly onShow: (cards?: readonly [Card, Card]) => void;
  readonly onMuck: () => void;
};

/** At the showdown: the player shows or mucks. The cards picked to show appear beside the picker, not in it. */
export function ShowdownPanel({ seat, onShow, onMuck }: Props) {
  const { t } = useLanguage();
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<readonly Card[]>([]);
  const [first, second] = chosen;
  return (
    <div className="showdown-panel">
      <div className="showdown-buttons">
        <span className="showdown-seat">{t.seat(seat)}</span>
        <button type="button" className="button action action-show" data-testid="show" onClick={() => onShow()}>
          {t.show}
        </button>
        <button type="button" className="button" data-testid="show-cards" onClick={() => setPicking(!picking)}>
          {t.showCards}
        </button>
        <button type="button" className="button action action-fold" data-testid="muck" onClick={onMuck}>
          {t.muck}
        </button>
      </div>
      {picking && (
        <div className="show-pick">
          <div className="show-chosen">
            <span className="hint">{t.pickTwo}</span>
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
              disabled={first === undefined || second === undefined}
              onClick={() => {
                if (first !== undefined && second !== undefined) onShow([first, second]);
              }}
            >
              {t.showThese}
            </button>
          </div>
          <CardPicker onPick={(card) => setChosen(chosen.length >= 2 ? [card] : [...chosen, card])} />
        </div>
      )}
    </div>
  );
}
