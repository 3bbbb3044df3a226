import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { DeviceIdentity } from './transport.js';

/**
 * The serial and HID devices present, read from Linux's sysfs and /dev, without udevadm (D69):
 * `SerialPort.list()` runs `udevadm info` and fails where udevadm is missing (a container, a minimal
 * image), and costs a process per listing. The kernel says the same in sysfs: a tty's or hidraw's device,
 * the USB device above it with its vendor and product ids and serial number. The stable names udev makes
 * (/dev/serial/by-id/…, by-path/…, the rules' /dev/felt/…) are found by resolving the links in /dev.
 */
export type ListedDevice = DeviceIdentity & {
  readonly path: string;
  readonly kind: 'serial' | 'hid';
  /** The USB maker's and product's names, where the device has them. */
  readonly manufacturer: string | null;
  readonly product: string | null;
  /** Links in /dev that lead to it: by-id (by serial number), by-path (by USB socket), udev rules' names. */
  readonly stablePaths: readonly string[];
};

/** Where sysfs and /dev are: the machine's, or a folder laid out like them (tests). */
export type SysfsRoot = { readonly sys: string; readonly dev: string };
export const SYSTEM_ROOT: SysfsRoot = { sys: '/sys', dev: '/dev' };

/** Serial devices: USB serial adapters and CDC devices (ttyUSB*, ttyACM*), and on-board ports with a driver other than the legacy 8250 placeholder. */
export function listSerialDevices(root: SysfsRoot = SYSTEM_ROOT): ListedDevice[] {
  const links = devLinks(root);
  const devices: ListedDevice[] = [];
  for (const name of readdirOrEmpty(join(root.sys, 'class', 'tty'))) {
    const deviceLink = join(root.sys, 'class', 'tty', name, 'device');
    if (!existsSync(deviceLink)) continue;
    const device = realpathOrNull(deviceLink);
    if (device === null) continue;
    const usb = usbAncestor(device, root.sys);
    if (usb === null && !onBoardPort(deviceLink)) continue;
    const path = join(root.dev, name);
    devices.push({ kind: 'serial', path, ...identityOf(usb), stablePaths: links.get(path) ?? [] });
  }
  return devices.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
}

/** HID devices by their hidraw nodes (the node node-hid opens on Linux), identity from the HID device's uevent. */
export function listHidDevices(root: SysfsRoot = SYSTEM_ROOT): ListedDevice[] {
  const links = devLinks(root);
  const devices: ListedDevice[] = [];
  for (const name of readdirOrEmpty(join(root.sys, 'class', 'hidraw'))) {
    const device = realpathOrNull(join(root.sys, 'class', 'hidraw', name, 'device'));
    if (device === null) continue;
    const uevent = readKeyValues(join(device, 'uevent'));
    // HID_ID=0003:00001209:0000FE17 — bus, vendor, product.
    const [, vendor = '', product = ''] = (uevent.get('HID_ID') ?? '').split(':');
    const usb = usbAncestor(device, root.sys);
    const usbIdentity = identityOf(usb);
    const path = join(root.dev, name);
    devices.push({
      kind: 'hid',
      path,
      vendorId: vendor.length >= 4 ? vendor.slice(-4).toLowerCase() : usbIdentity.vendorId,
      productId: product.length >= 4 ? product.slice(-4).toLowerCase() : usbIdentity.productId,
      serialNumber: nonEmpty(uevent.get('HID_UNIQ')) ?? usbIdentity.serialNumber,
      manufacturer: usbIdentity.manufacturer,
      product: usbIdentity.product ?? nonEmpty(uevent.get('HID_NAME')),
      stablePaths: links.get(path) ?? [],
    });
  }
  return devices.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }));
}

/** The USB device (a folder with idVendor) at or above a sysfs device folder, or null for a device not on USB. */
function usbAncestor(device: string, sys: string): string | null {
  for (let folder = device; folder.startsWith(sys) && folder !== sys; folder = dirname(folder)) {
    if (existsSync(join(folder, 'idVendor'))) return folder;
  }
  return null;
}

function identityOf(usb: string | null): DeviceIdentity & { manufacturer: string | null; product: string | null } {
  if (usb === null) return { vendorId: '', productId: '', serialNumber: null, manufacturer: null, product: null };
  const read = (file: string): string | null => {
    try {
      return nonEmpty(readFileSync(join(usb, file), 'utf8').trim());
    } catch {
      return null;
    }
  };
  return { vendorId: (read('idVendor') ?? '').toLowerCase(), productId: (read('idProduct') ?? '').toLowerCase(), serialNumber: read('serial'), manufacturer: read('manufacturer'), product: read('product') };
}

/** A port on the board (ttyS*, ttyAMA*) that a driver claims: not the 8250 driver's placeholders for every possible port. */
function onBoardPort(deviceLink: string): boolean {
  try {
    return basename(readlinkSync(join(deviceLink, 'driver'))) !== 'serial8250';
  } catch {
    return false;
  }
}

/** The links under /dev that name devices: path → its links (by-id, by-path, the udev rules' /dev/felt names). */
function devLinks(root: SysfsRoot): Map<string, string[]> {
  const links = new Map<string, string[]>();
  for (const folder of [join(root.dev, 'serial', 'by-id'), join(root.dev, 'serial', 'by-path'), join(root.dev, 'felt')]) {
    for (const name of readdirOrEmpty(folder)) {
      const link = join(folder, name);
      let target: string;
      try {
        target = resolve(folder, readlinkSync(link));
      } catch {
        continue;
      }
      const list = links.get(target) ?? [];
      list.push(link);
      links.set(target, list);
    }
  }
  return links;
}

function readKeyValues(file: string): Map<string, string> {
  const values = new Map<string, string>();
  try {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const at = line.indexOf('=');
      if (at > 0) values.set(line.slice(0, at), line.slice(at + 1));
    }
  } catch {
    // A device gone while being read: no values.
  }
  return values;
}

function readdirOrEmpty(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

function nonEmpty(text: string | undefined | null): string | null {
  return text === undefined || text === null || text === '' ? null : text;
}
