import { describe, expect, it } from 'vitest';
import { until } from '../support/until.js';
import { DeviceConnection } from '../../drivers/device-connection.js';
import { SimulatedBinding } from '../../drivers/sim/simulated-binding.js';
import type { TransportPort } from '../../drivers/transport/transport.js';

const SHOE = { vendorId: '0403', productId: '6001', serialNumber: 'SHOE-7' };

describe('a device kept connected', () => {
  it('finds the device by identity, and again at another path after it was unplugged', async () => {
    const binding = new SimulatedBinding();
    binding.plug('/dev/ttyUSB3', { vendorId: '1a86', productId: '7523', serialNumber: 'PANEL' });
    binding.plug('/dev/ttyUSB0', SHOE);
    const ports: TransportPort[] = [];
    const statuses: string[] = [];
    const connection = new DeviceConnection(binding, { identity: SHOE, path: null }, { onPort: (port) => ports.push(port), onStatus: (state, detail) => statuses.push(`${state}: ${detail}`) }, 10);
    connection.start();
    await until(() => ports.length === 1);
    expect(ports[0]?.path).toBe('/dev/ttyUSB0');
    binding.unplug('/dev/ttyUSB0');
    expect(statuses.at(-1)).toBe('disconnected: /dev/ttyUSB0 was unplugged');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(statuses.at(-1)).toMatch(/^disconnected: no device 0403:6001 \(serial SHOE-7\) is plugged in$/);
    const again = binding.plug('/dev/ttyUSB1', SHOE);
    await until(() => ports.length === 2);
    expect(ports[1]?.path).toBe('/dev/ttyUSB1');
    expect(statuses.at(-1)).toBe('connected: /dev/ttyUSB1');
    const received: number[] = [];
    ports[1]?.onData((chunk) => received.push(...chunk));
    again.send('hello');
    expect(received).toHaveLength(5);
    await connection.stop();
    expect(statuses.at(-1)).toBe('connected: /dev/ttyUSB1');
  });

  it('opens the configured path when the ports cannot be listed (no udevadm)', async () => {
    const binding = new SimulatedBinding();
    binding.plug('/dev/ttyS4', SHOE);
    binding.listFails = true;
    const ports: TransportPort[] = [];
    const connection = new DeviceConnection(binding, { identity: SHOE, path: '/dev/ttyS4' }, { onPort: (port) => ports.push(port), onStatus: () => undefined }, 10);
    connection.start();
    await until(() => ports.length === 1);
    expect(ports[0]?.path).toBe('/dev/ttyS4');
    await connection.stop();
  });
});
