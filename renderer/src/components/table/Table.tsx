import { type CSSProperties, useRef } from 'react';
import type { ViewModel } from '../../../../src/controller/view-model';
import { seatPlace, seatWidth } from '../../table-layout';
import { useSize } from '../../useSize';
import { Board } from './Board';
import { Pots } from './Pots';
import { EmptySeat, Seat } from './Seat';

type Props = {
  readonly view: ViewModel;
  /** No taps on the seats (the line to the table is down). */
  readonly disabled?: boolean;
  readonly onSeatTap: (seat: number) => void;
  readonly onEmptySeatTap: (seat: number) => void;
};

/** The table's unit in pixels, as styles.css's `--u` computes it from the window: 1 up to 1280×800, at most 1.8. */
function tableUnit(): number {
  return Math.min(1.8, Math.max(1, Math.min(window.innerWidth / 1280, window.innerHeight / 800)));
}

/** The table from above: seats round it at their printed numbers, each bet in front of its seat, board and pots in the middle. */
export function Table({ view, disabled = false, onSeatTap, onEmptySeatTap }: Props) {
  const bySeat = new Map(view.seats.map((seat) => [seat.seat, seat]));
  const numbers = Array.from({ length: view.seatCount }, (_, index) => index + 1);
  // Who the croupier waits for: the player to act, or at the showdown the player to show or muck.
  const actor = view.actor?.seat ?? (view.prompt.kind === 'show' ? view.prompt.seat : null);
  const area = useRef<HTMLElement>(null);
  const size = useSize(area);
  const aspect = size === null ? 3 : size.width / size.height;
  // Seat boxes as wide as the seats' spacing allows (until measured, the style sheet's width), and on a
  // screen larger than 1280×800 as much wider as the table's unit is larger (styles.css, --u).
  const style = size === null ? undefined : ({ '--seat-width': `${seatWidth(view.seatCount, size.width, size.height, 220 * tableUnit())}px` } as CSSProperties);
  return (
    // More than ten seats round the oval: a tighter seat box inside, so neighbours do not overlap at 1280×800.
    <section className={`table-area${view.seatCount > 10 ? ' table-crowded' : ''}`} ref={area} style={style} inert={disabled}>
      <div className="felt" />
      <div className="table-centre">
        <Board board={view.board} />
        <Pots pots={view.pots} potTotal={view.potTotal} />
      </div>
      {numbers.map((n) => {
        const seat = bySeat.get(n);
        const place = seatPlace(n, view.seatCount, aspect);
        if (seat === undefined) return <EmptySeat key={n} seat={n} place={place} dealer={view.button === n} onTap={view.seatsOpen ? onEmptySeatTap : null} />;
        const markers = { dealer: view.button === n, small: view.blinds?.small === n, big: view.blinds?.big === n };
        return <Seat key={n} seat={seat} place={place} isActor={actor === n} markers={markers} onTap={onSeatTap} />;
      })}
    </section>
  );
}
