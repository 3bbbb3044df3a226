import { realpathSync } from 'node:fs';
import type { ListedDevice } from '../../drivers/transport/sysfs-devices.js';
import type { ConfiguredDevice } from './hardware-config.js';

/** A device present, and which configured device it is (`felt devices list`). */
export type InventoryRow = ListedDevice & {
  /** The configured device it is, by its name (shoe, panel, a reader's id), or null. */
  readonly configured: string | null;
  /** What the configured device is, in words, or null. */
  readonly what: string | null;
  /** Why the configuration cannot tell this device from another of its identity, or null. */
  readonly ambiguous: string | null;
};

export type Inventory = {
  readonly rows: readonly InventoryRow[];
  /** Configured devices that match no device present: unplugged, switched off, or configured wrong. */
  readonly missing: readonly ConfiguredDevice[];
};

/**
 * The devices present matched with the configuration as the table finds them (device-connection.ts): by
 * identity — vendor, product, and the serial number where one is configured — and by path only for a
 * device configured without an identity; a configured path matches the device itself or any of its stable
 * names (/dev/serial/by-id/…, by-path/…), and a link elsewhere that leads to it.
 */
export function takeInventory(present: readonly ListedDevice[], configured: readonly ConfiguredDevice[]): Inventory {
  const owners = new Map<string, { device: ConfiguredDevice; ambiguous: string | null }>();
  const missing: ConfiguredDevice[] = [];
  for (const device of configured) {
    const kind = device.transport === 'hid' ? 'hid' : 'serial';
    const candidates = present.filter((listed) => listed.kind === kind && matches(device, listed));
    if (candidates.length === 0) {
      missing.push(device);
      continue;
    }
    const ambiguous = candidates.length > 1 ? `${candidates.length} devices of this identity are plugged in: give ${device.name} its serialNumber (or, for adapters without one, its by-path path)` : null;
    for (const listed of candidates) if (!owners.has(listed.path)) owners.set(listed.path, { device, ambiguous });
  }
  const rows = present.map((listed): InventoryRow => {
    const owner = owners.get(listed.path);
    return { ...listed, configured: owner?.device.name ?? null, what: owner?.device.what ?? null, ambiguous: owner?.ambiguous ?? null };
  });
  return { rows, missing };
}

function matches(device: ConfiguredDevice, listed: ListedDevice): boolean {
  const { identity, path } = device.target;
  if (identity !== null) {
    return identity.vendorId.toLowerCase() === listed.vendorId.toLowerCase() && identity.productId.toLowerCase() === listed.productId.toLowerCase() && (identity.serialNumber === null || identity.serialNumber === listed.serialNumber);
  }
  if (path === null) return false;
  return path === listed.path || listed.stablePaths.includes(path) || resolved(path) === listed.path;
}

function resolved(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}
