import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { handFileName, TableHandHistories } from '../../phh/table-hands.js';
import type { TableLogEntry } from '../../engine/table/table-operations.js';
import type { TableState } from '../../engine/table/table-state.js';
import { type SessionMirror, type SessionSummary, simulateSession, type SessionOptions, STRUCTURE_BY_NAME, type StructureName } from '../../sim/session.js';
import { keepTableFilesPrivate } from '../../api/data-folder.js';
import { counted } from '../counted.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';
import { notATableDatabase } from '../table-database.js';
import { isReaderKind, READER_KINDS, type ReaderKind } from '../../../drivers/rfid/reader-kinds.js';

/**
 * `felt sim --hands N --seed S [--players K] [--structure nl|pl|fl|spread] [--button dead|moving] [--json]
 * [--phh DIR]`, or with `--hardware pty [--faults]` the same table dealt through the simulated devices on
 * real serial lines (sim-hardware.ts): plays a simulated table session and prints its summary; the last line is JSON with the
 * session's totals in chip units (buy-ins − cash-outs − time − rake = chips on the table). The same
 * options print the same output, byte for byte. Exit 1 if the totals do not balance.
 */
export async function runSim(args: readonly string[], io: CommandIo): Promise<number> {
  const options = parseOptions(args);
  // A file that is there must be a table's database (a new one is made): in the words verify uses.
  const unusable = options.db !== null && existsSync(options.db) ? notATableDatabase(options.db) : null;
  if (unusable !== null) {
    io.err(`felt sim: ${unusable}\n`);
    return 1;
  }
  // A table's log holds every hole card: nobody else on the machine reads it (as felt start's).
  if (options.db !== null || options.hardware === 'pty') keepTableFilesPrivate();
  if (options.hardware === 'pty') {
    const { runPtySession } = await import('./sim-hardware.js');
    const { hands, seed, players } = options.session;
    return runPtySession({ hands, seed, players, faults: options.faults, db: options.db, json: options.json, reader: options.reader }, io);
  }
  const phhDirectory = options.phh;
  if (phhDirectory !== null) mkdirSync(phhDirectory, { recursive: true });
  const histories = new TableHandHistories();
  let written = 0;
  let operations = 0;
  const record = (entries: readonly TableLogEntry[]): void => {
    operations += entries.length;
    if (phhDirectory === null) return;
    for (const entry of entries) {
      const hand = histories.see(entry);
      if (hand === null) continue;
      writeFileSync(join(phhDirectory, handFileName(hand.handNumber)), hand.text);
      written++;
    }
  };
  const persisted = options.db === null ? null : await openPersisted(options.db, options.resume, options.session.seed);
  let summary: SessionSummary;
  let state: TableState;
  try {
    ({ summary, state } = simulateSession(options.session, record, persisted?.mirror));
    persisted?.checkComplete();
  } catch (error) {
    if (!(error instanceof SessionMismatch)) throw error;
    io.err(`felt sim: ${error.message}\n`);
    return 1;
  } finally {
    persisted?.close();
  }
  const logHash = persisted?.head();
  const json = { ...summary, operations, players: state.seats.filter((player) => player !== null).length, seed: options.session.seed, ...(logHash === undefined ? {} : { logHash }) };
  if (!options.json) {
    const { structure, button, players } = options.session;
    const game = STRUCTURE_BY_NAME[structure].kind;
    const what = options.session.mode === 'tournament' ? `a ${game} tournament (blinds up every 10 hands)` : `${game} 5/10`;
    io.out(`Simulated ${counted(summary.hands, 'hand')} of ${what}, ${players} players to start, ${button} button, seed ${options.session.seed}\n`);
    if (summary.winner !== undefined) io.out(`${summary.winner} won the tournament\n`);
    io.out(`Buy-ins and top-ups ${summary.buyIns}, cash-outs ${summary.cashOuts}, time collected ${summary.collected.time}, rake ${summary.collected.rake}\n`);
    io.out(`Chips on the table ${summary.chipsOnTable}: ${summary.balanced ? 'balanced' : 'DOES NOT BALANCE'}\n`);
    if (phhDirectory !== null) io.out(`Wrote ${counted(written, 'hand')} as PHH to ${phhDirectory}\n`);
  }
  io.out(`${JSON.stringify(json)}\n`);
  return summary.balanced ? 0 : 1;
}

/**
 * The session through the live table's controller into a SQLite log. Resuming re-runs the session from
 * its seed: the commands the log already holds (same ids) are not applied again, so an interrupted and
 * resumed session ends with the same log, and the same head hash, as one that ran through.
 */
/** The database holds another session than the one asked for (other options or seed, or a longer one). */
class SessionMismatch extends Error {}

