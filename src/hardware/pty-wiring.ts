import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SerialBinding } from '../../drivers/transport/serial-binding.js';
import type { TransportPort } from '../../drivers/transport/transport.js';

/**
 * A cable between the table and a simulated device: a pair of connected pseudo-terminals made by Debian's
 * socat. The table opens its end with serialport as it opens a real device; the simulator writes the
 * device's bytes into the other end. Killing socat pulls the cable (both ends see the line go); starting
 * it again at the same paths puts it back.
 */
export class PtyCable {
  private socat: ChildProcess | null = null;

  private constructor(
    /** The end the table opens, as it would open /dev/ttyUSB0. */
    readonly tablePath: string,
    /** The end the simulated device writes to and reads from. */
    readonly devicePath: string,
  ) {}

  static async lay(folder: string, name: string): Promise<PtyCable> {
    const cable = new PtyCable(join(folder, `${name}-table`), join(folder, `${name}-device`));
    await cable.plug();
    return cable;
  }

  /** Starts socat and waits for both ends to appear. */
  async plug(): Promise<void> {
    if (this.socat !== null) return;
    // Stale links from a socat killed before would look like ends that are there.
    rmSync(this.tablePath, { force: true });
    rmSync(this.devicePath, { force: true });
    const socat = spawn('socat', [`pty,raw,echo=0,link=${this.tablePath}`, `pty,raw,echo=0,link=${this.devicePath}`], { stdio: 'ignore' });
    this.socat = socat;
    let failed: string | null = null;
    socat.once('error', (error) => (failed = `socat cannot be started (${error.message}): install Debian's socat (scripts/setup-debian.sh)`));
    socat.once('exit', () => {
      failed ??= 'socat ended before it made the pseudo-terminals';
      if (this.socat === socat) this.socat = null;
    });
    for (let waited = 0; !(existsSync(this.tablePath) && existsSync(this.devicePath)); waited += 10) {
      if (failed === null && waited > 5_000) failed = 'socat made no pseudo-terminals within 5 s';
      if (failed !== null) {
        await this.unplug();
        throw new Error(failed);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Kills socat: the cable is pulled. */
  async unplug(): Promise<void> {
    const socat = this.socat;
    if (socat === null) return;
    this.socat = null;
    if (socat.exitCode !== null || socat.signalCode !== null) return;
    const exited = new Promise((resolve) => socat.once('exit', resolve));
    socat.kill('SIGKILL');
    await exited;
  }
}

/**
 * A simulated device's end of a cable, kept open across unplugs: bytes the simulator sends go to the port
 * open now (dropped while the cable is out, as on a real line); bytes the table writes go to `hear`.
 */
export class DeviceEnd {
  private port: TransportPort | null = null;
  private readonly binding = new SerialBinding();

  constructor(
    private readonly cable: PtyCable,
    private readonly hear: (bytes: Uint8Array) => void,
  ) {}

  async open(): Promise<void> {
    const port = await this.binding.open(this.cable.devicePath, { baudRate: 115_200 });
    port.onData((chunk) => this.hear(chunk));
    port.onClose(() => {
      if (this.port === port) this.port = null;
    });
    this.port = port;
  }

  send(bytes: Uint8Array | string): void {
    const port = this.port;
    if (port === null) return;
    // A write that fails is a cable pulled mid-write: the device's bytes are lost, as on a real line.
    port.write(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes).catch(() => undefined);
  }

  async close(): Promise<void> {
    const port = this.port;
    this.port = null;
    await port?.close();
  }
}
