import type { AntennaPlace } from '../../drivers/rfid/antenna-layout.js';
import { DEFAULT_ANTENNA_LAYOUT } from '../../drivers/rfid/antenna-layout.js';
import { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import type { ReaderKind } from '../../drivers/rfid/reader-kinds.js';
import { SimulatedPanel } from '../../drivers/panel/simulated-panel.js';
import { SimulatedMetratecReader } from '../../drivers/sim/metratec-device.js';
import { SimulatedPepper } from '../../drivers/sim/pepper-device.js';
import { SimulatedPn532 } from '../../drivers/sim/pn532-device.js';
import { SimulatedRfidReader, simulatedDeckUids, simulatedNtagDeckUids } from '../../drivers/sim/rfid-device.js';
import { SimulatedShoeDevice } from '../../drivers/sim/shoe-device.js';
import { SerialBinding } from '../../drivers/transport/serial-binding.js';
import type { SeededRandom } from '../cards/random.js';
import type { TableController } from '../controller/table-controller.js';
import { DeviceEnd, PtyCable } from './pty-wiring.js';
import { FeltAntennas, MetratecAntennas, Pn532Antennas, placeKey, type SimulatedAntennas } from './simulated-antennas.js';
import { type DeviceName, SIMULATED_DECK, SimulatedTable } from './simulated-table.js';
import { type ReaderSetup, TableHardware } from './table-hardware.js';

const BAUD_RATE = 115_200;

export type PtyTableOptions = {
  /** Which reader reads the antennas (Felt's own protocol unless told). */
  readonly reader?: ReaderKind;
  /** Seats 1 … players have readers (with a PN532 or a Pepper C1: one per place). */
  readonly players?: number;
};

/**
 * The places of a metratec reader's ports at the simulated table: seats 1–10 on ports 0–9, the board 10,
 * the burn 11, the muck 12 (13 of the QuasarMX's 16).
 */
export const SIMULATED_METRATEC_LAYOUT: ReadonlyMap<number, AntennaPlace> = new Map<number, AntennaPlace>([
  ...Array.from({ length: 10 }, (_, index): [number, AntennaPlace] => [index, { kind: 'seat', seat: index + 1 }]),
  [10, { kind: 'board' }],
  [11, { kind: 'burn' }],
  [12, { kind: 'muck' }],
]);

/**
 * The simulated table over real serial lines: each device on its own pseudo-terminal pair, the table's
 * end opened through serialport exactly as a real shoe, reader or panel on a USB serial adapter (the
 * panel speaks its HID reports as a byte stream). The antennas are read by the reader asked for: Felt's
 * own, a metratec QuasarMX multiplexing 13 antennas, or a PN532 board for each place (seats 1 … players,
 * the board, the burn, the muck), each board on its own line — the reader under the board is `rfid`,
 * the one pulled out by `rfid-unplug`. Unplugging kills that line's socat.
 */
export async function ptyTable(controller: TableController, random: SeededRandom, folder: string, options: PtyTableOptions = {}): Promise<{ table: SimulatedTable; hardware: TableHardware; close(): Promise<void> }> {
  const kind = options.reader ?? 'felt';
  const laid: PtyCable[] = [];
  const ends: DeviceEnd[] = [];
  let hardware: TableHardware | null = null;
  let table: SimulatedTable | null = null;
  let antennas: SimulatedAntennas | null = null;
  const close = async (): Promise<void> => {
    table?.stopBeating();
    antennas?.stop();
    await hardware?.stop();
    await Promise.all(ends.map((end) => end.close()));
    await Promise.all(laid.map((cable) => cable.unplug()));
  };
  try {
    const lay = async (name: string): Promise<PtyCable> => {
      const cable = await PtyCable.lay(folder, name);
      laid.push(cable);
      return cable;
    };
    const binding = new SerialBinding();
    const target = (cable: PtyCable) => ({ identity: null, path: cable.tablePath, baudRate: BAUD_RATE });
    /** A device on its own cable, its end open: what it hears goes to `hear`. */
    const wire = async (name: string, hear: (bytes: Uint8Array) => void): Promise<{ cable: PtyCable; end: DeviceEnd }> => {
      const cable = await lay(name);
      const end = new DeviceEnd(cable, hear);
      ends.push(end);
      await end.open();
      return { cable, end };
    };
    let shoe: SimulatedShoeDevice | null = null;
    const shoeLine = await wire('shoe', (bytes) => shoe?.hear(bytes));
    const panelLine = await wire('panel', () => undefined);
    shoe = new SimulatedShoeDevice(shoeLine.end);
    const panel = new SimulatedPanel(panelLine.end);

    // The reader's lines: `rfid` is the one the faults pull.
    const readerLines = new Map<string, { cable: PtyCable; end: DeviceEnd }>();
    const readers: ReaderSetup[] = [];
    const uids = kind === 'pn532' || kind === 'pepper' ? simulatedNtagDeckUids(SIMULATED_DECK) : simulatedDeckUids(SIMULATED_DECK);
    const deck = DeckRegistration.fromUidsInCardOrder(uids);
    if (kind === 'felt') {
      let reader: SimulatedRfidReader | null = null;
      const line = await wire('rfid', (bytes) => reader?.hear(bytes));
      reader = new SimulatedRfidReader(line.end);
      readerLines.set('rfid', line);
      antennas = new FeltAntennas(reader);
      readers.push({ id: 'rfid', kind, binding, target: target(line.cable), deck, layout: DEFAULT_ANTENNA_LAYOUT });
    } else if (kind === 'metratec') {
      let reader: SimulatedMetratecReader | null = null;
      const line = await wire('rfid', (bytes) => reader?.hear(bytes));
      reader = new SimulatedMetratecReader(line.end);
      readerLines.set('rfid', line);
      antennas = new MetratecAntennas(reader, SIMULATED_METRATEC_LAYOUT);
      readers.push({ id: 'rfid', kind, binding, target: target(line.cable), deck, layout: SIMULATED_METRATEC_LAYOUT, options: { antennas: SIMULATED_METRATEC_LAYOUT.size } });
    } else {
      const players = Math.min(Math.max(options.players ?? 6, 2), 10);
      const places: AntennaPlace[] = [{ kind: 'board' }, ...Array.from({ length: players }, (_, index): AntennaPlace => ({ kind: 'seat', seat: index + 1 })), { kind: 'burn' }, { kind: 'muck' }];
      const boards = new Map<string, { place: AntennaPlace; board: SimulatedPn532 | SimulatedPepper }>();
      for (const place of places) {
        const name = place.kind === 'board' ? 'rfid' : `rfid-${placeKey(place).replace(' ', '-')}`;
        let board: SimulatedPn532 | SimulatedPepper | null = null;
        const line = await wire(name, (bytes) => board?.hear(bytes));
        board = kind === 'pepper' ? new SimulatedPepper(line.end) : new SimulatedPn532(line.end);
        boards.set(placeKey(place), { place, board });
        readerLines.set(name, line);
        readers.push({ id: name, kind, binding, target: target(line.cable), deck, layout: new Map([[0, place]]), options: { antenna: 0 } });
      }
      antennas = new Pn532Antennas(boards, kind);
    }
    hardware = TableHardware.start(controller, {
      shoe: { binding, target: target(shoeLine.cable) },
      readers,
      panel: { binding, target: target(panelLine.cable), framing: 'stream' },
      retryMs: 100,
    });
    const lines: Record<DeviceName, { cable: PtyCable; end: DeviceEnd } | undefined> = { shoe: shoeLine, rfid: readerLines.get('rfid'), panel: panelLine };
    const wiring = {
      unplug: async (name: DeviceName) => lines[name]?.cable.unplug(),
      replug: async (name: DeviceName) => {
        const line = lines[name];
        if (line === undefined) return;
        await line.cable.plug();
        await line.end.open();
      },
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the table did not open the simulated devices within 5 s')), 5_000)));
    try {
      await Promise.race([hardware.allConnected, timeout]);
    } finally {
      clearTimeout(timer);
    }
    table = new SimulatedTable(controller, { shoe, antennas, panel }, wiring, random);
    table.startBeating();
    return { table, hardware, close };
  } catch (error) {
    // Nothing left running: no socat, no port, no retry timer.
    await close();
    throw error;
  }
}
