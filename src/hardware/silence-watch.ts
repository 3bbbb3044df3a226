/**
 * A device that speaks every second on its own — the shoe's `STAT`, the RFID reader's `HEARTBEAT` — and
 * has said nothing readable for `silenceMs` while its port is open is flagged: an open port proves only
 * the cable or adapter, not a device switched on, on the right port, at the right speed.
 */
export class SilenceWatch {
  private lastHeard = 0;
  private open = false;
  private silent = false;

  constructor(
    private readonly silenceMs: number,
    private readonly now: () => number,
    /** Called once when the device falls silent, and once when it is heard again. */
    private readonly onChange: (silent: boolean) => void,
  ) {}

  opened(): void {
    this.open = true;
    this.silent = false;
    this.lastHeard = this.now();
  }

  closed(): void {
    this.open = false;
    this.silent = false;
  }

  /** A message came that the device's parser could read. */
  heard(): void {
    this.lastHeard = this.now();
    if (!this.silent) return;
    this.silent = false;
    this.onChange(false);
  }

  check(): void {
    if (!this.open || this.silent || this.now() - this.lastHeard <= this.silenceMs) return;
    this.silent = true;
    this.onChange(true);
  }
}
