import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listHidDevices, listSerialDevices } from '../../../drivers/transport/sysfs-devices.js';
import { fakeMachine } from './fake-machine.js';
import { SerialBinding } from '../../../drivers/transport/serial-binding.js';

describe('devices listed from sysfs, without udevadm (D69)', () => {
  it('lists USB serial devices with their ids, serial numbers and stable paths, and leaves out placeholders and consoles', () => {
    const root = fakeMachine();
    expect(listSerialDevices(root)).toEqual([
      { kind: 'serial', path: join(root.dev, 'ttyACM0'), vendorId: '0483', productId: '5740', serialNumber: '2069377A5753', manufacturer: null, product: null, stablePaths: [] },
      {
        kind: 'serial',
        path: join(root.dev, 'ttyUSB0'),
        vendorId: '0403',
        productId: '6001',
        serialNumber: 'A10K3XYZ',
        manufacturer: 'FTDI',
        product: 'FT232R USB UART',
        stablePaths: [join(root.dev, 'serial/by-id/usb-FTDI_FT232R_USB_UART_A10K3XYZ-if00-port0'), join(root.dev, 'serial/by-path/pci-0000:00:14.0-usb-0:2:1.0-port0')],
      },
      { kind: 'serial', path: join(root.dev, 'ttyUSB1'), vendorId: '1a86', productId: '7523', serialNumber: null, manufacturer: null, product: 'USB Serial', stablePaths: [join(root.dev, 'serial/by-path/pci-0000:00:14.0-usb-0:3:1.0-port0')] },
    ]);
  });

  it('lists hidraw nodes with the HID device’s ids and serial number', () => {
    const root = fakeMachine();
    expect(listHidDevices(root)).toEqual([
      { kind: 'hid', path: join(root.dev, 'hidraw0'), vendorId: '1209', productId: 'fe17', serialNumber: 'PANEL-7', manufacturer: 'Felt', product: 'Croupier panel', stablePaths: [join(root.dev, 'felt/panel')] },
    ]);
  });

  it('gives the serial binding its list from sysfs: no udevadm, no process', async () => {
    const root = fakeMachine();
    expect(await new SerialBinding(root).list()).toEqual([
      { path: join(root.dev, 'ttyACM0'), vendorId: '0483', productId: '5740', serialNumber: '2069377A5753' },
      { path: join(root.dev, 'ttyUSB0'), vendorId: '0403', productId: '6001', serialNumber: 'A10K3XYZ' },
      { path: join(root.dev, 'ttyUSB1'), vendorId: '1a86', productId: '7523', serialNumber: null },
    ]);
  });

  it('lists nothing, and does not fail, where there is no sysfs', () => {
    expect(listSerialDevices({ sys: '/nowhere/sys', dev: '/nowhere/dev' })).toEqual([]);
    expect(listHidDevices({ sys: '/nowhere/sys', dev: '/nowhere/dev' })).toEqual([]);
  });
});
