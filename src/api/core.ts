import { randomInt } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SeededRandom } from '../cards/random.js';
import { HandArchive } from '../controller/hand-archive.js';
import { type Clock, TableController } from '../controller/table-controller.js';
import type { ViewModel } from '../controller/view-model.js';
import { CASINO_5_10, type TableConfig } from '../engine/table-config.js';
import { PanelMapping } from '../controller/panel-mapping.js';
import type { SimFault } from '../hardware/sim-faults.js';
import { simulatedHardware } from '../hardware/simulated-hardware.js';
import type { SimulatedTable } from '../hardware/simulated-table.js';
import { TableHardware } from '../hardware/table-hardware.js';
import { hardwareConfigPath, loadHardwareConfig } from '../hardware/hardware-config.js';
import { Store } from '../store/store.js';
import { FloorGate, type PinHash, checkPinFormat, hashPin } from './floor-gate.js';
import { type Context, handleMessage, type Push, type Reply } from './protocol.js';
import type { AppInfo } from './requests.js';

export type CoreOptions = {
  /** The table's database: a file, or ':memory:' for a table that is forgotten at exit (tests). */
  readonly dbPath: string;
  readonly hardware: 'sim' | 'real';
  /** Sets the supervisor's PIN (its hash is kept beside the database); otherwise the kept one is used. */
  readonly floorPin?: string;
  readonly clock?: Clock;
  /** The configuration of a new table (an existing one keeps its own). */
  readonly tableConfig?: TableConfig;
  /** The simulated shoe's seed (random by default). */
  readonly seed?: number;
};

/** One screen's link to the core: requests in as JSON text, replies out; views pushed as they change. */
export type Connection = { handle(text: string): Reply; close(): void };

const VERSION = '0.1.0';

/**
 * The table's core as every shell runs it — Electron's main process or browser mode's server: the store,
 * the live table, the hand archive, the floor gate and, with simulated hardware, the simulated shoe.
 */
export class Core {
  /** A PIN made up at this start because none was set: the caller shows it once. */
  readonly newPin: string | null;
  private readonly connections = new Set<() => void>();
  /** The keypad that types into the screen (the keyboard wedge): its presses, as the button panel's. */
  private readonly keypad: PanelMapping;

  private constructor(
    private readonly store: Store,
    readonly controller: TableController,
    private readonly archive: HandArchive,
    private readonly gate: FloorGate,
    private readonly hardware: TableHardware,
    private readonly simulatedTable: SimulatedTable | null,
    private readonly clock: Clock,
    readonly info: AppInfo,
    newPin: string | null,
  ) {
    this.newPin = newPin;
    this.keypad = new PanelMapping(controller, 'keypad', 'keypad');
  }

  static async open(options: CoreOptions): Promise<Core> {
    if (options.hardware === 'real' && options.dbPath === ':memory:') throw new Error('real hardware needs a table file: its configuration is kept beside it');
    if (options.floorPin !== undefined) {
      const problem = checkPinFormat(options.floorPin);
      if (problem !== null) throw new Error(`--floor-pin: ${problem}`);
    }
    const clock = options.clock ?? { now: () => Date.now() };
    // The store first: it takes the database's exclusive lock, so a second start on the same table fails
    // before it could touch the table's PIN.
    const store = Store.open(options.dbPath);
    let hardware: TableHardware | null = null;
    try {
      const controller = TableController.open(store, clock, options.tableConfig ?? CASINO_5_10);
      const archive = new HandArchive((after) => store.entries(after));
      let simulated: ReturnType<typeof simulatedHardware> | null = null;
      if (options.hardware === 'real') {
        // Devices that are not plugged in show as such on the status bar; the table opens without them.
        hardware = TableHardware.start(controller, loadHardwareConfig(hardwareConfigPath(options.dbPath)));
      } else {
        simulated = simulatedHardware(controller, new SeededRandom(options.seed ?? randomInt(0, 2 ** 32)));
        hardware = simulated.hardware;
        // The simulated devices are found on their binding within a few turns of the event loop.
        await simulated.hardware.allConnected;
      }
      const { pin, newPin } = floorPin(options.dbPath, options.floorPin);
      return new Core(store, controller, archive, new FloorGate(pin), hardware, simulated?.table ?? null, clock, { hardware: options.hardware, version: VERSION }, newPin);
    } catch (error) {
      await hardware?.stop();
      store.close();
      throw error;
    }
  }

  /** A new screen: its own floor session; `push` gets every view the table publishes. */
  connect(push: (message: Push) => void): Connection {
    const context: Context = {
      controller: this.controller,
      archive: this.archive,
      gate: this.gate,
      floor: this.gate.session(),
      info: this.info,
      now: () => this.clock.now(),
      simulated: this.simulatedTable === null ? null : { deal: () => this.simulatedDeal(), fault: (fault) => this.simulatedFault(fault) },
      keypad: this.keypad,
      log: () => this.store.entries(),
    };
    const unsubscribe = this.controller.subscribe((view) => push({ push: 'view', view }));
    this.connections.add(unsubscribe);
    return {
      handle: (text) => handleMessage(context, text),
      close: () => {
        unsubscribe();
        this.connections.delete(unsubscribe);
      },
    };
  }

  /**
   * The simulated shoe deals what the prompt asks for — the next card, or a card for the button draw — as
   * the bytes a real shoe sends, and the card's tag reaches its antenna: both through the real drivers
   * and their mappings to the table's commands.
   */
  private simulatedDeal(): ViewModel {
    this.simulatedTable?.dealNext();
    return this.controller.view();
  }

  /** A simulated device fails (or is unplugged, or plugged back in); the status bar shows what the table made of it. */
  private simulatedFault(fault: SimFault): ViewModel {
    this.simulatedTable?.inject(fault).catch(() => undefined);
    return this.controller.view();
  }

  close(): void {
    for (const unsubscribe of this.connections) unsubscribe();
    this.connections.clear();
    this.simulatedTable?.stopBeating();
    void this.hardware.stop();
    this.store.close();
  }
}

/** The supervisor's PIN: set now, kept beside the database, or made up and kept (and shown once). */
function floorPin(dbPath: string, given: string | undefined): { pin: PinHash; newPin: string | null } {
  const file = dbPath === ':memory:' ? null : `${dbPath}.floor-pin.json`;
  if (given !== undefined) {
    const pin = hashPin(given);
    if (file !== null) writeFileSync(file, `${JSON.stringify(pin)}\n`, { mode: 0o600 });
    return { pin, newPin: null };
  }
  if (file !== null && existsSync(file)) {
    let kept: Partial<PinHash> | null = null;
    try {
      kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<PinHash> | null;
    } catch {
      // Named below, with what to do.
    }
    if (kept === null || typeof kept.salt !== 'string' || typeof kept.hash !== 'string') throw new Error(`${file}: not a kept PIN (salt and hash); delete it and start with --floor-pin`);
    return { pin: { salt: kept.salt, hash: kept.hash }, newPin: null };
  }
  const made = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const pin = hashPin(made);
  if (file !== null) writeFileSync(file, `${JSON.stringify(pin)}\n`, { mode: 0o600 });
  return { pin, newPin: made };
}
