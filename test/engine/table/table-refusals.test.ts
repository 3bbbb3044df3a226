import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { RuleViolation } from '../../../src/engine/rule-violation.js';
import { applyTable, MAX_CHIPS, type TableCommand } from '../../../src/engine/table/table.js';
import { CASINO_5_10, type TableConfig } from '../../../src/engine/table/table-config.js';
import { finishedTournament } from '../../support/finished-tournament.js';
import { MINUTE, TableDriver } from '../../support/table-driver.js';

/**
 * What each refusal of the table says to the croupier and the floor, in English and German, word for
 * word, and that it changes nothing. The rules' own tests check that a command is refused; these check
 * the reason read at the table (docs/mutation.md: a refusal whose words were emptied, or whose check was
 * skipped so that another one answered instead, went unnoticed).
 */
type Refusal = readonly [code: string, en: string, de: string];

function refusal(table: TableDriver, command: TableCommand | { readonly type: string; readonly [key: string]: unknown }): Refusal {
  const before = table.state;
  try {
    applyTable(table.state, command as TableCommand);
  } catch (error) {
    if (!(error instanceof RuleViolation)) throw error;
    expect(table.state).toBe(before);
    return [error.code, error.words.en, error.words.de];
  }
  throw new Error(`${JSON.stringify(command)} was accepted`);
}

const FLOOR = 'Floor: supervisor';
const TOURNAMENT: Partial<TableConfig> = { timeCollection: null, tournament: { startingStack: 1000, levels: [{ smallBlind: 5, bigBlind: 10, ante: 0, bigBlindAnte: 0 }], levelEvery: { hands: 10 } } };

/** Three players, seat 1 on the button, the first hand dealt to its betting. */
function inHand(): TableDriver {
  const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:Ks 3:Qs').start();
  while (table.state.hand?.phase.kind === 'dealing') table.do({ type: 'deal', card: null });
  return table;
}

