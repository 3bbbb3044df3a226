// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Pots } from '../../renderer/src/components/table/Pots';
import { Table } from '../../renderer/src/components/table/Table';
import { SEAT_MIN_WIDTH, seatPlace, seatWidth } from '../../renderer/src/table-layout';
import { card, flopView, startView } from './fixtures';
import { cleanup, render } from './support';

afterEach(cleanup);

const noop = (): void => undefined;
const SUIT_OR_RANK_FACE = /[♣♦♥♠]|\b(10|[2-9JQKA])\b/;

describe('pots', () => {
  it('shows the main pot and every side pot with its amount and the seats that can win it', async () => {
    const { text, query } = await render(
      <Pots
        pots={[
          { amount: 300, eligible: [1, 4, 6] },
          { amount: 120, eligible: [4, 6] },
          { amount: 45, eligible: [6] },
        ]}
        potTotal={505}
      />,
    );
    expect(text('pot-main')).toContain('Main pot');
    expect(text('pot-main')).toContain('300');
    expect(text('pot-main')).toContain('Seats 1, 4, 6');
    expect(text('pot-side-1')).toContain('Side pot 1');
    expect(text('pot-side-1')).toContain('120');
    expect(text('pot-side-1')).toContain('Seats 4, 6');
    expect(text('pot-side-2')).toContain('45');
    expect(text('pot-side-2')).toContain('Seats 6');
    expect(query('pot-side-3')).toBeNull();
    expect(text('pot-total')).toContain('505');
  });
});

