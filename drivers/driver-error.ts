/**
 * Why a transport or device failed, in device words. `canceled`: a read ended because the port was
 * closed on purpose; `disconnected`: the device went away (unplugged, powered off, the cable failed) — a
 * reconnect may bring it back; `protocol`: the bytes made no sense (garbage, a bad checksum, a frame cut
 * short) — the parser skips them and goes on; `not-found`: no device matches the configuration.
 */
export type DriverErrorKind = 'canceled' | 'disconnected' | 'protocol' | 'not-found';

export class DriverError extends Error {
  override readonly name = 'DriverError';
  /** A package the transport needs that is not installed (`libusb-1.0-0` for USB HID), or null. */
  readonly missing: string | null;

  constructor(
    readonly kind: DriverErrorKind,
    message: string,
    options?: { cause?: unknown; missing?: string },
  ) {
    super(message, options);
    this.missing = options?.missing ?? null;
  }
}
