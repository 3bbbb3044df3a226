import { MetratecReader } from '../metratec/metratec-reader.js';
import { PepperReader } from '../pepper/pepper-reader.js';
import { Pn532Reader } from '../pn532/pn532-reader.js';
import type { TransportPort } from '../transport/transport.js';
import type { DriverClock } from './presence.js';
import { RfidReader, type RfidEvent } from './rfid-reader.js';

/**
 * The card readers Felt speaks to, each behind one adapter that emits the same device events (RfidEvent:
 * antenna numbers and UIDs): a new model is one protocol module and one line here (D68).
 *
 * - `felt`: Felt's own reader protocol, an open specification for a reader maker to implement (no reader
 *   on sale speaks it; the simulated reader does): binary frames with CRC-16, multiplexed antennas.
 * - `metratec`: metratec's HF readers over their ASCII protocol (QuasarMX: ISO 15693, up to 16
 *   antennas multiplexed) — the multi-antenna reader one can buy (D67).
 * - `pn532`: one NXP PN532 board per antenna over its serial interface (HSU), ISO 14443A cards.
 * - `pepper`: one Eccel Pepper C1 per antenna over Eccel's binary protocol (ISO 14443A and ISO 15693
 *   cards); a Pepper C1 MUX is read as the one antenna it has selected (D111).
 */
export const READER_KINDS = ['felt', 'metratec', 'pn532', 'pepper'] as const;
export type ReaderKind = (typeof READER_KINDS)[number];

export function isReaderKind(value: string): value is ReaderKind {
  return (READER_KINDS as readonly string[]).includes(value);
}

/** What a reader's name on a screen or in a log says it is. */
export const READER_NAMES: Readonly<Record<ReaderKind, string>> = {
  felt: "Felt's open reader protocol",
  metratec: 'metratec QuasarMX (ASCII protocol)',
  pn532: 'NXP PN532 board (HSU)',
  pepper: 'Eccel Pepper C1 (binary protocol)',
};

/** Every reader here runs at 115,200 baud unless its configuration says otherwise. */
export const READER_BAUD_RATE = 115_200;

export type TagReaderOptions = {
  /** A tag gone and back within this time flickered (300 ms). */
  readonly flickerWindowMs?: number;
  /** metratec: how many antenna ports it multiplexes (ports 0 … n − 1). */
  readonly antennas?: number;
  /** PN532, Pepper C1: the antenna number its tags are reported at (0). */
  readonly antenna?: number;
  /** PN532, Pepper C1: the pause between polls (25 ms). */
  readonly pollIntervalMs?: number;
  readonly clock?: DriverClock;
};

/** An adapter reading a port; it ends when the port closes, or when detached. */
export type TagReader = { detach(): void };

/** Opens the adapter of `kind` on an open port: its events go to `emit`. */
export async function openTagReader(kind: ReaderKind, port: TransportPort, emit: (event: RfidEvent) => void, options: TagReaderOptions = {}): Promise<TagReader> {
  const common = { ...(options.flickerWindowMs === undefined ? {} : { flickerWindowMs: options.flickerWindowMs }), ...(options.clock === undefined ? {} : { clock: options.clock }) };
  switch (kind) {
    case 'felt':
      return RfidReader.open(port, emit, common);
    case 'metratec':
      return MetratecReader.open(port, emit, { ...common, ...(options.antennas === undefined ? {} : { antennas: options.antennas }) });
    case 'pn532':
      return Pn532Reader.open(port, emit, { ...common, ...(options.antenna === undefined ? {} : { antenna: options.antenna }), ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }) });
    case 'pepper':
      return PepperReader.open(port, emit, { ...common, ...(options.antenna === undefined ? {} : { antenna: options.antenna }), ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }) });
  }
}
