import { ButtonPanel } from '../../drivers/panel/button-panel.js';
import type { PanelFraming } from '../../drivers/panel/panel-protocol.js';
import { DeviceConnection, type DeviceTarget } from '../../drivers/device-connection.js';
import type { AntennaLayout } from '../../drivers/rfid/antenna-layout.js';
import type { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import { RfidReader, type RfidReaderOptions } from '../../drivers/rfid/rfid-reader.js';
import { ShoeReader } from '../../drivers/shoe/shoe-reader.js';
import type { TransportBinding, TransportPort } from '../../drivers/transport/transport.js';
import { PanelMapping } from '../controller/panel-mapping.js';
import { RfidMapping } from '../controller/rfid-mapping.js';
import { ShoeMapping } from '../controller/shoe-mapping.js';
import type { TableController } from '../controller/table-controller.js';
import type { DeviceStatus } from '../controller/view-model.js';

/** One device: the transport it is on and where to find it there. */
export type DeviceSetup = { readonly binding: TransportBinding; readonly target: DeviceTarget };

/** The table's devices, each optional: a table may deal from a shoe, read RFID, both, or neither. */
export type HardwareSetup = {
  readonly shoe?: DeviceSetup;
  readonly rfid?: DeviceSetup & { readonly deck: DeckRegistration; readonly layout: AntennaLayout; readonly reader?: RfidReaderOptions };
  /** `framing`: `report` for USB HID, `stream` for a panel on a serial line. */
  readonly panel?: DeviceSetup & { readonly framing: PanelFraming };
  /** How long after losing a device it is looked for again (1 s by default). */
  readonly retryMs?: number;
};

/**
 * The composition root of the table's hardware: each configured device is kept connected (found again by
 * identity after an unplug), its bytes read by its protocol module, and its events handed to the one
 * mapping that turns them into the table's commands. Whether each device is connected, gone or faulty is
 * put on the status bar as it changes.
 */
export class TableHardware {
  private constructor(
    private readonly connections: readonly DeviceConnection[],
    /** Ends the mappings: no event reaches the table once it is closing. */
    private readonly quiet: () => void,
    /** Resolves once every device has been connected (a simulated table is ready at once; real devices may never come). */
    readonly allConnected: Promise<void>,
  ) {}

  static start(controller: TableController, setup: HardwareSetup): TableHardware {
    const connections: DeviceConnection[] = [];
    const waiting = new Set<string>();
    let stopped = false;
    const stopMappings: (() => void)[] = [];
    let connected = (): void => undefined;
    const allConnected = new Promise<void>((resolve) => (connected = resolve));
    const connect = (id: string, kind: DeviceStatus['kind'], device: DeviceSetup, attach: (port: TransportPort) => void): void => {
      waiting.add(id);
      controller.reportDevice({ id, kind, state: 'disconnected', detail: { en: 'looking for it', de: 'wird gesucht' } });
      const connection = new DeviceConnection(
        device.binding,
        device.target,
        {
          onPort: attach,
          onStatus: (state, detail) => {
            const words = state === 'connected' ? { en: `on ${detail}`, de: `an ${detail}` } : { en: detail, de: detail };
            controller.reportDevice({ id, kind, state, detail: words });
            if (state === 'connected' && waiting.delete(id) && waiting.size === 0) connected();
          },
        },
        setup.retryMs,
      );
      connections.push(connection);
      connection.start();
    };
    if (setup.shoe !== undefined) {
      const mapping = new ShoeMapping(controller);
      stopMappings.push(() => mapping.stop());
      connect('shoe', 'shoe', setup.shoe, (port) => {
        mapping.reconnected();
        const reader = new ShoeReader(port, (event) => stopped || mapping.handle(event));
        // A deck check at every connect between hands: a deck that fails it is flagged before a hand is
        // dealt from it. Not during a hand: the dealt cards would be "missing".
        const hand = controller.table.hand;
        if (hand === null || hand.phase.kind === 'complete') reader.send({ type: 'check-deck' }).catch(() => undefined);
      });
    }
    if (setup.rfid !== undefined) {
      const { deck, layout, reader: options } = setup.rfid;
      const mapping = new RfidMapping(controller, deck, layout);
      connect('rfid', 'rfid-reader', setup.rfid, (port) => {
        // A failed START_INVENTORY shows as the port closing; the heartbeat asks again if the reader dropped it.
        RfidReader.open(port, (event) => stopped || mapping.handle(event), options).catch(() => undefined);
      });
    }
    if (setup.panel !== undefined) {
      const { framing } = setup.panel;
      const mapping = new PanelMapping(controller);
      connect('panel', 'button-panel', setup.panel, (port) => {
        new ButtonPanel(port, (event) => stopped || mapping.handle(event), { framing });
      });
    }
    if (waiting.size === 0) connected();
    const quiet = (): void => {
      stopped = true;
      for (const stop of stopMappings) stop();
    };
    return new TableHardware(connections, quiet, allConnected);
  }

  /** Stops at once taking events (the table may close its log right after), then closes every port. */
  async stop(): Promise<void> {
    this.quiet();
    await Promise.all(this.connections.map((connection) => connection.stop()));
  }
}
