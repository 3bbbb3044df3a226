import { describe, expect, it, vi } from 'vitest';

/**
 * node-hid is loaded only when a HID device is listed or opened: importing the binding (as the
 * composition root does in simulated mode too) and constructing it load nothing. The module mock counts
 * loads and hands over the real node-hid.
 */
const loads = vi.hoisted(() => ({ count: 0 }));

vi.mock('node-hid', async (importOriginal) => {
  loads.count++;
  return importOriginal();
});

describe('node-hid is loaded lazily', () => {
  it('is not loaded by importing the binding nor by constructing it; listing loads it once', async () => {
    const { HidBinding } = await import('../../../drivers/transport/hid-binding.js');
    const binding = new HidBinding();
    expect(loads.count).toBe(0);
    // On this machine libusb is missing: the list fails with a DriverError; with libusb it lists.
    await binding.list().catch((error: unknown) => expect(error).toMatchObject({ kind: 'not-found' }));
    expect(loads.count).toBe(1);
    await binding.list().catch(() => undefined);
    expect(loads.count).toBe(1);
  });
});
