import { useLanguage } from '../../i18n';

type Props = {
  /** The buttons' test ids: `<testIdPrefix>-min`, `<testIdPrefix>-max`. */
  readonly testIdPrefix: string;
  readonly range: { readonly min: number; readonly max: number };
  /** The amount picked, as the keypad's text. */
  readonly onPick: (text: string) => void;
};

/** Two quick sizes for an amount with limits (a buy-in, a top-up): the least and the most it may be. */
export function RangeSizes({ testIdPrefix, range, onPick }: Props) {
  const { t } = useLanguage();
  return (
    <div className="quick-sizes">
      <button type="button" className="button size" data-testid={`${testIdPrefix}-min`} onClick={() => onPick(String(range.min))}>
        {t.sizeMin} {t.chips(range.min)}
      </button>
      <button type="button" className="button size" data-testid={`${testIdPrefix}-max`} onClick={() => onPick(String(range.max))}>
        {t.sizeMax} {t.chips(range.max)}
      </button>
    </div>
  );
}