async function openPersisted(path: string, resume: boolean, seed: number): Promise<{ mirror: SessionMirror; head: () => string; close: () => void; checkComplete: () => void }> {
  const { Store } = await import('../../store/store.js');
  const { TableController } = await import('../../controller/table-controller.js');
  const { simulatedSalts } = await import('../../store/players.js');
  // The players' salts from the seed (D102): resumed, the session ends with the same head as run through.
  const store = Store.open(path, { salts: simulatedSalts(seed) });
  if (store.headOfChain().seq > 0 && !resume) {
    store.close();
    throw new CliUsageError(`${path} holds a session already: add --resume to continue it`);
  }
  let controller: ReturnType<typeof TableController.open> | null = null;
  let now = 0;
  let sent = 0;
  const clock = { now: () => now };
  return {
    mirror: {
      open: (config, at) => {
        now = at;
        controller = TableController.open(store, clock, config);
      },
      command: (id, command) => {
        if (controller === null) throw new Error('the session sent a command before opening the table');
        sent++;
        // A command id the database holds for another command: the table's words name the id ("sim-1 was
        // used for another command"); the user knows the seed and options.
        const clash = store.hasCommand(id);
        const view = controller.submit({ id, command });
        if (view.lastError === null) return;
        if (clash) throw new SessionMismatch(`${path} was made by a different simulation (another --seed or other options, or another version of felt sim): --resume continues a session only with the --seed and options it was made with`);
        // Any other refusal is the simulation's own mistake: the table's words, as they are.
        throw new SessionMismatch(`the table refused the simulation's command ${id}: ${view.lastError.en}`);
      },
    },
    checkComplete: () => {
      if (store.hasCommand(`sim-${sent + 1}`)) throw new SessionMismatch(`${path} holds a longer session than --hands asks for: resume it with the same options`);
    },
    head: () => store.headOfChain().hash,
    close: () => store.close(),
  };
}

function parseOptions(args: readonly string[]): { session: SessionOptions; json: boolean; phh: string | null; db: string | null; resume: boolean; hardware: 'none' | 'pty'; faults: boolean; reader: ReaderKind } {
  const { values } = readArgs(args, {
    hands: { type: 'string' },
    seed: { type: 'string' },
    players: { type: 'string' },
    structure: { type: 'string' },
    button: { type: 'string' },
    mode: { type: 'string' },
    json: { type: 'boolean' },
    phh: { type: 'string' },
    db: { type: 'string' },
    resume: { type: 'boolean' },
    hardware: { type: 'string' },
    faults: { type: 'boolean' },
    reader: { type: 'string' },
  });
  const integer = (option: string, text: string | undefined, min: number, max: number): number | null => {
    if (text === undefined) return null;
    const number = Number(text);
    if (!/^\d+$/.test(text) || number < min || number > max) throw new CliUsageError(`--${option} must be a whole number ${min}–${max}, got '${text}'`);
    return number;
  };
  const hands = integer('hands', values.hands, 1, 10_000_000);
  const seed = integer('seed', values.seed, 0, 0xffffffff);
  const players = integer('players', values.players, 2, 11) ?? 6;
  const structure = (values.structure ?? 'nl') as StructureName;
  if (!(structure in STRUCTURE_BY_NAME)) throw new CliUsageError(`--structure must be nl, pl, fl or spread, got '${structure}'`);
  const button = values.button ?? 'dead';
  if (button !== 'dead' && button !== 'moving') throw new CliUsageError(`--button must be dead or moving, got '${button}'`);
  const mode = values.mode ?? 'cash';
  if (mode !== 'cash' && mode !== 'tournament') throw new CliUsageError(`--mode must be cash or tournament, got '${mode}'`);
  const json = values.json === true;
  const phh = values.phh ?? null;
  const db = values.db ?? null;
  const resume = values.resume === true;
  if (values.hardware !== undefined && values.hardware !== 'pty') throw new CliUsageError(`--hardware must be pty (the devices on socat pseudo-terminals), got '${values.hardware}'`);
  const hardware: 'none' | 'pty' = values.hardware === 'pty' ? 'pty' : 'none';
  const faults = values.faults === true;
  let reader: ReaderKind | null = null;
  if (values.reader !== undefined) {
    if (!isReaderKind(values.reader)) throw new CliUsageError(`--reader must be ${READER_KINDS.join(', ')}, got '${values.reader}'`);
    reader = values.reader;
  }
  if (hands === null) throw new CliUsageError('--hands is required');
  if (seed === null) throw new CliUsageError('--seed is required');
  if (mode === 'tournament' && (structure === 'fl' || structure === 'spread')) throw new CliUsageError('--mode tournament plays no limit or pot limit (a blind level has no limit bet sizes)');
  if (resume && db === null) throw new CliUsageError('--resume continues a --db session: give --db PATH');
  if (hardware === 'pty' && (resume || phh !== null || mode !== 'cash' || structure !== 'nl' || button !== 'dead')) throw new CliUsageError('--hardware pty plays a cash no-limit table of its own: leave out --resume, --phh, --mode, --structure and --button');
  if (faults && hardware !== 'pty') throw new CliUsageError('--faults breaks the simulated devices: it needs --hardware pty');
  if (reader !== null && hardware !== 'pty') throw new CliUsageError('--reader picks the simulated card reader: it needs --hardware pty');
  return { session: { hands, seed, players, structure, button, mode }, json, phh, db, resume, hardware, faults, reader: reader ?? 'felt' };
}
