import { describe, expect, it } from 'vitest';
import { until } from '../support/until.js';
import { Core } from '../../src/api/core.js';
import type { ViewModel } from '../../src/controller/view-model.js';
import { SIM_FAULTS } from '../../src/hardware/sim-faults.js';

/** The simulated table behind the screen, seated and dealing; `send` is a screen's request. */
async function simulatedTable() {
  const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', seed: 11 });
  const connection = core.connect(() => undefined);
  let id = 0;
  const send = (name: string, args?: unknown): { ok: boolean; result?: ViewModel; error?: { code: string; words: { en: string } } } => connection.handle(JSON.stringify({ id: `q${++id}`, name, args })) as never;
  for (const seat of [1, 2, 3]) send('table-submit', { commandId: `sit${seat}`, command: { type: 'sit', seat, name: `P${seat}`, buyIn: 500 } });
  while (core.controller.view().prompt.kind === 'draw-for-button') send('sim-deal');
  send('table-submit', { commandId: 'start', command: { type: 'start-hand' } });
  const device = (id: string) => core.controller.view().devices.find((status) => status.id === id);

  return { core, send, device };
}

describe('the simulation panel’s faults, through the real drivers', () => {
  it('shows each fault on the status bar as the table sees it, and the hand goes on', async () => {
    const { core, send, device } = await simulatedTable();
    const fault = (name: string) => expect(send('sim-fault', { fault: name }).ok).toBe(true);
    fault('shoe-jam');
    expect(device('shoe')).toMatchObject({ state: 'fault', detail: { en: 'the shoe jammed (card stuck at the exit)' } });
    fault('shoe-bad-deck');
    expect(device('shoe')?.detail?.en).toBe('The deck failed its check (52 cards: missing 1; twice 1): do not deal it');
    fault('rfid-foreign-card');
    expect(device('rfid')?.detail?.en).toBe('a card not of this deck at the board: stop the game and call the floor');
    fault('rfid-antenna-fault');
    expect(device('rfid')).toMatchObject({ state: 'fault', detail: { en: 'antenna 20 (board): no antenna connected (open circuit)' } });
    for (const noise of ['shoe-garbage', 'rfid-garbage', 'panel-garbage']) fault(noise);
    expect(core.controller.view().lastError).toBeNull();

    // Faults of the next card: a lost sentence is made up by the antenna; a card first at the wrong antenna is named.
    const placed = () => core.controller.table.hand?.players.reduce((sum, player) => sum + player.holeCards.length, 0) ?? 0;
    send('sim-deal'); // the burn
    fault('shoe-missed-card');
    send('sim-deal');
    expect(placed()).toBe(1);
    fault('rfid-wrong-antenna');
    send('sim-deal');
    expect(placed()).toBe(2);
    expect(device('rfid')?.detail?.en).toMatch(/^a card dealt to seat \d is at the board: call the floor$/);
    for (const next of ['shoe-truncated', 'shoe-repeat', 'rfid-truncated', 'rfid-bad-crc', 'rfid-repeat', 'rfid-missed-read']) {
      fault(next);
      send('sim-deal');
    }
    expect(placed()).toBe(6);
    expect(core.controller.view().lastError).toBeNull();

    // A cable pulled and put back: found again by its identity.
    for (const name of ['shoe', 'rfid', 'panel']) {
      fault(`${name}-unplug`);
      expect(device(name)?.state).toBe('disconnected');
      fault(`${name}-replug`);
      await until(() => device(name)?.state === 'connected', `the ${name} to come back`, 3_000);
    }
    send('sim-deal');
    expect(core.controller.view().prompt.kind).toBe('action');

    // The floor finds them among the incidents: each new failure once, by the device that reported it,
    // in the status bar's words (no card in play named), the hand it happened in.
    expect(send('floor-unlock', { staff: '1', pin: '246813' }).ok).toBe(true);
    const report = send('floor-report', { kind: 'incidents' }) as unknown as { result: { incidents: { kind: string; by: string; hand: number | null; words: { en: string } }[] } };
    const incidents = report.result.incidents;
    const kinds = (kind: string) => incidents.filter((incident) => incident.kind === kind);
    expect(kinds('deck-check').map((incident) => incident.words.en)).toEqual(['The deck failed its check (52 cards: missing 1; twice 1): do not deal it']);
    expect(kinds('device-fault').map((incident) => `${incident.by}: ${incident.words.en}`)).toEqual(expect.arrayContaining(['shoe: the shoe jammed (card stuck at the exit)', 'rfid: antenna 20 (board): no antenna connected (open circuit)']));
    expect(kinds('irregularity').map((incident) => incident.words.en)).toEqual(expect.arrayContaining(['a card not of this deck at the board: stop the game and call the floor', expect.stringMatching(/^a card dealt to seat \d is at the board: call the floor$/)]));
    expect(kinds('unplugged').map((incident) => incident.by)).toEqual(['shoe', 'rfid', 'panel']);
    // A cable that comes and goes: one incident a minute, not one a time.
    for (let flap = 0; flap < 3; flap++) {
      fault('shoe-unplug');
      fault('shoe-replug');
      await until(() => device('shoe')?.state === 'connected', 'the shoe to come back', 3_000);
    }
    const again = send('floor-report', { kind: 'incidents' }) as unknown as { result: { incidents: { kind: string; by: string }[] } };
    expect(again.result.incidents.filter((incident) => incident.kind === 'unplugged' && incident.by === 'shoe')).toHaveLength(1);
    expect(incidents.every((incident) => incident.hand === 1)).toBe(true);
    const holeCards = core.controller.table.hand?.players.flatMap((player) => player.holeCards) ?? [];
    for (const card of holeCards) expect(JSON.stringify(incidents)).not.toContain(`"${card}"`);
    core.close();
  });

  it('refuses a fault it does not know, naming the ones it does', async () => {
    const { core, send } = await simulatedTable();
    const reply = send('sim-fault', { fault: 'shoe-explodes' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(reply.error?.words.en).toBe(`args.fault: one of ${SIM_FAULTS.join(', ')}`);
    core.close();
  });
});
