import type { DriverError } from '../driver-error.js';

/**
 * The listeners of one open port, shared by every transport: data to all of them while the port is open,
 * and one close, once, with its reason — after which nothing more is delivered.
 */
export class PortListeners {
  private readonly data = new Set<(chunk: Uint8Array) => void>();
  private readonly closed = new Set<(reason: DriverError) => void>();
  private isOpen = true;

  get open(): boolean {
    return this.isOpen;
  }

  /** How many listeners are attached (a reader that detached leaves none). */
  get count(): number {
    return this.data.size + this.closed.size;
  }

  onData(listener: (chunk: Uint8Array) => void): () => void {
    this.data.add(listener);
    return () => this.data.delete(listener);
  }

  onClose(listener: (reason: DriverError) => void): () => void {
    this.closed.add(listener);
    return () => this.closed.delete(listener);
  }

  deliver(chunk: Uint8Array): void {
    if (!this.isOpen) return;
    for (const listener of [...this.data]) listener(chunk);
  }

  /** Ends the port once; false when it had ended already. */
  end(reason: DriverError): boolean {
    if (!this.isOpen) return false;
    this.isOpen = false;
    this.data.clear();
    for (const listener of [...this.closed]) listener(reason);
    this.closed.clear();
    return true;
  }
}
