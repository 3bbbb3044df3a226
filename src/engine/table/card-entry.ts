import type { Card } from '../../cards/card.js';
import { formatCard } from '../../cards/notation.js';
import type { Words } from '../../evaluator/words.js';
import { isSeen } from '../hand/dealing.js';
import type { Operation } from '../hand/operations.js';
import type { TableOperation } from './table-operations.js';
import type { TableState } from './table-state.js';

/**
 * Card entry from the screens, and what it may tell them (D65). A screen that names a card the table
 * holds where nobody at it may see it — a hole card not tabled, a burn — must not learn so from the
 * answer: one answer per card would tell anyone holding the screen's token where the cards are. So such a
 * name stops card entry from every screen until the floor has looked (`card-entry-stopped`), and a
 * premature or exposed card named by a screen is always the floor's to take, whatever the card, so that
 * its answer never depends on where the card is.
 */

/** Where a card the table holds lies unseen: a seat's hole card, or a burn. */
export type UnseenPlace = { readonly seat: number } | 'burn';

/** A premature or exposed card as a screen reported it, kept for the floor to take or drop. */
export type CardReport =
  | { readonly type: 'premature'; readonly card: Card; readonly to: 'burn' | 'board' }
  | { readonly type: 'exposed'; readonly card: Card; readonly seat?: number };

export type CardEntryStopped = Extract<TableOperation, { type: 'card-entry-stopped' }>;

/** The premature cards a betting round takes on the croupier's report unless the table's setup says otherwise (E17). */
export const PREMATURE_PER_STREET = 1;

/** The one answer a screen gets for a card while card entry is stopped, or when a card it named stopped it. */
export const CARD_ENTRY_STOPPED: Words = { en: 'Card entry is stopped: the floor checks the card entered', de: 'Die Karteneingabe ist gestoppt: der Floor prüft die eingegebene Karte' };

/** What every step of a hand gets while a dealing error reported waits for the floor. */
export const HAND_HELD: Words = { en: 'The hand waits for the floor: a card error was reported', de: 'Die Hand wartet auf den Floor: ein Kartenfehler wurde gemeldet' };

/** The premature cards a betting round takes at this table (its setup's, or the default). */
export function prematureLimit(table: TableState): number {
  return table.config.prematurePerStreet ?? PREMATURE_PER_STREET;
}

/**
 * Where `card` lies unseen in the hand in play, or null: not in play, or face up for everyone (the board,
 * a tabled hand, a premature card, a hole card exposed in the deal).
 */
export function unseenPlace(table: TableState, card: Card): UnseenPlace | null {
  const hand = table.hand;
  if (hand === null || hand.phase.kind === 'complete' || !isSeen(hand, card)) return null;
  if (hand.board.includes(card) || hand.heldCards.includes(card)) return null;
  for (const player of hand.players) if (Array.isArray(player.showdown) && player.showdown.includes(card)) return null;
  for (const operation of table.handLog) if (faceUp(operation, card)) return null;
  const holder = hand.players.find((player) => player.holeCards.includes(card));
  if (holder !== undefined) return { seat: holder.seat };
  return hand.burns.includes(card) ? 'burn' : null;
}

function faceUp(operation: Operation, card: Card): boolean {
  return (operation.type === 'premature-card' || operation.type === 'card-exposed') && operation.card === card;
}

/** Whether the betting round in play may take one more premature card under the table's setup. */
export function prematureAllowed(table: TableState): boolean {
  const limit = prematureLimit(table);
  let taken = 0;
  // Counted back to the round's start: a premature card belongs to the betting it interrupted.
  for (let index = table.handLog.length - 1; index >= 0; index--) {
    const type = (table.handLog[index] as Operation).type;
    if (type === 'betting-round' || type === 'hand-started') break;
    if (type === 'premature-card') taken++;
  }
  return taken < limit;
}

/**
 * The floor's words for a stop (its functions, its incidents): the card a screen named and where it lies.
 * A card that lies unseen — a player's, the burn — is not named: the floor reads these words on the
 * table's screen, which the table sees; the log keeps the card.
 */
export function stopWords(stop: CardEntryStopped): Words {
  const what = entered(stop);
  const place = stop.place;
  if (place === null) {
    const card = formatCard(stop.card);
    return { en: `${what.en} ${card}, in play nowhere: the floor takes it or not`, de: `${what.de} ${card}, nirgends im Spiel: der Floor übernimmt sie oder nicht` };
  }
  const where = place === 'burn' ? { en: 'a burn card', de: 'eine Brennkarte' } : { en: `a card seat ${place.seat} holds`, de: `eine Karte, die Platz ${place.seat} hält` };
  return { en: `${what.en} ${where.en}: card entry stopped`, de: `${what.de} ${where.de}: Karteneingabe gestoppt` };
}

function entered(stop: CardEntryStopped): Words {
  switch (stop.command) {
    case 'premature':
      return stop.report?.type === 'premature' && stop.report.to === 'board' ? { en: 'A screen reported a premature board card,', de: 'Ein Bildschirm meldete eine vorzeitige Boardkarte,' } : { en: 'A screen reported a premature burn card,', de: 'Ein Bildschirm meldete eine vorzeitige Brennkarte,' };
    case 'exposed':
      return { en: 'A screen reported an exposed hole card,', de: 'Ein Bildschirm meldete eine aufgedeckte Hole Card,' };
    case 'show':
      return { en: 'A screen named for a show', de: 'Ein Bildschirm nannte für ein Zeigen' };
    case 'deal':
      return { en: 'A screen dealt', de: 'Ein Bildschirm gab' };
  }
}
