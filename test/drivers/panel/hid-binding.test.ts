import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { DriverError } from '../../../drivers/driver-error.js';
import { ButtonPanel, type PanelEvent } from '../../../drivers/panel/button-panel.js';
import { encodePanelReport } from '../../../drivers/panel/panel-protocol.js';
import { type HidDevice, type HidDeviceInfo, HidBinding, type HidLibrary } from '../../../drivers/transport/hid-binding.js';

/**
 * HidBinding against a stand-in for node-hid (no HID device can be plugged in here): what it makes of
 * the list, of reports, of a read error and of a close; and what a library that cannot load becomes.
 * The real node-hid is tried once at the end: a list, or the libusb DriverError — never a crash.
 */

const LIBUSB_MISSING = 'libusb-1.0.so.0: cannot open shared object file: No such file or directory';

/** A device as node-hid's HIDAsync behaves: 'data' with a Buffer per input report, 'error' when a read fails. */
class FakeHidDevice extends EventEmitter implements HidDevice {
  readonly written: number[][] = [];
  closed = 0;
  writeFails = false;

  async write(values: number[] | Buffer): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (this.writeFails) throw new Error('could not write to HID device');
    this.written.push([...values]);
    return values.length;
  }

  async close(): Promise<void> {
    this.closed++;
  }
}

function fakeLibrary(devices: readonly HidDeviceInfo[] = []) {
  const opened: FakeHidDevice[] = [];
  const library: HidLibrary = {
    devicesAsync: async () => devices,
    HIDAsync: {
      open: async (path: string) => {
        if (!devices.some((device) => device.path === path)) throw new Error(`Cannot open device with path ${path}`);
        const device = new FakeHidDevice();
        opened.push(device);
        return device;
      },
    },
  };
  let loads = 0;
  const binding = new HidBinding(async () => {
    loads++;
    return library;
  });
  return { binding, opened, loads: () => loads };
}

const PANEL: HidDeviceInfo = { path: '/dev/hidraw3', vendorId: 0x1209, productId: 0xfe17, serialNumber: 'P-0042' };

