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
});
