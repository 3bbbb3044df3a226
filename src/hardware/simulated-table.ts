import type { AntennaPlace } from '../../drivers/rfid/antenna-layout.js';
import type { TagUid } from '../../drivers/rfid/tag-uid.js';
import type { SimulatedPanel } from '../../drivers/panel/simulated-panel.js';
import { simulatedDeckUids, simulatedNtagDeckUids } from '../../drivers/sim/rfid-device.js';
import type { SimulatedShoeDevice } from '../../drivers/sim/shoe-device.js';
import type { Card } from '../cards/card.js';
import type { SeededRandom } from '../cards/random.js';
import type { TableController } from '../controller/table-controller.js';
import type { CardTarget } from '../engine/hand/dealing.js';
import { SimulatedShoe } from '../sim/shoe.js';
import type { SimFault } from './sim-faults.js';
import { placeKey, type ReaderFault, type SimulatedAntennas } from './simulated-antennas.js';

/** The simulated table's devices, each speaking its real protocol on its line; the antennas behind whichever reader the table has. */
export type SimulatedDevices = { readonly shoe: SimulatedShoeDevice; readonly antennas: SimulatedAntennas; readonly panel: SimulatedPanel };

/** A fault the simulated table can be asked for: one of the screen's (sim-faults.ts) or a reader's own. */
export type TableFault = SimFault | ReaderFault;

export type DeviceName = 'shoe' | 'rfid' | 'panel';

/** How the simulated devices are wired to the table: pulling and putting back a cable. */
export interface SimulatedWiring {
  unplug(device: DeviceName): Promise<void>;
  replug(device: DeviceName): Promise<void>;
}

/** The deck on the simulated table (its tags are the registered deck) and another deck's, for the foreign-card fault. */
export const SIMULATED_DECK = 0;
const FOREIGN_DECK = 1;

/** Faults that happen to the next card dealt, not at once. */
const NEXT_CARD_FAULTS: ReadonlySet<TableFault> = new Set<TableFault>([
  'shoe-truncated',
  'shoe-bad-checksum',
  'shoe-repeat',
  'shoe-missed-card',
  'rfid-truncated',
  'rfid-bad-crc',
  'rfid-repeat',
  'rfid-missed-read',
  'rfid-wrong-antenna',
  'rfid-two-antennas',
  'rfid-flicker',
]);

export function isNextCardFault(fault: TableFault): boolean {
  return NEXT_CARD_FAULTS.has(fault);
}

/**
 * The virtual table: a shuffled deck in the dealing shoe, RFID antennas under the seats, the board, the
 * burn and the muck, and the button panel. Dealing a card sends the shoe's sentence for it, then the
 * reader's frame for its tag arriving at the antenna of the place the table expects — the bytes the real
 * devices send, read by the real drivers. Faults are those bytes gone wrong (sim-faults.ts).
 */
export class SimulatedTable {
  private readonly cards: SimulatedShoe;
  private readonly uids: readonly TagUid[];
  private readonly foreign: readonly TagUid[];
  /** Faults waiting for the next card, in the order asked. */
  private readonly nextCard: TableFault[] = [];
  /** The antenna whose fault clears at the next card. */
  private antennaDown: AntennaPlace | null = null;
  /** The hand the antennas hold cards of (its `hand-started` entry). */
  private hand: object | undefined = undefined;
  private beating: ReturnType<typeof setInterval> | null = null;
  private seconds = 0;

  constructor(
    private readonly controller: TableController,
    readonly devices: SimulatedDevices,
    private readonly wiring: SimulatedWiring,
    random: SeededRandom,
  ) {
    this.cards = new SimulatedShoe(random);
    // A PN532 reads ISO 14443A cards: NTAG inlays with 7-byte UIDs, the simulated Pepper C1's too. The others read the ISO 15693 deck.
    const uidsOf = devices.antennas.kind === 'pn532' || devices.antennas.kind === 'pepper' ? simulatedNtagDeckUids : simulatedDeckUids;
    this.uids = uidsOf(SIMULATED_DECK);
    this.foreign = uidsOf(FOREIGN_DECK);
  }

  /** The deck registered at this table: the simulated deck's tags, of the kind its reader reads. */
  get deckUids(): readonly TagUid[] {
    return this.uids;
  }

  /** Whether the table's reader can be asked for this fault (a PN532 has no antenna faults). */
  supports(fault: TableFault): boolean {
    return fault !== 'rfid-antenna-fault' || this.devices.antennas.antennaFaults;
  }

