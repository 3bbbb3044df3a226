import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/cards/notation.js';
import { apply, type Command, startHand, type StartHand } from '../../src/engine/hand/apply.js';
import { type HandConfig, NO_LIMIT_5_10 } from '../../src/engine/hand/config.js';
import { RuleViolation } from '../../src/engine/rule-violation.js';
import { HandDriver } from '../support/hand-driver.js';

/**
 * What each refusal of the hand engine says to the croupier, in English and German, word for word, and
 * that it changes nothing. The rules' own tests check that a command is refused; these check the reason
 * the croupier reads (a refusal whose words were emptied or lost a case went unnoticed: docs/mutation.md).
 */
type Refusal = readonly [code: string, en: string, de: string];

function refusal(hand: HandDriver, command: Command | { readonly type: string }): Refusal {
  const before = hand.state;
  try {
    apply(hand.state, command as Command);
  } catch (error) {
    if (!(error instanceof RuleViolation)) throw error;
    expect(hand.state).toBe(before);
    return [error.code, error.words.en, error.words.de];
  }
  throw new Error(`${JSON.stringify(command)} was accepted`);
}

/** What starting a hand with `input` is refused with. */
function startRefusal(input: StartHand): Refusal {
  try {
    startHand(input);
  } catch (error) {
    if (!(error instanceof RuleViolation)) throw error;
    return [error.code, error.words.en, error.words.de];
  }
  throw new Error(`${JSON.stringify(input)} was accepted`);
}

const FIXED: Partial<HandConfig> = { structure: { kind: 'fixed-limit', smallBet: 10, bigBet: 20, maxBetsPerRound: 4, uncapped: 'never' } };

/** Three players, button seat 3: seat 3 acts first pre-flop, facing the big blind of 10. */
const preflop = (config: Partial<HandConfig> = {}): HandDriver => HandDriver.table([1000, 1000, 1000], { button: 3, config }).dealHoleCards(['AhAd', 'KhKd', 'QhQd']);

