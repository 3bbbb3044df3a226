import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SeededRandom } from '../../cards/random.js';
import { TableController } from '../../controller/table-controller.js';
import { CASINO_5_10 } from '../../engine/table/table-config.js';
import { reconcile } from '../../reports/cash-flow.js';
import { ptyTable } from '../../hardware/pty-table.js';
import { CroupierStopped, SimulatedCroupier } from '../../hardware/simulated-croupier.js';
import { Store } from '../../store/store.js';
import { verifyDatabase } from '../../store/verify.js';
import { READER_NAMES, type ReaderKind } from '../../../drivers/rfid/reader-kinds.js';
import { CliUsageError, type CommandIo } from '../io.js';

export type PtySessionOptions = { readonly hands: number; readonly seed: number; readonly players: number; readonly faults: boolean; readonly db: string | null; readonly json: boolean; readonly reader?: ReaderKind };

/**
 * `felt sim --hardware pty [--reader felt|metratec|pn532|pepper]`: a session at the simulated table over real
 * serial lines — the dealing shoe, the card reader (Felt's own, a metratec QuasarMX, or a PN532 board per
 * place) and the button panel each on a socat pseudo-terminal pair, read by the table through serialport
 * as real devices are — played by the simulated croupier, with every fault in turn when `--faults` is given. Prints each step, then the session's totals; the last line is JSON. Exit 1 when the
 * chips do not balance, the log does not verify, or the table refused something the croupier did.
 * The pseudo-terminals' folder — with the table's log, unless `--db` keeps it — is removed when the session
 * ends, however it ends; Ctrl-C or SIGTERM stops it at the croupier's next step (exit 128 + the signal).
 */
export async function runPtySession(options: PtySessionOptions, io: CommandIo): Promise<number> {
  const folder = mkdtempSync(join(tmpdir(), 'felt-sim-pty-'));
  const stop = stopOnSignals();
  try {
    return await playOverPtys(options, folder, stop.signal, io);
  } catch (error) {
    // Only the stop itself is a stop: anything else thrown after a signal is still the error it is.
    if (!(error instanceof CroupierStopped) || !stop.signal.aborted) throw error;
    const signal = stop.signal.reason as NodeJS.Signals;
    io.err(`felt sim: stopped by ${signal}${options.db === null ? '' : `; the table's log so far is in ${options.db}`}\n`);
    return 128 + constants.signals[signal];
  } finally {
    stop.release();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Ctrl-C and SIGTERM, while the session plays, stop it (the signal is the abort's reason) instead of ending the process with its socats and files left behind. */
function stopOnSignals(): { signal: AbortSignal; release: () => void } {
  const stopping = new AbortController();
  const stop = (signal: NodeJS.Signals): void => stopping.abort(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    signal: stopping.signal,
    release: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

async function playOverPtys(options: PtySessionOptions, folder: string, stop: AbortSignal, io: CommandIo): Promise<number> {
  const dbPath = options.db ?? join(folder, 'table.db');
  const store = Store.open(dbPath);
  if (store.headOfChain().seq > 0) {
    store.close();
    throw new CliUsageError(`${dbPath} holds a table already: a hardware session starts a new one`);
  }
  let report;
  let closed = false;
  try {
    const controller = TableController.open(store, { now: () => Date.now() }, CASINO_5_10);
    const reader = options.reader ?? 'felt';
    const table = await ptyTable(controller, new SeededRandom(options.seed), folder, { reader, players: options.players });
    try {
      if (!options.json) io.out(`Devices on pseudo-terminals in ${folder}: shoe, ${reader === 'pn532' ? 'a PN532 board per place (rfid*)' : reader === 'pepper' ? 'a Pepper C1 per place (rfid*)' : `rfid (${READER_NAMES[reader]})`}, panel (the table's ends: *-table)\n`);
      const log = options.json ? undefined : (line: string): void => io.out(`${line}\n`);
      report = await new SimulatedCroupier(controller, table.table, new SeededRandom(options.seed + 1), { hands: options.hands, players: options.players, faults: options.faults, stop, ...(log === undefined ? {} : { log }) }).play();
    } finally {
      await table.close();
    }
    const { buyIns, cashOuts, timeCollected, onTable: chipsOnTable, unexplained } = reconcile(controller.table);
    const balanced = unexplained === 0;
    const logHash = store.headOfChain().hash;
    store.close();
    closed = true;
    const verification = verifyDatabase(dbPath);
    const verified = verification.ok;
    if (!options.json) {
      io.out(`Played ${report.hands} hands over serial lines; ${report.faults.length} faults injected; ${report.antennaEntries} card(s) read only by the antennas; ${report.touchEntries} entered by touch\n`);
      io.out(`Buy-ins ${buyIns}, cash-outs ${cashOuts}, time collected ${timeCollected}, chips on the table ${chipsOnTable}: ${balanced ? 'balanced' : 'DOES NOT BALANCE'}\n`);
      io.out(`The table's log (${options.db ?? 'kept for this run only: --db PATH keeps it'}) ${verification.ok ? 'verifies' : `DOES NOT VERIFY at row ${verification.row}: ${verification.problem}`}\n`);
      for (const refusal of report.refusals) io.out(`The table refused: ${refusal}\n`);
    }
    io.out(`${JSON.stringify({ reader, hands: report.hands, faults: report.faults.length, antennaEntries: report.antennaEntries, touchEntries: report.touchEntries, refusals: report.refusals.length, buyIns, cashOuts, timeCollected, chipsOnTable, balanced, verified, logHash, db: options.db })}\n`);
    return balanced && verified && report.refusals.length === 0 ? 0 : 1;
  } finally {
    if (!closed) store.close();
  }
}
