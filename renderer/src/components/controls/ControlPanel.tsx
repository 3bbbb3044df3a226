import type { WireCommand } from '../../../../src/api/requests';
import type { Decision, ViewModel } from '../../../../src/controller/view-model';
import { ActionPad } from './ActionPad';
import { DrawPanel, SeatPlayersPanel, StartHandPanel } from './BetweenHands';
import { CardErrorPanel, type CardErrors } from './CardErrorPanel';
import { DealPanel } from './DealPanel';
import { ShowdownPanel } from './ShowdownPanel';
import { useLanguage } from '../../i18n';
import { useSettled } from '../../settle';

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
  const { prompt, actor, decision } = view;
  // A player's action goes with the decision this render shows: the one its buttons were drawn for.
  const decide = (command: WireCommand) => onCommand(command, decision ?? undefined);
  // Each decision gets panels of its own (a fresh pad, prefilled with its own minimum, settling anew).
  const key = decision === null ? 'none' : `${decision.hand}:${decision.actions}:${decision.seat}:${decision.step}`;
  const tooSoon = (what: 'decision' | 'confirmation' = 'decision') => onTooSoon(what === 'decision' ? (decision?.seat ?? null) : null);
  let panel = null;
  // While card entry is stopped (D65) no card is entered here, and while a dealing error reported waits
  // for the floor nothing goes on: the floor decides first.
  const entering = prompt.kind === 'deal' || (prompt.kind === 'show' && prompt.unread > 0);
  if ((view.cardEntry === 'stopped' && (entering || cardErrors !== null)) || view.cardEntry === 'hand-held') {
    // A player to show may still muck: that names no card (only the floor moves the hand on otherwise).
    const muck = view.cardEntry === 'stopped' && prompt.kind === 'show' && prompt.muck ? () => decide({ type: 'muck', seat: prompt.seat }) : null;
    panel = <CardEntryStopped key={key} held={view.cardEntry === 'hand-held'} onCallFloor={onCallFloor} onMuck={muck} onTooSoon={() => tooSoon()} />;
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

type StoppedProps = { readonly held: boolean; readonly onCallFloor: () => void; readonly onMuck: (() => void) | null; readonly onTooSoon: () => void };

/**
 * Card entry stopped (D65): the floor is called; a player at the showdown may still muck, which names no
 * card (its decision settles as any other's). With a dealing error reported, the whole hand waits.
 */
function CardEntryStopped({ held, onCallFloor, onMuck, onTooSoon }: StoppedProps) {
  const { t } = useLanguage();
  const { settling, guard } = useSettled(onTooSoon);
  return (
    <div className={`card-entry-stopped${settling ? ' settling' : ''}`} data-testid="card-entry-stopped" data-settling={onMuck !== null && settling ? '' : undefined}>
      <p className="hint hint-large">{held ? t.handHeld : t.cardEntryStopped}</p>
      <div className="choice-row">
        <button type="button" className="button action" data-testid="card-entry-floor" onClick={onCallFloor}>
          {t.callFloor}
        </button>
        {onMuck !== null && (
          <button type="button" className="button action action-fold" data-testid="muck" onClick={guard(onMuck)}>
            {t.muck}
          </button>
        )}
      </div>
    </div>
  );
}
