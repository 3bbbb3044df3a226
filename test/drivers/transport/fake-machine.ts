import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { SysfsRoot } from '../../../drivers/transport/sysfs-devices.js';

/**
 * A machine's sysfs and /dev as Linux lays them out, in a folder: an FTDI adapter with a serial number, a
 * CH340 adapter without one (by-path only), a CDC device, the 8250 driver's placeholder ttyS0, a console
 * tty, and a HID panel with its hidraw node.
 */
export function fakeMachine(): SysfsRoot {
  const root = mkdtempSync(join(tmpdir(), 'felt-sysfs-'));
  const sys = join(root, 'sys');
  const dev = join(root, 'dev');
  const file = (path: string, text: string): void => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${text}\n`);
  };
  const link = (path: string, target: string): void => {
    mkdirSync(dirname(path), { recursive: true });
    symlinkSync(relative(dirname(path), target), path);
  };
  const usb = (socket: string, ids: Record<string, string>): string => {
    const folder = join(sys, 'devices/pci0000:00/0000:00:14.0/usb1', socket);
    for (const [name, value] of Object.entries(ids)) file(join(folder, name), value);
    return folder;
  };
  /** A tty class device under `parent` (its `device`), listed in /sys/class/tty. */
  const tty = (name: string, parent: string, classFolder = join(parent, 'tty', name)): void => {
    mkdirSync(classFolder, { recursive: true });
    link(join(classFolder, 'device'), parent);
    link(join(sys, 'class/tty', name), classFolder);
  };
  const ftdi = usb('1-2', { idVendor: '0403', idProduct: '6001', serial: 'A10K3XYZ', manufacturer: 'FTDI', product: 'FT232R USB UART' });
  mkdirSync(join(ftdi, '1-2:1.0/ttyUSB0'), { recursive: true });
  tty('ttyUSB0', join(ftdi, '1-2:1.0/ttyUSB0'));
  const ch340 = usb('1-3', { idVendor: '1a86', idProduct: '7523', product: 'USB Serial' });
  mkdirSync(join(ch340, '1-3:1.0/ttyUSB1'), { recursive: true });
  tty('ttyUSB1', join(ch340, '1-3:1.0/ttyUSB1'));
  const cdc = usb('1-4', { idVendor: '0483', idProduct: '5740', serial: '2069377A5753' });
  mkdirSync(join(cdc, '1-4:1.0'), { recursive: true });
  tty('ttyACM0', join(cdc, '1-4:1.0'));
  const placeholder = join(sys, 'devices/platform/serial8250');
  mkdirSync(placeholder, { recursive: true });
  mkdirSync(join(sys, 'bus/platform/drivers/serial8250'), { recursive: true });
  link(join(placeholder, 'driver'), join(sys, 'bus/platform/drivers/serial8250'));
  tty('ttyS0', placeholder);
  mkdirSync(join(sys, 'devices/virtual/tty/tty0'), { recursive: true });
  link(join(sys, 'class/tty/tty0'), join(sys, 'devices/virtual/tty/tty0'));
  const panel = usb('1-5', { idVendor: '1209', idProduct: 'fe17', manufacturer: 'Felt', product: 'Croupier panel' });
  const hid = join(panel, '1-5:1.0/0003:1209:FE17.0001');
  file(join(hid, 'uevent'), 'DRIVER=hid-generic\nHID_ID=0003:00001209:0000FE17\nHID_NAME=Felt Croupier panel\nHID_UNIQ=PANEL-7');
  mkdirSync(join(hid, 'hidraw/hidraw0'), { recursive: true });
  link(join(hid, 'hidraw/hidraw0/device'), hid);
  link(join(sys, 'class/hidraw/hidraw0'), join(hid, 'hidraw/hidraw0'));
  for (const name of ['ttyUSB0', 'ttyUSB1', 'ttyACM0', 'ttyS0', 'hidraw0']) file(join(dev, name), '');
  link(join(dev, 'serial/by-id/usb-FTDI_FT232R_USB_UART_A10K3XYZ-if00-port0'), join(dev, 'ttyUSB0'));
  link(join(dev, 'serial/by-path/pci-0000:00:14.0-usb-0:2:1.0-port0'), join(dev, 'ttyUSB0'));
  link(join(dev, 'serial/by-path/pci-0000:00:14.0-usb-0:3:1.0-port0'), join(dev, 'ttyUSB1'));
  link(join(dev, 'felt/panel'), join(dev, 'hidraw0'));
  return { sys, dev };
}

