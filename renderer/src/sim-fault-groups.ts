import type { DeviceStatus } from '../../src/controller/view-model';
import type { SimFault } from '../../src/hardware/sim-faults';
import { DICTIONARIES } from './i18n';

/**
 * The simulation panel's faults by device. The renderer may not import `SIM_FAULTS` at runtime (it imports
 * only types from src/), so the faults listed are the keys of the labels (`simFault` in i18n.ts), which must
 * name every `SimFault` and nothing else (`satisfies Record<SimFault, string>`), and each goes to the device
 * its name begins with. Neither a new fault nor a new device can be left out without a compile error.
 */

/** The device a fault is of: its name up to the first hyphen ('shoe', 'rfid', 'panel'), or all of a name without one. */
export type SimFaultDevice = SimFault extends `${infer Device}-${string}` ? Device : SimFault;

/** Each device, in the panel's order, as the status bar names it (a device missing here does not compile). */
const DEVICE_KIND = { shoe: 'shoe', rfid: 'rfid-reader', panel: 'button-panel' } as const satisfies Record<SimFaultDevice, DeviceStatus['kind']>;

export type SimFaultGroup = { readonly device: SimFaultDevice; readonly kind: DeviceStatus['kind']; readonly faults: readonly SimFault[] };

/** The keys of a record whose type names them all (an object literal checked with `satisfies`), in its order. */
function keysOf<K extends string>(record: Readonly<Record<K, unknown>>): K[] {
  return Object.keys(record) as K[];
}

const LABELLED = keysOf(DICTIONARIES.en.simFault) satisfies readonly SimFault[];

/** What `SimFaultDevice` says, at runtime. */
const deviceOf = (fault: SimFault): string => fault.split('-', 1)[0] ?? fault;

export const SIM_FAULT_GROUPS: readonly SimFaultGroup[] = keysOf(DEVICE_KIND).map((device) => ({
  device,
  kind: DEVICE_KIND[device],
  faults: LABELLED.filter((fault) => deviceOf(fault) === device),
}));
