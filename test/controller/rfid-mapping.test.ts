import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/cards/notation.js';
import { RfidMapping } from '../../src/controller/rfid-mapping.js';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { Store } from '../../src/store/store.js';
import { BOARD_ANTENNA, BURN_ANTENNA, DEFAULT_ANTENNA_LAYOUT, MUCK_ANTENNA } from '../../drivers/rfid/antenna-layout.js';
import { DeckRegistration } from '../../drivers/rfid/deck-registration.js';
import { encodeFrame } from '../../drivers/rfid/encode.js';
import { RfidReader } from '../../drivers/rfid/rfid-reader.js';
import { type TagUid, tagUidFromBytes } from '../../drivers/rfid/tag-uid.js';
import { SimulatedBinding } from '../../drivers/sim/simulated-binding.js';

/** The tag of card `card` in the registered deck (another deck's tags start with 0xEE). */
const uid = (card: number, deck = 0xe0): TagUid => tagUidFromBytes(Uint8Array.from([deck, 4, 0, 0, 0, 0, 0, card]));
const DECK = DeckRegistration.fromUidsInCardOrder(Array.from({ length: 52 }, (_, card) => uid(card)));

/** A table whose cards are read by a (simulated) RFID reader: antennas 1–14 seats, 20 board, 21 burn, 22 muck. */
async function tableWithReader() {
  const controller = TableController.open(Store.open(':memory:'), { now: () => Date.UTC(2026, 10, 29, 18) }, CASINO_5_10);
  const binding = new SimulatedBinding();
  const reader = binding.plug('/dev/ttyUSB1', { vendorId: '10c4', productId: 'ea60', serialNumber: 'RFID-1' });
  const mapping = new RfidMapping(controller, DECK, DEFAULT_ANTENNA_LAYOUT);
  const connect = async (): Promise<void> => void new RfidReader(await binding.open('/dev/ttyUSB1'), (event) => mapping.handle(event));
  await connect();
  const place = (antenna: number, card: string | TagUid): void => {
    reader.send(encodeFrame({ type: 'tag-seen', antenna, uid: card.length === 16 ? (card as TagUid) : uid(parseCard(card)), rssi: -40 }));
  };
  let id = 0;
  const submit = (command: Parameters<TableController['submit']>[0]['command']) => controller.submit({ id: `t${++id}`, command });
  for (const seat of [1, 4, 7]) submit({ type: 'sit', seat, name: `P${seat}`, buyIn: 500 });
  for (const [seat, card] of [[1, '2c'], [4, 'As'], [7, '3d']] as const) submit({ type: 'draw', seat, card: parseCard(card) });
  submit({ type: 'start-hand' });
  return { controller, binding, reader, mapping, connect, place, submit };
}

const rfid = (controller: TableController) => controller.view().devices.find((device) => device.id === 'rfid');

