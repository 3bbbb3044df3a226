import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/cards/card.js';
import { shuffledDeck } from '../../src/cards/deck.js';
import { parseCard } from '../../src/cards/notation.js';
import { SeededRandom } from '../../src/cards/random.js';
import { ShoeMapping } from '../../src/controller/shoe-mapping.js';
import { TableController } from '../../src/controller/table-controller.js';
import { CASINO_5_10 } from '../../src/engine/table/table-config.js';
import { Store } from '../../src/store/store.js';
import { SimulatedBinding } from '../../drivers/sim/simulated-binding.js';
import { encodeShoeMessage } from '../../drivers/shoe/shoe-protocol.js';
import { ShoeReader } from '../../drivers/shoe/shoe-reader.js';

/** After the views published now have reached every screen: the mapping releases held cards then. */
const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A table whose cards come from a (simulated) shoe on a transport, through the reader and the mapping. */
async function tableWithShoe() {
  const controller = TableController.open(Store.open(':memory:'), { now: () => Date.UTC(2026, 10, 29, 18) }, CASINO_5_10);
  const binding = new SimulatedBinding();
  const shoe = binding.plug('/dev/ttyUSB0', { vendorId: '0403', productId: '6001', serialNumber: 'SHOE-1' });
  const mapping = new ShoeMapping(controller);
  const connect = async (): Promise<void> => {
    mapping.reconnected();
    new ShoeReader(await binding.open('/dev/ttyUSB0'), (event) => mapping.handle(event));
  };
  await connect();
  let seq = 0;
  const deal = (card: Card | null): void => shoe.send(encodeShoeMessage({ type: 'card', seq: seq++, card }));
  let id = 0;
  const submit = (command: Parameters<TableController['submit']>[0]['command']) => controller.submit({ id: `t${++id}`, command });
  for (const seat of [1, 4, 7]) submit({ type: 'sit', seat, name: `P${seat}`, buyIn: 500 });
  return { controller, binding, shoe, deal, submit, connect };
}

