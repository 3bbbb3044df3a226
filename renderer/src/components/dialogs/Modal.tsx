import type { ReactNode } from 'react';
import { useLanguage } from '../../i18n';

type Props = {
  readonly testId: string;
  readonly title: string;
  readonly onClose: () => void;
  /** A line beside the title (what the dialog's figures are measured by), where no long body pushes it away. */
  readonly aside?: ReactNode;
  readonly children: ReactNode;
};

/** A dialog over the table; the control panel behind it is not drawn, so its keypad never doubles. */
export function Modal({ testId, title, onClose, aside = null, children }: Props) {
  const { t } = useLanguage();
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <header className="modal-header">
          <h2>{title}</h2>
          {aside}
          <button type="button" className="button button-quiet" data-testid="modal-close" onClick={onClose}>
            {t.close}
          </button>
        </header>
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}
