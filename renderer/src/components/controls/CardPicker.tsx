import type { Card } from '../../../../src/cards/card';
import { PICKER_ROWS, cardFace } from '../../card-faces';
import { useLanguage } from '../../i18n';

/**
 * All 52 cards, a row per suit, to enter a card by touch. Every card always looks the same and stays
 * enabled: marking the cards already dealt would tell anyone watching the screen which cards are in the
 * players' hands. A duplicate is the core's to refuse, in words.
 */
export function CardPicker({ onPick }: { readonly onPick: (card: Card) => void }) {
  const { t } = useLanguage();
  return (
    <div className="card-picker" data-testid="card-picker" role="group" aria-label={t.cardPicker}>
      {PICKER_ROWS.map((row, index) => (
        <div className="card-picker-row" key={index}>
          {row.map((card) => {
            const face = cardFace(card);
            return (
              <button type="button" key={card} className={`pick ${face.red ? 'red' : 'black'}`} data-testid={`card-${face.code}`} onClick={() => onPick(card)}>
                {face.rank}
                {face.suit}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
