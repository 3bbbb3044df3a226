import type { HandSummary } from '../../../../src/api/requests';
import { useLanguage } from '../../i18n';

type Props = {
  /** Newest first, as the core lists them; null while loading. */
  readonly hands: readonly HandSummary[] | null;
  /** Opens a hand by its id (a misdealt hand and its redeal share a number, not an id). */
  readonly onOpen: (id: number) => void;
  /** Loads the next page of older hands, when there may be more. */
  readonly onOlder: (() => void) | null;
};

/** The table's hands: number, pot, and who won what, or why the hand was void. Tap one to replay it. */
export function HandList({ hands, onOpen, onOlder }: Props) {
  const { t, words } = useLanguage();
  if (hands === null) return <p className="hint hint-large">{t.loading}</p>;
  if (hands.length === 0) return <p className="hint hint-large">{t.noHands}</p>;
  return (
    <ul className="hand-list">
      {hands.map((hand) => (
        <li key={hand.id}>
          <button type="button" className="hand-row" data-testid={`hand-row-${hand.id}`} onClick={() => onOpen(hand.id)}>
            <span className="hand-number">{t.handNumber(hand.handNumber, hand.voided !== null)}</span>
            {/* A pot is known once the hand is over: in play its chips are still moving, voided they went back. */}
            <span className="hand-pot">{hand.complete && hand.voided === null ? t.pot(hand.pot) : ''}</span>
            <span className="hand-result">
              {hand.voided !== null ? `${t.voided}: ${words(hand.voided)}` : hand.complete ? hand.awards.map(words).join(' · ') : t.inPlay}
            </span>
          </button>
        </li>
      ))}
      {onOlder !== null && (
        <li>
          <button type="button" className="button" data-testid="hands-older" onClick={onOlder}>
            {t.olderHands}
          </button>
        </li>
      )}
    </ul>
  );
}