describe('what the table’s refusals say (en, de)', () => {
  it('T1 seats and buy-ins', () => {
    const table = new TableDriver({ maxPlayers: 3 }).sit(1, 'A').sit(2, 'B');
    const sit = (seat: number, name: string, buyIn = 500): TableCommand => ({ type: 'sit', seat, name, buyIn, at: 0 });
    const seen = [
      refusal(table, sit(0, 'C')),
      refusal(table, sit(11, 'C')),
      refusal(table, sit(1.5, 'C')),
      refusal(table, sit(1, 'C')),
      refusal(table, sit(3, '  ')),
      refusal(table, sit(3, 'C\nD')),
      refusal(table, sit(3, ' A ')),
      refusal(table, sit(3, 'C', 0)),
      refusal(table, sit(3, 'C', 12.5)),
      refusal(table, sit(3, 'C', MAX_CHIPS + 5)),
      refusal(table, sit(3, 'C', 100)),
      refusal(table, sit(3, 'C', 1005)),
      refusal(table, { type: 'sit', seat: 3, name: 'C', buyIn: 500, at: Number.NaN }),
      refusal(table.sit(3, 'C'), sit(4, 'D')),
      refusal(table, { type: 'sit-out', seat: 4 }),
      refusal(table, { type: 'sit-out', seat: 2.5 }),
    ];
    expect(seen).toEqual([
      ['invalid-seat-change', 'There is no seat 0 at this table (1–10)', 'Diesen Platz gibt es nicht: 0 (1–10)'],
      ['invalid-seat-change', 'There is no seat 11 at this table (1–10)', 'Diesen Platz gibt es nicht: 11 (1–10)'],
      ['invalid-seat-change', 'There is no seat 1.5 at this table (1–10)', 'Diesen Platz gibt es nicht: 1.5 (1–10)'],
      ['invalid-seat-change', 'Seat 1 is taken', 'Platz 1 ist besetzt'],
      ['invalid-seat-change', 'A player needs a name', 'Ein Spieler braucht einen Namen'],
      ['invalid-seat-change', 'A name cannot hold a control character (a line break, a tab)', 'Ein Name darf kein Steuerzeichen enthalten (Zeilenumbruch, Tabulator)'],
      ['invalid-seat-change', 'A already sits at this table', 'A sitzt schon an diesem Tisch'],
      ['invalid-amount', 'A buy-in of 0 is not a positive number of chip units (1)', 'Ein Buy-in von 0 ist keine positive Zahl von Chipeinheiten (1)'],
      ['invalid-amount', 'A buy-in of 12.5 is not a positive number of chip units (1)', 'Ein Buy-in von 12.5 ist keine positive Zahl von Chipeinheiten (1)'],
      ['invalid-amount', 'A buy-in of 1000000000005 is not a positive number of chip units (1)', 'Ein Buy-in von 1000000000005 ist keine positive Zahl von Chipeinheiten (1)'],
      ['buy-in-out-of-range', 'A buy-in of 100 is not within 200–1000', 'Ein Buy-in von 100 liegt nicht zwischen 200 und 1000'],
      ['buy-in-out-of-range', 'A buy-in of 1005 is not within 200–1000', 'Ein Buy-in von 1005 liegt nicht zwischen 200 und 1000'],
      ['invalid-amount', 'NaN is not a time', 'NaN ist keine Zeitangabe'],
      ['invalid-seat-change', 'The table is full (3 players)', 'Der Tisch ist voll (3 Spieler)'],
      ['invalid-seat-change', 'Nobody sits at seat 4', 'Auf Platz 4 sitzt niemand'],
      ['invalid-seat-change', 'Nobody sits at seat 2.5', 'Auf Platz 2.5 sitzt niemand'],
    ]);
  });

  it('T2 the draw for the button, and starting a hand', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As');
    const seen = [
      refusal(table, { type: 'start-hand', at: 0 }),
      refusal(table, { type: 'draw', seat: 2, card: 99 }),
      refusal(table, { type: 'draw', seat: 1, card: parseCard('Kd') }),
      refusal(table, { type: 'draw', seat: 2, card: parseCard('As') }),
      refusal(table, { type: 'draw', seat: 4, card: parseCard('Kd') }),
      refusal(table, { type: 'fold' }),
    ];
    table.draw('2:Ks 3:Qs');
    seen.push(refusal(table, { type: 'draw', seat: 3, card: parseCard('Kd') }));
    table.do({ type: 'sit-out', seat: 2 }).do({ type: 'sit-out', seat: 3 });
    seen.push(refusal(table, { type: 'start-hand', at: 0 }));
    table.do({ type: 'come-back', seat: 2 }).start();
    seen.push(refusal(table, { type: 'start-hand', at: 0 }));
    expect(seen).toEqual([
      ['button-not-drawn', 'Draw for the button first', 'Zuerst den Button auslosen'],
      ['invalid-amount', '99 is not a card', '99 ist keine Karte'],
      ['invalid-seat-change', 'Seat 1 has drawn already', 'Platz 1 hat schon gezogen'],
      ['card-already-in-play', 'As is drawn already', 'As ist schon gezogen'],
      ['invalid-seat-change', 'Nobody sits at seat 4', 'Auf Platz 4 sitzt niemand'],
      ['hand-over', 'No hand is in play: start the next hand', 'Keine Hand läuft: nächste Hand starten'],
      ['not-between-hands', 'The button has been drawn already', 'Der Button ist schon ausgelost'],
      ['not-enough-players', 'At least two players must be able to play', 'Mindestens zwei Spieler müssen spielen können'],
      ['not-between-hands', 'A hand is in play', 'Eine Hand läuft'],
    ]);
  });

  it('T6 and T7 sitting out, coming back, posting, topping up and leaving', () => {
    const table = inHand();
    const seen = [
      refusal(table, { type: 'top-up', seat: 1, amount: 100 }),
      refusal(table, { type: 'leave', seat: 1, at: 0 }),
      refusal(table, { type: 'come-back', seat: 1 }),
      refusal(table, { type: 'post', seat: 1 }),
    ];
    // Seat 1, on the button, acts first three-handed and calls; seat 2 folds: its chips are in the pot until the hand ends.
    table.do({ type: 'call' }).do({ type: 'fold' });
    seen.push(refusal(table, { type: 'leave', seat: 2, at: 0 }));
    table.foldAround();
    seen.push(refusal(table, { type: 'top-up', seat: 1, amount: 0 }));
    seen.push(refusal(table, { type: 'top-up', seat: 1, amount: 1.5 }));
    seen.push(refusal(table, { type: 'top-up', seat: 3, amount: 600 }));
    table.do({ type: 'adjust-stack', seat: 3, amount: -table.player(3).stack, reason: 'Miscount', by: FLOOR });
    seen.push(refusal(table, { type: 'come-back', seat: 3 }));
    table.sit(4, 'D').do({ type: 'post', seat: 4 });
    seen.push(refusal(table, { type: 'post', seat: 4 }));
    expect(seen).toEqual([
      ['not-between-hands', 'Seat 1 is in a hand: top up between hands (table stakes)', 'Platz 1 spielt eine Hand: nachkaufen nur zwischen den Händen'],
      ['not-between-hands', 'Seat 1 is in the hand: leave after it or fold first', 'Platz 1 spielt die Hand: erst danach gehen oder passen'],
      ['invalid-seat-change', 'Seat 1 is not sitting out', 'Platz 1 pausiert nicht'],
      ['invalid-seat-change', 'Seat 1 has nothing to post: it is playing', 'Platz 1 muss nichts setzen'],
      ['not-between-hands', "Seat 2's chips are in the hand until it ends", 'Die Chips von Platz 2 sind bis zum Ende der Hand im Spiel'],
      ['invalid-amount', 'A top-up of 0 is not a positive number of chip units (1)', 'Ein Nachkauf von 0 ist keine positive Zahl von Chipeinheiten (1)'],
      ['invalid-amount', 'A top-up of 1.5 is not a positive number of chip units (1)', 'Ein Nachkauf von 1.5 ist keine positive Zahl von Chipeinheiten (1)'],
      ['buy-in-out-of-range', 'A top-up must bring the stack to 200–1000; 475 + 600 is 1075', 'Nachkaufen muss den Stapel auf 200–1000 bringen; 475 + 600 ist 1075'],
      ['invalid-seat-change', 'Seat 3 has no chips: buy chips first', 'Platz 3 hat keine Chips: erst nachkaufen'],
      ['invalid-seat-change', 'Seat 4 has nothing to post: it is posting already', 'Platz 4 muss nichts setzen'],
    ]);
  });

  it('T7 a player back within the hour brings back what they left with', () => {
    const table = new TableDriver().sit(1, 'A', 900).sit(2, 'B').draw('1:As 2:Ks').playHand();
    const left = table.player(1).stack;
    table.do({ type: 'leave', seat: 1, at: table.now });
    table.now = 59 * MINUTE;
    const seen = [refusal(table, { type: 'sit', seat: 1, name: 'A', buyIn: 500, at: table.now })];
    expect(seen).toEqual([
      ['buy-in-out-of-range', 'A buy-in of 500 is not within 880–1000 (A left with 880 less than 60 minutes ago)', 'Ein Buy-in von 500 liegt nicht zwischen 880 und 1000 (A ist vor weniger als 60 Minuten mit 880 gegangen)'],
    ]);
    expect(left).toBe(880);
  });

  it('T10 misdeals', () => {
    const table = inHand();
    const misdeal = (reason: string, by = FLOOR): { readonly type: string; readonly [key: string]: unknown } => ({ type: 'misdeal', reason, by });
    const seen = [refusal(table, misdeal('bad-luck')), refusal(table, misdeal('seat-skipped', ' '))];
    table.do({ type: 'call' }).do({ type: 'call' });
    seen.push(refusal(table, misdeal('seat-skipped')));
    table.do({ type: 'misdeal', reason: 'fouled-deck', by: FLOOR });
    seen.push(refusal(table, misdeal('fouled-deck')), refusal(table, { type: 'sit', seat: 5, name: 'E', buyIn: 500, at: 0 }), refusal(table, { type: 'fold' }));
    expect(seen).toEqual([
      ['invalid-amount', "'bad-luck' is not a reason for a misdeal", "'bad-luck' ist kein Grund für einen Misdeal"],
      ['invalid-seat-change', 'A misdeal needs the name of who declared it', 'Ein Misdeal braucht den Namen, wer ihn erklärt hat'],
      ['misdeal-too-late', 'No misdeal after substantial action (2 actions): the hand plays on (TDA 35–36)', 'Kein Misdeal nach wesentlicher Aktion (2 Aktionen): die Hand wird weitergespielt (TDA 35–36)'],
      ['hand-over', 'No hand is in play', 'Keine Hand läuft'],
      ['not-between-hands', 'Redeal the misdealt hand first: seat changes come after it', 'Erst die Hand nach dem Misdeal neu geben: Platzänderungen danach'],
      ['hand-over', 'No hand is in play: start the next hand', 'Keine Hand läuft: nächste Hand starten'],
    ]);
  });

  it('T11 floor decisions: rulings, stack corrections, time waived', () => {
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 10).sit(2, 'B').draw('1:As 2:Ks');
    const adjust = (amount: number, extra: Record<string, unknown> = {}): { readonly type: string; readonly [key: string]: unknown } => ({ type: 'adjust-stack', seat: 2, amount, reason: 'Miscount', by: FLOOR, ...extra });
    const seen = [
      refusal(table, { type: 'ruling', text: ' ', by: FLOOR }),
      refusal(table, { type: 'ruling', text: 'Seat 2 acted out of turn', by: '' }),
      refusal(table, adjust(10, { reason: '' })),
      refusal(table, adjust(0)),
      refusal(table, adjust(2.5)),
      refusal(table, adjust(-600)),
      refusal(table, adjust(MAX_CHIPS + 1)),
      refusal(table, adjust(2000)),
      refusal(table, { type: 'waive-time', seat: 1, amount: 15, reason: 'Short stack', by: FLOOR }),
    ];
    table.start();
    seen.push(refusal(table, adjust(10)));
    table.foldAround();
    seen.push(
      refusal(table, { type: 'waive-time', seat: 1, amount: 10, reason: 'Short stack', by: FLOOR }),
      refusal(table, { type: 'waive-time', seat: 1, amount: 15, reason: ' ', by: FLOOR }),
      refusal(table, { type: 'undo', reason: 'Wrong button', by: FLOOR }),
    );
    expect(seen).toEqual([
      ['invalid-seat-change', 'A ruling needs its words', 'Eine Entscheidung braucht ihren Wortlaut'],
      ['invalid-seat-change', 'A floor decision needs the name of who made it', 'Eine Floor-Entscheidung braucht den Namen, wer sie traf'],
      ['invalid-seat-change', 'A stack correction needs its reason', 'Eine Stapelkorrektur braucht ihren Grund'],
      ['invalid-amount', 'A correction of 0 is not a whole number of chip units (1)', 'Eine Korrektur von 0 ist keine ganze Zahl von Chipeinheiten (1)'],
      ['invalid-amount', 'A correction of 2.5 is not a whole number of chip units (1)', 'Eine Korrektur von 2.5 ist keine ganze Zahl von Chipeinheiten (1)'],
      ['not-enough-chips', 'Seat 2 has only 500', 'Platz 2 hat nur 500'],
      ['invalid-amount', "A correction of 1000000000001 is beyond any table's chips", 'Eine Korrektur von 1000000000001 übersteigt die Chips jedes Tisches'],
      ['invalid-amount', 'A correction of +2,000 is more than all the chips at the table and the largest buy-in (1,000): a correction puts a count right; more chips come with a top-up', 'Eine Korrektur von +2.000 ist mehr als alle Chips am Tisch und der höchste Buy-in (1.000): eine Korrektur berichtigt eine Zählung; mehr Chips kommen mit einem Nachkauf'],
      ['no-time-due', 'Seat 1 owes no time', 'Platz 1 schuldet keine Zeitgebühr'],
      ['not-between-hands', 'Seat 2 is in a hand: correct the stack after it', 'Platz 2 spielt eine Hand: Stapel danach korrigieren'],
      ['no-time-due', 'Seat 1 owes 15 in time now, not 10: look again', 'Platz 1 schuldet jetzt 15 Zeitgebühr, nicht 10: bitte neu prüfen'],
      ['invalid-seat-change', 'Waiving time needs its reason', 'Das Erlassen der Zeitgebühr braucht seinen Grund'],
      ['nothing-to-undo', 'No hand is in play: a finished hand is corrected with a stack adjustment', 'Keine Hand läuft: eine beendete Hand wird mit einer Stapelkorrektur berichtigt'],
    ]);
  });

  it('T12 tournaments', () => {
    const table = new TableDriver(TOURNAMENT).sit(1, 'A', 1000).sit(2, 'B', 1000);
    const seen = [refusal(table, { type: 'sit', seat: 3, name: 'C', buyIn: 500, at: 0 }), refusal(table, { type: 'sit-out', seat: 1 })];
    table.draw('1:As 2:Ks').playHand();
    seen.push(
      refusal(table, { type: 'sit', seat: 3, name: 'C', buyIn: 1000, at: 0 }),
      refusal(table, { type: 'top-up', seat: 1, amount: 100 }),
      refusal(table, { type: 'leave', seat: 1, at: 0 }),
      refusal(table, { type: 'configure', config: { ...CASINO_5_10 }, by: FLOOR, at: 0 }),
    );
    expect(seen).toEqual([
      ['buy-in-out-of-range', 'Every player starts the tournament with 1000, not 500', 'Jeder Spieler beginnt das Turnier mit 1000, nicht 500'],
      ['invalid-seat-change', 'In a tournament an absent player is dealt in and blinded off: the croupier folds the hand', 'Im Turnier wird ein abwesender Spieler ausgeteilt und bezahlt seine Blinds: der Croupier wirft die Hand weg'],
      ['not-between-hands', 'The tournament has started: registration is closed', 'Das Turnier läuft: keine Anmeldung mehr'],
      ['buy-in-out-of-range', 'No top-ups in this tournament', 'In diesem Turnier wird nicht nachgekauft'],
      ['not-between-hands', "In a tournament seat 1's chips stay in play until they are lost", 'Im Turnier bleiben die Chips von Platz 1 im Spiel, bis sie verloren sind'],
      ['invalid-config', "A tournament's structure is set at its start: only a cash table is set up anew", 'Die Struktur eines Turniers steht ab seinem Start fest: nur ein Cash-Tisch wird neu eingerichtet'],
    ]);
  });

  it('T14 setting the table up anew', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(7, 'G').draw('1:As 2:Ks 7:Qs');
    const configure = (config: Partial<TableConfig>, by = FLOOR): TableCommand => ({ type: 'configure', config: { ...CASINO_5_10, ...config }, by, at: 0 });
    const seen = [
      refusal(table, configure({}, '')),
      refusal(table, configure({ seatCount: 6, maxPlayers: 6 })),
      refusal(table, configure({ maxPlayers: 2 })),
      refusal(table, configure({ hand: { ...CASINO_5_10.hand, chipUnit: 25 } })),
      refusal(table, configure({ tournament: TOURNAMENT.tournament ?? null })),
    ];
    table.playHand();
    const odd = { hand: { ...CASINO_5_10.hand, chipUnit: 2, smallBlind: 2, bigBlind: 4 }, timeCollection: null };
    seen.push(refusal(table, configure(odd)));
    seen.push(refusal(table.start(), configure({})));
    expect(seen).toEqual([
      ['invalid-seat-change', 'A floor decision needs the name of who made it', 'Eine Floor-Entscheidung braucht den Namen, wer sie traf'],
      ['invalid-config', 'Seat 7 is taken: the table cannot have only 6 seats', 'Platz 7 ist besetzt: der Tisch kann nicht nur 6 Plätze haben'],
      ['invalid-config', '3 players sit at the table: at most 2 is too few', '3 Spieler sitzen am Tisch: höchstens 2 ist zu wenig'],
      ['invalid-config', 'smallBlind must be a whole number of chip units (25), got 5', 'smallBlind muss ein Vielfaches der Chipeinheit (25) sein, nicht 5'],
      ['invalid-config', "A tournament's structure is set at its start: only a cash table is set up anew", 'Die Struktur eines Turniers steht ab seinem Start fest: nur ein Cash-Tisch wird neu eingerichtet'],
      ['invalid-config', "Seat 1's stack 485 is not a whole number of the new chip unit 2", 'Der Stapel von Platz 1 (485) ist keine ganze Zahl der neuen Chipeinheit 2'],
      ['not-between-hands', "Change the table's setup between hands", 'Den Tisch zwischen zwei Händen einrichten'],
    ]);
  });

  it('the records: dealer changes and the software', () => {
    const table = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks');
    table.do({ type: 'dealer-change', number: '17', name: 'Dana', at: 0 });
    const seen = [
      refusal(table, { type: 'dealer-change', number: '17', name: 'Dana', at: 0 }),
      refusal(table, { type: 'dealer-change', number: '18', name: ' ', at: 0 }),
      refusal(table, { type: 'software-start', version: '1.0 beta', build: 'abc', at: 0 }),
      refusal(table, { type: 'software-start', version: '1.0', build: '', at: 0 }),
      refusal(table, { type: 'lift-lockout', gate: 'floor', by: '', at: 0 }),
    ];
    table.start();
    seen.push(refusal(table, { type: 'dealer-change', number: '18', name: 'Eli', at: 0 }));
    expect(seen).toEqual([
      ['dealer-on-duty', 'Dana is the dealer on duty already', 'Dana ist schon Dealer im Dienst'],
      ['invalid-seat-change', 'A dealer needs a name', 'Ein Dealer braucht einen Namen'],
      ['unknown-command', "The software's version is 1–64 printable characters without spaces, not \"1.0 beta\"", 'Die Version der Software hat 1–64 druckbare Zeichen ohne Leerzeichen, nicht "1.0 beta"'],
      ['unknown-command', "The software's build is 1–64 printable characters without spaces, not \"\"", 'Die Build-Kennung der Software hat 1–64 druckbare Zeichen ohne Leerzeichen, nicht ""'],
      ['invalid-seat-change', 'A floor decision needs the name of who made it', 'Eine Floor-Entscheidung braucht den Namen, wer sie traf'],
      ['not-between-hands', 'A dealer change is recorded between hands: finish this hand first', 'Ein Dealerwechsel wird zwischen den Händen erfasst: erst diese Hand beenden'],
    ]);
  });

  it('T10 a redeal comes before any seat change; T1 a player sitting out already', () => {
    const table = inHand().do({ type: 'misdeal', reason: 'fouled-deck', by: FLOOR });
    const changes: TableCommand[] = [
      { type: 'sit', seat: 5, name: 'E', buyIn: 500, at: 0 },
      { type: 'top-up', seat: 1, amount: 100 },
      { type: 'sit-out', seat: 1 },
      { type: 'come-back', seat: 1 },
      { type: 'post', seat: 1 },
      { type: 'leave', seat: 1, at: 0 },
      { type: 'adjust-stack', seat: 1, amount: 10, reason: 'Miscount', by: FLOOR },
      { type: 'configure', config: CASINO_5_10, by: FLOOR, at: 0 },
    ];
    for (const command of changes) expect(refusal(table, command)).toEqual(['not-between-hands', 'Redeal the misdealt hand first: seat changes come after it', 'Erst die Hand nach dem Misdeal neu geben: Platzänderungen danach']);
    table.start().foldAround().do({ type: 'sit-out', seat: 2 });
    expect(refusal(table, { type: 'sit-out', seat: 2 })).toEqual(['invalid-seat-change', 'Seat 2 is sitting out already', 'Platz 2 pausiert schon']);
  });

  it('E17, D65 a card error reported holds every step of the hand until the floor decides', () => {
    const table = inHand();
    table.do({ type: 'stop-card-entry', command: 'exposed', card: parseCard('2h'), report: { type: 'exposed', card: parseCard('2h') }, at: 0 });
    const steps: { readonly type: string; readonly [key: string]: unknown }[] = [
      { type: 'start-hand', at: 0 },
      { type: 'deal', card: null },
      { type: 'exposed', card: parseCard('2h') },
      { type: 'premature', to: 'burn', card: parseCard('2h') },
      { type: 'redeal-flop' },
      { type: 'fold' },
      { type: 'check' },
      { type: 'call' },
      { type: 'bet', to: 30 },
      { type: 'all-in' },
      { type: 'show' },
      { type: 'muck' },
    ];
    for (const step of steps) expect(refusal(table, step)).toEqual(['hand-held', 'The hand waits for the floor: a card error was reported', 'Die Hand wartet auf den Floor: ein Kartenfehler wurde gemeldet']);
    // The floor's own commands go on.
    table.do({ type: 'ruling', text: 'The card is taken', by: FLOOR });
  });

  it('T10 and T11 after the hand: no misdeal, no action, no undo', () => {
    const table = inHand().foldAround();
    expect([refusal(table, { type: 'misdeal', reason: 'seat-skipped', by: FLOOR }), refusal(table, { type: 'fold' }), refusal(table, { type: 'misdeal', reason: ['fouled-deck'], by: FLOOR })]).toEqual([
      ['hand-over', 'No hand is in play', 'Keine Hand läuft'],
      ['hand-over', 'No hand is in play: start the next hand', 'Keine Hand läuft: nächste Hand starten'],
      ['hand-over', 'No hand is in play', 'Keine Hand läuft'],
    ]);
    // A reason that is not a word (from the network) is no reason, even one that reads as one.
    table.start();
    expect(refusal(table, { type: 'misdeal', reason: ['fouled-deck'], by: FLOOR })).toEqual(['invalid-amount', "'fouled-deck' is not a reason for a misdeal", "'fouled-deck' ist kein Grund für einen Misdeal"]);
  });

  it('T14 a setup that would leave time owed off the chip unit, or the button nowhere', () => {
    const table = new TableDriver({ buyIn: { min: 10, max: 1000 } }).sit(1, 'A', 10).sit(2, 'B', 300).sit(8, 'H', 300).draw('1:2c 2:3c 8:As').start().foldAround();
    // Button 8, small blind 1, big blind 2; A could not pay the 15 in time and owes it.
    for (const seat of [1, 2, 8]) table.do({ type: 'adjust-stack', seat, amount: 300 - table.player(seat).stack, reason: 'Even stacks', by: FLOOR });
    const even = (config: Partial<TableConfig> = {}): TableCommand => ({
      type: 'configure',
      config: { ...CASINO_5_10, hand: { ...CASINO_5_10.hand, chipUnit: 2, smallBlind: 4, bigBlind: 10 }, timeCollection: { amount: 16, everyMinutes: 30, sittingOutPays: false, courtesyHands: 0 }, ...config },
      by: FLOOR,
      at: table.now,
    });
    const seen = [refusal(table, even())];
    table.do({ type: 'leave', seat: 8, at: table.now });
    seen.push(refusal(table, even({ seatCount: 7, maxPlayers: 7 })));
    // A leaves with 10 of the 15 owed: 5 is owed again on a return within the hour.
    table.do({ type: 'adjust-stack', seat: 1, amount: -290, reason: 'Miscount', by: FLOOR }).do({ type: 'leave', seat: 1, at: table.now });
    seen.push(refusal(table, even()));
    expect(seen).toEqual([
      ['invalid-config', 'Seat 1 owes 15 in time, not a whole number of the new chip unit 2: collect or waive it first', 'Platz 1 schuldet 15 Zeit, keine ganze Zahl der neuen Chipeinheit 2: erst kassieren oder erlassen'],
      ['invalid-config', 'The button or a blind is at seat 8: the table can have only 7 seats once they have moved past it (a hand or two)', 'Der Button oder ein Blind steht auf Platz 8: der Tisch kann erst nur 7 Plätze haben, wenn sie weitergezogen sind (nach ein, zwei Händen)'],
      ['invalid-config', 'A left owing 5 in time, not a whole number of the new chip unit 2, and may come back owing it until 01:00 UTC', 'A ist gegangen und schuldet 5 Zeit, keine ganze Zahl der neuen Chipeinheit 2, und kann damit bis 01:00 UTC zurückkommen'],
    ]);
  });
});

