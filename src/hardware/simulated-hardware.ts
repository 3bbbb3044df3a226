import { DEFAULT_ANTENNA_LAYOUT } from '../../drivers/rfid/antenna-layout.js';
import { SimulatedPanel, SIMULATED_PANEL_IDENTITY } from '../../drivers/panel/simulated-panel.js';
import { SimulatedRfidReader, simulatedDeck } from '../../drivers/sim/rfid-device.js';
import { SimulatedShoeDevice } from '../../drivers/sim/shoe-device.js';
import { SimulatedBinding, type SimulatedDevice } from '../../drivers/sim/simulated-binding.js';
import type { DeviceIdentity } from '../../drivers/transport/transport.js';
import type { SeededRandom } from '../cards/random.js';
import type { TableController } from '../controller/table-controller.js';
import { type DeviceName, SIMULATED_DECK, SimulatedTable } from './simulated-table.js';
import { FeltAntennas } from './simulated-antennas.js';
import { TableHardware } from './table-hardware.js';

/** The simulated devices' identities, as a real table's configuration names its devices. */
export const SIMULATED_IDENTITIES: Readonly<Record<DeviceName, DeviceIdentity>> = {
  shoe: { vendorId: 'feed', productId: '0001', serialNumber: 'SIM-SHOE' },
  rfid: { vendorId: 'feed', productId: '0002', serialNumber: 'SIM-RFID' },
  panel: SIMULATED_PANEL_IDENTITY,
};

/**
 * The simulated table in memory (the kiosk's and browser mode's simulation panel, and tests): the three
 * devices on a simulated binding, found and read by the same hardware root a real table runs.
 */
export function simulatedHardware(controller: TableController, random: SeededRandom, options: { readonly retryMs?: number } = {}): { table: SimulatedTable; hardware: TableHardware } {
  const binding = new SimulatedBinding();
  const plugged = new Map<DeviceName, SimulatedDevice>();
  const plug = (name: DeviceName, hear: (bytes: Uint8Array) => void): SimulatedDevice => {
    const device = binding.plug(`sim:${name}`, SIMULATED_IDENTITIES[name], hear);
    plugged.set(name, device);
    return device;
  };
  let shoe: SimulatedShoeDevice | null = null;
  let rfid: SimulatedRfidReader | null = null;
  shoe = new SimulatedShoeDevice(plug('shoe', (bytes) => shoe?.hear(bytes)));
  rfid = new SimulatedRfidReader(plug('rfid', (bytes) => rfid?.hear(bytes)));
  const panel = new SimulatedPanel(plug('panel', () => undefined));
  const wiring = {
    unplug: async (name: DeviceName) => binding.unplug(`sim:${name}`),
    replug: async (name: DeviceName) => {
      const device = plugged.get(name);
      if (device !== undefined) binding.replug(device);
    },
  };
  const hardware = TableHardware.start(controller, {
    shoe: { binding, target: { identity: SIMULATED_IDENTITIES.shoe, path: null } },
    rfid: { binding, target: { identity: SIMULATED_IDENTITIES.rfid, path: null }, deck: simulatedDeck(SIMULATED_DECK), layout: DEFAULT_ANTENNA_LAYOUT },
    panel: { binding, target: { identity: SIMULATED_IDENTITIES.panel, path: null }, framing: 'report' },
    retryMs: options.retryMs ?? 250,
  });
  const table = new SimulatedTable(controller, { shoe, antennas: new FeltAntennas(rfid), panel }, wiring, random);
  table.startBeating();
  return { table, hardware };
}