describe('the shoe at the table', () => {
  it('deals a whole hand from the shoe: the draw, the burns, the hole cards and the board, each where the table expects it', async () => {
    const { controller, deal, submit } = await tableWithShoe();
    for (const card of ['2c', 'As', '3d']) deal(parseCard(card));
    expect(controller.table.button).toBe(4);
    submit({ type: 'start-hand' });
    const deck = shuffledDeck(new SeededRandom(9));
    let next = 0;
    for (let guard = 0; guard < 100 && controller.table.hand?.phase.kind !== 'complete'; guard++) {
      const view = controller.view();
      if (view.prompt.kind === 'deal') deal(deck[next++] as Card);
      else if (view.prompt.kind === 'action') submit(view.actor?.legal.check ? { type: 'check' } : { type: 'call' });
      else submit({ type: 'show' });
      expect(controller.view().lastError).toBeNull();
    }
    const hand = controller.table.hand;
    expect(hand?.phase.kind).toBe('complete');
    // The burn and six hole cards, then burn + flop, burn + turn, burn + river.
    expect(hand?.board).toEqual([8, 9, 10, 12, 14].map((index) => deck[index]));
    expect(controller.view().devices).toEqual([]);
  });

  it('refuses a card twice, and flags a card out of turn, cards the shoe did not report, a bad deck, a fault, a pulled cable', async () => {
    const { controller, binding, shoe, deal, submit } = await tableWithShoe();
    shoe.send(encodeShoeMessage({ type: 'deck', ok: false, count: 52, missing: [parseCard('7h')], extra: [null], duplicates: [parseCard('4c')] }));
    expect(controller.view().devices[0]).toMatchObject({ id: 'shoe', state: 'fault', detail: { en: 'The deck failed its check (52 cards: missing 7h; not of this deck ??; twice 4c): do not deal it' } });
    for (const card of ['2c', 'As', '3d']) deal(parseCard(card));
    submit({ type: 'start-hand' });
    deal(parseCard('Kh'));
    deal(parseCard('Kh'));
    expect(controller.view().lastError?.en).toBe('That card is already in play: check the deck and call the floor');
    shoe.send(encodeShoeMessage({ type: 'card', seq: 10, card: parseCard('Qh') }));
    expect(controller.view().devices[0]).toMatchObject({ state: 'fault', detail: { en: '5 card(s) left the shoe unreported: enter them by touch (1 held until then)' } });
    while (controller.view().prompt.kind === 'deal') submit({ type: 'deal', card: null });
    shoe.send(encodeShoeMessage({ type: 'card', seq: 11, card: parseCard('Jh') }));
    expect(controller.view().devices[0]).toMatchObject({ state: 'fault', detail: { en: 'A card left the shoe when none was due: call the floor' } });
    shoe.send(encodeShoeMessage({ type: 'error', code: 'JAM', text: 'exit roller' }));
    expect(controller.view().devices[0]).toMatchObject({ state: 'fault', detail: { en: 'the shoe jammed (exit roller)', de: 'der Schlitten klemmt (exit roller)' } });
    binding.unplug('/dev/ttyUSB0');
    // The croupier's words in both languages, never the driver's path or error.
    expect(controller.view().devices[0]).toMatchObject({ state: 'disconnected', detail: { en: 'connection lost: is it plugged in and switched on?', de: 'Verbindung verloren: eingesteckt und eingeschaltet?' } });
  });

  it('names no card of a failed deck check once a hand was dealt, even after the hand was called void', async () => {
    const { controller, shoe, deal, submit } = await tableWithShoe();
    for (const card of ['2c', 'As', '3d']) deal(parseCard(card));
    submit({ type: 'start-hand' });
    for (const card of ['Kh', '7h', '8h', '9h']) deal(parseCard(card));
    submit({ type: 'misdeal', reason: 'cards-exposed', by: 'Floor' });
    expect(controller.table.hand).toBeNull();
    // 7h went to a player, who may have kept it: the table sees the screen.
    shoe.send(encodeShoeMessage({ type: 'deck', ok: false, count: 51, missing: [parseCard('7h')], extra: [], duplicates: [] }));
    const detail = controller.view().devices[0]?.detail;
    expect(detail?.en).toBe('The deck failed its check (51 cards: missing 1): do not deal it');
    expect(JSON.stringify(detail)).not.toContain('7h');
  });

  it('holds the cards after one the shoe did not report until the croupier enters it, so none goes to another player’s place', async () => {
    const { controller, shoe, submit } = await tableWithShoe();
    let seq = 0;
    const send = (card: string | null, at = seq++): void => shoe.send(encodeShoeMessage({ type: 'card', seq: at, card: card === null ? null : parseCard(card) }));
    for (const card of ['2c', 'As', '3d']) send(card);
    submit({ type: 'start-hand' });
    send('Kh'); // the burn
    seq++; // the small blind's first card leaves the shoe; its sentence is lost
    send('Qh'); // the big blind's
    const hand = () => controller.table.hand;
    expect(controller.view().devices[0]).toMatchObject({ state: 'fault', detail: { en: '1 card(s) left the shoe unreported: enter them by touch (1 held until then)' } });
    // Qh is not given to the small blind: the table still asks for the small blind's card.
    expect(hand()?.players.flatMap((player) => player.holeCards)).toEqual([]);
    const smallBlind = (controller.view().prompt as { target: { seat: number } }).target.seat;
    submit({ type: 'deal', card: parseCard('7c') });
    await settled();
    // Entered by touch: Qh follows, to the next place.
    expect(hand()?.players.find((player) => player.seat === smallBlind)?.holeCards).toEqual([parseCard('7c')]);
    expect(hand()?.players.flatMap((player) => player.holeCards)).toContainEqual(parseCard('Qh'));
    expect(hand()?.players.find((player) => player.seat === smallBlind)?.holeCards).not.toContainEqual(parseCard('Qh'));
    expect(controller.view().lastError).toBeNull();
  });

  it('takes a card the antennas read first as the same card, and a lost sentence the antennas made up for as no fault', async () => {
    const { controller, shoe, submit } = await tableWithShoe();
    let seq = 0;
    const send = (card: string, at = seq++): void => shoe.send(encodeShoeMessage({ type: 'card', seq: at, card: parseCard(card) }));
    for (const card of ['2c', 'As', '3d']) send(card);
    submit({ type: 'start-hand' });
    send('Kh');
    // The RFID antenna at the small blind's place read Jd before the shoe's sentence came (as the RFID mapping submits it).
    const target = (controller.view().prompt as { target: { seat: number } }).target;
    submit({ type: 'deal', card: parseCard('Jd'), to: target });
    send('Jd');
    expect(controller.view().lastError).toBeNull();
    expect(controller.table.hand?.players.flatMap((player) => player.holeCards)).toEqual([parseCard('Jd')]);
    // Jc's sentence is lost; the antenna reads it where it went; then Tc's sentence shows the gap.
    const next = (controller.view().prompt as { target: { seat: number } }).target;
    seq++;
    submit({ type: 'deal', card: parseCard('Jc'), to: next });
    send('Tc');
    expect(controller.view().devices[0]).toMatchObject({ state: 'connected', detail: { en: '1 card(s) the shoe did not report are on the table' } });
    expect(controller.table.hand?.players.flatMap((player) => player.holeCards)).toHaveLength(3);
    expect(controller.view().lastError).toBeNull();
  });

  it('counts a gap from the shoe’s last card: cards entered by touch while its cable was out hide no later gap', async () => {
    const { controller, binding, shoe, submit, connect } = await tableWithShoe();
    let seq = 0;
    const send = (card: string): void => shoe.send(encodeShoeMessage({ type: 'card', seq: seq++, card: parseCard(card) }));
    for (const card of ['2c', 'As', '3d']) send(card);
    submit({ type: 'start-hand' });
    send('Kh'); // the burn
    binding.unplug('/dev/ttyUSB0');
    // Two cards entered by touch while the shoe is away.
    submit({ type: 'deal', card: parseCard('2h') });
    submit({ type: 'deal', card: parseCard('3h') });
    binding.replug(shoe);
    await connect();
    send('4h');
    seq++; // a sentence lost
    send('Th');
    await settled();
    const seats = () => Object.fromEntries((controller.table.hand?.players ?? []).map((player) => [player.seat, player.holeCards]));
    // Th waits for the lost card: it is not given to the lost card's place.
    expect(Object.values(seats()).flat()).not.toContainEqual(parseCard('Th'));
    expect(controller.view().devices[0]).toMatchObject({ state: 'fault', detail: { en: '1 card(s) left the shoe unreported: enter them by touch (1 held until then)' } });
    submit({ type: 'deal', card: parseCard('5h') });
    await settled();
    expect(Object.values(seats()).flat()).toEqual(expect.arrayContaining(['2h', '3h', '4h', '5h', 'Th'].map((card) => parseCard(card))));
    expect(controller.view().lastError).toBeNull();
  });

  it('goes on after the floor takes back a card the shoe dealt, and every screen ends on the latest view', async () => {
    const { controller, shoe, submit } = await tableWithShoe();
    let seq = 0;
    const send = (card: string): void => shoe.send(encodeShoeMessage({ type: 'card', seq: seq++, card: parseCard(card) }));
    for (const card of ['2c', 'As', '3d']) send(card);
    submit({ type: 'start-hand' });
    send('Kh');
    send('Qh');
    submit({ type: 'undo', reason: 'dealt to the wrong seat', by: 'Floor' });
    expect(controller.table.hand?.players.flatMap((player) => player.holeCards)).toEqual([]);
    // The croupier puts Qh back in the shoe's path: it comes out again under its next number.
    send('Qh');
    send('Jh');
    await settled();
    expect(new Set(controller.table.hand?.players.flatMap((player) => player.holeCards))).toEqual(new Set([parseCard('Qh'), parseCard('Jh')]));
    expect(controller.view().devices.filter((device) => device.state === 'fault')).toEqual([]);

    // A held card released while a view is being published: the last view every screen gets is the latest.
    const seen: string[] = [];
    controller.subscribe((view) => seen.push(view.prompt.words.en));
    seq++;
    send('9h');
    submit({ type: 'deal', card: parseCard('8h') });
    await settled();
    expect(controller.table.hand?.players.flatMap((player) => player.holeCards)).toContainEqual(parseCard('9h'));
    expect(seen.at(-1)).toBe(controller.view().prompt.words.en);
  });
});

