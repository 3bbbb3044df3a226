import { existsSync, read } from 'node:fs';
import { promisify } from 'node:util';
import { SerialPort } from 'serialport';
import { DriverError } from '../driver-error.js';
import { listSerialDevices, type SysfsRoot, SYSTEM_ROOT } from './sysfs-devices.js';
import type { DeviceIdentity, TransportBinding, TransportPort } from './transport.js';

/**
 * Serial devices through serialport (v13): real ports, USB serial adapters, and the pseudo-terminals the
 * simulated table opens with socat. On Linux the ports are listed from sysfs (sysfs-devices.ts, D69):
 * serialport's own list runs udevadm, a process per listing, and fails where udevadm is missing. Elsewhere
 * serialport lists them; where that fails the list fails with a DriverError instead of a crash, and a
 * configured path can still be opened.
 */
export class SerialBinding implements TransportBinding {
  constructor(private readonly sysfs: SysfsRoot | null = process.platform === 'linux' && existsSync('/sys/class/tty') ? SYSTEM_ROOT : null) {}

  async list(): Promise<readonly (DeviceIdentity & { readonly path: string })[]> {
    if (this.sysfs !== null) return listSerialDevices(this.sysfs).map(({ path, vendorId, productId, serialNumber }) => ({ path, vendorId, productId, serialNumber }));
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
      // SerialPort takes another binding at run time; its options' type leaves that out.
      const port = new SerialPort({ path, baudRate: options.baudRate ?? 115_200, autoOpen: false, binding: HANGUP_AWARE_BINDING } as ConstructorParameters<typeof SerialPort>[0]);
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

  /** A read or write error that ended the port: reported as the reason it closed. */
  private failure: Error | null = null;

  constructor(private readonly port: SerialPort) {
    // serialport reports a close it did not ask for (the device went away) with `disconnected` set.
    port.on('close', (error: (Error & { disconnected?: boolean }) | null) => {
      const cause = this.failure ?? error;
      const reason = this.closing && this.failure === null ? new DriverError('canceled', `${this.path} closed`) : new DriverError('disconnected', `${this.path} went away${cause ? `: ${cause.message}` : ''}`, { cause });
      for (const listener of this.closeListeners) listener(reason);
      this.closeListeners.clear();
    });
    // An error serialport reports without closing the port (a failed write: a USB adapter's I/O error, a
    // line whose other end is gone) would leave it open with nothing getting through, and nobody told.
    // The port is closed, and reported gone with the error. (Read errors close it already.)
    port.on('error', (error: Error) => {
      if (this.failure !== null || this.closing) return;
      this.failure = error;
      if (port.isOpen) port.close(() => undefined);
    });
  }

  get path(): string {
    return this.port.path;
  }

  /**
   * Resolves when the bytes are handed to the operating system, in order. No drain (tcdrain) after each
   * write: it blocks a libuv worker thread until the bytes are on the wire, and a few ports draining at
   * once take every worker, so no port is read any more (found with pseudo-terminals: a deadlock).
   */
  write(bytes: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      this.port.write(Buffer.from(bytes), (error) => {
        if (error) reject(new DriverError('disconnected', `${this.path}: the write failed: ${error.message}`, { cause: error }));
        else resolve();
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

const readAsync = promisify(read);

/** serialport's binding for this platform (its open options differ per platform; it checks them itself). */
const PLATFORM = SerialPort.binding as unknown as { list(): ReturnType<typeof SerialPort.binding.list>; open(options: unknown): Promise<object> };

/** What the Unix port bindings of serialport have: the descriptor, its poller, and `read`. */
type UnixPortBinding = {
  readonly fd: number | null;
  readonly isOpen: boolean;
  readonly poller: { once(event: 'readable', callback: (error: Error | null) => void): unknown };
  read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }>;
};

/**
 * The platform's binding with one change: on Unix, a read that returns no bytes is the line hung up — a
 * pseudo-terminal whose other end closed, a serial adapter's carrier lost. serialport 13 reads again at
 * once, forever: the port stays open, a CPU core spins, and nobody learns the device is gone. Here it is
 * a disconnect, so the port closes and the device is looked for again. Everything else is serialport's.
 */
const HANGUP_AWARE_BINDING = {
  list: () => PLATFORM.list(),
  async open(options: unknown): Promise<object> {
    const port = await PLATFORM.open(options);
    if ('poller' in port && 'fd' in port) hangupAwareRead(port as UnixPortBinding);
    return port;
  },
};

function hangupAwareRead(port: UnixPortBinding): void {
  port.read = async (buffer, offset, length) => {
    for (;;) {
      const fd = port.fd;
      if (!port.isOpen || fd === null) throw Object.assign(new Error('Port is not open'), { canceled: true });
      try {
        const { bytesRead } = await readAsync(fd, buffer, offset, length, null);
        if (bytesRead > 0) return { bytesRead, buffer };
        throw Object.assign(new Error('the line hung up'), { code: 'EOF' });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EAGAIN' && code !== 'EWOULDBLOCK' && code !== 'EINTR') throw error;
        if (!port.isOpen) throw Object.assign(new Error('Port is not open'), { canceled: true });
        await new Promise<void>((resolve, reject) => port.poller.once('readable', (failed) => (failed === null ? resolve() : reject(failed))));
      }
    }
  };
}
