/**
 * Where each antenna of a table lies, by the id the reader reports (docs/protocols.md, "RFID reader", "Antenna
 * ids"). The reader and its adapter know antennas only as numbers; this table is the installation's
 * wiring, read by the controller's mapping module, which turns "antenna 22 lost tag E004…" into a fold.
 * Seats are numbered as printed on the felt (1–14), not as SeatIndex. A table wired differently passes
 * its own layout (per installation, from configuration).
 */
export type AntennaPlace =
  | { readonly kind: 'seat'; readonly seat: number }
  | { readonly kind: 'board' }
  | { readonly kind: 'burn' }
  | { readonly kind: 'muck' };

export type AntennaLayout = ReadonlyMap<number, AntennaPlace>;

export const BOARD_ANTENNA = 20;
export const BURN_ANTENNA = 21;
export const MUCK_ANTENNA = 22;
export const MAX_SEAT_ANTENNAS = 14;

/** The default wiring: antennas 1–14 under seats 1–14, 20 under the board, 21 the burn, 22 the muck. */
export const DEFAULT_ANTENNA_LAYOUT: AntennaLayout = new Map<number, AntennaPlace>([
  ...Array.from({ length: MAX_SEAT_ANTENNAS }, (_, index): [number, AntennaPlace] => [index + 1, { kind: 'seat', seat: index + 1 }]),
  [BOARD_ANTENNA, { kind: 'board' }],
  [BURN_ANTENNA, { kind: 'burn' }],
  [MUCK_ANTENNA, { kind: 'muck' }],
]);

/** Where an antenna lies, or null for an id this installation does not wire (a fault to report, not to guess). */
export function antennaPlace(layout: AntennaLayout, antenna: number): AntennaPlace | null {
  return layout.get(antenna) ?? null;
}

/** "antenna 3 (seat 3)", "antenna 22 (muck)", "antenna 30 (not wired)": for logs and fault prompts. */
export function describeAntenna(layout: AntennaLayout, antenna: number): string {
  const place = antennaPlace(layout, antenna);
  const where = place === null ? 'not wired' : place.kind === 'seat' ? `seat ${place.seat}` : place.kind;
  return `antenna ${antenna} (${where})`;
}