  /** Every second, as the real devices do: the shoe's `STAT` and the reader's `HEARTBEAT` (the table watches for silence). */
  startBeating(): void {
    if (this.beating !== null) return;
    this.beating = setInterval(() => {
      this.devices.shoe.send({ type: 'status', state: 'READY' });
      this.devices.antennas.beat(++this.seconds);
    }, 1_000);
    this.beating.unref();
  }

  stopBeating(): void {
    if (this.beating !== null) clearInterval(this.beating);
    this.beating = null;
    this.devices.antennas.stop();
  }

  uidOf(card: Card): TagUid {
    return this.uids[card] as TagUid;
  }

  /**
   * The shoe sends the card the prompt asks for (a card for the button draw, or the next card of the
   * hand): the card, and where it goes, or null when the table expects no card. The tag follows with
   * `place` once the shoe's card is on the table (a real card reaches its antenna after leaving the shoe).
   */
  dealFromShoe(): { card: Card; target: CardTarget | null } | null {
    const table = this.controller.table;
    const prompt = this.controller.view().prompt;
    if (prompt.kind === 'draw-for-button') {
      const card = this.cards.draw(table.buttonDraw.map((drawn) => drawn.card));
      this.devices.shoe.deal(card);
      return { card, target: null };
    }
    const hand = table.hand;
    const started = table.handLog[0];
    if (prompt.kind !== 'deal' || hand === null || started === undefined) return null;
    if (started !== this.hand) {
      // A new hand: last hand's cards were gathered from every antenna.
      this.hand = started;
      this.clearAntennas();
    }
    const card = this.cards.deal(hand, started);
    const shoe = this.devices.shoe;
    const fault = this.takeFault('shoe-');
    if (fault === 'shoe-truncated') {
      shoe.truncated(card);
      shoe.deal(card);
    } else if (fault === 'shoe-bad-checksum') shoe.corrupted(card);
    else if (fault === 'shoe-missed-card') shoe.lose();
    else {
      shoe.deal(card);
      if (fault === 'shoe-repeat') shoe.repeatLast(card);
    }
    return { card, target: prompt.target };
  }

  /** The card reaches the antenna of its place (with the next RFID fault, if one is waiting). */
  place(card: Card, target: CardTarget): void {
    const antennas = this.devices.antennas;
    if (this.antennaDown !== null) {
      antennas.antennaCleared(this.antennaDown);
      this.antennaDown = null;
    }
    const where: AntennaPlace = target === 'burn' ? { kind: 'burn' } : target === 'board' ? { kind: 'board' } : { kind: 'seat', seat: target.seat };
    const uid = this.uidOf(card);
    if (!this.hasAntenna(where)) return;
    const fault = this.takeFault('rfid-');
    switch (fault) {
      case 'rfid-missed-read':
        antennas.missedRead(where, uid);
        return;
      case 'rfid-wrong-antenna': {
        // Pitched to the wrong place first, then moved where it belongs once the reader has seen it there.
        const wrong: AntennaPlace = where.kind === 'board' ? this.seatWithAntenna() : { kind: 'board' };
        antennas.place(wrong, uid);
        antennas.later(() => {
          antennas.lift(wrong, uid);
          antennas.place(where, uid);
        });
        return;
      }
      case 'rfid-truncated':
      case 'rfid-bad-crc':
        antennas.spoiled(where, uid, fault === 'rfid-truncated' ? 'cut' : 'bad-crc');
        return;
      case 'rfid-two-antennas': {
        antennas.place(where, uid);
        const neighbour = this.neighbourOf(where);
        if (neighbour !== null) antennas.place(neighbour, uid);
        return;
      }
      case 'rfid-flicker':
        antennas.place(where, uid);
        antennas.later(() => antennas.flicker(where, uid));
        return;
      default:
        antennas.place(where, uid);
        if (fault === 'rfid-repeat') for (let round = 0; round < 3; round++) antennas.repeat();
    }
  }

  private hasAntenna(where: AntennaPlace): boolean {
    return this.devices.antennas.places.some((place) => placeKey(place) === placeKey(where));
  }

  /** The first seat with an antenna (a PN532 table has boards only under the seats in play). */
  private seatWithAntenna(): AntennaPlace {
    return this.devices.antennas.places.find((place) => place.kind === 'seat') ?? { kind: 'seat', seat: 1 };
  }

