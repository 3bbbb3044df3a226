import type { WireCommand } from '../../../../src/api/requests';
import type { Decision, ViewModel } from '../../../../src/controller/view-model';
import { ActionPad } from './ActionPad';
import { DrawPanel, SeatPlayersPanel, StartHandPanel } from './BetweenHands';
import { CardErrorPanel, type CardErrors } from './CardErrorPanel';
import { DealPanel } from './DealPanel';
import { ShowdownPanel } from './ShowdownPanel';
import { useLanguage } from '../../i18n';

type Props = {
  readonly view: ViewModel;
  readonly simulated: boolean;
  /** Sends a command; a player's action with the decision the panel showed (D59). */
  readonly onCommand: (command: WireCommand, decision?: Decision) => void;
  /**
   * A player's action tapped before its decision could have been seen (`seat` the one now to act), or a
   * confirmation tapped as it appeared (`seat` null): refused on this screen.
   */
  readonly onTooSoon: (seat: number | null) => void;
  readonly onSimDeal: () => void;
  readonly onSimDealStep: () => Promise<void>;
  /** A command is on its way: nothing can be tapped until its answer is in (no double taps). */
  readonly busy: boolean;
  /** The croupier opened the card errors: they take the panel's place until closed or the hand moves on. */
  readonly cardErrors: CardErrors | null;
  /** A card error recorded: closes the card errors once the table took it. */
  readonly onCardError: (command: WireCommand) => void;
  readonly onCardErrorsClose: () => void;
  /** Opens the floor's functions (card entry stopped: the floor resumes it). */
  readonly onCallFloor: () => void;
};

/** The croupier's controls for what the prompt asks now: one panel at a time. */
export function ControlPanel({ view, simulated, onCommand, onTooSoon, onSimDeal, onSimDealStep, busy, cardErrors, onCardError, onCardErrorsClose, onCallFloor }: Props) {
  const { t } = useLanguage();
  const { prompt, actor, decision } = view;
  // A player's action goes with the decision this render shows: the one its buttons were drawn for.
  const decide = (command: WireCommand) => onCommand(command, decision ?? undefined);
  // Each decision gets panels of its own (a fresh pad, prefilled with its own minimum, settling anew).
  const key = decision === null ? 'none' : `${decision.hand}:${decision.actions}:${decision.seat}`;
  const tooSoon = (what: 'decision' | 'confirmation' = 'decision') => onTooSoon(what === 'decision' ? (decision?.seat ?? null) : null);
  let panel = null;
  // While card entry is stopped (D65) no card is entered here, and while a dealing error reported waits
  // for the floor nothing goes on: the floor decides first.
  const entering = prompt.kind === 'deal' || (prompt.kind === 'show' && prompt.unread > 0);
  if ((view.cardEntry === 'stopped' && (entering || cardErrors !== null)) || view.cardEntry === 'hand-held') {
    panel = (
      <div className="card-entry-stopped" data-testid="card-entry-stopped">
        <p className="hint hint-large">{view.cardEntry === 'hand-held' ? t.handHeld : t.cardEntryStopped}</p>
        <button type="button" className="button action" data-testid="card-entry-floor" onClick={onCallFloor}>
          {t.callFloor}
        </button>
      </div>
    );
  } else if (cardErrors !== null) {
    panel = <CardErrorPanel {...cardErrors} onCommand={onCardError} onBack={onCardErrorsClose} />;
  } else if (actor !== null) {
    panel = <ActionPad key={key} actor={actor} structure={view.stakes.structure} onCommand={decide} onTooSoon={tooSoon} />;
  } else if (prompt.kind === 'deal') {
    panel = <DealPanel target={prompt.target} simulated={simulated} onDeal={(card) => onCommand({ type: 'deal', card, to: prompt.target })} onSimDeal={onSimDeal} onSimDealStep={onSimDealStep} />;
  } else if (prompt.kind === 'show') {
    panel = (
      <ShowdownPanel
        key={key}
        seat={prompt.seat}
        unread={prompt.unread}
        onShow={(cards) => decide(cards === undefined ? { type: 'show', seat: prompt.seat } : { type: 'show', seat: prompt.seat, cards })}
        onMuck={prompt.muck ? () => decide({ type: 'muck', seat: prompt.seat }) : null}
        onTooSoon={() => tooSoon()}
      />
    );
  } else if (prompt.kind === 'start-hand') {
    panel = <StartHandPanel onStart={() => onCommand({ type: 'start-hand' })} />;
  } else if (prompt.kind === 'draw-for-button') {
    panel = <DrawPanel seats={prompt.seats} onDraw={(seat, card) => onCommand({ type: 'draw', seat, card })} onSimDraw={simulated ? onSimDeal : null} />;
  } else if (prompt.kind === 'seat-players') {
    panel = <SeatPlayersPanel />;
  }
  return (
    <section className="control-panel" aria-busy={busy}>
      <fieldset className="control-fieldset" disabled={busy}>
        {panel}
      </fieldset>
    </section>
  );
}
