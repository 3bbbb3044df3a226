import type { Card } from '../../../../src/cards/card';
import { useLanguage } from '../../i18n';
import { CardFace } from './CardFace';

const BOARD_SIZE = 5;

/** The community cards, with empty places for those still to come. */
export function Board({ board }: { readonly board: readonly Card[] }) {
  const { t } = useLanguage();
  return (
    <div className="board" data-testid="board" aria-label={t.board}>
      {board.map((card) => (
        <CardFace card={card} key={card} />
      ))}
      {Array.from({ length: Math.max(0, BOARD_SIZE - board.length) }, (_, index) => (
        <span className="card card-slot" key={`slot-${index}`} aria-hidden="true" />
      ))}
    </div>
  );
}