describe('USB HID devices through node-hid (a stand-in here)', () => {
  it('loads the library only when asked to list or open, once', async () => {
    const { binding, loads } = fakeLibrary([PANEL]);
    expect(loads()).toBe(0);
    await binding.list();
    await binding.list();
    await binding.open('/dev/hidraw3');
    expect(loads()).toBe(1);
  });

  it('lists devices with 4-digit lower-case hex ids; an empty serial number is none; a device without a path is left out', async () => {
    const { binding } = fakeLibrary([PANEL, { path: '/dev/hidraw4', vendorId: 0x46d, productId: 0xc52b, serialNumber: '' }, { vendorId: 1, productId: 2 }, { path: '', vendorId: 1, productId: 2 }]);
    expect(await binding.list()).toEqual([
      { path: '/dev/hidraw3', vendorId: '1209', productId: 'fe17', serialNumber: 'P-0042' },
      { path: '/dev/hidraw4', vendorId: '046d', productId: 'c52b', serialNumber: null },
    ]);
  });

  it('turns a library that cannot load (libusb missing) into a not-found DriverError saying what to install, and tries again next time', async () => {
    let attempts = 0;
    const binding = new HidBinding(async () => {
      attempts++;
      throw Object.assign(new Error(LIBUSB_MISSING), { code: 'ERR_DLOPEN_FAILED' });
    });
    // One after the other: a failed load is not kept, so each call tries again.
    for (const attempt of [() => binding.list(), () => binding.open('/dev/hidraw0')]) {
      const error: unknown = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DriverError);
      expect(error).toMatchObject({ kind: 'not-found', message: expect.stringContaining('install libusb-1.0-0') });
      expect((error as DriverError).message).toContain(LIBUSB_MISSING);
      expect((error as DriverError).cause).toBeInstanceOf(Error);
    }
    expect(attempts).toBe(2);
  });

  it('turns a listing that fails (node-hid loads its native part then) into the same DriverError', async () => {
    const binding = new HidBinding(async () => ({
      devicesAsync: () => Promise.reject(new Error(LIBUSB_MISSING)),
      HIDAsync: { open: () => Promise.reject(new Error(LIBUSB_MISSING)) },
    }));
    await expect(binding.list()).rejects.toMatchObject({ kind: 'not-found', message: expect.stringMatching(/^the USB HID devices cannot be listed: the system library libusb-1.0 is missing — install libusb-1.0-0/) });
    await expect(binding.open('/dev/hidraw0')).rejects.toMatchObject({ kind: 'not-found', message: expect.stringMatching(/^\/dev\/hidraw0 cannot be opened: the system library libusb-1.0 is missing/) });
  });

  it('names node-hid itself when it is not installed, and passes any other failure on as not-found', async () => {
    const missing = new HidBinding(async () => {
      throw Object.assign(new Error("Cannot find package 'node-hid'"), { code: 'ERR_MODULE_NOT_FOUND' });
    });
    await expect(missing.list()).rejects.toMatchObject({ kind: 'not-found', message: expect.stringContaining('node-hid is not installed (npm install node-hid)') });
    const { binding } = fakeLibrary([PANEL]);
    await expect(binding.open('/dev/hidraw9')).rejects.toMatchObject({ kind: 'not-found', message: '/dev/hidraw9 cannot be opened: Cannot open device with path /dev/hidraw9' });
  });

  it('gives each input report as one chunk, report id first, as node-hid delivers it: the panel reads presses', async () => {
    const { binding, opened } = fakeLibrary([PANEL]);
    const port = await binding.open('/dev/hidraw3');
    expect(port.path).toBe('/dev/hidraw3');
    const chunks: number[][] = [];
    port.onData((chunk) => chunks.push([...chunk]));
    const events: PanelEvent[] = [];
    new ButtonPanel(port, (event) => events.push(event));
    const device = opened[0] as FakeHidDevice;
    device.emit('data', Buffer.from(encodePanelReport({ buttons: ['fold'], key: null })));
    device.emit('data', Buffer.from(encodePanelReport({ buttons: ['fold'], key: '3' })));
    device.emit('data', Buffer.from(encodePanelReport({ buttons: [], key: null })));
    expect(chunks).toEqual([
      [0x01, 0x01, 0x00, 0x00],
      [0x01, 0x01, 0x00, 0x33],
      [0x01, 0x00, 0x00, 0x00],
    ]);
    expect(events).toEqual([
      { type: 'button', button: 'fold' },
      { type: 'key', key: '3' },
    ]);
  });

  it('writes output reports as given, one after another', async () => {
    const { binding, opened } = fakeLibrary([PANEL]);
    const port = await binding.open('/dev/hidraw3');
    await Promise.all([port.write(Uint8Array.of(0x02, 0x01)), port.write(Uint8Array.of(0x02, 0x02)), port.write(Uint8Array.of(0x02, 0x03))]);
    expect((opened[0] as FakeHidDevice).written).toEqual([
      [0x02, 0x01],
      [0x02, 0x02],
      [0x02, 0x03],
    ]);
    (opened[0] as FakeHidDevice).writeFails = true;
    await expect(port.write(Uint8Array.of(0x02, 0x04))).rejects.toMatchObject({ kind: 'disconnected', message: '/dev/hidraw3: the write failed: could not write to HID device' });
  });

  it('reports a read error (the device unplugged) once, as disconnected, and closes the device', async () => {
    const { binding, opened } = fakeLibrary([PANEL]);
    const port = await binding.open('/dev/hidraw3');
    const reasons: DriverError[] = [];
    port.onClose((reason) => reasons.push(reason));
    const events: PanelEvent[] = [];
    new ButtonPanel(port, (event) => events.push(event));
    const device = opened[0] as FakeHidDevice;
    device.emit('error', new Error('could not read from HID device'));
    device.emit('error', new Error('could not read from HID device'));
    device.emit('data', Buffer.from(encodePanelReport({ buttons: ['fold'], key: null })));
    expect(reasons.map((reason) => [reason.kind, reason.message])).toEqual([['disconnected', '/dev/hidraw3 went away: could not read from HID device']]);
    expect(events.map((event) => event.type)).toEqual(['disconnected']);
    expect(device.closed).toBe(1);
    await expect(port.write(Uint8Array.of(0))).rejects.toMatchObject({ kind: 'disconnected' });
    await port.close();
    expect(device.closed).toBe(1);
  });

  it('closes on purpose as canceled, once, and reads nothing after', async () => {
    const { binding, opened } = fakeLibrary([PANEL]);
    const port = await binding.open('/dev/hidraw3');
    const reasons: string[] = [];
    port.onClose((reason) => reasons.push(reason.kind));
    const chunks: Uint8Array[] = [];
    port.onData((chunk) => chunks.push(chunk));
    await Promise.all([port.close(), port.close()]);
    await port.close();
    const device = opened[0] as FakeHidDevice;
    device.emit('data', Buffer.from([1, 1, 0, 0]));
    device.emit('error', new Error('late'));
    expect(reasons).toEqual(['canceled']);
    expect(chunks).toEqual([]);
    expect(device.closed).toBe(1);
    await expect(port.write(Uint8Array.of(0))).rejects.toMatchObject({ kind: 'canceled' });
  });

  it('with the real node-hid on this machine: a list, or the libusb DriverError — never a crash', async () => {
    const listed = await new HidBinding().list().then(
      (devices) => devices,
      (error: unknown) => error,
    );
    if (Array.isArray(listed)) return;
    expect(listed).toBeInstanceOf(DriverError);
    expect(listed).toMatchObject({ kind: 'not-found', message: expect.stringContaining('install libusb-1.0-0') });
  });
});
