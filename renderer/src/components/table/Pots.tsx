import type { ViewModel } from '../../../../src/controller/view-model';
import { useLanguage } from '../../i18n';

type Props = { readonly pots: ViewModel['pots']; readonly potTotal: number };

/** The main pot and every side pot, each with the seats that can win it, and the total to announce. */
export function Pots({ pots, potTotal }: Props) {
  const { t } = useLanguage();
  return (
    <div className="pots">
      {pots.map((pot, index) => (
        <div className={`pot${index === 0 ? ' pot-main' : ''}`} key={index} data-testid={index === 0 ? 'pot-main' : `pot-side-${index}`}>
          <span className="pot-name">{index === 0 ? t.mainPot : t.sidePot(index)}</span>
          <span className="pot-amount">{t.chips(pot.amount)}</span>
          <span className="pot-eligible">{t.eligible(pot.eligible)}</span>
        </div>
      ))}
      {potTotal > 0 && (
        <div className="pot-total" data-testid="pot-total">
          <span className="pot-name">{t.potTotal}</span> <span className="pot-amount">{t.chips(potTotal)}</span>
        </div>
      )}
    </div>
  );
}
