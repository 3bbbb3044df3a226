import { DriverError } from '../driver-error.js';
import { PortListeners } from '../transport/port-listeners.js';
import type { DeviceIdentity, TransportBinding, TransportPort } from '../transport/transport.js';

/**
 * A transport binding in memory, with the controls a test or the simulated table needs: a device is
 * plugged in at a path with an identity, answers what the host writes, sends bytes when told, and can be
 * unplugged and plugged in again (perhaps at another path). An instance, never a global: two tables in
 * one process (or two tests) never share devices.
 */
export class SimulatedBinding implements TransportBinding {
  private readonly devices = new Map<string, SimulatedDevice>();
  /** Makes `list()` fail, as `SerialPort.list()` does on a machine without udevadm. */
  listFails = false;

  plug(path: string, identity: DeviceIdentity, onWrite: (bytes: Uint8Array, device: SimulatedDevice) => void = () => undefined): SimulatedDevice {
    const device = new SimulatedDevice(path, identity, onWrite);
    this.devices.set(path, device);
    return device;
  }

  /** A device unplugged before, plugged in again at its path: the same device, as a cable put back. */
  replug(device: SimulatedDevice): void {
    this.devices.set(device.path, device);
  }

  unplug(path: string): void {
    const device = this.devices.get(path);
    if (device === undefined) return;
    this.devices.delete(path);
    device.disconnect();
  }

  async list(): Promise<readonly (DeviceIdentity & { readonly path: string })[]> {
    if (this.listFails) throw new DriverError('not-found', 'listing ports failed: udevadm is missing');
    return [...this.devices.values()].map((device) => ({ ...device.identity, path: device.path }));
  }

  async open(path: string): Promise<TransportPort> {
    const device = this.devices.get(path);
    if (device === undefined) throw new DriverError('not-found', `no device at ${path}`);
    return device.connect();
  }
}

/** One simulated device: what the host wrote, and a way to send it bytes. */
export class SimulatedDevice {
  readonly writes: Uint8Array[] = [];
  private port: SimulatedPort | null = null;

  constructor(
    readonly path: string,
    readonly identity: DeviceIdentity,
    private readonly onWrite: (bytes: Uint8Array, device: SimulatedDevice) => void,
  ) {}

  connect(): SimulatedPort {
    if (this.port !== null) throw new DriverError('not-found', `${this.path} is open already`);
    this.port = new SimulatedPort(this.path, (bytes) => {
      this.writes.push(bytes);
      this.onWrite(bytes, this);
    }, () => {
      this.port = null;
    });
    return this.port;
  }

  /** Bytes from the device to the host (dropped while nobody has it open, as on a real line). */
  send(bytes: Uint8Array | string): void {
    this.port?.receive(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);
  }

  disconnect(): void {
    this.port?.lost();
    this.port = null;
  }
}

class SimulatedPort implements TransportPort {
  private readonly listeners = new PortListeners();

  constructor(
    readonly path: string,
    private readonly written: (bytes: Uint8Array) => void,
    private readonly closed: () => void,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    if (!this.listeners.open) throw new DriverError('disconnected', `${this.path} is closed`);
    this.written(bytes.slice());
  }

  onData(listener: (chunk: Uint8Array) => void): () => void {
    return this.listeners.onData(listener);
  }

  onClose(listener: (reason: DriverError) => void): () => void {
    return this.listeners.onClose(listener);
  }

  async close(): Promise<void> {
    this.end(new DriverError('canceled', `${this.path} closed`));
  }

  receive(chunk: Uint8Array): void {
    this.listeners.deliver(chunk);
  }

  lost(): void {
    this.end(new DriverError('disconnected', `${this.path} was unplugged`));
  }

  private end(reason: DriverError): void {
    if (this.listeners.open) this.closed();
    this.listeners.end(reason);
  }
}
