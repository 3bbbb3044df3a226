import { ButtonPanel } from '../../drivers/panel/button-panel.js';
import type { PanelFraming } from '../../drivers/panel/panel-protocol.js';
import { DeviceConnection, type DeviceTarget } from '../../drivers/device-connection.js';
import type { AntennaLayout } from '../../drivers/rfid/antenna-layout.js';
import type { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import { openTagReader, type ReaderKind, type TagReaderOptions } from '../../drivers/rfid/reader-kinds.js';
import { RfidReader, type RfidReaderOptions } from '../../drivers/rfid/rfid-reader.js';
import { ShoeReader } from '../../drivers/shoe/shoe-reader.js';
import type { HotPlug } from '../../drivers/transport/hot-plug.js';
import type { TransportBinding, TransportPort } from '../../drivers/transport/transport.js';
import { PanelMapping } from '../controller/panel-mapping.js';
import { RfidMapping } from '../controller/rfid-mapping.js';
import { ShoeMapping } from '../controller/shoe-mapping.js';
import type { TableController } from '../controller/table-controller.js';
import { disconnectionWords } from '../controller/device-words.js';
import type { DeviceStatus } from '../controller/view-model.js';
import { SilenceWatch } from './silence-watch.js';

/** One device: the transport it is on and where to find it there. */
export type DeviceSetup = { readonly binding: TransportBinding; readonly target: DeviceTarget };

/**
 * One card reader among several (D68): its name on the status bar, its kind (reader-kinds.ts), the deck
 * it reads, and where its antennas lie.
 */
export type ReaderSetup = DeviceSetup & { readonly id: string; readonly kind: ReaderKind; readonly deck: DeckRegistration; readonly layout: AntennaLayout; readonly options?: TagReaderOptions };

/** The table's devices, each optional: a table may deal from a shoe, read RFID, both, or neither. */
export type HardwareSetup = {
  readonly shoe?: DeviceSetup;
  /** Felt's own reader alone, on the status bar as `rfid` (the configuration's `rfid`). */
  readonly rfid?: DeviceSetup & { readonly deck: DeckRegistration; readonly layout: AntennaLayout; readonly reader?: RfidReaderOptions };
  /** Card readers of any kind, each with its antennas' places. */
  readonly readers?: readonly ReaderSetup[];
  /** `framing`: `report` for USB HID, `stream` for a panel on a serial line. */
  readonly panel?: DeviceSetup & { readonly framing: PanelFraming };
  /** How long after losing a device it is looked for again (1 s by default), while no hot-plug events come. */
  readonly retryMs?: number;
  /** Device events (udev): a lost device is looked for when one is plugged in, instead of every `retryMs` (D69). */
  readonly hotPlug?: HotPlug;
  /** A shoe or reader silent this long on an open port is flagged (3 s by default; 0: never). */
  readonly silenceMs?: number;
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
    private readonly hotPlug: HotPlug | null,
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
    const watches: SilenceWatch[] = [];
    setup.hotPlug?.start();
    const silenceMs = setup.silenceMs ?? 3_000;
    const watchFor = (id: string, kind: DeviceStatus['kind']): SilenceWatch | null => {
      if (silenceMs <= 0) return null;
      const watch = new SilenceWatch(silenceMs, () => Date.now(), (silent) =>
        controller.reportDevice(
          silent
            ? { id, kind, state: 'fault', detail: { en: `nothing heard from it for ${silenceMs / 1000} s: is it switched on, on the right port, at the right speed?`, de: `seit ${silenceMs / 1000} s nichts gehört: eingeschaltet, am richtigen Anschluss, mit der richtigen Geschwindigkeit?` } }
            : { id, kind, state: 'connected', detail: { en: 'heard again', de: 'meldet sich wieder' } },
        ),
      );
      watches.push(watch);
      return watch;
    };
    /** Every event but noise and the end of the line is the device speaking. */
    const listen = <E extends { readonly type: string }>(watch: SilenceWatch | null, handle: (event: E) => void) => (event: E): void => {
      if (stopped) return;
      if (event.type === 'disconnected') watch?.closed();
      else if (event.type !== 'protocol-error') watch?.heard();
      handle(event);
    };
    const connect = (id: string, kind: DeviceStatus['kind'], device: DeviceSetup, attach: (port: TransportPort) => void, watch: SilenceWatch | null = null): void => {
      waiting.add(id);
      controller.reportDevice({ id, kind, state: 'disconnected', detail: { en: 'looking for it', de: 'wird gesucht' } });
      const connection = new DeviceConnection(
        device.binding,
        device.target,
        {
          onPort: (port) => {
            watch?.opened();
            attach(port);
          },
          onStatus: (state, detail, why) => {
            const words = why === null ? { en: `on ${detail}`, de: `an ${detail}` } : disconnectionWords(why);
            // The croupier gets words; the log keeps what the system said, for a technician (a permission refused).
            controller.reportDevice({ id, kind, state, detail: words }, why === null ? null : detail);
            if (state === 'connected' && waiting.delete(id) && waiting.size === 0) connected();
          },
        },
        setup.retryMs,
        setup.hotPlug ?? null,
      );
      connections.push(connection);
      connection.start();
    };
    if (setup.shoe !== undefined) {
      const mapping = new ShoeMapping(controller);
      stopMappings.push(() => mapping.stop());
      const watch = watchFor('shoe', 'shoe');
      connect(
        'shoe',
        'shoe',
        setup.shoe,
        (port) => {
          mapping.reconnected();
          const reader = new ShoeReader(port, listen(watch, (event) => mapping.handle(event)));
          // A deck check at every connect between hands: a deck that fails it is flagged before a hand is
          // dealt from it. Not during a hand: the dealt cards would be "missing".
          const hand = controller.table.hand;
          if (hand === null || hand.phase.kind === 'complete') reader.send({ type: 'check-deck' }).catch(() => undefined);
        },
        watch,
      );
    }
    if (setup.rfid !== undefined) {
      const { deck, layout, reader: options } = setup.rfid;
      const mapping = new RfidMapping(controller, deck, layout);
      const watch = watchFor('rfid', 'rfid-reader');
      connect(
        'rfid',
        'rfid-reader',
        setup.rfid,
        (port) => {
          // A failed START_INVENTORY shows as the port closing; the heartbeat asks again if the reader dropped it.
          RfidReader.open(port, listen(watch, (event) => mapping.handle(event)), options).catch(() => undefined);
        },
        watch,
      );
    }
    for (const reader of setup.readers ?? []) {
      const { id, kind, deck, layout, options } = reader;
      const mapping = new RfidMapping(controller, deck, layout, id);
      const watch = watchFor(id, 'rfid-reader');
      connect(
        id,
        'rfid-reader',
        reader,
        (port) => {
          // A reader that fails to start shows as its port closing, or as silence.
          openTagReader(kind, port, listen(watch, (event) => mapping.handle(event)), options).catch(() => undefined);
        },
        watch,
      );
    }
    if (setup.panel !== undefined) {
      const { framing } = setup.panel;
      const mapping = new PanelMapping(controller);
      // A panel is quiet until a button is pressed: no silence to watch.
      connect('panel', 'button-panel', setup.panel, (port) => {
        new ButtonPanel(port, listen(null, (event) => mapping.handle(event)), { framing });
      });
    }
    const ticker = watches.length === 0 ? null : setInterval(() => watches.forEach((watch) => watch.check()), 500);
    ticker?.unref();
    if (waiting.size === 0) connected();
    const quiet = (): void => {
      stopped = true;
      if (ticker !== null) clearInterval(ticker);
      for (const stop of stopMappings) stop();
    };
    return new TableHardware(connections, quiet, setup.hotPlug ?? null, allConnected);
  }

  /** Stops at once taking events (the table may close its log right after), then closes every port. */
  async stop(): Promise<void> {
    this.quiet();
    this.hotPlug?.stop();
    await Promise.all(this.connections.map((connection) => connection.stop()));
  }
}
