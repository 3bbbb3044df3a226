import { BOARD_ANTENNA, BURN_ANTENNA, DEFAULT_ANTENNA_LAYOUT, MUCK_ANTENNA } from '../../drivers/rfid/antenna-layout.js';
import type { TagUid } from '../../drivers/rfid/tag-uid.js';
import type { SimulatedPanel } from '../../drivers/panel/simulated-panel.js';
import { type SimulatedRfidReader, simulatedDeckUids } from '../../drivers/sim/rfid-device.js';
import type { SimulatedShoeDevice } from '../../drivers/sim/shoe-device.js';
import type { Card } from '../cards/card.js';
import type { SeededRandom } from '../cards/random.js';
import type { TableController } from '../controller/table-controller.js';
import type { CardTarget } from '../engine/hand/dealing.js';
import { SimulatedShoe } from '../sim/shoe.js';
import type { SimFault } from './sim-faults.js';

/** The simulated table's devices, each speaking its real protocol on its line. */
export type SimulatedDevices = { readonly shoe: SimulatedShoeDevice; readonly rfid: SimulatedRfidReader; readonly panel: SimulatedPanel };

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
const NEXT_CARD_FAULTS: ReadonlySet<SimFault> = new Set<SimFault>([
  'shoe-truncated',
  'shoe-bad-checksum',
  'shoe-repeat',
  'shoe-missed-card',
  'rfid-truncated',
  'rfid-bad-crc',
  'rfid-repeat',
  'rfid-missed-read',
  'rfid-wrong-antenna',
]);

export function isNextCardFault(fault: SimFault): boolean {
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
  private readonly uids = simulatedDeckUids(SIMULATED_DECK);
  private readonly foreign = simulatedDeckUids(FOREIGN_DECK);
  /** Faults waiting for the next card, in the order asked. */
  private readonly nextCard: SimFault[] = [];
  /** The antenna whose fault clears at the next card. */
  private antennaDown: number | null = null;
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
  }

  /** Every second, as the real devices do: the shoe's `STAT` and the reader's `HEARTBEAT` (the table watches for silence). */
  startBeating(): void {
    if (this.beating !== null) return;
    this.beating = setInterval(() => {
      this.devices.shoe.send({ type: 'status', state: 'READY' });
      this.devices.rfid.heartbeat(++this.seconds);
    }, 1_000);
    this.beating.unref();
  }

  stopBeating(): void {
    if (this.beating !== null) clearInterval(this.beating);
    this.beating = null;
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
    const rfid = this.devices.rfid;
    if (this.antennaDown !== null) {
      rfid.antennaCleared(this.antennaDown);
      this.antennaDown = null;
    }
    const antenna = target === 'burn' ? BURN_ANTENNA : target === 'board' ? BOARD_ANTENNA : target.seat;
    const uid = this.uidOf(card);
    const fault = this.takeFault('rfid-');
    if (fault === 'rfid-missed-read') {
      rfid.missedRead(antenna, uid);
      return;
    }
    if (fault === 'rfid-wrong-antenna') {
      // Pitched to the wrong place first, then moved where it belongs.
      const wrong = antenna === BOARD_ANTENNA ? 1 : BOARD_ANTENNA;
      rfid.place(wrong, uid);
      rfid.lift(wrong, uid);
    }
    if (fault === 'rfid-truncated') rfid.truncated(antenna, uid);
    if (fault === 'rfid-bad-crc') rfid.badCrc(antenna, uid);
    rfid.place(antenna, uid);
    if (fault === 'rfid-repeat') for (let round = 0; round < 3; round++) rfid.round();
  }

  /** Both at once, as the simulation panel's button does: the shoe's card, then its tag. */
  dealNext(): Card | null {
    const dealt = this.dealFromShoe();
    if (dealt === null) return null;
    if (dealt.target !== null) this.place(dealt.card, dealt.target);
    return dealt.card;
  }

  /** A folded hand pulled into the muck: its tags leave the seat's antenna and come to the muck's. */
  muck(seat: number): void {
    const rfid = this.devices.rfid;
    for (const uid of rfid.tagsAt(seat)) {
      rfid.place(MUCK_ANTENNA, uid);
      rfid.lift(seat, uid);
    }
  }

  /** A fault now, or for the next card (`isNextCardFault`). */
  async inject(fault: SimFault): Promise<void> {
    if (isNextCardFault(fault)) {
      this.nextCard.push(fault);
      return;
    }
    const { shoe, rfid, panel } = this.devices;
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
        rfid.garbage(NOISE);
        return;
      case 'rfid-foreign-card': {
        const uid = this.foreign[0] as TagUid;
        rfid.place(BOARD_ANTENNA, uid);
        rfid.lift(BOARD_ANTENNA, uid);
        return;
      }
      case 'rfid-antenna-fault':
        rfid.antennaFault(BOARD_ANTENNA);
        this.antennaDown = BOARD_ANTENNA;
        return;
      case 'panel-garbage':
        panel.garbage(NOISE);
        return;
      default:
        return;
    }
  }

  private takeFault(prefix: 'shoe-' | 'rfid-'): SimFault | null {
    const index = this.nextCard.findIndex((fault) => fault.startsWith(prefix));
    return index === -1 ? null : (this.nextCard.splice(index, 1)[0] as SimFault);
  }

  /** The croupier gathers the last hand's cards from every antenna. */
  gatherCards(): void {
    this.clearAntennas();
  }

  private clearAntennas(): void {
    const rfid = this.devices.rfid;
    for (const antenna of DEFAULT_ANTENNA_LAYOUT.keys()) for (const uid of rfid.tagsAt(antenna)) rfid.lift(antenna, uid);
  }
}

/** Bytes no device sends: a burst of line noise. */
const NOISE = Uint8Array.from([0x00, 0xff, 0x24, 0x02, 0x7e, 0x13, 0x80, 0x0d, 0x0a, 0x55, 0xaa, 0x01]);
