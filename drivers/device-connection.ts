import { existsSync } from 'node:fs';
import { DriverError } from './driver-error.js';
import type { HotPlug } from './transport/hot-plug.js';
import type { DeviceIdentity, TransportBinding, TransportPort } from './transport/transport.js';

/**
 * While device events come (hot plug), a device not found is looked for again when one comes — and, in
 * case an event was missed, at this slow pace besides (D69).
 */
export const BACKSTOP_MS = 10_000;

/**
 * Where a device is: by what it is (vendor, product, serial number), and a path to fall back on when the
 * ports cannot be listed (no udevadm) or the device reports no identity.
 */
export type DeviceTarget = { readonly identity: DeviceIdentity | null; readonly path: string | null; readonly baudRate?: number };

/**
 * Why a device is not connected, for words on the status bar that name no ids, paths or system errors
 * (the `detail` beside it has them).
 */
export type Disconnection =
  /** No device of its identity is listed, or nothing is at its configured path. */
  | { readonly reason: 'not-plugged-in' }
  /** Several devices of its identity are listed: the configuration needs their serial numbers. */
  | { readonly reason: 'several-plugged-in' }
  /** Its open port closed: unplugged, switched off, or the cable failed. */
  | { readonly reason: 'went-away' }
  /** The transport needs a package that is not installed (`libusb-1.0-0` for USB HID). */
  | { readonly reason: 'software-missing'; readonly missing: string }
  /** It is there but cannot be opened (no permission, in use), or the ports cannot be listed. */
  | { readonly reason: 'cannot-open' };

export type ConnectionEvents = {
  /** A port is open: attach the device's reader to it. */
  readonly onPort: (port: TransportPort) => void;
  /**
   * For the status bar: connected (`detail` its path), or disconnected with why (`detail` in full, with ids,
   * paths and the system's error; `why` for the croupier's words) — looked for again every `retryMs`.
   */
  readonly onStatus: (state: 'connected' | 'disconnected', detail: string, why: Disconnection | null) => void;
};

/** The device is not where it is looked for: `why` says how. */
class NotThere extends DriverError {
  constructor(
    readonly why: Disconnection,
    message: string,
  ) {
    super('not-found', message);
  }
}

/**
 * Keeps one device connected: finds it, opens it, and when it goes away (unplugged, powered off) looks
 * for it again — by identity, so a shoe plugged into another USB socket, at another path, is found. It
 * looks again when a device is plugged in (hot plug, when events come: udev) or every `retryMs` when no
 * events come (D69).
 */
export class DeviceConnection {
  private port: TransportPort | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private offHotPlug: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly binding: TransportBinding,
    private readonly target: DeviceTarget,
    private readonly events: ConnectionEvents,
    private readonly retryMs = 1_000,
    private readonly hotPlug: HotPlug | null = null,
  ) {}

  start(): void {
    void this.attempt();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelRetry();
    await this.port?.close();
  }

  private cancelRetry(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.offHotPlug?.();
    this.offHotPlug = null;
  }

  private async attempt(): Promise<void> {
    this.cancelRetry();
    if (this.stopped) return;
    let path: string | null = null;
    try {
      path = await this.find();
      const port = await this.binding.open(path, this.target.baudRate === undefined ? {} : { baudRate: this.target.baudRate });
      if (this.stopped) {
        await port.close();
        return;
      }
      this.port = port;
      port.onClose((reason) => {
        this.port = null;
        if (reason.kind === 'canceled' || this.stopped) return;
        this.events.onStatus('disconnected', reason.message, reason.kind === 'disconnected' ? { reason: 'went-away' } : { reason: 'cannot-open' });
        this.retry();
      });
      // Connected first: what the device says as soon as it is read (a deck check's answer) is newer news.
      this.events.onStatus('connected', port.path, null);
      this.events.onPort(port);
    } catch (error) {
      if (this.stopped) return;
      this.events.onStatus('disconnected', error instanceof Error ? error.message : String(error), whyNotOpen(error, path));
      this.retry();
    }
  }

  private retry(): void {
    if (this.stopped || this.timer !== null) return;
    const hotPlug = this.hotPlug;
    if (hotPlug?.live === true) {
      // A device plugged in (or the events ending) is the time to look; the slow backstop covers a missed event.
      this.offHotPlug = hotPlug.onEvent((event) => {
        if (event.action === 'add' || event.action === 'change' || event.action === 'bind' || event.action === 'lost') void this.attempt();
      });
      this.timer = setTimeout(() => void this.attempt(), BACKSTOP_MS);
      return;
    }
    this.timer = setTimeout(() => void this.attempt(), this.retryMs);
  }

  /**
   * The device's path now: listed by identity; the configured path only when the ports cannot be listed
   * or the device has no identity — never in place of an identity that is not plugged in, whose path may
   * now belong to another device.
   */
  private async find(): Promise<string> {
    const { identity, path } = this.target;
    if (identity === null) {
      if (path !== null) return path;
      throw new DriverError('not-found', 'a device needs an identity or a path');
    }
    let listed: Awaited<ReturnType<TransportBinding['list']>>;
    try {
      listed = await this.binding.list();
    } catch (error) {
      // Listing needs udevadm; without it the configured path is all there is.
      if (path === null) throw error;
      return path;
    }
    const found = listed.filter((candidate) => sameId(candidate.vendorId, identity.vendorId) && sameId(candidate.productId, identity.productId) && (identity.serialNumber === null || candidate.serialNumber === identity.serialNumber));
    const named = `${identity.vendorId}:${identity.productId}${identity.serialNumber === null ? '' : ` (serial ${identity.serialNumber})`}`;
    if (found.length > 1) throw new NotThere({ reason: 'several-plugged-in' }, `${found.length} devices ${named} are plugged in (${found.map((candidate) => candidate.path).join(', ')}): give the device's serialNumber in the configuration`);
    const only = found[0];
    if (only === undefined) throw new NotThere({ reason: 'not-plugged-in' }, `no device ${named} is plugged in`);
    return only.path;
  }
}

/**
 * Why finding or opening the device at `path` (null: not found) failed: not there (not listed, or a device
 * file that is gone — a configured serial path after an unplug), a package missing, or a port that is there
 * and will not open.
 */
function whyNotOpen(error: unknown, path: string | null): Disconnection {
  if (error instanceof NotThere) return error.why;
  if (error instanceof DriverError && error.missing !== null) return { reason: 'software-missing', missing: error.missing };
  if (path !== null && path.startsWith('/') && !existsSync(path)) return { reason: 'not-plugged-in' };
  return { reason: 'cannot-open' };
}

/** USB ids are hex digits: `FE17` and `fe17` are the same id, as tools write them either way. */
function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
