import { describe, expect, it } from 'vitest';
import type { Card } from '../../../src/cards/card.js';
import { parseCard } from '../../../src/cards/notation.js';
import { RuleViolation } from '../../../src/engine/rule-violation.js';
import { type CardEntryStopped, type CardReport, stopWords } from '../../../src/engine/table/card-entry.js';
import type { TableCommand } from '../../../src/engine/table/table.js';
import { TableDriver } from '../../support/table-driver.js';

const card = parseCard;

/** Deals the cards named, in the order of the deal ('?' for a card dealt unread). */
function deal(table: TableDriver, cards: string): TableDriver {
  for (const name of cards.split(' ')) table.do({ type: 'deal', card: name === '?' ? null : card(name) });
  return table;
}

/**
 * Three players, button 1, small blind 2, big blind 3; the burn (Qc) and the hole cards read: seat 2 2c 3c,
 * seat 3 7d 8d, seat 1 Kh Kd. Seat 1 acts first.
 */
function dealt(config: ConstructorParameters<typeof TableDriver>[0] = {}): TableDriver {
  return deal(new TableDriver(config).sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').start(), 'Qc 2c 7d Kh 3c 8d Kd');
}

/** What a screen's stop records for a card: where it lies unseen (the log keeps it for the floor). */
function placeOf(table: TableDriver, named: Card, command: 'deal' | 'show' = 'deal'): CardEntryStopped['place'] {
  table.do({ type: 'stop-card-entry', command, card: named, report: null, at: table.now });
  const stop = table.log.at(-1);
  if (stop?.type !== 'card-entry-stopped') throw new Error('no stop');
  // The floor resumes at once, so that the next card can be named.
  table.do({ type: 'resume-card-entry', take: false, by: 'Floor' });
  return stop.place;
}

function refused(table: TableDriver, command: TableCommand): { code: string; en: string; de: string } {
  try {
    table.do(command);
  } catch (error) {
    if (!(error instanceof RuleViolation)) throw error;
    return { code: error.code, en: error.words.en, de: error.words.de };
  }
  throw new Error(`${command.type} was accepted`);
}

/**
 * E17 and D65 — card entry from the screens: a card a screen names that lies unseen (a hole card not
 * tabled, a burn) stops card entry, and the log says where it lies, for the floor; a card face up for
 * everyone, or in play nowhere, lies nowhere unseen. A betting round takes the setup's premature cards.
 */
describe('E17, D65 where a card named by a screen lies unseen', () => {
  it('a hole card lies with its seat, the burn as a burn; a board card and a card in play nowhere lie nowhere unseen', () => {
    const table = dealt().do({ type: 'call' }).do({ type: 'call' }).do({ type: 'check' });
    deal(table, 'Jc 4s 5s 6s');
    expect(placeOf(table, card('Kh'))).toEqual({ seat: 1 });
    expect(placeOf(table, card('3c'))).toEqual({ seat: 2 });
    expect(placeOf(table, card('8d'))).toEqual({ seat: 3 });
    expect(placeOf(table, card('Qc'))).toBe('burn');
    expect(placeOf(table, card('Jc'))).toBe('burn');
    expect(placeOf(table, card('5s'))).toBeNull();
    expect(placeOf(table, card('Ah'))).toBeNull();
  });

  it('a card dealt unread is no card the table knows: whatever it was, the name finds it nowhere', () => {
    // Heads-up, button 1: the burn and seat 2's first card unread, seat 1's first card read.
    const table = deal(new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').start(), '? ? 2c');
    expect(placeOf(table, card('2c'))).toEqual({ seat: 1 });
    expect(placeOf(table, card('Ah'))).toBeNull();
  });

  it('a premature card, a card set aside and an exposed hole card are face up: they lie nowhere unseen', () => {
    const table = dealt().do({ type: 'call' });
    table.do({ type: 'premature', to: 'burn', card: card('9c') });
    expect(placeOf(table, card('9c'))).toBeNull();
    // The other cards lie where they lay.
    expect(placeOf(table, card('Kh'))).toEqual({ seat: 1 });
    expect(placeOf(table, card('Qc'))).toBe('burn');
    const next = dealt().do({ type: 'call' });
    next.do({ type: 'premature', to: 'board', card: card('9h') });
    expect(next.state.hand?.heldCards).toEqual([card('9h')]);
    expect(placeOf(next, card('9h'))).toBeNull();
    // Seat 3's first card exposed in the deal goes to the burns, face up.
    const exposed = deal(new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').start(), 'Qc 2c 7d Kh');
    exposed.do({ type: 'exposed' });
    expect(exposed.state.hand?.burns).toContain(card('Kh'));
    expect(placeOf(exposed, card('Kh'))).toBeNull();
  });

  it('a hand tabled at the showdown is face up; the hands not yet shown lie with their seats', () => {
    const table = dealt();
    for (const action of ['call', 'call', 'check'] as const) table.do({ type: action });
    for (const [cards, checks] of [['Jc 4s 5s 6s', 3], ['Jd 9d', 3], ['Js Th', 3]] as const) {
      deal(table, cards);
      for (let index = 0; index < checks; index++) table.do({ type: 'check' });
    }
    table.do({ type: 'show' }); // seat 2, the first after the button
    expect(placeOf(table, card('2c'), 'show')).toBeNull();
    expect(placeOf(table, card('7d'), 'show')).toEqual({ seat: 3 });
  });

  it('between hands, and before the first, no card lies unseen', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks');
    expect(placeOf(table, card('Kh'))).toBeNull();
    deal(table.start(), 'Qc Kh 2c 3c 4c').do({ type: 'fold' });
    expect(table.state.hand?.phase.kind).toBe('complete');
    expect(placeOf(table, card('Kh'))).toBeNull();
    expect(placeOf(table, card('Qc'))).toBeNull();
  });
});

describe('E17, D65 what card entry stopped says', () => {
  it('a screen gets one answer while card entry is stopped; a hand with a report waits for the floor', () => {
    const table = dealt();
    table.do({ type: 'stop-card-entry', command: 'deal', card: card('Kh'), report: null, at: 0 });
    expect(refused(table, { type: 'stop-card-entry', command: 'deal', card: card('Ah'), report: null, at: 0 })).toEqual({
      code: 'card-entry-stopped',
      en: 'Card entry is stopped: the floor checks the card entered',
      de: 'Die Karteneingabe ist gestoppt: der Floor prüft die eingegebene Karte',
    });
    table.do({ type: 'resume-card-entry', take: false, by: 'Floor' });
    table.do({ type: 'stop-card-entry', command: 'premature', card: card('Ah'), report: { type: 'premature', card: card('Ah'), to: 'board' }, at: 0 });
    expect(refused(table, { type: 'call' })).toEqual({
      code: 'hand-held',
      en: 'The hand waits for the floor: a card error was reported',
      de: 'Die Hand wartet auf den Floor: ein Kartenfehler wurde gemeldet',
    });
  });

  const stop = (command: CardEntryStopped['command'], place: CardEntryStopped['place'], report: CardReport | null = null): CardEntryStopped => ({ type: 'card-entry-stopped', handNumber: 1, command, card: card('Kd'), place, report, at: 0 });

  it.each([
    [stop('premature', null, { type: 'premature', card: card('Kd'), to: 'board' }), 'A screen reported a premature board card, Kd, in play nowhere: the floor takes it or not', 'Ein Bildschirm meldete eine vorzeitige Boardkarte, Kd, nirgends im Spiel: der Floor übernimmt sie oder nicht'],
    [stop('premature', 'burn', { type: 'premature', card: card('Kd'), to: 'burn' }), 'A screen reported a premature burn card, a burn card: card entry stopped', 'Ein Bildschirm meldete eine vorzeitige Brennkarte, eine Brennkarte: Karteneingabe gestoppt'],
    [stop('premature', { seat: 4 }, null), 'A screen reported a premature burn card, a card seat 4 holds: card entry stopped', 'Ein Bildschirm meldete eine vorzeitige Brennkarte, eine Karte, die Platz 4 hält: Karteneingabe gestoppt'],
    [stop('exposed', { seat: 4 }, { type: 'exposed', card: card('Kd'), seat: 4 }), 'A screen reported an exposed hole card, a card seat 4 holds: card entry stopped', 'Ein Bildschirm meldete eine aufgedeckte Hole Card, eine Karte, die Platz 4 hält: Karteneingabe gestoppt'],
    [stop('show', { seat: 2 }), 'A screen named for a show a card seat 2 holds: card entry stopped', 'Ein Bildschirm nannte für ein Zeigen eine Karte, die Platz 2 hält: Karteneingabe gestoppt'],
    [stop('deal', 'burn'), 'A screen dealt a burn card: card entry stopped', 'Ein Bildschirm gab eine Brennkarte: Karteneingabe gestoppt'],
  ])('the floor reads: %#', (stopped, en, de) => {
    expect(stopWords(stopped)).toEqual({ en, de });
  });
});

describe('E17 a betting round takes the setup’s premature cards, counted from the round’s start', () => {
  it('one by default: a second in the same round is the floor’s; the next round takes one again', () => {
    const table = dealt().do({ type: 'call' });
    table.do({ type: 'premature', to: 'burn', card: card('9c') });
    expect(refused(table, { type: 'premature', to: 'burn', card: card('9d') })).toEqual({
      code: 'premature-limit',
      en: 'This betting round has had its 1 premature card(s): call the floor',
      de: 'Diese Setzrunde hatte schon ihre 1 vorzeitige(n) Karte(n): Floor rufen',
    });
    table.do({ type: 'call' }).do({ type: 'check' });
    deal(table, 'Jc 4s 5s 6s');
    table.do({ type: 'premature', to: 'burn', card: card('9d') });
    expect(table.log.filter((entry) => entry.type === 'premature-card')).toHaveLength(2);
  });

  it('two where the setup says so, none where it says 0', () => {
    const two = dealt({ prematurePerStreet: 2 }).do({ type: 'call' });
    two.do({ type: 'premature', to: 'burn', card: card('9c') }).do({ type: 'premature', to: 'board', card: card('9d') });
    expect(refused(two, { type: 'premature', to: 'board', card: card('9h') }).code).toBe('premature-limit');
    const none = dealt({ prematurePerStreet: 0 });
    expect(refused(none, { type: 'premature', to: 'burn', card: card('9c') }).en).toBe('This betting round has had its 0 premature card(s): call the floor');
  });
});

describe('E17, D65 the floor resumes card entry, taking the report or not', () => {
  const resume = (take: boolean): TableCommand => ({ type: 'resume-card-entry', take, by: 'Floor', at: 5 });
  const premature: CardReport = { type: 'premature', card: card('Ah'), to: 'board' };

  it('takes a premature card as the screen reported it, after the resumption; or drops it', () => {
    const table = dealt();
    table.do({ type: 'stop-card-entry', command: 'premature', card: card('Ah'), report: premature, at: 0 }).do(resume(true));
    expect(table.log.slice(-2)).toEqual([{ type: 'card-entry-resumed', taken: true, by: 'Floor', at: 5 }, { type: 'premature-card', card: card('Ah'), to: 'board', returnAt: 'flop' }]);
    expect(table.state.cardEntryStopped).toBeUndefined();

    const dropped = dealt();
    dropped.do({ type: 'stop-card-entry', command: 'premature', card: card('Ah'), report: premature, at: 0 }).do(resume(false));
    expect(dropped.log.at(-1)).toEqual({ type: 'card-entry-resumed', taken: false, by: 'Floor', at: 5 });
    expect(dropped.log.some((entry) => entry.type === 'premature-card')).toBe(false);
    // The hand goes on: seat 1 acts.
    dropped.do({ type: 'call' });
  });

  it('refuses to resume what is not stopped, to take what nobody reported, a report from a hand now over, and a premature card past the round’s', () => {
    const table = dealt();
    expect(refused(table, resume(false))).toEqual({ code: 'card-entry-open', en: 'Card entry is not stopped', de: 'Die Karteneingabe ist nicht gestoppt' });
    table.do({ type: 'stop-card-entry', command: 'deal', card: card('Kh'), report: null, at: 0 });
    expect(refused(table, resume(true))).toEqual({ code: 'nothing-reported', en: 'Nothing was reported to take: resume card entry without it', de: 'Es wurde nichts gemeldet, das übernommen werden könnte: Karteneingabe ohne fortsetzen' });
    expect(table.state.cardEntryStopped).toBeDefined();

    // A fouled deck voids the hand while the report waits: there is nothing to take it into.
    const voided = dealt();
    voided.do({ type: 'stop-card-entry', command: 'exposed', card: card('Kh'), report: { type: 'exposed', card: card('Kh'), seat: 1 }, at: 0 });
    voided.do({ type: 'misdeal', reason: 'fouled-deck', by: 'Floor' });
    expect(refused(voided, resume(true))).toEqual({ code: 'hand-over', en: 'The hand the report was made in is over: resume card entry without it', de: 'Die Hand, in der gemeldet wurde, ist vorbei: Karteneingabe ohne die Meldung fortsetzen' });
    voided.do(resume(false));

    // The croupier took the round's one premature card: a second one reported is the floor's ruling.
    const limit = dealt().do({ type: 'call' }).do({ type: 'premature', to: 'burn', card: card('9c') });
    limit.do({ type: 'stop-card-entry', command: 'premature', card: card('Ah'), report: premature, at: 0 });
    expect(refused(limit, resume(true))).toEqual({ code: 'premature-limit', en: 'This betting round has had its premature cards: a ruling or a misdeal', de: 'Diese Setzrunde hatte ihre vorzeitigen Karten: eine Entscheidung oder ein Misdeal' });
    expect(limit.log.filter((entry) => entry.type === 'premature-card')).toHaveLength(1);
  });
});

describe('E17, D65 an exposed card reported at a table that takes no premature card', () => {
  it('is taken: the premature cards’ limit is for premature cards only', () => {
    const table = deal(new TableDriver({ prematurePerStreet: 0 }).sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').start(), 'Qc 2c 7d ?');
    table.do({ type: 'stop-card-entry', command: 'exposed', card: card('Kh'), report: { type: 'exposed', card: card('Kh'), seat: 1 }, at: 0 });
    table.do({ type: 'resume-card-entry', take: true, by: 'Floor' });
    expect(table.log.at(-2)).toMatchObject({ type: 'card-entry-resumed', taken: true });
    expect(table.log.at(-1)).toMatchObject({ type: 'card-exposed', card: card('Kh') });
  });
});
