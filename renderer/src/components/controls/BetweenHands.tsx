import { useState } from 'react';
import type { Card } from '../../../../src/cards/card';
import { useLanguage } from '../../i18n';
import { CardPicker } from './CardPicker';

/** The next hand: its words (time, button, blinds) are in the prompt above; one big button starts it. */
export function StartHandPanel({ onStart }: { readonly onStart: () => void }) {
  const { t } = useLanguage();
  return (
    <div className="between-hands">
      <button type="button" className="button button-huge" data-testid="start-hand" onClick={onStart}>
        {t.startHand}
      </button>
    </div>
  );
}

type DrawProps = {
  readonly seats: readonly number[];
  readonly onDraw: (seat: number, card: Card) => void;
  /** With simulated hardware: the simulated shoe draws for the first seat still to draw. */
  readonly onSimDraw: (() => void) | null;
};

/** The draw for the button: one face-up card per listed seat, entered with the picker. */
export function DrawPanel({ seats, onDraw, onSimDraw }: DrawProps) {
  const { t } = useLanguage();
  const [chosen, setChosen] = useState<number | null>(null);
  // The seat whose card comes next: the one chosen, if still waiting, else the first still to draw.
  const seat = chosen !== null && seats.includes(chosen) ? chosen : (seats[0] ?? null);
  if (seat === null) return null;
  return (
    <div className="draw-panel">
      <div className="draw-head">
        <p className="deal-target" data-testid="draw-target">
          {t.drawForButton(seat)}
        </p>
        <span className="hint">{t.drawSeat}</span>
        {seats.map((n) => (
          <button type="button" key={n} className={`button button-small${n === seat ? ' button-on' : ''}`} aria-pressed={n === seat} data-testid={`draw-seat-${n}`} onClick={() => setChosen(n)}>
            {t.seat(n)}
          </button>
        ))}
        {onSimDraw !== null && (
          <button type="button" className="button button-sim" data-testid="sim-draw" onClick={onSimDraw}>
            {t.simDraw}
          </button>
        )}
      </div>
      <CardPicker onPick={(card) => onDraw(seat, card)} />
    </div>
  );
}

/** No hand can start yet: players take the empty seats. */
export function SeatPlayersPanel() {
  const { t } = useLanguage();
  return (
    <div className="between-hands">
      <p className="hint hint-large">{t.seatPlayers}</p>
    </div>
  );
}
