import { useState } from 'react';
import type { Card } from '../../../../src/cards/card';
import type { CardTarget } from '../../../../src/engine/hand/dealing';
import { useLanguage } from '../../i18n';
import { CardPicker } from './CardPicker';

type Props = {
  readonly target: CardTarget;
  /** Simulated hardware: the simulated shoe can deal. */
  readonly simulated: boolean;
  readonly onDeal: (card: Card | null) => void;
  readonly onSimDeal: () => void;
  /** Deals with the simulated shoe until the table stops asking for cards; resolves when done. */
  readonly onSimDealStep: () => Promise<void>;
};

/** Card entry while the table expects a card: where it goes, the 52-card picker, and "unread". */
export function DealPanel({ target, simulated, onDeal, onSimDeal, onSimDealStep }: Props) {
  const { t } = useLanguage();
  const [dealing, setDealing] = useState(false);
  const where = target === 'burn' ? t.target.burn : target === 'board' ? t.target.board : t.target.seat(target.seat);
  return (
    <div className="deal-panel">
      <div className="deal-head">
        <p className="deal-target" data-testid="deal-target">
          {t.expected}: <strong>{where}</strong>
        </p>
        <button type="button" className="button" data-testid="deal-unread" onClick={() => onDeal(null)}>
          {t.unread}
        </button>
        {simulated && (
          <>
            <button type="button" className="button button-sim" data-testid="sim-deal" disabled={dealing} onClick={onSimDeal}>
              {t.simDeal}
            </button>
            <button
              type="button"
              className="button button-sim"
              data-testid="sim-deal-step"
              disabled={dealing}
              onClick={() => {
                setDealing(true);
                void onSimDealStep().finally(() => setDealing(false));
              }}
            >
              {t.simDealStep}
            </button>
          </>
        )}
      </div>
      <p className="hint">{t.pickCard}</p>
      <CardPicker onPick={onDeal} />
    </div>
  );
}