  /** The antenna beside this one, whose field may reach a card here: the next seat; the burn beside the board. */
  private neighbourOf(where: AntennaPlace): AntennaPlace | null {
    const candidate: AntennaPlace = where.kind === 'seat' ? { kind: 'seat', seat: where.seat + 1 } : where.kind === 'board' ? { kind: 'burn' } : { kind: 'board' };
    if (this.hasAntenna(candidate)) return candidate;
    const first = this.seatWithAntenna();
    return this.hasAntenna(first) && placeKey(first) !== placeKey(where) ? first : null;
  }

  /** Both at once, as the simulation panel's button does: the shoe's card, then its tag. */
  dealNext(): Card | null {
    const dealt = this.dealFromShoe();
    if (dealt === null) return null;
    if (dealt.target !== null) this.place(dealt.card, dealt.target);
    return dealt.card;
  }

  /** The tags lying at a seat's antenna (none where a seat has no antenna). */
  tagsAtSeat(seat: number): readonly TagUid[] {
    const where: AntennaPlace = { kind: 'seat', seat };
    return this.hasAntenna(where) ? this.devices.antennas.tagsAt(where) : [];
  }

  /** A folded hand pulled into the muck: its tags leave the seat's antenna and come to the muck's. */
  muck(seat: number): void {
    const antennas = this.devices.antennas;
    const muck: AntennaPlace = { kind: 'muck' };
    for (const uid of this.tagsAtSeat(seat)) {
      if (this.hasAntenna(muck)) antennas.place(muck, uid);
      antennas.lift({ kind: 'seat', seat }, uid);
    }
  }

  /** A fault now, or for the next card (`isNextCardFault`). */
  async inject(fault: TableFault): Promise<void> {
    if (isNextCardFault(fault)) {
      this.nextCard.push(fault);
      return;
    }
    const { shoe, antennas, panel } = this.devices;
    switch (fault) {
      case 'shoe-unplug':
        return this.wiring.unplug('shoe');
      case 'shoe-replug':
        return this.wiring.replug('shoe');
      case 'rfid-unplug':
        return this.wiring.unplug('rfid');
      case 'rfid-replug':
        return this.wiring.replug('rfid');
      case 'panel-unplug':
        return this.wiring.unplug('panel');
      case 'panel-replug':
        return this.wiring.replug('panel');
      case 'shoe-garbage':
        shoe.noise(NOISE);
        return;
      case 'shoe-jam':
        shoe.jam();
        return;
      case 'shoe-bad-deck':
        // The shoe's own check after a deck is loaded: two of a card, one missing.
        shoe.send({ type: 'deck', ok: false, count: 52, missing: [51 as Card], extra: [], duplicates: [0 as Card] });
        return;
      case 'rfid-garbage':
        antennas.garbage(NOISE);
        return;
      case 'rfid-foreign-card': {
        const uid = this.foreign[0] as TagUid;
        const board: AntennaPlace = this.hasAntenna({ kind: 'board' }) ? { kind: 'board' } : this.seatWithAntenna();
        antennas.place(board, uid);
        antennas.later(() => antennas.lift(board, uid));
        return;
      }
      case 'rfid-antenna-fault':
        if (!antennas.antennaFaults) return;
        antennas.antennaFault({ kind: 'board' });
        this.antennaDown = { kind: 'board' };
        return;
      case 'panel-garbage':
        panel.garbage(NOISE);
        return;
      default:
        return;
    }
  }

  private takeFault(prefix: 'shoe-' | 'rfid-'): TableFault | null {
    const index = this.nextCard.findIndex((fault) => fault.startsWith(prefix));
    return index === -1 ? null : (this.nextCard.splice(index, 1)[0] as TableFault);
  }

  /**
   * The croupier gathers the last hand's cards from every antenna, once the readers have read the table as it
   * lies (a polled reader reads a card laid down at its next round: gathered before, it would be read after
   * the gathering — a card from nowhere at the next hand).
   */
  async gatherCards(): Promise<void> {
    await new Promise<void>((resolve) => this.devices.antennas.later(resolve));
    this.clearAntennas();
  }

  private clearAntennas(): void {
    const antennas = this.devices.antennas;
    for (const place of antennas.places) for (const uid of antennas.tagsAt(place)) antennas.lift(place, uid);
  }
}

/** Bytes no device sends: a burst of line noise. */
const NOISE = Uint8Array.from([0x00, 0xff, 0x24, 0x02, 0x7e, 0x13, 0x80, 0x0d, 0x0a, 0x55, 0xaa, 0x01]);
