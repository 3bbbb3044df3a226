import { useState } from 'react';
import type { HandReplay as Replay } from '../../../../src/api/requests';
import { useLanguage } from '../../i18n';
import { Board } from '../table/Board';
import { CardFace } from '../table/CardFace';

/** One hand step by step, as the screen showed it: words, board, pots, and each seat's stack and bet. */
export function HandReplay({ replay }: { readonly replay: Replay }) {
  const { t, words } = useLanguage();
  const [index, setIndex] = useState(0);
  const last = replay.steps.length - 1;
  const step = replay.steps[Math.min(index, last)];
  return (
    <div className="replay">
      <div className="replay-controls">
        <button type="button" className="button" data-testid="replay-prev" disabled={index <= 0} onClick={() => setIndex(index - 1)}>
          ◀ {t.replayPrev}
        </button>
        <span className="replay-counter">{t.replayStep(Math.min(index, last) + 1, replay.steps.length)}</span>
        <button type="button" className="button" data-testid="replay-next" disabled={index >= last} onClick={() => setIndex(index + 1)}>
          {t.replayNext} ▶
        </button>
      </div>
      {step !== undefined && (
        <div className="replay-step" data-testid="replay-step">
          <p className="replay-words">{words(step.words)}</p>
          <Board board={step.board} />
          <p className="replay-pots">
            {t.pots}: {step.pots.length === 0 ? '0' : step.pots.map(t.chips).join(' · ')}
            {/* Bets in front are not in a pot yet: said beside it, so "Pots: 0" with blinds out is not a puzzle. */}
            {inFront(step) > 0 && ` · ${t.betsInFront(inFront(step))}`}
          </p>
          <table className="replay-seats">
            <thead>
              <tr>
                <th scope="col">{t.seatColumn}</th>
                <th scope="col">{t.stack}</th>
                <th scope="col">{t.betColumn}</th>
                <th scope="col">{t.shown}</th>
              </tr>
            </thead>
            <tbody>
              {step.seats.map((seat) => (
                <tr key={seat.seat} className={seat.folded ? 'replay-folded' : ''}>
                  <td>
                    {seat.seat}
                    {seat.folded && ` (${t.folded})`}
                  </td>
                  <td>{t.chips(seat.stack)}</td>
                  <td>{t.chips(seat.bet)}</td>
                  <td>{seat.shown?.map((card) => <CardFace card={card} key={card} />)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function inFront(step: { readonly seats: readonly { readonly bet: number }[] }): number {
  return step.seats.reduce((sum, seat) => sum + seat.bet, 0);
}
