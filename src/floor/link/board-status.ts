import type { ViewModel } from '../../controller/view-model.js';
import { SOFTWARE } from '../../version.js';
import type { BoardStatus } from './wire.js';

/**
 * The floor board's line for a table, from the table's own view model (D89): the game in words, the seats
 * taken of those printed, the hand number and whether a hand is in play, every chip in the middle, the
 * dealer on duty, the devices as the status bar shows them, the time to collect before the next hand and
 * the time players owe, and which software runs the table (D87). Made field by field: nothing of the view is passed on whole, so no card — a hole
 * card, the board, a card drawn for the button — reaches the floor this way.
 */
export function boardStatusOf(view: ViewModel, at: number): BoardStatus {
  const collectNow = view.prompt.kind === 'start-hand' ? view.prompt.collectTime.reduce((sum, due) => sum + due.amount, 0) : 0;
  return {
    at,
    game: { en: view.stakes.words.en, de: view.stakes.words.de },
    seats: { taken: view.seats.length, count: view.seatCount },
    handNumber: view.handNumber,
    handInPlay: view.handInPlay,
    pot: view.potTotal,
    dealer: view.dealer === null ? null : { number: view.dealer.number, name: view.dealer.name },
    devices: view.devices.map((device) => ({ id: device.id, kind: device.kind, state: device.state, words: device.detail === null ? null : { en: device.detail.en, de: device.detail.de }, incident: device.incident ?? null })),
    time: { collectNow, owed: view.seats.reduce((sum, seat) => sum + seat.timeDue, 0) },
    software: { version: SOFTWARE.version, build: SOFTWARE.build },
  };
}
