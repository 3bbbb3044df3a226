import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../../support/until.js';
import { DeviceConnection } from '../../../drivers/device-connection.js';
import { type HotPlug, type HotPlugEvent, UdevEventParser, UdevMonitor } from '../../../drivers/transport/hot-plug.js';
import { SimulatedBinding } from '../../../drivers/sim/simulated-binding.js';

/**
 * `udevadm monitor --udev --property --subsystem-match=tty --subsystem-match=hidraw` as it prints an FTDI
 * adapter plugged in (with the udev rules' ID_MM_DEVICE_IGNORE and /dev/felt name), the panel's hidraw,
 * the adapter pulled, and a CH340 adapter plugged in — with one KERNEL event among them, as a monitor run
 * without --udev prints. This machine has no udev daemon: hot plug is tested with this recording.
 */
const RECORDING = readFileSync(new URL('./udev-monitor-recording.txt', import.meta.url), 'utf8');

const EXPECTED: readonly Partial<HotPlugEvent>[] = [
  { action: 'add', subsystem: 'tty', devname: '/dev/ttyUSB0', vendorId: '0403', productId: '6001', serialNumber: 'A10K3XYZ', devlinks: ['/dev/serial/by-path/pci-0000:00:14.0-usb-0:2:1.0-port0', '/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_A10K3XYZ-if00-port0', '/dev/felt/serial-A10K3XYZ'] },
  { action: 'add', subsystem: 'hidraw', devname: '/dev/hidraw2', vendorId: '1209', productId: 'fe17', serialNumber: null, devlinks: ['/dev/felt/panel'] },
  { action: 'remove', subsystem: 'tty', devname: '/dev/ttyUSB0' },
  { action: 'add', subsystem: 'tty', devname: '/dev/ttyUSB1', vendorId: '1a86', productId: '7523', serialNumber: null },
];

describe('hot plug from udev events (recorded: this machine runs no udev daemon)', () => {
  it('reads udevadm monitor’s events, its greeting and kernel events skipped, in any chunking', () => {
    const whole = new UdevEventParser();
    const events = [...whole.push(RECORDING), ...whole.end()];
    expect(events).toHaveLength(EXPECTED.length);
    EXPECTED.forEach((expected, index) => expect(events[index]).toMatchObject(expected));
    for (const size of [1, 7, 64]) {
      const parser = new UdevEventParser();
      const pieces: HotPlugEvent[] = [];
      for (let at = 0; at < RECORDING.length; at += size) pieces.push(...parser.push(RECORDING.slice(at, at + size)));
      expect([...pieces, ...parser.end()]).toEqual(events);
    }
  });

  it('runs the monitor as a child process and passes its events on; when it ends, says so (lost) and is no longer live', async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'felt-udev-'));
    writeFileSync(join(runDir, 'control'), '');
    const recording = join(runDir, 'recording.txt');
    writeFileSync(recording, RECORDING);
    const monitor = new UdevMonitor({ command: ['cat', recording], runDir });
    const seen: HotPlugEvent[] = [];
    monitor.onEvent((event) => seen.push(event));
    monitor.start();
    expect(monitor.live).toBe(true);
    await until(() => seen.at(-1)?.action === 'lost', 'the recording played and the monitor ended', 5_000);
    expect(seen.map((event) => `${event.action} ${event.devname ?? ''}`)).toEqual(['add /dev/ttyUSB0', 'add /dev/hidraw2', 'remove /dev/ttyUSB0', 'add /dev/ttyUSB1', 'lost ']);
    expect(monitor.live).toBe(false);
  });

  it('is not live where no udev daemon runs (no /run/udev/control), nor where udevadm is missing', async () => {
    const noDaemon = new UdevMonitor({ runDir: mkdtempSync(join(tmpdir(), 'felt-udev-')) });
    noDaemon.start();
    expect(noDaemon.live).toBe(false);
    const runDir = mkdtempSync(join(tmpdir(), 'felt-udev-'));
    writeFileSync(join(runDir, 'control'), '');
    const missing = new UdevMonitor({ command: ['felt-no-such-udevadm'], runDir });
    const seen: string[] = [];
    missing.onEvent((event) => seen.push(event.action));
    missing.start();
    await until(() => seen.includes('lost'), 'the missing monitor noticed', 5_000);
    expect(missing.live).toBe(false);
  });
});

/** Hot plug as a test drives it: live, and events sent by hand (the recording's). */
class RecordedHotPlug implements HotPlug {
  live = true;
  private readonly listeners = new Set<(event: HotPlugEvent) => void>();
  onEvent(listener: (event: HotPlugEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  start(): void {}
  stop(): void {}
  send(event: HotPlugEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
  get waiting(): number {
    return this.listeners.size;
  }
}

describe('a device looked for on hot-plug events, the poll kept where no events come', () => {
  const identity = { vendorId: '0403', productId: '6001', serialNumber: 'A10K3XYZ' };
  const recorded = (() => {
    const parser = new UdevEventParser();
    return [...parser.push(RECORDING), ...parser.end()];
  })();

  it('finds a device plugged in when udev says so, not by listing the ports every second', async () => {
    const binding = new SimulatedBinding();
    let listings = 0;
    const list = binding.list.bind(binding);
    binding.list = async () => {
      listings++;
      return list();
    };
    const hotPlug = new RecordedHotPlug();
    const states: string[] = [];
    // A minute between polls: only the event can find the device within the test.
    const connection = new DeviceConnection(binding, { identity, path: null }, { onPort: () => undefined, onStatus: (state) => states.push(state) }, 60_000, hotPlug);
    connection.start();
    await until(() => states.length === 1, 'the first look');
    expect(states).toEqual(['disconnected']);
    expect(hotPlug.waiting).toBe(1);
    binding.plug('/dev/ttyUSB0', identity);
    hotPlug.send(recorded[0] as HotPlugEvent);
    await until(() => states.at(-1) === 'connected', 'the adapter found on its add event', 2_000);
    expect(listings).toBe(2);
    expect(hotPlug.waiting).toBe(0);
    await connection.stop();
  });

  it('polls every retryMs when no events come (no udev daemon), and again when the events stop (lost)', async () => {
    const binding = new SimulatedBinding();
    const states: string[] = [];
    const dead = new RecordedHotPlug();
    dead.live = false;
    const polled = new DeviceConnection(binding, { identity, path: null }, { onPort: () => undefined, onStatus: (state) => states.push(state) }, 20, dead);
    polled.start();
    await until(() => states.length === 1, 'the first look');
    binding.plug('/dev/ttyUSB0', identity);
    await until(() => states.at(-1) === 'connected', 'the adapter found by the poll', 2_000);
    await polled.stop();

    const fading = new RecordedHotPlug();
    const other = new SimulatedBinding();
    const seen: string[] = [];
    const waiting = new DeviceConnection(other, { identity, path: null }, { onPort: () => undefined, onStatus: (state) => seen.push(state) }, 20, fading);
    waiting.start();
    await until(() => seen.length === 1, 'the first look');
    other.plug('/dev/ttyUSB0', identity);
    fading.live = false;
    fading.send({ action: 'lost', subsystem: '', devname: null, devlinks: [], vendorId: null, productId: null, serialNumber: null });
    await until(() => seen.at(-1) === 'connected', 'found once the events stopped and the poll took over', 2_000);
    await waiting.stop();
  });
});