describe('what the engine’s refusals say (en, de)', () => {
  it('betting', () => {
    const seen: Refusal[] = [];
    seen.push(refusal(HandDriver.table([1000, 1000, 1000], { button: 3 }), { type: 'bet', to: 20 }));
    const hand = preflop();
    for (const command of [{ type: 'raise' }, { type: 'bet', to: 0 }, { type: 'bet', to: 1.5 }, { type: 'bet', to: 10 }, { type: 'bet', to: 15 }, { type: 'bet', to: 2000 }]) seen.push(refusal(hand, command));
    seen.push(refusal(preflop({ chipUnit: 5 }), { type: 'bet', to: 23 }));
    seen.push(refusal(preflop().actions('c c'), { type: 'call' }));
    // A fixed-limit raise must be exactly the next step; after a bet and three raises the round is capped.
    seen.push(refusal(preflop(FIXED), { type: 'bet', to: 30 }));
    const capped = preflop(FIXED).actions('b20 b30 b40');
    seen.push(refusal(capped, { type: 'bet', to: 50 }), refusal(capped, { type: 'all-in' }));
    // Seat 2 raises to 100, seat 3 goes all-in for 150 (short of a full raise), seat 4 calls, seat 1 folds: seat 2 may call, not raise again.
    const short = HandDriver.table([1000, 1000, 150, 1000], { button: 3 }).dealHoleCards([]).actions('b100 a c f');
    seen.push(refusal(short, { type: 'bet', to: 400 }), refusal(short, { type: 'all-in' }), refusal(short, { type: 'bet', to: 1000 }));
    // Everyone else is all-in: nobody could call a raise.
    const alone = HandDriver.table([200, 1000, 300], { button: 3 }).dealHoleCards([]).actions('a a');
    seen.push(refusal(alone, { type: 'bet', to: 600 }));
    expect(seen).toEqual([
      ['not-betting', 'No betting now', 'Jetzt wird nicht gesetzt'],
      ['unknown-command', '\'raise\' is not a command', '\'raise\' ist kein Befehl'],
      ['invalid-amount', '0 is not an amount of chips', '0 ist kein Chipbetrag'],
      ['invalid-amount', '1.5 is not an amount of chips', '1.5 ist kein Chipbetrag'],
      ['bet-below-minimum', 'Seat 3 cannot raise to 10: 10 is the bet; call instead', 'Platz 3 kann nicht auf 10 erhöhen: 10 ist der Einsatz; mitgehen'],
      ['bet-below-minimum', 'Seat 3 cannot raise to 15: the minimum is 20', 'Platz 3 kann nicht auf 15 erhöhen: Minimum ist 20'],
      ['not-enough-chips', 'Seat 3 has only 1000', 'Platz 3 hat nur 1000'],
      ['amount-not-in-chip-units', '23 is not a multiple of the smallest chip (5)', '23 ist kein Vielfaches des kleinsten Chips (5)'],
      ['nothing-to-call', 'Seat 2 has nothing to call: check', 'Platz 2 muss nichts bezahlen: checken'],
      ['bet-above-maximum', 'Seat 3 cannot raise to 30: the maximum is 20', 'Platz 3 kann nicht auf 30 erhöhen: Maximum ist 20'],
      ['raise-not-allowed', 'Seat 3 cannot raise: the betting is capped this round', 'Platz 3 kann nicht erhöhen: die Erhöhungen sind in dieser Runde ausgeschöpft'],
      ['raise-not-allowed', 'Seat 3 cannot go all-in: the betting is capped this round', 'Platz 3 kann nicht all-in gehen: die Erhöhungen sind in dieser Runde ausgeschöpft'],
      ['raise-not-allowed', 'Seat 2 cannot raise: the betting was not reopened (no full raise since they acted)', 'Platz 2 kann nicht erhöhen: die Erhöhung ist nicht wieder eröffnet (keine volle Erhöhung seit der letzten Aktion)'],
      ['raise-not-allowed', 'Seat 2 cannot go all-in: the betting was not reopened (no full raise since they acted)', 'Platz 2 kann nicht all-in gehen: die Erhöhung ist nicht wieder eröffnet (keine volle Erhöhung seit der letzten Aktion)'],
      ['raise-not-allowed', 'Seat 2 cannot raise: the betting was not reopened (no full raise since they acted)', 'Platz 2 kann nicht erhöhen: die Erhöhung ist nicht wieder eröffnet (keine volle Erhöhung seit der letzten Aktion)'],
      ['raise-not-allowed', 'Seat 2 cannot raise: no raise is possible', 'Platz 2 kann nicht erhöhen: keine Erhöhung möglich'],
    ]);
  });

  it('dealing', () => {
    const seen: Refusal[] = [];
    const start = HandDriver.table([1000, 1000, 1000], { button: 3 });
    seen.push(refusal(start, { type: 'deal', card: 52 as never }), refusal(start, { type: 'deal', card: parseCard('Ah'), to: 'board' }));
    const dealt = preflop();
    seen.push(refusal(dealt, { type: 'deal', card: parseCard('2c') }));
    seen.push(refusal(dealt, { type: 'premature', card: parseCard('Ah'), to: 'board' }), refusal(dealt, { type: 'premature', card: null, to: 'board' }), refusal(dealt, { type: 'premature', card: parseCard('2c'), to: 'seat' as never }));
    seen.push(refusal(dealt, { type: 'redeal-flop' }));
    const flop = preflop().actions('c c x').deal('?');
    seen.push(refusal(flop, { type: 'deal', card: null }), refusal(flop, { type: 'deal', card: parseCard('Kh') }), refusal(flop, { type: 'deal', card: parseCard('5c'), to: { seat: 2 } }));
    expect(seen).toEqual([
      ['not-a-card', '52 is not a card', '52 ist keine Karte'],
      ['card-for-wrong-place', 'A card for the board, but the next card goes to the burn', 'Eine Karte für das Board, aber die nächste Karte geht an die Brennkarte'],
      ['no-card-expected', 'No card is due now', 'Jetzt ist keine Karte fällig'],
      ['card-already-in-play', 'That card is already in play: check the deck and call the floor', 'Diese Karte ist schon im Spiel: Deck prüfen und Floor rufen'],
      ['cards-needed', 'A board card must be read or entered', 'Eine Board-Karte muss gelesen oder eingegeben werden'],
      ['card-for-wrong-place', 'A premature card goes to the burn or the board, not seat', 'Eine vorzeitige Karte gehört zu den Brennkarten oder zum Board, nicht seat'],
      ['no-card-expected', 'The flop can be dealt again only before anyone acts on it', 'Der Flop kann nur neu gegeben werden, bevor jemand darauf handelt'],
      ['cards-needed', 'A board card must be read or entered', 'Eine Board-Karte muss gelesen oder eingegeben werden'],
      ['card-already-in-play', 'That card is already in play: check the deck and call the floor', 'Diese Karte ist schon im Spiel: Deck prüfen und Floor rufen'],
      ['card-for-wrong-place', 'A card for seat 2, but the next card goes to the board', 'Eine Karte für Platz 2, aber die nächste Karte geht an das Board'],
    ]);
  });

  it('an exposed or premature card', () => {
    const seen: Refusal[] = [];
    // Button 1: after the burn, 2c to seat 2, 3c to seat 3, 4c to seat 1.
    const deal = (cards: string): HandDriver => HandDriver.table([500, 500, 500], { button: 1 }).deal(cards);
    seen.push(refusal(deal('?'), { type: 'exposed' }));
    seen.push(refusal(deal('? 2c'), { type: 'exposed' }));
    seen.push(refusal(deal('? 2c 3c 4c'), { type: 'exposed', seat: 3 }));
    seen.push(refusal(deal('? 2c 3c 4c'), { type: 'exposed', card: parseCard('9d') }));
    seen.push(refusal(deal('? 2c 3c ?'), { type: 'exposed', card: 52 as never }));
    const twice = deal('? 2c 3c 4c');
    twice.do({ type: 'exposed' });
    seen.push(refusal(twice.deal('5c'), { type: 'exposed' }));
    // Seat 1's card dealt unread: the card named for it may not be one in play.
    seen.push(refusal(deal('? 2c 3c ?'), { type: 'exposed', card: parseCard('2c') }));
    const river = preflop().actions('c c x').deal('? 2c 7s 9d').actions('x x x').deal('? 3h').actions('x x x').deal('? 4s');
    seen.push(refusal(river, { type: 'premature', card: parseCard('5d'), to: 'board' }));
    const acted = preflop().actions('c c x').deal('? 2c 7s 9d').actions('x');
    seen.push(refusal(acted, { type: 'redeal-flop' }));
    // Not on the turn before anyone acts, nor while the flop is being dealt; no premature card while the hole cards are.
    seen.push(refusal(preflop().actions('c c x').deal('? 2c 7s 9d').actions('x x x').deal('? 3h'), { type: 'redeal-flop' }));
    seen.push(refusal(preflop().actions('c c x').deal('? 2c 7s'), { type: 'redeal-flop' }));
    seen.push(refusal(deal('? 2c'), { type: 'premature', card: parseCard('5d'), to: 'board' }));
    expect(seen).toEqual([
      ['no-card-expected', 'No hole card has just been dealt', 'Es wurde gerade keine Hole Card gegeben'],
      ['misdeal-required', 'Misdeal: the first or second card exposed (TDA 35)', 'Misdeal: die erste oder zweite Karte aufgedeckt (TDA 35)'],
      ['card-dealt-since', 'The last card went to seat 1, not seat 3: a card was dealt since; the floor can undo that card, then report the exposed one', 'Die letzte Karte ging an Platz 1, nicht an Platz 3: seitdem wurde gegeben; der Floor kann diese Karte zurücknehmen, dann die aufgedeckte melden'],
      ['card-was-read', 'Seat 1\'s last card was read: report it exposed without naming a card', 'Die letzte Karte von Platz 1 wurde gelesen: als aufgedeckt melden, ohne eine Karte zu nennen'],
      ['not-a-card', '52 is not a card', '52 ist keine Karte'],
      ['misdeal-required', 'Misdeal: a second card exposed (TDA 35)', 'Misdeal: eine zweite Karte aufgedeckt (TDA 35)'],
      ['card-already-in-play', 'That card is already in play: check the deck and call the floor', 'Diese Karte ist schon im Spiel: Deck prüfen und Floor rufen'],
      ['no-card-expected', 'A premature card is one turned while the betting goes on before the river', 'Eine vorzeitige Karte wird aufgedeckt, während vor dem River noch gesetzt wird'],
      ['no-card-expected', 'The flop can be dealt again only before anyone acts on it', 'Der Flop kann nur neu gegeben werden, bevor jemand darauf handelt'],
      ['no-card-expected', 'The flop can be dealt again only before anyone acts on it', 'Der Flop kann nur neu gegeben werden, bevor jemand darauf handelt'],
      ['no-card-expected', 'The flop can be dealt again only before anyone acts on it', 'Der Flop kann nur neu gegeben werden, bevor jemand darauf handelt'],
      ['no-card-expected', 'A premature card is one turned while the betting goes on before the river', 'Eine vorzeitige Karte wird aufgedeckt, während vor dem River noch gesetzt wird'],
    ]);
  });

  it('the showdown', () => {
    const seen: Refusal[] = [];
    const river = preflop().actions('c c x').deal('? 2c 7s 9d').actions('b10 c c').deal('? 3h').actions('x x x').deal('? 4s').actions('x x x');
    seen.push(refusal(river, { type: 'muck' }), refusal(river, { type: 'show', cards: [parseCard('2h'), parseCard('3d')] }), refusal(river, { type: 'bet', to: 20 }));
    const unread = HandDriver.table([1000, 1000, 1000], { button: 3 }).dealHoleCards([]).actions('c c x').deal('? 2c 7s 9d').actions('x x x').deal('? 3h').actions('x x x').deal('? 4s').actions('x x x');
    seen.push(refusal(unread, { type: 'show' }), refusal(unread, { type: 'show', cards: [parseCard('2h'), parseCard('2h')] }), refusal(unread, { type: 'show', cards: [parseCard('2c'), parseCard('3d')] }));
    const allIn = HandDriver.table([1000, 1000, 300], { button: 3 }).dealHoleCards(['AhAd', 'KhKd', 'QhQd']).actions('a a c').deal('? 2c 7s 9d ? 3h ? 4s');
    seen.push(refusal(allIn, { type: 'muck' }));
    expect(seen).toEqual([
      ['must-show', 'Seat 1 shows first and must show', 'Platz 1 zeigt zuerst und muss zeigen'],
      ['card-was-read', 'Seat 1\'s cards were read: show them without entering cards', 'Die Karten von Platz 1 wurden gelesen: ohne Eingabe der Karten zeigen'],
      ['not-betting', 'No betting now', 'Jetzt wird nicht gesetzt'],
      ['cards-needed', 'Seat 1\'s cards were not read: enter them', 'Die Karten von Platz 1 wurden nicht gelesen: bitte eingeben'],
      ['cards-needed', 'A hand shows two different cards', 'Eine Hand zeigt zwei verschiedene Karten'],
      ['card-already-in-play', 'That card is already in play: check the deck and call the floor', 'Diese Karte ist schon im Spiel: Deck prüfen und Floor rufen'],
      ['must-show', 'A player is all-in: every hand is tabled', 'Ein Spieler ist all-in: alle Hände werden aufgedeckt'],
    ]);
  });

  it('starting a hand', () => {
    const config = { ...NO_LIMIT_5_10, chipUnit: 5 };
    const seats = (...stacks: number[]): StartHand['players'] => stacks.map((stack, index) => ({ seat: index + 1, stack }));
    const four = seats(1000, 1000, 1000, 1000);
    // Button 1 of four: seat 2 posts the small blind, seat 3 the big one; seat 4 may post an extra blind.
    const post = (live: number, dead: number, seat = 4): StartHand => ({ config, players: four, buttonSeat: 1, extraPosts: [{ seat, live, dead }] });
    const seen = [
      startRefusal({ config, players: seats(1000), buttonSeat: 1 }),
      startRefusal({ config, players: seats(...Array.from({ length: 15 }, () => 1000)), buttonSeat: 1 }),
      startRefusal({ config, players: [{ seat: 1, stack: 1000 }, { seat: 1, stack: 500 }], buttonSeat: 1 }),
      startRefusal({ config, players: seats(1000, 0), buttonSeat: 1 }),
      startRefusal({ config, players: seats(1000, 1002), buttonSeat: 1 }),
      startRefusal({ config, players: seats(1000, 1000), buttonSeat: 3 }),
      startRefusal({ config, players: seats(1000, 1000), buttonSeat: 0, blinds: { smallBlindSeat: 1, bigBlindSeat: 2 } }),
      startRefusal({ config, players: seats(1000, 1000), buttonSeat: 1, blinds: { smallBlindSeat: 1, bigBlindSeat: 1 } }),
      startRefusal(post(10, 0, 2)),
      startRefusal(post(-10, 0)),
      startRefusal(post(10, 7.5)),
      startRefusal(post(10, 12)),
      startRefusal(post(20, 0)),
    ];
    expect(seen).toEqual([
      ['invalid-start', 'A hand needs 2 to 14 players, got 1', 'Eine Hand braucht 2 bis 14 Spieler, nicht 1'],
      ['invalid-start', 'A hand needs 2 to 14 players, got 15', 'Eine Hand braucht 2 bis 14 Spieler, nicht 15'],
      ['invalid-start', 'Seat 1 is not a seat number or is taken twice', 'Platz 1 ist keine Platznummer oder doppelt vergeben'],
      ['invalid-start', "Seat 2's stack 0 is not a positive number of chip units", 'Der Stapel von Platz 2 (0) ist keine positive Zahl von Chipeinheiten'],
      ['invalid-start', "Seat 2's stack 1002 is not a positive number of chip units", 'Der Stapel von Platz 2 (1002) ist keine positive Zahl von Chipeinheiten'],
      ['invalid-start', 'The button is at seat 3, where nobody plays this hand', 'Der Button liegt auf Platz 3, wo niemand diese Hand spielt'],
      ['invalid-start', 'The button seat 0 is not a seat number', 'Der Button-Platz 0 ist keine Platznummer'],
      ['invalid-start', 'The blinds (small 1, big 1) must be two players of the hand', 'Die Blinds (Small 1, Big 1) müssen zwei Spieler der Hand sein'],
      ['invalid-start', 'Seat 2 cannot post an extra blind (not in the hand, a blind already, or twice)', 'Platz 2 kann keinen zusätzlichen Blind setzen (nicht in der Hand, schon Blind oder doppelt)'],
      ['invalid-start', "Seat 4's extra blind -10 is not a whole number of chip units", 'Der zusätzliche Blind von Platz 4 (-10) ist keine ganze Zahl von Chipeinheiten'],
      ['invalid-start', "Seat 4's extra blind 7.5 is not a whole number of chip units", 'Der zusätzliche Blind von Platz 4 (7.5) ist keine ganze Zahl von Chipeinheiten'],
      ['invalid-start', "Seat 4's extra blind 12 is not a whole number of chip units", 'Der zusätzliche Blind von Platz 4 (12) ist keine ganze Zahl von Chipeinheiten'],
      ['invalid-start', 'Seat 4 posts 20 live, more than the big blind', 'Platz 4 setzt 20 live, mehr als den Big Blind'],
    ]);
    // The limits themselves are allowed: fourteen players, and an extra blind of the big blind live and more dead.
    expect(startHand({ config, players: seats(...Array.from({ length: 14 }, () => 1000)), buttonSeat: 1 }).state.players).toHaveLength(14);
    expect(startHand(post(10, 15)).state.deadMoney).toBe(15);
  });

  it('whose turn it is, the showdown, and a hand that is over', () => {
    const seen: Refusal[] = [];
    // Seat 3 acts first pre-flop; nobody shows before the showdown.
    seen.push(refusal(preflop(), { type: 'call', seat: 1 }), refusal(preflop(), { type: 'show' }), refusal(preflop(), { type: 'muck' }));
    const river = preflop().actions('c c x').deal('? 2c 7s 9d').actions('x x x').deal('? 3h').actions('x x x').deal('? 4s').actions('x x x');
    seen.push(refusal(river, { type: 'show', seat: 2 }), refusal(river, { type: 'muck', seat: 3 }));
    seen.push(refusal(preflop().actions('f f'), { type: 'check' }), refusal(preflop().actions('f f'), { type: 'show' }));
    // While cards are dealt nobody is to act, whichever seat an action names: before the hole cards, before
    // the flop, after an exposed last hole card (its replacement is due), and after the flop is taken back.
    const cards = (): HandDriver => HandDriver.table([500, 500, 500], { button: 1 });
    const exposed = cards().deal('? 2c 3c 4c 5c 6c ?');
    exposed.do({ type: 'exposed', card: parseCard('7c') });
    const redealt = preflop().actions('c c x').deal('? 2c 7s 9d');
    redealt.do({ type: 'redeal-flop' });
    for (const hand of [cards(), preflop().actions('c c x'), exposed, redealt]) {
      expect(hand.actorSeat()).toBeNull();
      seen.push(refusal(hand, { type: 'check', seat: 1 }));
    }
    expect(seen).toEqual([
      ['not-actors-turn', "It is seat 3's turn, not seat 1's", 'Platz 3 ist an der Reihe, nicht Platz 1'],
      ['not-showdown', 'This is not the showdown', 'Jetzt ist kein Showdown'],
      ['not-showdown', 'This is not the showdown', 'Jetzt ist kein Showdown'],
      ['not-seats-turn-to-show', "It is seat 1's turn, not seat 2's", 'Platz 1 ist an der Reihe, nicht Platz 2'],
      ['not-seats-turn-to-show', "It is seat 1's turn, not seat 3's", 'Platz 1 ist an der Reihe, nicht Platz 3'],
      ['hand-over', 'The hand is over', 'Die Hand ist vorbei'],
      ['hand-over', 'The hand is over', 'Die Hand ist vorbei'],
      ...Array.from({ length: 4 }, (): Refusal => ['not-betting', 'No betting now', 'Jetzt wird nicht gesetzt']),
    ]);
  });
});
