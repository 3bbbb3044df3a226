import type { ReportedPlayer } from './player-names.js';
import type { TableState } from '../engine/table/table-state.js';

/** A place in a tournament: the winner first, then the players out, the best place first. */
export type Place = ReportedPlayer & { readonly place: number; /** The seat they played at (the winner's, while still seated). */ readonly seat: number | null };

/**
 * A tournament's standings as the log leaves the table: the places so far (the winner's once there is
 * one; players out in one hand with equal stacks share a place) and, while it goes on, the players still
 * in by their chips. The floor pays by the places: the screen's prompt names only the last hand's.
 */
export type Standings = {
  readonly tournament: boolean;
  /** The blind level now (1 for the first), or null at a cash table. */
  readonly level: number | null;
  readonly winner: string | null;
  readonly places: readonly Place[];
  /** Still in, the most chips first (seat order between equal stacks): between hands their chips, during one the chips it began with. */
  readonly playing: readonly (ReportedPlayer & { readonly seat: number; readonly chips: number })[];
};

export function standings(table: TableState | null): Standings {
  const tournament = table?.tournament ?? null;
  if (table === null || tournament === null) return { tournament: false, level: null, winner: null, places: [], playing: [] };
  // Between hands the seats hold the chips; during a hand, the chips it began with (the pots are no one's yet).
  const playing = table.seats.flatMap((player) => (player === null ? [] : [{ seat: player.seat, name: player.name, chips: player.stack }]));
  const winnerSeat = tournament.winner === null ? null : (playing.find((player) => player.name === tournament.winner)?.seat ?? null);
  const places: Place[] = [
    ...(tournament.winner === null ? [] : [{ place: 1, name: tournament.winner, seat: winnerSeat }]),
    ...[...tournament.eliminated].sort((a, b) => a.place - b.place || a.seat - b.seat).map(({ place, name, seat }) => ({ place, name, seat })),
  ];
  return {
    tournament: true,
    level: tournament.level + 1,
    winner: tournament.winner,
    places,
    playing: tournament.winner === null ? playing.sort((a, b) => b.chips - a.chips || a.seat - b.seat) : [],
  };
}
