import type { DeviceLine } from '../sim/device-line.js';
import type { SimulatedBinding } from '../sim/simulated-binding.js';
import type { DeviceIdentity } from '../transport/transport.js';
import { buttonMask, buttonsFromMask, encodePanelReport, type PanelButton, type PanelKey, type PanelReport } from './panel-protocol.js';

/** The simulated panel's identity: pid.codes' open-source vendor id, a product id of our own. */
export const SIMULATED_PANEL_IDENTITY: DeviceIdentity = { vendorId: '1209', productId: 'fe17', serialNumber: 'SIM-PANEL' };

/**
 * A button panel as the host sees it: it sends the reports a real panel sends — one when a button or
 * key goes down, one when it comes up — and misbehaves on demand: garbage on the line, a button that
 * sticks down. Each report is one `send`, one chunk, as over USB HID; a host reading with stream framing
 * reads the same bytes back to back.
 */
export class SimulatedPanel {
  /** Buttons stuck down: every report carries them until released. */
  private stuckMask = 0;

  constructor(private readonly device: DeviceLine) {}

  /** Plugs a simulated panel into a binding. */
  static plug(binding: SimulatedBinding, path = 'sim:panel', identity: DeviceIdentity = SIMULATED_PANEL_IDENTITY): SimulatedPanel {
    return new SimulatedPanel(binding.plug(path, identity));
  }

  /** A button goes down and comes up again (two reports). */
  press(button: PanelButton): void {
    this.report({ buttons: this.with(button), key: null });
    this.report({ buttons: this.with(), key: null });
  }

  /** Several buttons go down in one report (pressed together), then all come up. */
  pressTogether(buttons: readonly PanelButton[]): void {
    this.report({ buttons: this.with(...buttons), key: null });
    this.report({ buttons: this.with(), key: null });
  }

  /** A keypad key goes down and comes up (key byte, then 0x00). */
  type(key: PanelKey): void {
    this.report({ buttons: this.with(), key });
    this.report({ buttons: this.with(), key: null });
  }

  /** A button sticks down (a jammed switch, or a croupier leaning on it): it stays in every report. */
  stuck(button: PanelButton): void {
    this.stuckMask |= buttonMask([button]);
    this.report({ buttons: this.with(), key: null });
  }

  /** A stuck button comes free. */
  release(button: PanelButton): void {
    this.stuckMask &= ~buttonMask([button]);
    this.report({ buttons: this.with(), key: null });
  }

  /** Any bytes on the line, as noise or a broken report. */
  garbage(bytes: Uint8Array): void {
    this.device.send(bytes);
  }

  /** One report, as given (plus stuck buttons): for tests that need a particular sequence of states. */
  report(report: PanelReport): void {
    this.device.send(encodePanelReport({ buttons: buttonsFromMask(buttonMask(report.buttons) | this.stuckMask), key: report.key }));
  }

  private with(...buttons: PanelButton[]): PanelButton[] {
    return buttonsFromMask(this.stuckMask | buttonMask(buttons));
  }
}
