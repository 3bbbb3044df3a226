import { type ReactNode, useState } from 'react';
import type { Card } from '../../../../src/cards/card';
import type { WireCommand } from '../../../../src/api/requests';
import type { ViewModel } from '../../../../src/controller/view-model';
import { useLanguage } from '../../i18n';
import { CardPicker } from './CardPicker';

/** Which dealing errors the moment allows. */
export type CardErrors = {
  /**
   * Pre-flop, during the deal or before anyone acts: the seat the last hole card went to, which a report
   * of an exposed card names (a card the shoe deals meanwhile makes the core refuse it), else null.
   */
  readonly exposedSeat: number | null;
  /** The betting goes on before the river: a burn or board card can be turned too early. */
  readonly premature: boolean;
  /** The flop is out, its betting on: before anyone acts, it can be dealt again. */
  readonly flop: boolean;
};

type Props = CardErrors & {
  readonly onCommand: (command: WireCommand) => void;
  readonly onBack: () => void;
};

/**
 * The dealing errors a croupier puts right without a misdeal (Robert's Rules, WSOP Live Action; rules E16,
 * E17): a hole card exposed, a card turned before the betting was over, a flop with too many cards. The
 * core decides whether the rule allows it here and refuses in words (the first or second card exposed is
 * a misdeal, the floor's). A card is named only where it was not read: a card read stays unnamed, so
 * that nothing typed here is compared with a player's card.
 */
export function CardErrorPanel({ exposedSeat, premature, flop, onCommand, onBack }: Props) {
  const { t } = useLanguage();
  const [naming, setNaming] = useState<'exposed' | 'burn' | 'board' | null>(null);
  if (naming !== null) {
    const title = naming === 'exposed' ? t.cardError.nameExposed : naming === 'burn' ? t.cardError.prematureBurn : t.cardError.prematureBoard;
    const send = (card: Card | null): void => {
      if (naming !== 'exposed') onCommand({ type: 'premature', card, to: naming });
      else if (exposedSeat !== null) onCommand(card === null ? { type: 'exposed', seat: exposedSeat } : { type: 'exposed', seat: exposedSeat, card });
    };
    return (
      <div className="deal-panel" data-testid="card-error-panel">
        <div className="deal-head">
          <p className="deal-target">
            <strong>{title}</strong>
          </p>
          {naming === 'burn' && (
            <button type="button" className="button" data-testid="card-error-unread" onClick={() => send(null)}>
              {t.unread}
            </button>
          )}
          <button type="button" className="button button-quiet" data-testid="card-error-back" onClick={() => setNaming(null)}>
            {t.cardError.back}
          </button>
        </div>
        <p className="hint">{naming === 'board' ? t.cardError.pickBoard : t.cardError.pickUnread}</p>
        <CardPicker onPick={send} />
      </div>
    );
  }
  return (
    <div className="card-error-panel" data-testid="card-error-panel">
      <div className="card-error-head">
        <p className="deal-target">
          <strong>{t.cardError.title}</strong>
        </p>
        <button type="button" className="button button-quiet" data-testid="card-error-back" onClick={onBack}>
          {t.cardError.back}
        </button>
      </div>
      <div className="card-error-choices">
        {exposedSeat !== null && (
          <Choice hint={t.cardError.exposedHint}>
            <button type="button" className="button" data-testid="card-error-exposed" onClick={() => onCommand({ type: 'exposed', seat: exposedSeat })}>
              {t.cardError.exposed(exposedSeat)}
            </button>
            <button type="button" className="button" data-testid="card-error-exposed-unread" onClick={() => setNaming('exposed')}>
              {t.cardError.exposedUnread}
            </button>
          </Choice>
        )}
        {premature && (
          <Choice hint={t.cardError.prematureHint}>
            <button type="button" className="button" data-testid="card-error-premature-board" onClick={() => setNaming('board')}>
              {t.cardError.prematureBoard}
            </button>
            <button type="button" className="button" data-testid="card-error-premature-burn" onClick={() => setNaming('burn')}>
              {t.cardError.prematureBurn}
            </button>
          </Choice>
        )}
        {flop && (
          <Choice hint={t.cardError.redealFlopHint}>
            <button type="button" className="button" data-testid="card-error-redeal-flop" onClick={() => onCommand({ type: 'redeal-flop' })}>
              {t.cardError.redealFlop}
            </button>
          </Choice>
        )}
      </div>
    </div>
  );
}

/** One kind of error: what the rule does, then its buttons. */
function Choice({ hint, children }: { readonly hint: string; readonly children: ReactNode }) {
  return (
    <div className="card-error-choice">
      <p className="hint">{hint}</p>
      {children}
    </div>
  );
}

/**
 * Which dealing errors the moment allows, or null for none: an exposed hole card pre-flop (while dealing,
 * or when the betting opens before anyone acts), a premature card while the betting goes on before the
 * river, a flop dealt again before anyone acts on it. The core checks each exactly and refuses in words;
 * this only keeps the choices that cannot apply off the screen.
 */
export function cardErrorsNow(view: ViewModel): CardErrors | null {
  if (!view.handInPlay) return null;
  const betting = view.actor !== null;
  // A hole card while the hole cards are dealt (a seat's card is due), or the last one as the betting opens.
  const dealingHoleCards = view.prompt.kind === 'deal' && typeof view.prompt.target === 'object';
  const exposedSeat = view.board.length === 0 && (dealingHoleCards || betting) ? view.lastHoleCardSeat : null;
  const premature = betting && view.board.length < 5;
  const flop = betting && view.board.length === 3;
  return exposedSeat !== null || premature || flop ? { exposedSeat, premature, flop } : null;
}

/**
 * The moment the card errors were opened at: they stay open while it lasts and close when the hand moves
 * on (a card, an action, the error recorded: the hand's last step), not at a row that is no step of the
 * hand (a device's incident, a dealer's sign-in).
 */
export function cardErrorMoment(view: ViewModel): string {
  const target = view.prompt.kind === 'deal' ? JSON.stringify(view.prompt.target) : '';
  return `${view.handNumber}:${view.board.length}:${view.actor?.seat ?? ''}:${view.prompt.kind}:${target}:${JSON.stringify(view.lastStep)}`;
}
