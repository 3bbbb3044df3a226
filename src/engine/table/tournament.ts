import type { TableLogEntry } from './table-operations.js';
import { seated } from './table-reduce.js';
import type { TableState } from './table-state.js';

/**
 * Tournament: players without chips are out. Several out in one hand place by the chips they began it
 * with, the bigger stack higher; equal stacks tie for the better place (TDA). One player left wins.
 */
export function eliminate(recorder: { readonly state: TableState; push(entry: TableLogEntry): void }, out: readonly { seat: number; began: number }[]): void {
  let remaining = recorder.state.seats.filter((player) => player !== null).length;
  const ordered = [...out].sort((a, b) => a.began - b.began);
  for (let index = 0; index < ordered.length; ) {
    const began = (ordered[index] as { began: number }).began;
    const tied = ordered.filter((player) => player.began === began);
    const place = remaining - tied.length + 1;
    for (const { seat } of tied) recorder.push({ type: 'eliminated', seat, name: seated(recorder.state, seat).name, place });
    remaining -= tied.length;
    index += tied.length;
  }
  const left = recorder.state.seats.filter((player) => player !== null && player.stack > 0);
  const winner = left[0];
  if (left.length === 1 && winner !== null && winner !== undefined) recorder.push({ type: 'tournament-won', seat: winner.seat, name: winner.name });
}

/** The hand configuration for the next hand: the table's, with a tournament's current blind level. */
export function handConfig(state: TableState): TableState['config']['hand'] {
  const tournament = state.config.tournament;
  if (tournament === null || state.tournament === null) return state.config.hand;
  const level = tournament.levels[Math.min(state.tournament.level, tournament.levels.length - 1)] as NonNullable<(typeof tournament.levels)[number]>;
  return { ...state.config.hand, ...level };
}

/**
 * A tournament's blind level for the next hand, when it is above the current one: by minutes on the
 * schedule from the first hand (so a long hand does not push the levels back, and a long break may skip
 * several), or by hands dealt (a misdeal's redeal is the same hand). The last level stays.
 */
export function levelDue(state: TableState, at: number): TableLogEntry | null {
  const rule = state.config.tournament;
  const progress = state.tournament;
  if (rule === null || progress === null) return null;
  const handNumber = state.handNumber + 1;
  if (progress.startedAt === null) return { type: 'level-up', level: 0, at, handNumber };
  const every = rule.levelEvery;
  const reached = 'minutes' in every ? Math.floor((at - progress.startedAt) / (every.minutes * 60_000)) : Math.floor(state.handNumber / every.hands);
  const level = Math.min(rule.levels.length - 1, reached);
  return level > progress.level ? { type: 'level-up', level, at, handNumber } : null;
}
