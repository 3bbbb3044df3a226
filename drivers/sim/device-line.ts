/**
 * Where a simulated device's bytes go: a `SimulatedDevice` on the in-memory binding, or the device's end
 * of a pseudo-terminal pair (src/hardware/pty-wiring.ts). Bytes sent while nobody listens are lost, as on
 * a real line.
 */
export type DeviceLine = { send(bytes: Uint8Array | string): void };
