import { simulatedSalts } from '../../store/players.js';
import { TableController } from '../../controller/table-controller.js';
import type { TableCommand } from '../../engine/table/table.js';
import type { TableConfig } from '../../engine/table/table-config.js';
import { simulateSession, type SessionOptions } from '../../sim/session.js';
import { Store } from '../../store/store.js';

/** What a simulated table plays: the table's configuration, when it opened, its commands with their ids. */
export type TablePlan = { readonly config: TableConfig; readonly openedAt: number; readonly commands: readonly { readonly id: string; readonly command: TableCommand }[] };

type SessionChoice = Pick<SessionOptions, 'hands' | 'seed'> & Partial<SessionOptions>;

/**
 * A simulated table that plays as a live one does, a command at a time: the session of `felt sim`
 * (src/sim/session.ts, seeded) worked out first, then sent to a real controller over a real store, one
 * command per `step` — so a shipper beside it sees hands in play, half-written, and settled, as it would at
 * a table. The same seed gives the same log. (The floor's simulation and its tests.)
 */
export class SimulatedTable {
  private next = 0;

  private constructor(
    readonly store: Store,
    readonly controller: TableController,
    private readonly commands: readonly { readonly id: string; readonly command: TableCommand }[],
  ) {}

  static open(dbPath: string, session: SessionChoice): SimulatedTable {
    return SimulatedTable.fromPlan(dbPath, SimulatedTable.plan(session));
  }

  /** The session's table and commands, worked out (the same seed, the same plan). */
  static plan(session: SessionChoice): TablePlan {
    let config: TableConfig | null = null;
    let openedAt = 0;
    const commands: { id: string; command: TableCommand }[] = [];
    simulateSession({ players: 6, structure: 'nl', button: 'dead', dealers: 3, ...session }, undefined, {
      open: (opened, at) => {
        config = opened;
        openedAt = at;
      },
      command: (id, command) => commands.push({ id, command }),
    });
    if (config === null) throw new Error('the simulated session opened no table');
    return { config, openedAt, commands };
  }

  /** A table that plays `plan` (a session's, or one changed from it: the tests' forged logs). */
  static fromPlan(dbPath: string, plan: TablePlan): SimulatedTable {
    // A simulation's players' salts (D102) from its plan: the same plan, the same log, hash for hash.
    const store = Store.open(dbPath, { salts: simulatedSalts(plan.openedAt) });
    try {
      const controller = TableController.open(store, { now: () => plan.openedAt }, plan.config);
      const table = new SimulatedTable(store, controller, plan.commands);
      // A table reopened goes on where its log ends (its commands applied once, by id).
      while (table.next < plan.commands.length && store.hasCommand((plan.commands[table.next] as { id: string }).id)) table.next++;
      return table;
    } catch (error) {
      store.close();
      throw error;
    }
  }

  /** Whether the session has commands left to play. */
  get playing(): boolean {
    return this.next < this.commands.length;
  }

  /** Plays the next `count` commands (fewer at the session's end); how many were played. */
  step(count = 1): number {
    let played = 0;
    while (played < count && this.next < this.commands.length) {
      const { id, command } = this.commands[this.next++] as { id: string; command: TableCommand };
      const view = this.controller.submit({ id, command: command as Parameters<TableController['submit']>[0]['command'] });
      if (view.lastError !== null) throw new Error(`the table refused the simulation's command ${id}: ${view.lastError.en}`);
      played++;
    }
    return played;
  }

  /** Plays to the session's end. */
  playAll(): void {
    while (this.playing) this.step(1_000);
  }

  close(): void {
    this.store.close();
  }
}