describe('the table', () => {
  it('draws every printed seat: occupied ones with name, stack, bet and status, empty ones to tap', async () => {
    const tapped: number[] = [];
    const { text, get, query, click } = await render(<Table view={flopView()} onSeatTap={noop} onEmptySeatTap={(seat) => tapped.push(seat)} />);
    for (let seat = 1; seat <= 9; seat++) expect(query(`seat-${seat}`)).not.toBeNull();
    expect(query('seat-10')).toBeNull();
    expect(text('seat-4')).toContain('Cy');
    expect(text('seat-4-stack')).toBe('360');
    expect(text('seat-6-bet')).toBe('20');
    expect(query('seat-4-bet')).toBeNull();
    expect(text('seat-3-status')).toBe('Folded');
    expect(text('seat-1-status')).toBe('All-in');
    expect(get('seat-2').textContent).toContain('Empty');
    await click('seat-2');
    expect(tapped).toEqual([2]);
  });

  it('highlights the player to act, and only them', async () => {
    const { get, container } = await render(<Table view={flopView()} onSeatTap={noop} onEmptySeatTap={noop} />);
    expect(get('seat-4').classList.contains('seat-actor')).toBe(true);
    expect(get('seat-4').getAttribute('aria-current')).toBe('true');
    expect(container.querySelectorAll('.seat-actor')).toHaveLength(1);
  });

  it('puts the button marker on the button seat and the blinds on theirs', async () => {
    const { get } = await render(<Table view={flopView({ button: 6, blinds: { small: 1, big: 3 } })} onSeatTap={noop} onEmptySeatTap={noop} />);
    expect(get('seat-6').contains(get('button-marker'))).toBe(true);
    expect(get('seat-1').contains(get('sb-marker'))).toBe(true);
    expect(get('seat-3').contains(get('bb-marker'))).toBe(true);
  });

  it('between hands: the button and the blinds where the prompt puts them', async () => {
    const { get, query, text } = await render(<Table view={startView()} onSeatTap={noop} onEmptySeatTap={noop} />);
    expect(get('seat-3').contains(get('button-marker'))).toBe(true);
    expect(get('seat-4').contains(get('sb-marker'))).toBe(true);
    expect(get('seat-6').contains(get('bb-marker'))).toBe(true);
    expect(query('seat-1')?.querySelector('.marker')).toBeNull();
    expect(text('seat-3')).not.toContain('SB');
  });

  it('a dead button: the marker on the free seat, which still opens the seat dialog', async () => {
    const tapped: number[] = [];
    const { get, click, container } = await render(<Table view={startView({ button: 5 })} onSeatTap={noop} onEmptySeatTap={(seat) => tapped.push(seat)} />);
    expect(get('seat-5').classList.contains('seat-empty')).toBe(true);
    expect(get('seat-5').contains(get('button-marker'))).toBe(true);
    expect(container.querySelectorAll('[data-testid="button-marker"]')).toHaveLength(1);
    await click('seat-5');
    expect(tapped).toEqual([5]);
  });

  it('shows card backs for face-down hole cards and never a face', async () => {
    const { get, container } = await render(<Table view={flopView()} onSeatTap={noop} onEmptySeatTap={noop} />);
    for (const seat of [1, 4, 6]) {
      const cards = get(`seat-${seat}-cards`);
      expect(cards.querySelectorAll('.card-back')).toHaveLength(2);
      expect(cards.querySelectorAll('.card-face')).toHaveLength(0);
      expect(cards.textContent ?? '').not.toMatch(SUIT_OR_RANK_FACE);
    }
    expect(get('seat-3-cards').children).toHaveLength(0);
    // The only faces on the table are the three board cards.
    expect(Array.from(container.querySelectorAll('.card-face'), (face) => face.getAttribute('data-card'))).toEqual(['Ah', 'Kd', '7c']);
  });

  it('shows the cards a player tabled at the showdown in front of the seat, as faces the board’s size', async () => {
    const view = flopView();
    const seats = view.seats.map((seat) => (seat.seat === 6 ? { ...seat, faceDown: 0, shown: [card('Qs'), card('Th')] } : seat));
    const { get } = await render(<Table view={{ ...view, seats }} onSeatTap={noop} onEmptySeatTap={noop} />);
    const shown = get('seat-6-tabled');
    expect(shown.textContent).toBe('Q♠10♥');
    expect(shown.querySelector('.red')?.textContent).toBe('10♥');
    expect(get('seat-6-cards').children).toHaveLength(0);
  });

  it('marks each seat with what it won, pot by pot, and keeps the card drawn for the button on its seat', async () => {
    const view = startView();
    const seats = view.seats.map((seat) => (seat.seat === 4 ? { ...seat, won: [{ pot: 0, amount: 1485 }, { pot: 1, amount: 600 }] } : seat.seat === 6 ? { ...seat, drawn: card('As') } : seat));
    const { get, text, query } = await render(<Table view={{ ...view, seats }} onSeatTap={noop} onEmptySeatTap={noop} />);
    expect(text('seat-4-won')).toBe('Wins 2,085main 1,485 · side 1 600');
    expect(get('seat-4').classList.contains('seat-winner')).toBe(true);
    expect(query('seat-6-won')).toBeNull();
    expect(text('seat-6-tabled')).toBe('A♠');
  });

  it('makes seat boxes as wide as the spacing allows, inside the table area, never narrower than the least', () => {
    // The table area of a 1280×800 and a 1024×768 screen, and a large one.
    for (const [width, height] of [[1280, 315], [1024, 300], [1920, 560]] as const) {
      for (let seats = 2; seats <= 14; seats++) {
        const box = seatWidth(seats, width, height);
        expect(box).toBeGreaterThanOrEqual(SEAT_MIN_WIDTH);
        expect(box).toBeLessThanOrEqual(220);
        if (box === SEAT_MIN_WIDTH) continue;
        for (let seat = 1; seat <= seats; seat++) {
          const x = (seatPlace(seat, seats, width / height).x / 100) * width;
          expect(x - box / 2).toBeGreaterThanOrEqual(0);
          expect(x + box / 2).toBeLessThanOrEqual(width);
        }
      }
    }
    // Ten and eleven seats at 1280×800: room for a name of ten letters beside the seat number.
    expect(seatWidth(10, 1280, 315)).toBeGreaterThanOrEqual(170);
    expect(seatWidth(11, 1280, 315)).toBeGreaterThanOrEqual(170);
    // Fewer seats, wider boxes; a wide screen, the widest.
    expect(seatWidth(6, 1280, 315)).toBe(220);
    expect(seatWidth(14, 1920, 560)).toBeGreaterThan(seatWidth(14, 1280, 315));
  });

  it('places seat 1 on the dealer’s left and goes round clockwise, each seat’s bet towards the pot', () => {
    for (const aspect of [1.5, 3, 4]) {
      const places = Array.from({ length: 10 }, (_, index) => seatPlace(index + 1, 10, aspect));
      const [first, , , , , , , , , last] = places;
      // Seat 1 bottom left, seat 10 bottom right, with the dealer's place between them at the bottom centre.
      expect(first?.x).toBeLessThan(50);
      expect(first?.y).toBeGreaterThan(50);
      expect(first?.side).toBe('bottom');
      expect(last?.x).toBeGreaterThan(50);
      expect(last?.y).toBeGreaterThan(50);
      // Clockwise on the screen: the angle round the centre grows from seat to seat.
      const angles = places.map((place) => Math.atan2((place.y - 50) / 100, ((place.x - 50) / 100) * aspect));
      const turns = angles.slice(1).map((angle, index) => (angle - (angles[index] ?? 0) + 2 * Math.PI) % (2 * Math.PI));
      expect(turns.every((turn) => turn > 0 && turn < Math.PI)).toBe(true);
      // Neighbours keep a similar distance: the track is walked evenly.
      const gaps = places.slice(1).map((place, index) => {
        const previous = places[index] ?? place;
        return Math.hypot(((place.x - previous.x) / 100) * aspect, (place.y - previous.y) / 100);
      });
      expect(Math.max(...gaps) / Math.min(...gaps)).toBeLessThan(1.25);
      for (const place of places) {
        expect(place.x).toBeGreaterThan(0);
        expect(place.x).toBeLessThan(100);
        expect(place.y).toBeGreaterThan(0);
        expect(place.y).toBeLessThan(100);
        // A seat in the top half has its bet below it, and the other way round.
        if (place.side === 'top') expect(place.y).toBeLessThan(50);
        if (place.side === 'bottom') expect(place.y).toBeGreaterThan(50);
      }
    }
  });
});
