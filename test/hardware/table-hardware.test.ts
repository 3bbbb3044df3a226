import { describe, expect, it } from 'vitest';
import { until } from '../support/until.js';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { SeededRandom } from '../../src/cards/random.js';
import { simulatedHardware } from '../../src/hardware/simulated-hardware.js';
import { TableHardware } from '../../src/hardware/table-hardware.js';
import { Store } from '../../src/store/store.js';
import { encodeShoeMessage } from '../../drivers/shoe/shoe-protocol.js';
import { SimulatedBinding } from '../../drivers/sim/simulated-binding.js';
import { SimulatedMetratecReader } from '../../drivers/sim/metratec-device.js';
import { SimulatedPn532 } from '../../drivers/sim/pn532-device.js';
import { simulatedDeck } from '../../drivers/sim/rfid-device.js';
import { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import type { AntennaPlace } from '../../drivers/rfid/antenna-layout.js';
import type { TagUid } from '../../drivers/rfid/tag-uid.js';
import { parseCard } from '../../src/cards/notation.js';
import type { ReaderSetup } from '../../src/hardware/table-hardware.js';

/** A table of three (seats 1, 4, 7; button 4) at the first card of its first hand, the burn. */
function tableAtTheBurn() {
  const controller = TableController.open(Store.open(':memory:'), { now: () => Date.now() }, CASINO_5_10);
  let id = 0;
  const submit = (command: Parameters<TableController['submit']>[0]['command']) => controller.submit({ id: `t${++id}`, command });
  for (const seat of [1, 4, 7]) submit({ type: 'sit', seat, name: `P${seat}`, buyIn: 500 });
  for (const [seat, card] of [[1, '2c'], [4, 'As'], [7, '3d']] as const) submit({ type: 'draw', seat, card: parseCard(card) });
  submit({ type: 'start-hand' });
  return controller;
}

/** The order a hand of three is dealt from the burn: burn, then seats 7, 1, 4, 7, 1, 4. */
const DEAL: readonly (readonly [AntennaPlace, string])[] = [
  [{ kind: 'burn' }, 'Kh'],
  ...([[7, 'Ah'], [1, 'Qh'], [4, '9c'], [7, 'Ad'], [1, 'Qd'], [4, '8c']] as const).map(([seat, card]): readonly [AntennaPlace, string] => [{ kind: 'seat', seat }, card]),
];
describe("the table's hardware", () => {
  it('flags a shoe that says nothing on an open port, and clears it when the shoe speaks again', async () => {
    const controller = TableController.open(Store.open(':memory:'), { now: () => Date.now() }, CASINO_5_10);
    const binding = new SimulatedBinding();
    // A device at the port that never answers: the wrong port, the wrong speed, or switched off.
    const shoe = binding.plug('/dev/ttyUSB0', { vendorId: '0403', productId: '6001', serialNumber: 'S1' });
    const hardware = TableHardware.start(controller, { shoe: { binding, target: { identity: { vendorId: '0403', productId: '6001', serialNumber: 'S1' }, path: null } }, silenceMs: 300 });
    const status = () => controller.view().devices.find((device) => device.id === 'shoe');
    try {
      await hardware.allConnected;
      expect(status()?.state).toBe('connected');
      await until(() => status()?.state === 'fault', 'the shoe flagged as silent', 3_000);
      expect(status()?.detail).toEqual({ en: 'nothing heard from it for 0.3 s: is it switched on, on the right port, at the right speed?', de: 'seit 0.3 s nichts gehört: eingeschaltet, am richtigen Anschluss, mit der richtigen Geschwindigkeit?' });
      // Noise is not the shoe speaking.
      shoe.send('#~!garbage\r\n');
      expect(status()?.state).toBe('fault');
      shoe.send(encodeShoeMessage({ type: 'status', state: 'READY' }));
      expect(status()).toMatchObject({ state: 'connected', detail: { en: 'heard again' } });
      // Unplugged, it is disconnected — not silent.
      binding.unplug('/dev/ttyUSB0');
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(status()?.state).toBe('disconnected');
    } finally {
      await hardware.stop();
    }
  });

  it("says an unplugged device in the croupier's words, in English and German, without its USB ids", async () => {
    const controller = TableController.open(Store.open(':memory:'), { now: () => Date.now() }, CASINO_5_10);
    const { table, hardware } = simulatedHardware(controller, new SeededRandom(1), { retryMs: 20 });
    const shoe = () => controller.view().devices.find((device) => device.id === 'shoe');
    const shown: string[] = [];
    const unsubscribe = controller.subscribe((view) => shown.push(JSON.stringify(view.devices)));
    try {
      await hardware.allConnected;
      await table.inject('shoe-unplug');
      expect(shoe()).toMatchObject({ state: 'disconnected', detail: { en: 'connection lost: is it plugged in and switched on?', de: 'Verbindung verloren: eingesteckt und eingeschaltet?' } });
      await until(() => shoe()?.detail?.en.startsWith('not found') === true, 'the shoe looked for again', 3_000);
      expect(shoe()?.detail).toEqual({ en: 'not found: is it plugged in and switched on?', de: 'nicht gefunden: eingesteckt und eingeschaltet?' });
      // Neither the device's USB ids nor the driver's English words ever reached the screen.
      expect(shown.join('\n')).not.toMatch(/feed|0001|SIM-SHOE|sim:shoe was unplugged/);
    } finally {
      unsubscribe();
      table.stopBeating();
      await hardware.stop();
    }
  });

  it('deals a hand from several readers at one table: a PN532 board under each seat and one under the burn, each its own device (D68)', async () => {
    const controller = tableAtTheBurn();
    const ntag = (card: number): TagUid => `04A1B2C3D4E5${card.toString(16).toUpperCase().padStart(2, '0')}` as TagUid;
    const deck = DeckRegistration.fromUidsInCardOrder(Array.from({ length: 52 }, (_, card) => ntag(card)));
    const binding = new SimulatedBinding();
    const boards = new Map<string, SimulatedPn532>();
    const places: readonly AntennaPlace[] = [{ kind: 'burn' }, { kind: 'seat', seat: 1 }, { kind: 'seat', seat: 4 }, { kind: 'seat', seat: 7 }];
    const readers = places.map((place, index): ReaderSetup => {
      let board: SimulatedPn532 | null = null;
      const device = binding.plug(`/dev/ttyUSB${index}`, { vendorId: '1a86', productId: '7523', serialNumber: null }, (bytes) => board?.hear(bytes));
      board = new SimulatedPn532(device);
      boards.set(JSON.stringify(place), board);
      return { id: `board-${index}`, kind: 'pn532', binding, target: { identity: null, path: `/dev/ttyUSB${index}` }, deck, layout: new Map([[0, place]]), options: { antenna: 0, pollIntervalMs: 10 } };
    });
    const hardware = TableHardware.start(controller, { readers });
    try {
      await hardware.allConnected;
      for (const [place, card] of DEAL) {
        const before = controller.table;
        boards.get(JSON.stringify(place))?.place(ntag(parseCard(card)));
        await until(() => controller.table !== before, `${card} read at ${JSON.stringify(place)}`, 3_000);
      }
      const hand = controller.table.hand;
      expect(hand?.burns).toEqual([parseCard('Kh')]);
      expect(hand?.players.find((player) => player.seat === 1)?.holeCards).toEqual([parseCard('Qh'), parseCard('Qd')]);
      expect(controller.view().devices.filter((device) => device.kind === 'rfid-reader').map((device) => [device.id, device.state])).toEqual(readers.map((reader) => [reader.id, 'connected']));
      expect(controller.view().lastError).toBeNull();
    } finally {
      await hardware.stop();
    }
  });

  it('deals from a metratec reader’s multiplexed antennas, and flags a card read by two of them (overlapping fields)', async () => {
    const controller = tableAtTheBurn();
    const deck = simulatedDeck(0);
    const binding = new SimulatedBinding();
    let quasar: SimulatedMetratecReader | null = null;
    const device = binding.plug('/dev/ttyACM0', { vendorId: '0403', productId: '6001', serialNumber: 'QMX00421' }, (bytes) => quasar?.hear(bytes));
    quasar = new SimulatedMetratecReader(device);
    const sim = quasar;
    const ticker = setInterval(() => sim.tick(), 5);
    const layout = new Map<number, AntennaPlace>([[0, { kind: 'burn' }], [1, { kind: 'seat', seat: 1 }], [2, { kind: 'seat', seat: 4 }], [3, { kind: 'seat', seat: 7 }]]);
    const port = (place: AntennaPlace): number => [...layout].find(([, where]) => JSON.stringify(where) === JSON.stringify(place))?.[0] ?? -1;
    const hardware = TableHardware.start(controller, { readers: [{ id: 'rfid-1', kind: 'metratec', binding, target: { identity: { vendorId: '0403', productId: '6001', serialNumber: 'QMX00421' }, path: null }, deck, layout, options: { antennas: 4 } }] });
    const rfid = () => controller.view().devices.find((device) => device.id === 'rfid-1');
    try {
      await hardware.allConnected;
      for (const [place, card] of DEAL) {
        const before = controller.table;
        sim.place(port(place), deck.uidOf(parseCard(card)));
        await until(() => controller.table !== before, `${card} read at ${JSON.stringify(place)}`, 3_000);
      }
      expect(controller.table.hand?.players.find((player) => player.seat === 7)?.holeCards).toEqual([parseCard('Ah'), parseCard('Ad')]);
      // Seat 4's 9♣ is read by seat 7's antenna too: the table keeps it at seat 4 and says so.
      sim.place(port({ kind: 'seat', seat: 7 }), deck.uidOf(parseCard('9c')));
      await until(() => rfid()?.state === 'fault', 'the card at two places flagged', 3_000);
      expect(rfid()?.detail?.en).toBe('a card dealt to seat 4 is at seat 7: call the floor');
    } finally {
      clearInterval(ticker);
      await hardware.stop();
    }
  });
});
