import { SOFTWARE } from '../version.js';
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { SeededRandom } from '../cards/random.js';
import { HandArchive } from '../store/hand-archive.js';
import { type Clock, TableController } from '../controller/table-controller.js';
import type { ViewModel } from '../controller/view-model.js';
import { CASINO_5_10, type TableConfig } from '../engine/table/table-config.js';
import { PanelMapping } from '../controller/panel-mapping.js';
import type { SimFault } from '../hardware/sim-faults.js';
import { simulatedHardware } from '../hardware/simulated-hardware.js';
import type { SimulatedTable } from '../hardware/simulated-table.js';
import { TableHardware } from '../hardware/table-hardware.js';
import { hardwareConfigPath, loadHardwareConfig } from '../hardware/hardware-config.js';
import { Store } from '../store/store.js';
import { startFloorLink, type TableFloorLink } from '../floor/shipper/table-link.js';
import { staleFloorStaff } from '../floor/staff/table-copy.js';
import { DailyCheckWatch } from './daily-check.js';
import { fileSignInMemory, signInMemoryPath } from './sign-in-memory.js';
import { FloorGate } from './floor-gate.js';
import { addStaffMember, checkPinFormat, loadStaff, newStaffFile, type NewStaffMember, saveStaff, type StaffFile, staffPath, withMember, withStaffLock } from './staff.js';
import { type Context, handleMessage, type Push, type Reply } from './protocol.js';
import type { AppInfo } from './requests.js';

export type CoreOptions = {
  /** The table's database: a file, or ':memory:' for a table that is forgotten at exit (tests). */
  readonly dbPath: string;
  readonly hardware: 'sim' | 'real';
  /**
   * Sets the PIN of staff number 1, the manager made at the table's first start (the staff are kept
   * beside the database, `<db>.staff.json`); otherwise the kept one is used.
   */
  readonly floorPin?: string;
  /** More staff for a new table's file (or an in-memory table): tests and demonstrations. */
  readonly staff?: readonly NewStaffMember[];
  readonly clock?: Clock;
  /** The configuration of a new table (an existing one keeps its own). */
  readonly tableConfig?: TableConfig;
  /** The simulated shoe's seed (random by default). */
  readonly seed?: number;
};

/** One screen's link to the core: requests in as JSON text, replies out; views pushed as they change. */
export type Connection = { handle(text: string): Reply; close(): void };


/** How often the table's view is looked at again for what the clock alone changes (`TableController.refresh`). */
const REFRESH_EVERY_MS = 5_000;

/**
 * The table's core as every shell runs it — Electron's main process or browser mode's server: the store,
 * the live table, the hand archive, the floor gate and, with simulated hardware, the simulated shoe.
 */
export class Core {
  /** A PIN made up at this start because none was set: the caller shows it once. */
  readonly newPin: string | null;
  /** Something the caller shows once at the start (a PIN given that was not used). */
  readonly notice: string | null;
  private readonly connections = new Set<() => void>();
  /** The keypad that types into the screen (the keyboard wedge): its presses, as the button panel's. */
  private readonly keypad: PanelMapping;
  private readonly refresher: NodeJS.Timeout;
  /** The table's link to its floor when it is enrolled at one (its link file beside the database, D73); null otherwise. */
  private floorLink: TableFloorLink | null = null;

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
    notice: string | null,
    dailyCheck: DailyCheckWatch | null,
  ) {
    this.newPin = newPin;
    this.notice = notice;
    this.keypad = new PanelMapping(controller, 'keypad', 'keypad');
    const lookAtDailyCheck = (): void => {
      const status = dailyCheck?.look(clock.now()) ?? null;
      if (status !== null) controller.reportDevice(status);
    };
    lookAtDailyCheck();
    // What the clock changes by itself (a tournament's level, time due, the daily check's result) reaches the screens within seconds.
    this.refresher = setInterval(() => {
      try {
        lookAtDailyCheck();
        controller.refresh();
      } catch {
        // A view that cannot be made now is made again at the next command, which reports what is wrong.
      }
    }, REFRESH_EVERY_MS);
    this.refresher.unref();
  }

  static async open(options: CoreOptions): Promise<Core> {
    if (options.hardware === 'real' && options.dbPath === ':memory:') throw new Error('real hardware needs a table file: its configuration is kept beside it');
    // A table with devices is never simulated: the simulated shoe would deal into its log, and its screen offer sim-deal (D58).
    if (options.hardware === 'sim' && options.dbPath !== ':memory:' && existsSync(hardwareConfigPath(options.dbPath))) throw new Error(`${hardwareConfigPath(options.dbPath)} configures this table's devices: it starts with real hardware only (--hardware real; move the file away to simulate)`);
    if (options.floorPin !== undefined) {
      const problem = checkPinFormat(options.floorPin);
      if (problem !== null) throw new Error(`--floor-pin: ${problem}`);
    }
    const clock = options.clock ?? { now: () => Date.now() };
    // The store first: it takes the table's writer lock (`<db>.lock`), so a second start on the same table
    // fails before it could touch the table's PIN.
    const store = Store.open(options.dbPath);
    let hardware: TableHardware | null = null;
    try {
      const controller = TableController.open(store, clock, options.tableConfig ?? CASINO_5_10);
      // Each start says in the log which software runs the table from here on: a regulator reads which
      // decided each hand. Refused only by a broken build, which then does not start.
      const started = controller.record({ id: `#start-${controller.nextRow()}`, command: { type: 'software-start', version: SOFTWARE.version, build: SOFTWARE.build, at: clock.now() } });
      if (!started.ok) throw new Error(`the table cannot record its start: ${started.words.en}`);
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
      const { staff, newPin, notice } = openStaff(options.dbPath, options.floorPin, options.staff ?? []);
      // The shipper reads the log through the store and never writes it; a table with no floor starts none.
      const floorLink = startFloorLink(options.dbPath, store, controller);
      const core = new Core(store, controller, archive, new FloorGate(staff, options.dbPath === ':memory:' ? null : fileSignInMemory(signInMemoryPath(options.dbPath))), hardware, simulated?.table ?? null, clock, { hardware: options.hardware, version: SOFTWARE.version, build: SOFTWARE.build }, newPin, notice, options.dbPath === ':memory:' ? null : new DailyCheckWatch(options.dbPath));
      core.floorLink = floorLink;
      return core;
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
      facts: (selection) => this.store.reportFacts(selection),
      playerNames: this.store.playerNames,
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
    clearInterval(this.refresher);
    for (const unsubscribe of this.connections) unsubscribe();
    this.connections.clear();
    this.simulatedTable?.stopBeating();
    void this.floorLink?.stop();
    void this.hardware.stop();
    this.store.close();
  }
}

