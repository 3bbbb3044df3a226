import { DriverError } from './driver-error.js';
import type { DeviceIdentity, TransportBinding, TransportPort } from './transport/transport.js';

/**
 * Where a device is: by what it is (vendor, product, serial number), and a path to fall back on when the
 * ports cannot be listed (no udevadm) or the device reports no identity.
 */
export type DeviceTarget = { readonly identity: DeviceIdentity | null; readonly path: string | null; readonly baudRate?: number };

export type ConnectionEvents = {
  /** A port is open: attach the device's reader to it. */
  readonly onPort: (port: TransportPort) => void;
  /** For the status bar: connected, or disconnected with why (looked for again every `retryMs`). */
  readonly onStatus: (state: 'connected' | 'disconnected', detail: string) => void;
};

/**
 * Keeps one device connected: finds it, opens it, and when it goes away (unplugged, powered off) looks
 * for it again — by identity, so a shoe plugged into another USB socket, at another path, is found.
 */
export class DeviceConnection {
  private port: TransportPort | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly binding: TransportBinding,
    private readonly target: DeviceTarget,
    private readonly events: ConnectionEvents,
    private readonly retryMs = 1_000,
  ) {}

  start(): void {
    void this.attempt();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.port?.close();
  }

  private async attempt(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    try {
      const path = await this.find();
      const port = await this.binding.open(path, this.target.baudRate === undefined ? {} : { baudRate: this.target.baudRate });
      if (this.stopped) {
        await port.close();
        return;
      }
      this.port = port;
      port.onClose((reason) => {
        this.port = null;
        if (reason.kind === 'canceled' || this.stopped) return;
        this.events.onStatus('disconnected', reason.message);
        this.retry();
      });
      // Connected first: what the device says as soon as it is read (a deck check's answer) is newer news.
      this.events.onStatus('connected', port.path);
      this.events.onPort(port);
    } catch (error) {
      if (this.stopped) return;
      this.events.onStatus('disconnected', error instanceof Error ? error.message : String(error));
      this.retry();
    }
  }

  private retry(): void {
    if (!this.stopped && this.timer === null) this.timer = setTimeout(() => void this.attempt(), this.retryMs);
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
    if (found.length > 1) throw new DriverError('not-found', `${found.length} devices ${named} are plugged in (${found.map((candidate) => candidate.path).join(', ')}): give the device's serialNumber in the configuration`);
    const only = found[0];
    if (only === undefined) throw new DriverError('not-found', `no device ${named} is plugged in`);
    return only.path;
  }
}

/** USB ids are hex digits: `FE17` and `fe17` are the same id, as tools write them either way. */
function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
