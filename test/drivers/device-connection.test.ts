import { describe, expect, it } from 'vitest';
import { until } from '../support/until.js';
import { DeviceConnection, type DeviceTarget, type Disconnection } from '../../drivers/device-connection.js';
import { SimulatedBinding } from '../../drivers/sim/simulated-binding.js';
import { HidBinding } from '../../drivers/transport/hid-binding.js';
import type { TransportBinding, TransportPort } from '../../drivers/transport/transport.js';

const SHOE = { vendorId: '0403', productId: '6001', serialNumber: 'SHOE-7' };

describe('a device kept connected', () => {
  it('finds the device by identity, and again at another path after it was unplugged', async () => {
    const binding = new SimulatedBinding();
    binding.plug('/dev/ttyUSB3', { vendorId: '1a86', productId: '7523', serialNumber: 'PANEL' });
    binding.plug('/dev/ttyUSB0', SHOE);
    const ports: TransportPort[] = [];
    const statuses: string[] = [];
    const connection = new DeviceConnection(binding, { identity: SHOE, path: null }, { onPort: (port) => ports.push(port), onStatus: (state, detail, why) => statuses.push(`${state}: ${detail}${why === null ? '' : ` (${why.reason})`}`) }, 10);
    connection.start();
    await until(() => ports.length === 1);
    expect(ports[0]?.path).toBe('/dev/ttyUSB0');
    binding.unplug('/dev/ttyUSB0');
    expect(statuses.at(-1)).toBe('disconnected: /dev/ttyUSB0 was unplugged (went-away)');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(statuses.at(-1)).toBe('disconnected: no device 0403:6001 (serial SHOE-7) is plugged in (not-plugged-in)');
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

  it('says why a device is not connected, for the croupier\'s words: several of its identity, a package missing, a port that will not open', async () => {
    const whys = async (binding: TransportBinding, target: DeviceTarget): Promise<Disconnection | null> => {
      let why: Disconnection | null | undefined;
      const connection = new DeviceConnection(binding, target, { onPort: () => undefined, onStatus: (_, __, given) => (why = given) }, 1_000);
      connection.start();
      await until(() => why !== undefined);
      await connection.stop();
      return why ?? null;
    };
    const two = new SimulatedBinding();
    two.plug('/dev/ttyUSB0', SHOE);
    two.plug('/dev/ttyUSB1', SHOE);
    expect(await whys(two, { identity: SHOE, path: null })).toEqual({ reason: 'several-plugged-in' });
    const noLibusb = new HidBinding(async () => {
      throw Object.assign(new Error('libusb-1.0.so.0: cannot open shared object file'), { code: 'ERR_DLOPEN_FAILED' });
    });
    expect(await whys(noLibusb, { identity: SHOE, path: null })).toEqual({ reason: 'software-missing', missing: 'libusb-1.0-0' });
    // A port that is there and open already (in use by another program).
    const busy = new SimulatedBinding();
    busy.plug('/dev/null', SHOE);
    await busy.open('/dev/null');
    expect(await whys(busy, { identity: null, path: '/dev/null' })).toEqual({ reason: 'cannot-open' });
    expect(await whys(new SimulatedBinding(), { identity: null, path: '/dev/felt-no-such-port' })).toEqual({ reason: 'not-plugged-in' });
  });
});
