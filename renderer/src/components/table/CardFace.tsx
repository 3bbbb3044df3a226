import type { Card } from '../../../../src/cards/card';
import { cardFace } from '../../card-faces';

/** A card's face drawn with text: rank over suit, red for hearts and diamonds. */
export function CardFace({ card }: { readonly card: Card }) {
  const face = cardFace(card);
  return (
    <span className={`card card-face ${face.red ? 'red' : 'black'}`} data-card={face.code} aria-label={face.code}>
      <span className="card-rank">{face.rank}</span>
      <span className="card-suit">{face.suit}</span>
    </span>
  );
}

/** A face-down card: its back only. The view never holds the face, so nothing here could show it. */
export function CardBack() {
  return <span className="card card-back" aria-hidden="true" />;
}
