import type { DriverError } from '../driver-error.js';

/**
 * One open connection to a device: bytes in, bytes out. Serial ports (serialport), USB HID devices
 * (node-hid, one report per chunk) and the simulator all look like this, so a device's protocol module
 * never knows which it talks to. A chunk may hold part of a frame, one frame or several: parsers
 * reassemble. Writes are queued in order and never overlap.
 */
export interface TransportPort {
  /** Where it is connected (a path such as /dev/ttyUSB0, a HID path, or `sim:shoe`), for the status bar. */
  readonly path: string;
  write(bytes: Uint8Array): Promise<void>;
  /** Every chunk of bytes as it arrives, until the port closes. */
  onData(listener: (chunk: Uint8Array) => void): () => void;
  /** Once, when the port closes: `canceled` when closed on purpose, `disconnected` when the device went away. */
  onClose(listener: (reason: DriverError) => void): () => void;
  close(): Promise<void>;
}

/**
 * How a device is found again after it goes away: by what it is (vendor, product, serial number), not by
 * the path it had, which may change when it is plugged in again.
 */
export type DeviceIdentity = { readonly vendorId: string; readonly productId: string; readonly serialNumber: string | null };

/** A kind of transport: lists the devices present and opens one. Implementations are instances, never globals. */
export interface TransportBinding {
  /** The devices present now; a binding that cannot list (no udevadm) rejects with a DriverError. */
  list(): Promise<readonly (DeviceIdentity & { readonly path: string })[]>;
  open(path: string, options: { readonly baudRate?: number }): Promise<TransportPort>;
}
