/**
 * The faults the simulated table injects on demand (the simulation panel's buttons, `felt sim --hardware
 * pty --faults`), one per ordinary way the real devices fail. Each is made of the bytes a failing device
 * would send (or not send): the drivers and the mappings meet them exactly as they would at a real table.
 */
export const SIM_FAULTS = [
  // The dealing shoe
  'shoe-unplug',
  'shoe-replug',
  /** Noise on the line between two sentences. */
  'shoe-garbage',
  /** The next card's sentence cut short, then sent whole. */
  'shoe-truncated',
  /** The next card's sentence with a byte changed: dropped by its checksum, so that card is missed. */
  'shoe-bad-checksum',
  /** The next card's sentence twice. */
  'shoe-repeat',
  /** The next card leaves the shoe and its sentence is lost. */
  'shoe-missed-card',
  'shoe-jam',
  /** The deck check answers: a card missing and one twice. */
  'shoe-bad-deck',
  // The RFID reader
  'rfid-unplug',
  'rfid-replug',
  'rfid-garbage',
  /** A tag's frame cut short. */
  'rfid-truncated',
  /** A tag's frame with a wrong CRC. */
  'rfid-bad-crc',
  /** The next card read again and again, as every inventory round reports it. */
  'rfid-repeat',
  /** The next card is not read at its antenna. */
  'rfid-missed-read',
  /** The next card put down at the wrong antenna first. */
  'rfid-wrong-antenna',
  /** A card of another deck on the board. */
  'rfid-foreign-card',
  /** The board antenna fails (open circuit); it works again at the next card. */
  'rfid-antenna-fault',
  // The button panel
  'panel-unplug',
  'panel-replug',
  'panel-garbage',
] as const;

export type SimFault = (typeof SIM_FAULTS)[number];

export function isSimFault(value: unknown): value is SimFault {
  return typeof value === 'string' && (SIM_FAULTS as readonly string[]).includes(value);
}
