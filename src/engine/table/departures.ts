import type { Departure } from './table-state.js';

/**
 * The longest a table may hold a returning player to the stack they left with (`returnWithinMinutes`):
 * a day. The table keeps no departure older than this, whatever the window is set to.
 */
export const MAX_RETURN_WITHIN_MINUTES = 1440;

const KEPT_MS = MAX_RETURN_WITHIN_MINUTES * 60_000;

/**
 * The departures still younger than the longest return window at `now` (WSOP Live Action 58). An older
 * one can hold nobody to a stack any more, and a table open for months would otherwise carry every player
 * who ever left it in every snapshot.
 */
export function recentDepartures(departures: readonly Departure[], now: number): readonly Departure[] {
  let stale = 0;
  for (const departure of departures) if (now - departure.at >= KEPT_MS) stale++;
  return stale === 0 ? departures : departures.filter((departure) => now - departure.at < KEPT_MS);
}

/**
 * The departures as the table keeps them since it drops old ones, from a list kept before it did: the
 * table drops them when someone leaves, so the youngest departure is the moment of the last drop.
 */
export function departuresAsKept(departures: readonly Departure[]): readonly Departure[] {
  let latest = Number.NEGATIVE_INFINITY;
  for (const departure of departures) latest = Math.max(latest, departure.at);
  return recentDepartures(departures, latest);
}
