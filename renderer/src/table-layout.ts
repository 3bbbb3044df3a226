/** Where a seat sits: its centre in percent of the table area's width and height, and its side of the table. */
export type SeatPlace = { readonly x: number; readonly y: number; readonly side: 'top' | 'bottom' | 'left' | 'right' };

/** The seats' track inside the table area, as fractions of its height (y) and width (x). */
const MARGIN_Y = 0.13;
const MARGIN_X = 0.07;

/**
 * Where seat `seat` (1 … `seatCount`) sits, as the croupier sees the table from the dealer's place at the
 * bottom centre: seat 1 on the dealer's left (bottom left), then clockwise up the left end, along the top
 * and down the right end, as the seats are printed on the felt. The seats lie evenly along a stadium (a
 * racetrack: two straights and two half circles) fitted to the area's `aspect` (width / height), with
 * the dealer's place as one more slot, so that neighbours keep the same distance even on a wide screen.
 */
export function seatPlace(seat: number, seatCount: number, aspect = 3): SeatPlace {
  const { straight, arc, radius, perimeter } = track(aspect);
  const centreX = aspect / 2;
  // Distance along the track from the dealer's place, clockwise on the screen (y points down).
  let s = (seat * perimeter) / (seatCount + 1);
  let x: number;
  let y: number;
  let inward: [number, number];
  if (s < straight / 2) {
    [x, y, inward] = [centreX - s, 0.5 + radius, [0, -1]];
  } else if ((s -= straight / 2) < arc) {
    const angle = Math.PI / 2 + s / radius;
    [x, y, inward] = [centreX - straight / 2 + radius * Math.cos(angle), 0.5 + radius * Math.sin(angle), [-Math.cos(angle), -Math.sin(angle)]];
  } else if ((s -= arc) < straight) {
    [x, y, inward] = [centreX - straight / 2 + s, 0.5 - radius, [0, 1]];
  } else if ((s -= straight) < arc) {
    const angle = (3 * Math.PI) / 2 + s / radius;
    [x, y, inward] = [centreX + straight / 2 + radius * Math.cos(angle), 0.5 + radius * Math.sin(angle), [-Math.cos(angle), -Math.sin(angle)]];
  } else {
    [x, y, inward] = [centreX + straight / 2 - (s - arc), 0.5 + radius, [0, -1]];
  }
  // The side of the table the seat is on: its bet lies on the inward side, towards the pot.
  const [nx, ny] = inward;
  const side = Math.abs(nx) > Math.abs(ny) ? (nx > 0 ? 'left' : 'right') : ny > 0 ? 'top' : 'bottom';
  return { x: (x / aspect) * 100, y: y * 100, side };
}

/** The stadium the seats lie on, in units of the table area's height. */
function track(aspect: number): { straight: number; arc: number; radius: number; perimeter: number } {
  const radius = 0.5 - MARGIN_Y;
  const straight = Math.max(0, aspect * (1 - 2 * MARGIN_X) - 2 * radius);
  const arc = Math.PI * radius;
  return { straight, arc, radius, perimeter: 2 * straight + 2 * arc };
}

/** The narrowest a seat box gets, however crowded the table: its number, a stack and two cards still fit. */
export const SEAT_MIN_WIDTH = 112;

/**
 * How wide a seat box may be, in pixels, for the table area's size: most of the distance between two
 * neighbours along the track (the rest keeps them apart, also where the track bends), no wider than keeps
 * the seats nearest the ends inside the area, and between `SEAT_MIN_WIDTH` and `max`. Fewer seats or a
 * wider screen give longer names room; ten and eleven seats at 1280×800 hold a name of ten letters.
 */
export function seatWidth(seatCount: number, width: number, height: number, max = 220): number {
  const aspect = width / height;
  const pitch = (track(aspect).perimeter * height) / (seatCount + 1);
  let edgeRoom = Number.POSITIVE_INFINITY;
  for (let seat = 1; seat <= seatCount; seat++) {
    const x = (seatPlace(seat, seatCount, aspect).x / 100) * width;
    edgeRoom = Math.min(edgeRoom, 2 * Math.min(x, width - x) - 8);
  }
  return Math.round(Math.max(SEAT_MIN_WIDTH, Math.min(max, 0.85 * pitch, edgeRoom)));
}
