import { type CSSProperties, useLayoutEffect, useRef } from 'react';
import type { SeatView } from '../../../../src/controller/view-model';
import { type Dictionary, useLanguage } from '../../i18n';
import type { SeatPlace } from '../../table-layout';
import { CardBack, CardFace } from './CardFace';

export type SeatMarkers = { readonly dealer: boolean; readonly small: boolean; readonly big: boolean };

type Props = {
  readonly seat: SeatView;
  readonly place: SeatPlace;
  readonly isActor: boolean;
  readonly markers: SeatMarkers;
  readonly onTap: (seat: number) => void;
};

function statusWords(seat: SeatView, t: Dictionary): string {
  const owes = seat.owes.small && seat.owes.big ? t.owes.both : seat.owes.small ? t.owes.small : seat.owes.big ? t.owes.big : '';
  const time = seat.timeDue > 0 ? t.owesTime(seat.timeDue) : '';
  return [t.status[seat.status], seat.sitsOutNext ? t.sitsOutNext : '', owes, time].filter((part) => part !== '').join(' · ');
}

/**
 * An occupied seat: name, stack, status, its bet in front (towards the pot) and the backs of its face-down
 * cards (a count, never a face). Cards it tabled at the showdown, and the card it drew for the button, lie
 * in front of it at the board's size, to be read from the dealer's place as the board is. After a hand,
 * what it won is marked on it, pot by pot. The player to act stands out; a tap opens the seat's menu.
 */
export function Seat({ seat, place, isActor, markers, onTap }: Props) {
  const { t } = useLanguage();
  const n = seat.seat;
  const winner = seat.won.length > 0;
  const classes = ['seat', `seat-${seat.status}`, isActor ? 'seat-actor' : '', winner ? 'seat-winner' : ''].filter(Boolean).join(' ');
  const status = isActor ? [t.toAct, seat.sitsOutNext ? t.sitsOutNext : ''].filter((part) => part !== '').join(' · ') : statusWords(seat, t);
  const tabled = seat.shown ?? (seat.drawn === null ? null : [seat.drawn]);
  const name = useRef<HTMLSpanElement>(null);
  // After every render: the box's width follows the table's size.
  useLayoutEffect(() => fitOnOneLine(name.current));
  return (
    <button
      type="button"
      className={classes}
      style={{ left: `${place.x}%`, top: `${place.y}%` }}
      data-testid={`seat-${n}`}
      aria-current={isActor ? 'true' : undefined}
      onClick={() => onTap(n)}
    >
      <span className="seat-head" style={{ '--markers': [markers.dealer, markers.small, markers.big].filter(Boolean).length } as CSSProperties}>
        <span className="seat-number">{n}</span>
        <span className="seat-name" ref={name}>
          {t.seatName(seat.name)}
        </span>
      </span>
      {(markers.dealer || markers.small || markers.big) && (
        // On the box's corner, as the button lies on the felt by the seat: the name keeps the whole row.
        <span className="seat-markers">
          {markers.dealer && (
            <span className="marker marker-dealer" data-testid="button-marker">
              {t.dealer}
            </span>
          )}
          {markers.small && (
            <span className="marker marker-blind" data-testid="sb-marker">
              {t.smallBlind}
            </span>
          )}
          {markers.big && (
            <span className="marker marker-blind" data-testid="bb-marker">
              {t.bigBlind}
            </span>
          )}
        </span>
      )}
      <span className="seat-stack" data-testid={`seat-${n}-stack`}>
        {t.chips(seat.stack)}
      </span>
      {winner ? (
        <span className="seat-won" data-testid={`seat-${n}-won`}>
          <span className="seat-won-total">{t.wins(seat.won.reduce((sum, award) => sum + award.amount, 0))}</span>
          {/* Pot by pot where it is more than the main pot alone. */}
          {(seat.won.length > 1 || seat.won.some((award) => award.pot > 0)) && (
            <span className="seat-won-pots">
              {seat.won.map((award, index) => (
                <span key={award.pot}>
                  {index > 0 && ' · '}
                  <span className="seat-won-pot">{t.wonPot(award.pot, award.amount)}</span>
                </span>
              ))}
            </span>
          )}
        </span>
      ) : (
        <span className="seat-status" data-testid={`seat-${n}-status`}>
          {status}
        </span>
      )}
      <span className="seat-cards" data-testid={`seat-${n}-cards`} aria-label={seat.faceDown > 0 ? t.faceDown(seat.faceDown) : undefined}>
        {tabled === null && Array.from({ length: seat.faceDown }, (_, index) => <CardBack key={index} />)}
      </span>
      {tabled !== null && (
        <span className={`tabled front-${place.side}`} data-testid={`seat-${n}-tabled`}>
          {tabled.map((card) => (
            <CardFace card={card} key={card} />
          ))}
        </span>
      )}
      {seat.bet > 0 && (
        <span className={`bet front-${place.side}`} data-testid={`seat-${n}-bet`}>
          {t.chips(seat.bet)}
        </span>
      )}
    </button>
  );
}

/** Letters a fifth smaller at most, to keep a name on one line; a name longer still takes a second. */
const SMALLEST_NAME = 0.8;

/** Makes `element`'s text a little smaller where that keeps it on one line (a name read at a glance). */
function fitOnOneLine(element: HTMLElement | null): void {
  if (element === null) return;
  element.style.fontSize = '';
  element.style.whiteSpace = 'nowrap';
  const base = Number.parseFloat(getComputedStyle(element).fontSize);
  for (let size = base; element.scrollWidth > element.clientWidth && size > base * SMALLEST_NAME; size -= 1) element.style.fontSize = `${size - 1}px`;
  element.style.whiteSpace = '';
}

type EmptySeatProps = {
  readonly seat: number;
  readonly place: SeatPlace;
  /** A dead button: the prompt puts the button on this free seat. */
  readonly dealer: boolean;
  /** Null when no player can be seated (a tournament under way): the seat is drawn, not offered. */
  readonly onTap: ((seat: number) => void) | null;
};

/** A free seat: tap to seat a player there. It carries the button when the button is dead there. */
export function EmptySeat({ seat, place, dealer, onTap }: EmptySeatProps) {
  const { t } = useLanguage();
  const content = (
    <>
      <span className="seat-head">
        <span className="seat-number">{seat}</span>
      </span>
      {dealer && (
        <span className="seat-markers">
          <span className="marker marker-dealer" data-testid="button-marker">
            {t.dealer}
          </span>
        </span>
      )}
      <span className="seat-empty-words">{onTap === null ? t.emptySeatClosed : t.emptySeat}</span>
    </>
  );
  const style = { left: `${place.x}%`, top: `${place.y}%` };
  if (onTap === null) {
    return (
      <div className="seat seat-empty seat-closed" style={style} data-testid={`seat-${seat}`}>
        {content}
      </div>
    );
  }
  return (
    <button type="button" className="seat seat-empty" style={style} data-testid={`seat-${seat}`} onClick={() => onTap(seat)}>
      {content}
    </button>
  );
}