describe('the RFID reader at the table', () => {
  it('deals a hand from the antennas: burn, hole cards, board; a hand pulled into the muck is its player’s fold', async () => {
    const { controller, place, submit } = await tableWithReader();
    // Button 4: the small blind is seat 7, the big blind seat 1; the deal starts at seat 7.
    place(BURN_ANTENNA, 'Kh');
    for (const [seat, card] of [[7, 'Ah'], [1, 'Qh'], [4, '9c'], [7, 'Ad'], [1, 'Qd'], [4, '8c']] as const) place(seat, card);
    expect(controller.view().prompt).toMatchObject({ kind: 'action', seat: 4 });
    // Seat 4's hand goes into the muck on its turn: a fold.
    place(MUCK_ANTENNA, '9c');
    place(MUCK_ANTENNA, '8c');
    expect(controller.table.hand?.players.find((player) => player.seat === 4)?.status).toBe('folded');
    submit({ type: 'call' });
    submit({ type: 'check' });
    place(BURN_ANTENNA, '2d');
    for (const card of ['Jh', '7s', '4c']) place(BOARD_ANTENNA, card);
    expect(controller.table.hand?.board).toEqual(['Jh', '7s', '4c'].map((card) => parseCard(card)));
    // The flop read again on the turn is no news.
    submit({ type: 'check' });
    submit({ type: 'check' });
    place(BOARD_ANTENNA, 'Jh');
    expect(rfid(controller)).toBeUndefined();
    expect(controller.view().lastError).toBeNull();
  });

  it('flags a tag of another deck, a card at the wrong antenna, a hand mucked out of turn and an antenna fault — naming no card', async () => {
    const { controller, reader, place } = await tableWithReader();
    place(BURN_ANTENNA, uid(12, 0xee));
    expect(rfid(controller)).toMatchObject({ state: 'fault', detail: { en: 'a card not of this deck at the burn: stop the game and call the floor' } });
    place(3, 'Kh');
    expect(rfid(controller)).toMatchObject({ state: 'fault', detail: { en: 'a card at seat 3, but the next card goes to the burn: call the floor' } });
    expect(controller.table.hand?.burns).toEqual([]);
    place(BURN_ANTENNA, 'Kh');
    for (const [seat, card] of [[7, 'Ah'], [1, 'Qh'], [4, '9c'], [7, 'Ad'], [1, 'Qd'], [4, '8c']] as const) place(seat, card);
    place(MUCK_ANTENNA, 'Ah');
    expect(rfid(controller)).toMatchObject({ state: 'fault', detail: { en: "seat 7's cards went into the muck out of turn: call the floor" } });
    expect(controller.table.hand?.players.find((player) => player.seat === 7)?.status).toBe('active');
    place(BOARD_ANTENNA, '2s');
    expect(rfid(controller)).toMatchObject({ state: 'fault', detail: { en: 'a card at the board when none was due: call the floor' } });
    reader.send(encodeFrame({ type: 'antenna-fault', antenna: 3, code: 1 }));
    expect(rfid(controller)).toMatchObject({ state: 'fault', detail: { en: 'antenna 3 (seat 3): no antenna connected (open circuit)', de: 'Antenne 3 (Platz 3): keine Antenne angeschlossen (Leitung offen)' } });
    for (const device of controller.view().devices) expect(JSON.stringify(device.detail)).not.toMatch(/(10|[2-9TJQKA])[cdhs♣♦♥♠]\b/);
  });

  it('names a card found at another place than the one it was dealt to, and takes a card left from the last hand for no card of this one', async () => {
    const { controller, binding, reader, connect, place, submit } = await tableWithReader();
    place(BURN_ANTENNA, 'Kh');
    place(7, 'Ah');
    // Seat 7's card turns up at seat 1's antenna: the table keeps it at seat 7 and says so.
    place(1, 'Ah');
    expect(rfid(controller)).toMatchObject({ state: 'fault', detail: { en: 'a card dealt to seat 7 is at seat 1: call the floor', de: 'eine an Platz 7 gegebene Karte liegt an Platz 1: Floor rufen' } });
    expect(controller.table.hand?.players.find((player) => player.seat === 1)?.holeCards).toEqual([]);
    for (const [seat, card] of [[1, 'Qh'], [4, '9c'], [7, 'Ad'], [1, 'Qd'], [4, '8c']] as const) place(seat, card);
    while (controller.view().prompt.kind === 'action') submit({ type: 'fold' });
    expect(controller.view().prompt.kind).toBe('start-hand');
    submit({ type: 'start-hand' });
    // The reader loses its cable and comes back: it reports every tag still lying there, the last hand's burn among them.
    binding.unplug('/dev/ttyUSB1');
    expect(rfid(controller)?.state).toBe('disconnected');
    binding.replug(reader);
    await connect();
    place(BURN_ANTENNA, 'Kh');
    place(7, 'Ah');
    expect(controller.table.hand?.burns).toEqual([]);
    expect(controller.view().prompt).toMatchObject({ kind: 'deal', target: 'burn' });
    expect(controller.view().lastError).toBeNull();
    // A card put down now is this hand's.
    place(BURN_ANTENNA, '5s');
    expect(controller.table.hand?.burns).toEqual([parseCard('5s')]);
  });

  it('does not flag again, after a lost line, a card it flagged before: the reader reporting it again is no news', async () => {
    const { controller, binding, reader, connect, place } = await tableWithReader();
    place(BURN_ANTENNA, 'Kh');
    place(7, 'Ah');
    place(1, 'Ah');
    expect(rfid(controller)?.state).toBe('fault');
    binding.unplug('/dev/ttyUSB1');
    binding.replug(reader);
    await connect();
    controller.reportDevice({ id: 'rfid', kind: 'rfid-reader', state: 'connected', detail: null });
    place(7, 'Ah');
    place(1, 'Ah');
    expect(rfid(controller)?.state).toBe('connected');
    expect(controller.table.hand?.players.find((player) => player.seat === 7)?.holeCards).toEqual([parseCard('Ah')]);
  });

  it('forgets a card from before a lost line once a polled reader has read every antenna without it (all-reported)', async () => {
    const { controller, binding, reader, mapping, connect, place, submit } = await tableWithReader();
    place(BURN_ANTENNA, 'Kh');
    for (const [seat, card] of [[7, 'Ah'], [1, 'Qh'], [4, '9c'], [7, 'Ad'], [1, 'Qd'], [4, '8c']] as const) place(seat, card);
    while (controller.view().prompt.kind === 'action') submit({ type: 'fold' });
    submit({ type: 'start-hand' });
    binding.unplug('/dev/ttyUSB1');
    binding.replug(reader);
    await connect();
    // Every antenna read once, the old burn card not among them: it was taken away while the line was down.
    mapping.handle({ type: 'all-reported' });
    // Put down again now, it is this hand's burn.
    place(BURN_ANTENNA, 'Kh');
    expect(controller.table.hand?.burns).toEqual([parseCard('Kh')]);
  });

  it('takes hole cards dealt unread and read later at their seat for the seat’s: one tap shows them, and the muck antenna mucks them (D61)', async () => {
    const { controller, place, submit } = await tableWithReader();
    // The reader was down during the deal: every card went in unread, by touch.
    for (let card = 0; card < 7; card++) submit({ type: 'deal', card: null });
    expect(controller.view().prompt).toMatchObject({ kind: 'action', seat: 4 });
    // Back, the reader reports the hole cards lying at seats 7 and 1, and one at seat 4: no irregularity.
    for (const [seat, card] of [[7, 'Ah'], [7, 'Ad'], [1, 'Qh'], [1, 'Qd'], [4, '9c']] as const) place(seat, card);
    expect(rfid(controller)).toBeUndefined();
    // A third card at seat 7 is no card of seat 7's: the floor's.
    place(7, '2s');
    expect(rfid(controller)).toMatchObject({ state: 'fault', detail: { en: 'a card at seat 7 when none was due: call the floor' } });
    for (const type of ['call', 'call', 'check'] as const) submit({ type });
    for (let street = 0; street < 3; street++) {
      submit({ type: 'deal', card: null });
      for (let card = 0; card < (street === 0 ? 3 : 1); card++) submit({ type: 'deal', card: parseCard(['Jh', '7s', '4c', '3d', '5h'][street === 0 ? card : street + 2] as string) });
      while (controller.view().prompt.kind === 'action') submit({ type: 'check' });
    }
    // Seat 7 shows first: both cards read, a plain Show.
    expect(controller.view().prompt).toMatchObject({ kind: 'show', seat: 7, unread: 0 });
    expect(controller.command({ id: 'show-7', command: { type: 'show', seat: 7 } }, controller.view().decision)).toMatchObject({ ok: true });
    expect(controller.view().seats.find((seat) => seat.seat === 7)?.shown).toEqual(['Ah', 'Ad'].map((card) => parseCard(card)));
    // Seat 1 pulls its cards into the muck: the muck of a player who may muck.
    expect(controller.view().prompt).toMatchObject({ kind: 'show', seat: 1, unread: 0, muck: true });
    place(MUCK_ANTENNA, 'Qh');
    expect(controller.table.hand?.players.find((player) => player.seat === 1)?.showdown).toBe('mucked');
    // Seat 4 had one card read: the croupier names the other only.
    expect(controller.view().prompt).toMatchObject({ kind: 'show', seat: 4, unread: 1 });
    expect(controller.command({ id: 'show-4', command: { type: 'show', seat: 4, cards: [parseCard('8c')] } }, controller.view().decision)).toMatchObject({ ok: true });
    const log = JSON.stringify(controller.table.hand?.players.find((player) => player.seat === 4)?.showdown);
    expect(log).toBe(JSON.stringify(['9c', '8c'].map((card) => parseCard(card))));
    // The hand is over: the tabled hands pushed into the muck are no irregularity.
    expect(controller.view().prompt.kind).toBe('start-hand');
    const before = rfid(controller);
    for (const card of ['Ah', 'Ad', '9c', '8c']) place(MUCK_ANTENNA, card);
    expect(rfid(controller)).toEqual(before);
    expect(rfid(controller)?.detail?.en).not.toMatch(/muck/);
  });
});
