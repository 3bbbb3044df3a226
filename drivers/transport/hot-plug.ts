import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** A device that came or went, as udev announces it after its rules ran (permissions and names in place). */
export type HotPlugEvent = {
  readonly action: string;
  readonly subsystem: string;
  /** The node: /dev/ttyUSB0, /dev/hidraw2; null for an event without one. */
  readonly devname: string | null;
  /** The names udev made for it: /dev/serial/by-id/…, by-path/…, the rules' /dev/felt/…. */
  readonly devlinks: readonly string[];
  readonly vendorId: string | null;
  readonly productId: string | null;
  readonly serialNumber: string | null;
};

/**
 * Where the news of devices plugged in and out comes from (D69). `live` says whether it comes now: a
 * connection waiting for its device looks again when an event comes, and polls (as it did before) only
 * while there are no events to wait for.
 */
export interface HotPlug {
  readonly live: boolean;
  /** Every event; also called (with action `lost`) when the events stop, so that waiters poll again. */
  onEvent(listener: (event: HotPlugEvent) => void): () => void;
  start(): void;
  stop(): void;
}

/**
 * Reads the output of `udevadm monitor --udev --property`, in any chunking: a header line per event
 * (`UDEV  [1234.567890] add      /devices/… (tty)`), its properties one `KEY=value` a line, a blank line
 * after each. Lines before the first event (udevadm's greeting) and the KERNEL events of a monitor told
 * to show both are skipped: only UDEV events, sent after udev's rules, are news.
 */
export class UdevEventParser {
  private rest = '';
  private properties: Map<string, string> | null = null;

  push(text: string): HotPlugEvent[] {
    const events: HotPlugEvent[] = [];
    const lines = (this.rest + text).split('\n');
    this.rest = lines.pop() ?? '';
    for (const raw of lines) this.line(raw.replace(/\r$/, ''), events);
    // A very long line without an end is no udev output: drop it rather than hold it.
    if (this.rest.length > 16_384) this.rest = '';
    return events;
  }

  /** The output ended: an event whose blank line never came is still an event. */
  end(): HotPlugEvent[] {
    const events: HotPlugEvent[] = [];
    if (this.rest !== '') this.line(this.rest, events);
    this.rest = '';
    this.line('', events);
    return events;
  }

  private line(line: string, events: HotPlugEvent[]): void {
    if (line.trim() === '') {
      const properties = this.properties;
      this.properties = null;
      if (properties === null) return;
      const action = properties.get('ACTION');
      const subsystem = properties.get('SUBSYSTEM');
      if (action === undefined || subsystem === undefined) return;
      events.push({
        action,
        subsystem,
        devname: properties.get('DEVNAME') ?? null,
        devlinks: (properties.get('DEVLINKS') ?? '').split(' ').filter((link) => link !== ''),
        vendorId: properties.get('ID_VENDOR_ID')?.toLowerCase() ?? null,
        productId: properties.get('ID_MODEL_ID')?.toLowerCase() ?? null,
        serialNumber: properties.get('ID_SERIAL_SHORT') ?? null,
      });
      return;
    }
    if (/^UDEV\s+\[/.test(line)) {
      this.properties = new Map();
      return;
    }
    if (/^KERNEL\s*\[/.test(line)) {
      // A kernel event (before udev's rules): not ours; its properties are skipped with it.
      this.properties = null;
      return;
    }
    const at = line.indexOf('=');
    if (this.properties !== null && at > 0) this.properties.set(line.slice(0, at), line.slice(at + 1));
  }
}

export type UdevMonitorOptions = {
  /** The monitor's command line (udevadm's unless told: tests run a recording through `cat`). */
  readonly command?: readonly string[];
  /** Where a running udev daemon keeps its control socket: without it no event ever comes. */
  readonly runDir?: string;
};

const UDEVADM_MONITOR = ['udevadm', 'monitor', '--udev', '--property', '--subsystem-match=tty', '--subsystem-match=hidraw'];

/**
 * Hot plug from udev: `udevadm monitor` run as a child process, its output read by UdevEventParser. It is
 * live only while the monitor runs and a udev daemon is there to send events (its control socket in
 * /run/udev): a machine without one (a container, this build machine) keeps the poll. When the monitor
 * ends, listeners get a `lost` event and the poll takes over.
 */
export class UdevMonitor implements HotPlug {
  private child: ChildProcess | null = null;
  private running = false;
  private readonly listeners = new Set<(event: HotPlugEvent) => void>();
  private readonly command: readonly string[];
  private readonly runDir: string;

  constructor(options: UdevMonitorOptions = {}) {
    this.command = options.command ?? UDEVADM_MONITOR;
    this.runDir = options.runDir ?? '/run/udev';
  }

  get live(): boolean {
    return this.running;
  }

  onEvent(listener: (event: HotPlugEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.child !== null || !existsSync(join(this.runDir, 'control'))) return;
    const [program = 'udevadm', ...args] = this.command;
    const parser = new UdevEventParser();
    let child: ChildProcess;
    try {
      child = spawn(program, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return;
    }
    this.child = child;
    this.running = true;
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (text: string) => this.deliver(parser.push(text)));
    const ended = (): void => {
      if (this.child !== child) return;
      this.deliver(parser.end());
      this.child = null;
      this.running = false;
      this.deliver([{ action: 'lost', subsystem: '', devname: null, devlinks: [], vendorId: null, productId: null, serialNumber: null }]);
    };
    // udevadm missing (ENOENT) comes as an error, not a throw; either way the poll takes over.
    child.once('error', ended);
    child.once('exit', ended);
    child.unref();
    (child.stdout as { unref?: () => void } | null)?.unref?.();
  }

  stop(): void {
    const child = this.child;
    this.child = null;
    this.running = false;
    if (child !== null && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }

  private deliver(events: readonly HotPlugEvent[]): void {
    for (const event of events) for (const listener of [...this.listeners]) listener(event);
  }
}
