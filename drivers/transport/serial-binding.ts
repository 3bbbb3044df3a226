import { SerialPort } from 'serialport';
import { DriverError } from '../driver-error.js';
import type { DeviceIdentity, TransportBinding, TransportPort } from './transport.js';

/**
 * Serial devices through serialport (v13): real ports, USB serial adapters, and the pseudo-terminals the
 * simulated table opens with socat. Listing needs udevadm on Linux; where it is missing the list fails
 * with a DriverError instead of a crash, and a configured path can still be opened.
 */
export class SerialBinding implements TransportBinding {
  async list(): Promise<readonly (DeviceIdentity & { readonly path: string })[]> {
    let ports: Awaited<ReturnType<typeof SerialPort.list>>;
    try {
      ports = await SerialPort.list();
    } catch (error) {
      throw new DriverError('not-found', `the serial ports cannot be listed: ${(error as Error).message}`, { cause: error });
    }
    return ports.map((port) => ({ path: port.path, vendorId: port.vendorId ?? '', productId: port.productId ?? '', serialNumber: port.serialNumber ?? null }));
  }

  open(path: string, options: { readonly baudRate?: number }): Promise<TransportPort> {
    return new Promise((resolve, reject) => {
      const port = new SerialPort({ path, baudRate: options.baudRate ?? 115_200, autoOpen: false });
      port.open((error) => {
        if (error) reject(new DriverError('not-found', `${path} cannot be opened: ${error.message}`, { cause: error }));
        else resolve(new SerialTransportPort(port));
      });
    });
  }
}

class SerialTransportPort implements TransportPort {
  private closing = false;
  private readonly closeListeners = new Set<(reason: DriverError) => void>();

  constructor(private readonly port: SerialPort) {
    // serialport reports a close it did not ask for (the device went away) with `disconnected` set.
    port.on('close', (error: (Error & { disconnected?: boolean }) | null) => {
      const reason = this.closing ? new DriverError('canceled', `${this.path} closed`) : new DriverError('disconnected', `${this.path} went away${error ? `: ${error.message}` : ''}`, { cause: error });
      for (const listener of this.closeListeners) listener(reason);
      this.closeListeners.clear();
    });
    // Errors after opening end in a close; without a listener serialport would throw them.
    port.on('error', () => undefined);
  }

  get path(): string {
    return this.port.path;
  }

  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      this.port.write(Buffer.from(bytes), (error) => {
        if (error) {
          reject(new DriverError('disconnected', `${this.path}: the write failed: ${error.message}`, { cause: error }));
          return;
        }
        this.port.drain((drained) => (drained ? reject(new DriverError('disconnected', `${this.path}: ${drained.message}`, { cause: drained })) : resolve()));
      });
    });
  }

  onData(listener: (chunk: Uint8Array) => void): () => void {
    const forward = (chunk: Buffer): void => listener(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    this.port.on('data', forward);
    return () => void this.port.off('data', forward);
  }

  onClose(listener: (reason: DriverError) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  close(): Promise<void> {
    if (!this.port.isOpen) return Promise.resolve();
    this.closing = true;
    return new Promise((resolve) => this.port.close(() => resolve()));
  }
}
