import { describe, expect, it } from 'vitest';
import { ascii, withCrc } from '../../../drivers/metratec/metratec-protocol.js';
import { MetratecReader, type MetratecReaderOptions } from '../../../drivers/metratec/metratec-reader.js';
import type { RfidEvent } from '../../../drivers/rfid/rfid-reader.js';
import type { TagUid } from '../../../drivers/rfid/tag-uid.js';
import { SimulatedMetratecReader } from '../../../drivers/sim/metratec-device.js';
import { SimulatedBinding } from '../../../drivers/sim/simulated-binding.js';
import { FakePort, ManualClock } from '../rfid/rfid-fixtures.js';

const UID_A = 'E004FE1700000003' as TagUid;
const UID_B = 'E004FE1700000033' as TagUid;
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes).replace(/\r/g, '<CR>').replace(/\n/g, '<LF>');

/** A QuasarMX on the in-memory line, read by the adapter with a clock the test moves; `tick` runs inventories. */
async function quasar(options: MetratecReaderOptions = {}) {
  const binding = new SimulatedBinding();
  let simulated: SimulatedMetratecReader | null = null;
  const device = binding.plug('/dev/ttyUSB2', { vendorId: '0403', productId: '6001', serialNumber: 'QMX00421' }, (bytes) => simulated?.hear(bytes));
  simulated = new SimulatedMetratecReader(device);
  const clock = new ManualClock();
  const events: RfidEvent[] = [];
  const reader = await MetratecReader.open(await binding.open('/dev/ttyUSB2'), (event) => events.push(event), { clock, antennas: 4, ...options });
  const sim = simulated;
  /** Inventories of every antenna, `rounds` times, `ms` apart. */
  const rounds = (count: number, ms = 10): void => {
    for (let round = 0; round < count * 4; round++) {
      sim.tick();
      clock.advance(ms);
    }
  };
  const take = (): RfidEvent[] => events.splice(0).filter((event) => event.type !== 'all-reported');
  return { binding, device, sim, clock, reader, events, rounds, take };
}

