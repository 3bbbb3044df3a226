import type { Card } from '../../src/cards/card';
import type { ViewModel } from '../../src/controller/view-model';
import type { LegalActions } from '../../src/engine/hand/betting';
import { CASINO_5_10 } from '../../src/engine/table/table-config';

/** A card by its notation's rank and suit letters (`Ah` = ace of hearts = 50). */
export function card(code: string): Card {
  const rank = '23456789TJQKA'.indexOf(code.charAt(0));
  const suit = 'cdhs'.indexOf(code.charAt(1));
  if (rank < 0 || suit < 0) throw new Error(`not a card: ${code}`);
  return (rank * 4 + suit) as Card;
}

export const RAISE_LEGAL: LegalActions = { seat: 4, fold: true, check: false, call: 20, betOrRaise: { kind: 'raise', min: 40, max: 340 }, allIn: 340 };

/**
 * A no-limit 5/10 table of nine seats on the flop: seat 1 all-in (a side pot), seat 3 folded, seat 4 to
 * act facing a bet of 20 from seat 6; seats 2, 5, 7, 8 and 9 empty.
 */
export function flopView(overrides: Partial<ViewModel> = {}): ViewModel {
  return {
    seatCount: 9,
    stakes: { structure: 'no-limit', smallBlind: 5, bigBlind: 10, ante: 0, bigBlindAnte: 0, mode: 'cash', words: { en: 'No limit 5/10', de: 'No Limit 5/10' }, level: null },
    config: { ...CASINO_5_10, seatCount: 9, maxPlayers: 9 },
    buyIn: { min: 200, max: 1000 },
    seatsOpen: true,
    handNumber: 7,
    handInPlay: true,
    button: 1,
    blinds: { small: 3, big: 4 },
    seats: [
      { seat: 1, name: 'Ada', stack: 0, bet: 0, status: 'all-in', owes: { small: false, big: false }, timeDue: 0, faceDown: 2, shown: null, sitsOutNext: false, won: [], drawn: null },
      { seat: 3, name: 'Bo', stack: 480, bet: 0, status: 'folded', owes: { small: false, big: false }, timeDue: 0, faceDown: 0, shown: null, sitsOutNext: false, won: [], drawn: null },
      { seat: 4, name: 'Cy', stack: 360, bet: 0, status: 'active', owes: { small: false, big: false }, timeDue: 0, faceDown: 2, shown: null, sitsOutNext: false, won: [], drawn: null },
      { seat: 6, name: 'Di', stack: 300, bet: 20, status: 'active', owes: { small: false, big: false }, timeDue: 0, faceDown: 2, shown: null, sitsOutNext: false, won: [], drawn: null },
    ],
    board: [card('Ah'), card('Kd'), card('7c')],
    pots: [
      { amount: 120, eligible: [1, 4, 6] },
      { amount: 80, eligible: [4, 6] },
    ],
    potTotal: 220,
    actor: { seat: 4, bet: 0, legal: RAISE_LEGAL, sizes: { min: 40, halfPot: 150, pot: 260, max: 340 } },
    decision: { hand: 7, actions: 5, seat: 4, step: 40 },
    lastHoleCardSeat: null,
    prompt: { kind: 'action', seat: 4, legal: RAISE_LEGAL, words: { en: 'Action on seat 4', de: 'Platz 4 ist am Zug' } },
    awards: [],
    lastStep: { en: 'Seat 6 bets 20', de: 'Platz 6 setzt 20' },
    lastError: null,
    cardEntry: 'open',
    devices: [
      { id: 'shoe-1', kind: 'shoe', state: 'connected', detail: null },
      { id: 'rfid-1', kind: 'rfid-reader', state: 'fault', detail: { en: 'antenna 3 silent', de: 'Antenne 3 stumm' } },
    ],
    dealer: { number: '12', name: 'Dana' },
    logRow: 1,
    ...overrides,
  };
}

/** The same table while the croupier deals the turn (burn first). */
export function dealView(overrides: Partial<ViewModel> = {}): ViewModel {
  return flopView({
    actor: null,
    decision: null,
    prompt: { kind: 'deal', target: 'burn', words: { en: 'Deal the burn card', de: 'Austeilen: Brennkarte' } },
    ...overrides,
  });
}

/** Between hands: the next hand can start; the markers are where the prompt puts the button and the blinds. */
export function startView(overrides: Partial<ViewModel> = {}): ViewModel {
  return flopView({
    handInPlay: false,
    button: 3,
    blinds: { small: 4, big: 6 },
    actor: null,
    decision: null,
    board: [],
    pots: [],
    potTotal: 0,
    seats: flopView().seats.map((seat) => ({ ...seat, bet: 0, status: 'out-of-hand' as const, faceDown: 0, stack: seat.stack + 100 })),
    prompt: {
      kind: 'start-hand',
      awards: [],
      collectTime: [],
      button: 3,
      smallBlind: { seat: 4, amount: 5 },
      bigBlind: { seat: 6, amount: 10 },
      owed: [],
      words: { en: 'Button to seat 3. Post blinds: seat 4 small blind 5, seat 6 big blind 10', de: 'Button auf Platz 3. Blinds setzen: Platz 4 Small Blind 5, Platz 6 Big Blind 10' },
    },
    ...overrides,
  });
}