/**
 * The table's staff: kept beside the database and read again at every sign-in (so `felt staff` changes
 * reach a running table), or in memory. A table without them gets a manager, staff number 1, with the PIN
 * given or one made up (returned to be shown once); the single supervisor PIN of older tables
 * (`<db>.floor-pin.json`) becomes that manager's. A PIN given for a table that has its staff is not used
 * (`notice` says so).
 */
function openStaff(dbPath: string, givenPin: string | undefined, more: readonly NewStaffMember[]): { staff: () => StaffFile; newPin: string | null; notice: string | null } {
  const file = dbPath === ':memory:' ? null : staffPath(dbPath);
  let newPin: string | null = null;
  let created = false;
  // Made under the staff file's lock: a `felt staff` run at the same moment changes the file either before
  // (this start then keeps it) or after (it then changes the file made here).
  const open = (): StaffFile => {
    const kept = file === null ? null : loadStaff(file);
    if (kept !== null) return kept;
    created = true;
    let staff = newStaffFile();
    const older = file === null ? null : olderFloorPin(`${dbPath}.floor-pin.json`);
    if (older !== null && givenPin === undefined) {
      staff = withMember(staff, { number: '1', name: 'Manager', role: 'manager', pin: older, badge: null });
    } else {
      newPin = givenPin === undefined ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
      staff = addStaffMember(staff, { number: '1', name: 'Manager', role: 'manager', pin: givenPin ?? (newPin as string) });
    }
    for (const member of more) staff = addStaffMember(staff, member);
    if (file !== null) saveStaff(file, staff);
    return staff;
  };
  const staff = file === null ? open() : withStaffLock(file, open);
  // The staff are the manager's once the table has them (felt staff): a PIN given at every start (a service
  // that still sets FELT_FLOOR_PIN) must not bring back an old PIN or a removed manager.
  const notice = givenPin !== undefined && !created ? `the PIN given (--floor-pin or FELT_FLOOR_PIN) is for a new table and was not used: this table's staff are in ${file ?? 'memory'}; change a PIN with felt staff` : null;
  if (file === null) {
    const kept = staff;
    return { staff: () => kept, newPin, notice };
  }
  const path = file;
  return {
    staff: () => {
      // An enrolled table's staff are the floor's, usable for as long as the floor allows without it (D91).
      const stale = staleFloorStaff(dbPath, Date.now());
      if (stale !== null) throw new Error(stale);
      const read = loadStaff(path);
      if (read === null) throw new Error(`${path} is missing`);
      return read;
    },
    newPin,
    notice,
  };
}

/** The supervisor PIN an older table kept (a scrypt salt and hash), or null. */
function olderFloorPin(file: string): { salt: string; hash: string } | null {
  if (!existsSync(file)) return null;
  let kept: { salt?: unknown; hash?: unknown } | null;
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as { salt?: unknown; hash?: unknown } | null;
  } catch {
    kept = null; // named below, with what to do
  }
  if (kept === null || typeof kept.salt !== 'string' || typeof kept.hash !== 'string') throw new Error(`${file}: not a kept PIN (salt and hash); delete it and start with --floor-pin`);
  return { salt: kept.salt, hash: kept.hash };
}
