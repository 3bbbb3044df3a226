import type { WireCommand } from '../../../src/api/requests';
import type { ViewModel } from '../../../src/controller/view-model';
import { ActionPad } from './ActionPad';
import { DrawPanel, SeatPlayersPanel, StartHandPanel } from './BetweenHands';
import { CardErrorPanel, type CardErrors } from './CardErrorPanel';
import { DealPanel } from './DealPanel';
import { ShowdownPanel } from './ShowdownPanel';

type Props = {
  readonly view: ViewModel;
  readonly simulated: boolean;
  readonly onCommand: (command: WireCommand) => void;
  readonly onSimDeal: () => void;
  readonly onSimDealStep: () => Promise<void>;
  /** A command is on its way: nothing can be tapped until its answer is in (no double taps). */
  readonly busy: boolean;
  /** The croupier opened the card errors: they take the panel's place until closed or the hand moves on. */
  readonly cardErrors: CardErrors | null;
  /** A card error recorded: closes the card errors once the table took it. */
  readonly onCardError: (command: WireCommand) => void;
  readonly onCardErrorsClose: () => void;
};

/** The croupier's controls for what the prompt asks now: one panel at a time. */
export function ControlPanel({ view, simulated, onCommand, onSimDeal, onSimDealStep, busy, cardErrors, onCardError, onCardErrorsClose }: Props) {
  const { prompt, actor } = view;
  let panel = null;
  if (cardErrors !== null) {
    panel = <CardErrorPanel {...cardErrors} onCommand={onCardError} onBack={onCardErrorsClose} />;
  } else if (actor !== null) {
    // A new decision (another seat, street or amount) gets a fresh pad, prefilled with its own minimum.
    const decision = `${view.handNumber}:${actor.seat}:${view.board.length}:${JSON.stringify(actor.legal)}`;
    panel = <ActionPad key={decision} actor={actor} structure={view.stakes.structure} onCommand={onCommand} />;
  } else if (prompt.kind === 'deal') {
    panel = <DealPanel target={prompt.target} simulated={simulated} onDeal={(card) => onCommand({ type: 'deal', card, to: prompt.target })} onSimDeal={onSimDeal} onSimDealStep={onSimDealStep} />;
  } else if (prompt.kind === 'show') {
    panel = (
      <ShowdownPanel
        key={prompt.seat}
        seat={prompt.seat}
        unread={prompt.unread}
        onShow={(cards) => onCommand(cards === undefined ? { type: 'show', seat: prompt.seat } : { type: 'show', seat: prompt.seat, cards })}
        onMuck={prompt.muck ? () => onCommand({ type: 'muck', seat: prompt.seat }) : null}
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
