import { DriverError } from '../driver-error.js';
import { PortListeners } from './port-listeners.js';
import type { DeviceIdentity, TransportBinding, TransportPort } from './transport.js';

/** A device as node-hid lists it (the fields used here). */
export type HidDeviceInfo = { readonly path?: string | undefined; readonly vendorId: number; readonly productId: number; readonly serialNumber?: string | undefined };

/** An open device as node-hid's `HIDAsync` gives it (the part used here). */
export interface HidDevice {
  on(event: 'data', listener: (data: Buffer) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  write(values: number[] | Buffer): Promise<number>;
  close(): Promise<void>;
}

/** What this binding needs of node-hid: an injected stand-in in tests. */
export type HidLibrary = {
  devicesAsync(): Promise<readonly HidDeviceInfo[]>;
  readonly HIDAsync: { open(path: string): Promise<HidDevice> };
};

export type HidLoader = () => Promise<HidLibrary>;

/** node-hid, imported on first use: a table without a HID device never loads it (nor needs libusb). */
export const loadNodeHid: HidLoader = async () => {
  const { devicesAsync, HIDAsync } = await import('node-hid');
  return { devicesAsync, HIDAsync };
};

/** node-hid's native part links libusb-1.0; without it every call fails to load the library. */
const MISSING_LIBRARY = /libusb|shared object|ERR_DLOPEN_FAILED/i;

/** A failure to load or use node-hid, as a DriverError that says what to install when a library is missing. */
function unavailable(what: string, error: unknown): DriverError {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_MODULE_NOT_FOUND') return new DriverError('not-found', `${what}: node-hid is not installed (npm install node-hid): ${message}`, { cause: error, missing: 'node-hid' });
  if (MISSING_LIBRARY.test(message) || code === 'ERR_DLOPEN_FAILED') {
    return new DriverError('not-found', `${what}: the system library libusb-1.0 is missing — install libusb-1.0-0 (Debian, Ubuntu: apt install libusb-1.0-0): ${message}`, { cause: error, missing: 'libusb-1.0-0' });
  }
  return new DriverError('not-found', `${what}: ${message}`, { cause: error });
}

const hex4 = (id: number): string => id.toString(16).toLowerCase().padStart(4, '0');

/**
 * USB HID devices through node-hid (v3, `HIDAsync`). node-hid — and the libusb it links — is imported
 * only inside `list()` and `open()`, so simulated mode, and a table whose panel is a keyboard wedge,
 * needs neither. A library that cannot load is a `not-found` DriverError naming what to install, never a
 * crash.
 *
 * Input reports: each is one data chunk, exactly as node-hid gives it. node-hid (hidapi) keeps the report
 * id as the first byte for a device with numbered reports — the button panel's is 0x01 — and strips
 * nothing, so no id is added here. Output reports: `write` sends the bytes as given; their first byte is
 * the report id (0x00 for a device without numbered reports), as hidapi requires.
 */
export class HidBinding implements TransportBinding {
  private library: Promise<HidLibrary> | null = null;

  constructor(private readonly loader: HidLoader = loadNodeHid) {}

  async list(): Promise<readonly (DeviceIdentity & { readonly path: string })[]> {
    let devices: readonly HidDeviceInfo[];
    try {
      devices = await (await this.load()).devicesAsync();
    } catch (error) {
      throw unavailable('the USB HID devices cannot be listed', error);
    }
    // A device without a path cannot be opened (hidapi lists one entry per interface; each has a path).
    return devices.flatMap((device) =>
      device.path === undefined || device.path === ''
        ? []
        : [{ path: device.path, vendorId: hex4(device.vendorId), productId: hex4(device.productId), serialNumber: device.serialNumber === undefined || device.serialNumber === '' ? null : device.serialNumber }],
    );
  }

  async open(path: string): Promise<TransportPort> {
    let device: HidDevice;
    try {
      device = await (await this.load()).HIDAsync.open(path);
    } catch (error) {
      throw unavailable(`${path} cannot be opened`, error);
    }
    return new HidTransportPort(path, device);
  }

  /** Loaded once; a failed load is tried again next time (libusb may have been installed since). */
  private load(): Promise<HidLibrary> {
    if (this.library === null) {
      this.library = this.loader();
      this.library.catch(() => {
        this.library = null;
      });
    }
    return this.library;
  }
}

class HidTransportPort implements TransportPort {
  private readonly listeners = new PortListeners();
  private closing: Promise<void> | null = null;
  /** Writes go out one after another, never overlapping. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly device: HidDevice,
  ) {
    // node-hid starts its read loop when the first data listener is added: from here on reports flow.
    device.on('data', (data: Buffer) => this.listeners.deliver(Uint8Array.from(data)));
    // node-hid's 'error' is a read that failed: the device is gone (unplugged, powered off) or unusable.
    device.on('error', (error: unknown) => {
      if (this.closing !== null || !this.listeners.open) return;
      this.listeners.end(new DriverError('disconnected', `${path} went away: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
      device.close().catch(() => undefined);
    });
  }

  write(bytes: Uint8Array): Promise<void> {
    const next = this.writing.then(async () => {
      if (!this.listeners.open || this.closing !== null) throw new DriverError(this.closing === null ? 'disconnected' : 'canceled', `${this.path} is closed`);
      try {
        await this.device.write(Buffer.from(bytes));
      } catch (error) {
        throw new DriverError('disconnected', `${this.path}: the write failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    });
    this.writing = next.catch(() => undefined);
    return next;
  }

  onData(listener: (chunk: Uint8Array) => void): () => void {
    return this.listeners.onData(listener);
  }

  onClose(listener: (reason: DriverError) => void): () => void {
    return this.listeners.onClose(listener);
  }

  close(): Promise<void> {
    if (!this.listeners.open) return Promise.resolve();
    const closed = (): void => void this.listeners.end(new DriverError('canceled', `${this.path} closed`));
    // Closing a device that is already gone: it is closed either way.
    this.closing ??= this.device.close().then(closed, closed);
    return this.closing;
  }
}
