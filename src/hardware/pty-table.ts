import { DEFAULT_ANTENNA_LAYOUT } from '../../drivers/rfid/antenna-layout.js';
import { SimulatedPanel } from '../../drivers/panel/simulated-panel.js';
import { SimulatedRfidReader, simulatedDeck } from '../../drivers/sim/rfid-device.js';
import { SimulatedShoeDevice } from '../../drivers/sim/shoe-device.js';
import { SerialBinding } from '../../drivers/transport/serial-binding.js';
import type { SeededRandom } from '../cards/random.js';
import type { TableController } from '../controller/table-controller.js';
import { DeviceEnd, PtyCable } from './pty-wiring.js';
import { type DeviceName, SIMULATED_DECK, SimulatedTable } from './simulated-table.js';
import { TableHardware } from './table-hardware.js';

const BAUD_RATE = 115_200;

/**
 * The simulated table over real serial lines: each device on its own pseudo-terminal pair, the table's
 * end opened through serialport exactly as a real shoe, reader or panel on a USB serial adapter (the
 * panel speaks its HID reports as a byte stream). Unplugging kills that device's socat.
 */
export async function ptyTable(controller: TableController, random: SeededRandom, folder: string): Promise<{ table: SimulatedTable; hardware: TableHardware; close(): Promise<void> }> {
  const laid: PtyCable[] = [];
  const ends: DeviceEnd[] = [];
  let hardware: TableHardware | null = null;
  let table: SimulatedTable | null = null;
  const close = async (): Promise<void> => {
    table?.stopBeating();
    await hardware?.stop();
    await Promise.all(ends.map((end) => end.close()));
    await Promise.all(laid.map((cable) => cable.unplug()));
  };
  try {
    const lay = async (name: DeviceName): Promise<PtyCable> => {
      const cable = await PtyCable.lay(folder, name);
      laid.push(cable);
      return cable;
    };
    const cables: Record<DeviceName, PtyCable> = { shoe: await lay('shoe'), rfid: await lay('rfid'), panel: await lay('panel') };
    let shoe: SimulatedShoeDevice | null = null;
    let rfid: SimulatedRfidReader | null = null;
    const deviceEnds: Record<DeviceName, DeviceEnd> = {
      shoe: new DeviceEnd(cables.shoe, (bytes) => shoe?.hear(bytes)),
      rfid: new DeviceEnd(cables.rfid, (bytes) => rfid?.hear(bytes)),
      panel: new DeviceEnd(cables.panel, () => undefined),
    };
    ends.push(...Object.values(deviceEnds));
    await Promise.all(ends.map((end) => end.open()));
    shoe = new SimulatedShoeDevice(deviceEnds.shoe);
    rfid = new SimulatedRfidReader(deviceEnds.rfid);
    const panel = new SimulatedPanel(deviceEnds.panel);
    const binding = new SerialBinding();
    const target = (name: DeviceName) => ({ identity: null, path: cables[name].tablePath, baudRate: BAUD_RATE });
    hardware = TableHardware.start(controller, {
      shoe: { binding, target: target('shoe') },
      rfid: { binding, target: target('rfid'), deck: simulatedDeck(SIMULATED_DECK), layout: DEFAULT_ANTENNA_LAYOUT },
      panel: { binding, target: target('panel'), framing: 'stream' },
      retryMs: 100,
    });
    const wiring = {
      unplug: (name: DeviceName) => cables[name].unplug(),
      replug: async (name: DeviceName) => {
        await cables[name].plug();
        await deviceEnds[name].open();
      },
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the table did not open the simulated devices within 5 s')), 5_000)));
    try {
      await Promise.race([hardware.allConnected, timeout]);
    } finally {
      clearTimeout(timer);
    }
    table = new SimulatedTable(controller, { shoe, rfid, panel }, wiring, random);
    table.startBeating();
    return { table, hardware, close };
  } catch (error) {
    // Nothing left running: no socat, no port, no retry timer.
    await close();
    throw error;
  }
}
