import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Operation } from '../../engine/operations.js';
import type { TableLogEntry } from '../../engine/table-operations.js';
import { isTableOperation } from '../../engine/table-reduce.js';
import { exportPhh } from '../../phh/export.js';
import { tomlString } from '../../phh/toml.js';
import { simulateSession, type SessionOptions, STRUCTURE_BY_NAME, type StructureName } from '../../sim/session.js';
import { CliUsageError, type CommandIo } from '../io.js';

/**
 * `felt sim --hands N --seed S [--players K] [--structure nl|pl|fl|spread] [--button dead|moving] [--json]
 * [--phh DIR]`: plays a simulated table session and prints its summary; the last line is JSON with the
 * session's totals in chip units (buy-ins − cash-outs − time − rake = chips on the table). The same
 * options print the same output, byte for byte. Exit 1 if the totals do not balance.
 */
export async function runSim(args: readonly string[], io: CommandIo): Promise<number> {
  const options = parseOptions(args);
  const phhDirectory = options.phh;
  if (phhDirectory !== null) mkdirSync(phhDirectory, { recursive: true });
  let handLog: Operation[] = [];
  let timeBeforeHand: { seat: number; amount: number }[] = [];
  let written = 0;
  let operations = 0;
  const record = (entries: readonly TableLogEntry[]): void => {
    operations += entries.length;
    if (phhDirectory === null) return;
    for (const entry of entries) {
      if (entry.type === 'time-collected') timeBeforeHand.push({ seat: entry.seat, amount: entry.amount });
      if (isTableOperation(entry)) continue;
      if (entry.type === 'hand-started') handLog = [];
      handLog.push(entry);
      if (entry.type === 'hand-ended') {
        written++;
        const extra = `_hand_number = ${written}\n_time_collected = ${tomlString(JSON.stringify(timeBeforeHand))}\n`;
        writeFileSync(join(phhDirectory, `hand-${String(written).padStart(6, '0')}.phh`), exportPhh(handLog) + extra);
        timeBeforeHand = [];
      }
    }
  };
  const { summary, state } = simulateSession(options.session, record);
  const json = { ...summary, operations, players: state.seats.filter((player) => player !== null).length, seed: options.session.seed };
  if (!options.json) {
    const { structure, button, players } = options.session;
    const stakes = options.session.mode === 'tournament' ? 'a tournament (blinds up every 10 hands)' : '5/10';
    io.out(`Simulated ${summary.hands} hands of ${STRUCTURE_BY_NAME[structure].kind} at ${stakes}, ${players} players to start, ${button} button, seed ${options.session.seed}\n`);
    if (summary.winner !== undefined) io.out(`${summary.winner} won the tournament\n`);
    io.out(`Buy-ins ${summary.buyIns}, cash-outs ${summary.cashOuts}, time collected ${summary.collected.time}, rake ${summary.collected.rake}\n`);
    io.out(`Chips on the table ${summary.chipsOnTable}: ${summary.balanced ? 'balanced' : 'DOES NOT BALANCE'}\n`);
    if (phhDirectory !== null) io.out(`Wrote ${written} hands as PHH to ${phhDirectory}\n`);
  }
  io.out(`${JSON.stringify(json)}\n`);
  return summary.balanced ? 0 : 1;
}

function parseOptions(args: readonly string[]): { session: SessionOptions; json: boolean; phh: string | null } {
  let hands: number | null = null;
  let seed: number | null = null;
  let players = 6;
  let structure: StructureName = 'nl';
  let button: SessionOptions['button'] = 'dead';
  let json = false;
  let mode: 'cash' | 'tournament' = 'cash';
  let phh: string | null = null;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    const value = (): string => {
      const next = args[++index];
      if (next === undefined) throw new CliUsageError(`${arg} needs a value`);
      return next;
    };
    const integer = (min: number, max: number): number => {
      const text = value();
      const number = Number(text);
      if (!/^\d+$/.test(text) || number < min || number > max) throw new CliUsageError(`${arg} must be a whole number ${min}–${max}, got '${text}'`);
      return number;
    };
    if (arg === '--hands') hands = integer(1, 10_000_000);
    else if (arg === '--seed') seed = integer(0, 0xffffffff);
    else if (arg === '--players') players = integer(2, 11);
    else if (arg === '--structure') {
      const name = value();
      if (!(name in STRUCTURE_BY_NAME)) throw new CliUsageError(`--structure must be nl, pl, fl or spread, got '${name}'`);
      structure = name as StructureName;
    } else if (arg === '--button') {
      const name = value();
      if (name !== 'dead' && name !== 'moving') throw new CliUsageError(`--button must be dead or moving, got '${name}'`);
      button = name;
    } else if (arg === '--mode') {
      const name = value();
      if (name !== 'cash' && name !== 'tournament') throw new CliUsageError(`--mode must be cash or tournament, got '${name}'`);
      mode = name;
    } else if (arg === '--json') json = true;
    else if (arg === '--phh') phh = value();
    else throw new CliUsageError(`unknown option ${arg}`);
  }
  if (hands === null) throw new CliUsageError('--hands is required');
  if (seed === null) throw new CliUsageError('--seed is required');
  if (mode === 'tournament' && (structure === 'fl' || structure === 'spread')) throw new CliUsageError('--mode tournament plays no limit or pot limit (a blind level has no limit bet sizes)');
  return { session: { hands, seed, players, structure, button, mode }, json, phh };
}