describe('a metratec QuasarMX over its ASCII protocol', () => {
  it('sets the reader up as metratec’s SDK does, then runs a continuous inventory over its antennas', async () => {
    const { device, sim } = await quasar();
    expect(device.writes.map(text)).toEqual([
      'BRK<CR>',
      'COF 4F5E<CR>',
      'EOF<CR>',
      'CON<CR>',
      `${withCrc('VBL 1')}<CR>`,
      `${withCrc('MOD 156')}<CR>`,
      `${withCrc('SRI SS 100')}<CR>`,
      `${withCrc('SAP ARP ON')}<CR>`,
      `${withCrc('SAP AUT 4')}<CR>`,
      `${withCrc('CNR INV')}<CR>`,
    ]);
    expect(sim.inventoryRunning).toBe(true);
  });

  it('places each tag at the antenna that reads it, and lifts it when it stays out of that antenna’s inventories', async () => {
    const { sim, rounds, take } = await quasar();
    sim.place(2, UID_A);
    sim.place(3, UID_B);
    rounds(2);
    expect(take()).toEqual([
      { type: 'tag-placed', antenna: 2, uid: UID_A },
      { type: 'tag-placed', antenna: 3, uid: UID_B },
    ]);
    sim.lift(2, UID_A);
    rounds(10);
    expect(take()).toEqual([{ type: 'tag-lifted', antenna: 2, uid: UID_A }]);
  });

  it('says all-reported after every antenna has been read, and keeps saying it each round (the table hears it is alive)', async () => {
    const { events, rounds } = await quasar();
    rounds(3);
    expect(events.filter((event) => event.type === 'all-reported').length).toBe(3);
  });

  it('places a tag read by two antennas (overlapping fields) on both', async () => {
    const { sim, rounds, take } = await quasar();
    sim.place(0, UID_A);
    sim.place(1, UID_A);
    rounds(3);
    expect(take()).toEqual([
      { type: 'tag-placed', antenna: 0, uid: UID_A },
      { type: 'tag-placed', antenna: 1, uid: UID_A },
    ]);
  });

  it('takes a tag that flickers out of an inventory or two for one that stayed', async () => {
    const { sim, rounds, take } = await quasar();
    sim.place(1, UID_A);
    rounds(1);
    take();
    sim.flicker(1, UID_A, 2);
    rounds(8);
    expect(take()).toEqual([]);
  });

  it('drops an inventory cut short or with a line whose CRC fails, whole, and reads the tag in the next', async () => {
    for (const how of ['cut', 'bad-crc'] as const) {
      const { sim, rounds, take } = await quasar({ antennas: 1 });
      sim.place(0, UID_A);
      sim.spoilNextInventory(how);
      rounds(3);
      const events = take();
      expect(events.map((event) => event.type)).toEqual(['protocol-error', 'tag-placed']);
      expect(events[0]).toMatchObject({ problem: expect.stringMatching(how === 'cut' ? /^CRC [0-9A-F]{4}, expected [0-9A-F]{4}: 'E004FE17E004FE1700000003 [0-9A-F]{4}': the inventory is dropped$/ : /^CRC [0-9A-F]{4}, expected [0-9A-F]{4}: 'E004FE1700000003 [0-9A-F]{4}': the inventory is dropped$/) });
      expect(events[1]).toEqual({ type: 'tag-placed', antenna: 0, uid: UID_A });
    }
  });

  it('reads the inventory of metratec’s python SDK (hf_reader_ascii.py), CRC on: two tags at antenna 12', async () => {
    const port = new FakePort();
    const clock = new ManualClock();
    const events: RfidEvent[] = [];
    await MetratecReader.open(port, (event) => events.push(event), { clock, antennas: 16 });
    port.send(ascii('NCM\r'), ascii('OK!\r'), ascii('OK!\r\n'), ascii(`${withCrc('OK!')}\r\n`));
    for (let step = 0; step < 5; step++) port.send(ascii(`${withCrc('OK!')}\r\n`));
    // "E0040150954F02B1<CR>E200600311753E33<CR>ARP 12<CR>IVF 02", each line with its CRC.
    port.send(ascii(['E0040150954F02B1', 'E200600311753E33', 'ARP 12', 'IVF 02'].map((line) => `${withCrc(line)}\r`).join('') + '\n'));
    expect(events).toEqual([
      { type: 'tag-placed', antenna: 12, uid: 'E0040150954F02B1' },
      { type: 'tag-placed', antenna: 12, uid: 'E200600311753E33' },
    ]);
  });

  it('breaks a continuous inventory left running, with the CRC when the reader asks for it (CCE), before setting up', async () => {
    const port = new FakePort();
    const clock = new ManualClock();
    await MetratecReader.open(port, () => undefined, { clock });
    port.send(ascii(`${withCrc('E0040150954F02B1')}\r${withCrc('IVF 01')}\r\n`));
    port.send(ascii('CCE\r\n'));
    expect(port.writes.map(text)).toEqual(['BRK<CR>', 'BRK 9977<CR>']);
    port.send(ascii(`${withCrc('BRA')}\r\n`));
    expect(port.writes.map(text).at(-1)).toBe('COF 4F5E<CR>');
  });

  it('sets the reader up again when its inventories stop (a power cycle), and reads on', async () => {
    const { sim, clock, rounds, take } = await quasar();
    sim.place(0, UID_A);
    rounds(1);
    take();
    sim.reset();
    clock.advance(2_000);
    expect(take()).toEqual([{ type: 'protocol-error', problem: 'no inventory for 2 s: setting the reader up again' }]);
    expect(sim.inventoryRunning).toBe(true);
    rounds(1);
    expect(take()).toEqual([]);
  });

  it('names a set-up answer that is an error, and goes on', async () => {
    const { events } = await quasar({ antennas: 16 });
    expect(events).toEqual([]);
    const port = new FakePort();
    const seen: RfidEvent[] = [];
    await MetratecReader.open(port, (event) => seen.push(event), { clock: new ManualClock(), antennas: 2 });
    port.send(ascii('NCM\r'), ascii('OK!\r'), ascii('OK!\r\n'), ascii(`${withCrc('OK!')}\r\n`));
    for (const answer of ['OK!', 'OK!', 'OK!', 'NOS', 'OK!']) port.send(ascii(`${withCrc(answer)}\r\n`));
    expect(seen).toEqual([{ type: 'protocol-error', problem: 'the reader answered SAP ARP ON with NOS (not supported)' }]);
  });

  it('reports the reader unplugged, and forgets its tags and timers', async () => {
    const { binding, sim, clock, rounds, take } = await quasar();
    sim.place(0, UID_A);
    rounds(1);
    take();
    binding.unplug('/dev/ttyUSB2');
    expect(take()).toMatchObject([{ type: 'disconnected', reason: { kind: 'disconnected' } }]);
    expect(clock.waiting).toBe(0);
  });
});

describe('the simulated QuasarMX', () => {
  const answers = () => {
    const sent: string[] = [];
    const sim = new SimulatedMetratecReader({ send: (bytes) => sent.push(typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes)) });
    const say = (command: string, crc = false): string[] => {
      sent.splice(0);
      sim.hear(ascii(`${crc ? withCrc(command) : command}\r`));
      return [...sent];
    };
    return { sim, say, sent };
  };

  it('sends the inventory of metratec’s python SDK byte for byte (CRC off, End Of Frame on)', () => {
    const { sim, say } = answers();
    for (const command of ['EOF', 'SRI SS 100', 'SAP ARP ON', 'SAP 12']) expect(say(command)).toEqual(['OK!\r\n']);
    sim.place(12, 'E0040150954F02B1' as TagUid);
    sim.place(12, 'E200600311753E33' as TagUid);
    expect(say('INV')).toEqual(['E0040150954F02B1\rE200600311753E33\rARP 12\rIVF 02\r\n']);
  });

  it('answers a command whose CRC is wrong with CCE, and one it does not know with UCO', () => {
    const { say } = answers();
    say('CON');
    expect(say('INV 0000')).toEqual(['CCE\r']);
    expect(say('XYZ', true)).toEqual([`${withCrc('UCO')}\r`]);
    expect(say('SAP AUT 17', true)).toEqual([`${withCrc('NOR')}\r`]);
    expect(say('CNR INV', true)).toEqual([`${withCrc('NRF')}\r`]);
  });
});
