import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../src/cli/commands/verify.js';
import type { TableCommand } from '../../src/engine/table/table.js';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { FloorClient } from '../../src/floor/link/floor-client.js';
import { Shipper } from '../../src/floor/shipper/shipper.js';
import { SimulatedTable, type TablePlan } from '../../src/floor/sim/simulated-table.js';
import { cliIo } from '../cli/cli-io.js';
import { startTestFloor, type TestFloor } from './support.js';

let floor: TestFloor;
let plan: TablePlan;
let tableId: string;
/** How many of the plan's commands play the first `n` hands to their end (a hand boundary). */
let commandsForHands: (n: number) => number;
const original = (): string => join(floor.folder, 'original.db');

beforeAll(async () => {
  floor = await startTestFloor();
  plan = SimulatedTable.plan({ hands: 12, seed: 61 });
  const link = await enrolTable(original(), await floor.enrolment('Audited'));
  tableId = link.table.id;
  const table = SimulatedTable.fromPlan(original(), plan);
  // Where each hand ends in the plan's commands, found as the table plays.
  const ends: number[] = [];
  let played = 0;
  while (table.playing) {
    played += table.step(1);
    const head = table.store.headOfChain().seq;
    const last = [...table.store.rows(head - 1)][0];
    if (last !== undefined && last.payload.includes('"type":"hand-settled"')) ends.push(played);
  }
  commandsForHands = (n) => ends[n - 1] as number;
  const client = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId, secret: link.credential });
  const shipper = new Shipper(table.store, client, tableId, { pollMs: 5 });
  shipper.start();
  await shipper.caughtUp();
  await shipper.stop();
  client.close();
  table.close();
}, 60_000);

afterAll(async () => {
  await floor.close();
});

/** A table's database made from a plan (the original's, cut or changed): a log that verifies on its own. */
function forged(name: string, changed: TablePlan): string {
  const path = join(floor.folder, `${name}.db`);
  const table = SimulatedTable.fromPlan(path, changed);
  table.playAll();
  table.close();
  return path;
}

async function verify(db: string): Promise<{ code: number; out: string }> {
  const io = cliIo();
  const code = await runVerify(['--db', db, '--floor', join(floor.folder, 'floor'), '--table', tableId], io);
  return { code, out: io.written.out + io.written.err };
}

describe('felt verify --floor', () => {
  it("passes the table's own file, row for row", async () => {
    const { code, out } = await verify(original());
    expect(out).toMatch(/in an unbroken chain/);
    expect(out).toMatch(/the floor's copy of table t-[0-9a-f]{12} is this log row for row up to row \d+ \(head [0-9a-f]{64}\); the floor holds all of it/);
    expect(code).toBe(0);
  });

  it('catches a log cut at a hand boundary, which verifies on its own', async () => {
    const cut = forged('cut', { ...plan, commands: plan.commands.slice(0, commandsForHands(8)) });
    const { code, out } = await verify(cut);
    expect(out).toMatch(/in an unbroken chain/);
    expect(out).toMatch(/the log ends at row (\d+), but the floor holds this table's rows up to row \d+: the log was cut short/);
    expect(code).toBe(1);
  });

  it('catches rows rewritten with a recomputed chain (another dealer written in), which verify on their own', async () => {
    const at = plan.commands.findIndex((entry, index) => index > commandsForHands(5) && entry.command.type === 'dealer-change');
    expect(at).toBeGreaterThan(0);
    const commands = plan.commands.map((entry, index) => (index === at ? { ...entry, command: { ...entry.command, name: 'Someone Else' } as TableCommand } : entry));
    const rewritten = forged('rewritten', { ...plan, commands });
    const { code, out } = await verify(rewritten);
    expect(out).toMatch(/in an unbroken chain/);
    expect(out).toMatch(/row \d+ is not the floor's: it is not the row the floor holds there: the log was rewritten from here/);
    expect(code).toBe(1);
  });

  it('catches a forged stack correction appended after a consistent rewrite (the log cut back to a hand, a correction written after it)', async () => {
    const kept = plan.commands.slice(0, commandsForHands(9));
    const path = join(floor.folder, 'corrected.db');
    const table = SimulatedTable.fromPlan(path, { ...plan, commands: kept });
    table.playAll();
    const seat = table.controller.table.seats.find((player) => player !== null)?.seat as number;
    const view = table.controller.submit({ id: 'forged-correction', command: { type: 'adjust-stack', seat, amount: 500, reason: 'Chip count corrected', by: 'Floor' } });
    expect(view.lastError).toBeNull();
    const cutAt = table.store.headOfChain().seq - 1;
    table.close();
    const { code, out } = await verify(path);
    expect(out).toMatch(/in an unbroken chain/);
    expect(out).toContain(`row ${cutAt + 1} is not the floor's`);
    expect(code).toBe(1);
  });

  it("says which table it needs when the file has no link, and what is wrong with a floor that is none", async () => {
    const io = cliIo();
    expect(await runVerify(['--db', original(), '--floor', join(floor.folder, 'nowhere')], io)).toBe(1);
    expect(io.written.err).toMatch(/nowhere holds no floor \(no PostgreSQL cluster in it\)/);
    // A reader never makes a floor where there was none.
    expect(existsSync(join(floor.folder, 'nowhere'))).toBe(false);
    const unlinked = forged('unlinked', { ...plan, commands: plan.commands.slice(0, 50) });
    const noLink = cliIo();
    expect(await runVerify(['--db', unlinked, '--floor', join(floor.folder, 'floor')], noLink)).toBe(1);
    expect(noLink.written.err).toMatch(/has no link to a floor beside it .* name the table with --table ID/);
    const other = cliIo();
    expect(await runVerify(['--db', original(), '--floor', join(floor.folder, 'floor'), '--table', 't-000000000000'], other)).toBe(1);
    expect(other.written.out).toMatch(/the floor has no table t-000000000000/);
  });
});