describe('what the table’s refusals say (en, de): the last ones', () => {
  it('T12, T13, E17 and the records: an undo without a reason, the tournament over, a version that is not a word, a report taken after its hand', () => {
    const undo = inHand().do({ type: 'call' });
    const finished = finishedTournament();
    const between = new TableDriver().sit(1, 'A').sit(2, 'B').draw('1:As 2:Ks').playHand();
    between.do({ type: 'stop-card-entry', command: 'exposed', card: parseCard('2h'), report: { type: 'exposed', card: parseCard('2h') }, at: 0 });
    expect([
      refusal(undo, { type: 'undo', reason: ' ', by: FLOOR }),
      refusal(finished, { type: 'start-hand', at: 0 }),
      refusal(between, { type: 'software-start', version: 123, build: 'b1', at: 0 }),
      refusal(between, { type: 'resume-card-entry', take: true, by: FLOOR }),
    ]).toEqual([
      ['invalid-seat-change', 'An undo needs its reason', 'Eine Rücknahme braucht ihren Grund'],
      ['hand-over', 'The tournament is over: A won', 'Das Turnier ist vorbei: A hat gewonnen'],
      ['unknown-command', "The software's version is 1–64 printable characters without spaces, not 123", 'Die Version der Software hat 1–64 druckbare Zeichen ohne Leerzeichen, nicht 123'],
      ['hand-over', 'The hand the report was made in is over: resume card entry without it', 'Die Hand, in der gemeldet wurde, ist vorbei: Karteneingabe ohne die Meldung fortsetzen'],
    ]);
  });
});
