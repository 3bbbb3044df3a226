import type { DriverError } from '../driver-error.js';
import type { TransportPort } from '../transport/transport.js';
import { buttonMask, buttonsFromMask, type PanelFraming, type PanelKey, type PanelPress, PanelReportParser, type PanelParseResult } from './panel-protocol.js';

/** What the panel did, in device words: the controller maps presses to the table's commands. */
export type PanelEvent = PanelPress | { readonly type: 'protocol-error'; readonly problem: string } | { readonly type: 'disconnected'; readonly reason: DriverError };

/**
 * The button panel over a transport: reports of what is held down in, presses out. A press is a rising
 * edge: a button down in this report and not in the last one, a key byte that became a key (or another
 * key). Holding is one press however many reports repeat it; releasing is nothing. Two buttons that come
 * down in one report are two presses, in bit order, before the report's key. A report that cannot be read
 * is a protocol error and changes nothing, so a bad report in the middle of a hold is no new press.
 *
 * `framing`: `report` over USB HID (one report per chunk, the default), `stream` over a serial link.
 */
export class ButtonPanel {
  private readonly parser: PanelReportParser;
  /** What the last good report held down; nothing before the first. */
  private held = 0;
  private key: PanelKey | null = null;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    port: TransportPort,
    private readonly emit: (event: PanelEvent) => void,
    options: { readonly framing?: PanelFraming } = {},
  ) {
    this.parser = new PanelReportParser(options.framing ?? 'report');
    this.unsubscribe.push(port.onData((chunk) => this.results(this.parser.push(chunk))));
    this.unsubscribe.push(
      port.onClose((reason) => {
        this.results(this.parser.flush());
        // A panel found again starts from nothing held: what it holds then is pressed then.
        this.held = 0;
        this.key = null;
        this.emit({ type: 'disconnected', reason });
      }),
    );
  }

  /** Stops listening (the port is closed by its owner). */
  detach(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  private results(results: readonly PanelParseResult[]): void {
    for (const result of results) {
      if (result.kind === 'error') {
        this.emit({ type: 'protocol-error', problem: result.problem });
        continue;
      }
      const mask = buttonMask(result.report.buttons);
      for (const button of buttonsFromMask(mask & ~this.held)) this.emit({ type: 'button', button });
      this.held = mask;
      const key = result.report.key;
      if (key !== null && key !== this.key) this.emit({ type: 'key', key });
      this.key = key;
    }
  }
}
