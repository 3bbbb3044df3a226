import type { DeviceStatus, ViewModel } from '../../controller/view-model.js';
import { boardStatusOf } from '../link/board-status.js';
import type { Words } from '../../evaluator/words.js';
import { FloorClient } from '../link/floor-client.js';
import { readLinkFile } from '../link/link-file.js';
import { type LinkState, type ShippedLog, Shipper, type ShipperOptions } from './shipper.js';
import { StatusSender } from './status-sender.js';
import { keepFloorStaff } from '../staff/table-copy.js';

/** What the link needs of the running table: to be told of each command, its view (for the board), and a place on its status bar. */
export interface LinkedTable {
  subscribe(listener: () => void): () => void;
  view(): ViewModel;
  reportDevice(status: DeviceStatus): unknown;
}

/** The running table's link to its floor: stopped with the table. */
export type TableFloorLink = { readonly shipper: Shipper; stop(): Promise<void> };

/**
 * The shipper's hook into a running table (src/api/core.ts): for a table enrolled at a floor (its link
 * file beside the database), a shipper that reads the table's log through its store, is nudged after every
 * command, sends the table's line for the floor board (never a card, D89), and shows the link on the table's status bar as a device: linked, the floor out of reach (the
 * table plays on), or a fault — a fork the floor refused, or credentials it refused — which the table
 * also logs as a device incident for the floor's reports. A table with no link file: null, nothing runs.
 */
/** How often an enrolled table asks the floor for its staff directory. */
const STAFF_EVERY_MS = 30_000;

export function startFloorLink(dbPath: string, log: ShippedLog, table: LinkedTable, options: ShipperOptions & { readonly staffEveryMs?: number } = {}): TableFloorLink | null {
  if (dbPath === ':memory:') return null;
  const link = readLinkFile(dbPath);
  if (link === null) return null;
  const client = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
  const shipper = new Shipper(log, client, link.table.id, {
    ...options,
    onState: (state) => {
      const status = statusOf(state, link.table.name);
      if (status !== null) table.reportDevice(status);
      options.onState?.(state);
    },
  });
  // The board's line: the table's own clock, as the floor compares it with its own.
  const board = new StatusSender((status) => client.status(status), () => boardStatusOf(table.view(), Date.now()));
  const unsubscribe = table.subscribe(() => {
    shipper.nudge();
    board.changed();
  });
  shipper.start();
  // The floor's staff: fetched at the start and every half minute; a floor out of reach leaves the copy as it is (D91).
  let staffing = false;
  const fetchStaff = (): void => {
    if (staffing) return;
    staffing = true;
    client
      .staff()
      .then((answer) => keepFloorStaff(dbPath, answer, Date.now()))
      .catch(() => undefined)
      .finally(() => (staffing = false));
  };
  fetchStaff();
  const staffTimer = setInterval(fetchStaff, options.staffEveryMs ?? STAFF_EVERY_MS);
  staffTimer.unref();
  return {
    shipper,
    stop: async () => {
      clearInterval(staffTimer);
      unsubscribe();
      board.stop();
      await shipper.stop();
      client.close();
    },
  };
}

/** The link as the status bar shows a device: its state, and words for the croupier and the floor. */
export function statusOf(state: LinkState, name: string): DeviceStatus | null {
  const device = (deviceState: DeviceStatus['state'], detail: Words, incident?: 'device-fault'): DeviceStatus => ({ id: 'floor', kind: 'floor-link', state: deviceState, detail, ...(incident === undefined ? {} : { incident }) });
  switch (state.state) {
    case 'starting':
      return null;
    case 'linked':
      return device('connected', { en: `Linked to the floor as ${name}`, de: `Mit dem Floor verbunden als ${name}` });
    case 'offline':
      return device('disconnected', { en: 'The floor cannot be reached: the table plays on, its log is sent when the link is back', de: 'Der Floor ist nicht erreichbar: der Tisch spielt weiter, sein Protokoll wird gesendet, sobald die Verbindung wieder steht' });
    case 'fork':
      return device('fault', { en: `The floor refuses this table's log: ${state.words.en}`, de: `Der Floor lehnt das Protokoll dieses Tisches ab: ${state.words.de}` }, 'device-fault');
    case 'refused':
      return device('fault', { en: `The floor refuses this table: ${state.words.en}`, de: `Der Floor lehnt diesen Tisch ab: ${state.words.de}` }, 'device-fault');
  }
}
