import { randomUUID } from 'node:crypto';
import type { PanelKey } from '../../drivers/panel/panel-protocol.js';
import type { Card } from '../cards/card.js';
import type { SeededRandom } from '../cards/random.js';
import type { TableController, TimedCommand } from '../controller/table-controller.js';
import type { DeviceStatus } from '../controller/view-model.js';
import type { Command } from '../engine/hand/apply.js';
import { type CardTarget, isSeen } from '../engine/hand/dealing.js';
import type { TableState } from '../engine/table/table-state.js';
import { randomLegalCommand } from '../sim/random-play.js';
import { SIM_FAULTS } from './sim-faults.js';
import { READER_FAULTS } from './simulated-antennas.js';
import { type DeviceName, isNextCardFault, type SimulatedTable, type TableFault } from './simulated-table.js';

export type CroupierOptions = {
  readonly hands: number;
  /** Players seated at the start (2–10). */
  readonly players?: number;
  /** Inject every fault of sim-faults.ts and the reader's own (READER_FAULTS) in turn, one every few steps. */
  readonly faults?: boolean;
  /** How long to wait for the table to take a card or a press before trying the next way (ms). */
  readonly patienceMs?: number;
  /** Each step in words, for `felt sim --hardware pty`'s progress. */
  readonly log?: (line: string) => void;
  /** Ends the session at the croupier's next step or wait (Ctrl-C): `play` then rejects with `CroupierStopped`. */
  readonly stop?: AbortSignal;
};

/** The session was stopped from outside (`stop`) before it was played to its end. */
export class CroupierStopped extends Error {
  override readonly name = 'CroupierStopped';
}

export type CroupierReport = {
  readonly hands: number;
  /** Faults injected, by name, in the order they came. */
  readonly faults: readonly TableFault[];
  /** Cards the croupier had to enter by touch because no device reported them. */
  readonly touchEntries: number;
  /** Cards the RFID antennas put on the table because the shoe's sentence was lost. */
  readonly antennaEntries: number;
  /** Refusals the table showed (a rule the engine enforced), in words. */
  readonly refusals: readonly string[];
  /** Every device status the status bar showed, as `id state: words`, each once, in order. */
  readonly statuses: readonly string[];
};

const SEAT_BUY_IN = 1_000;

/**
 * The simulated table's croupier, for sessions over real serial lines: reads the prompt like a person
 * and answers it with the devices — cards out of the dealing shoe onto their antennas, the players'
 * actions on the button panel (a fold now and then by pulling the cards into the muck), seating and
 * showdowns by touch. With faults on, it breaks the devices one way after another and carries on as a
 * croupier would: a card no device reported is entered by touch, an unplugged cable is put back.
 * Every wait is bounded; a table that stops answering is an error naming what it waited for.
 */
export class SimulatedCroupier {
  private readonly faultsInjected: TableFault[] = [];
  private readonly statuses: string[] = [];
  private readonly refusals: string[] = [];
  private touchEntries = 0;
  private antennaEntries = 0;
  /** The next fault of each list, so every fault comes in turn. */
  private readonly nextFault = { now: 0, nextCard: 0 };
  private steps = 0;
  private readonly patienceMs: number;

  constructor(
    private readonly controller: TableController,
    private readonly table: SimulatedTable,
    private readonly random: SeededRandom,
    private readonly options: CroupierOptions,
  ) {
    this.patienceMs = options.patienceMs ?? 250;
  }

  async play(): Promise<CroupierReport> {
    const unsubscribe = this.controller.subscribe((view) => {
      for (const device of view.devices) this.sawStatus(device);
      if (view.lastError !== null && this.refusals.at(-1) !== view.lastError.en) {
        this.refusals.push(view.lastError.en);
        this.log(`the table refused: ${view.lastError.en}`);
      }
    });
    let hands = 0;
    try {
      for (let guard = 0; ; guard++) {
        this.stopIfAsked();
        const prompt = this.controller.view().prompt;
        if (guard > 5_000 * Math.max(1, this.options.hands)) throw new Error(`the simulated session does not end: the table asks '${prompt.words.en}' (${JSON.stringify(this.controller.table.seats.filter((player) => player !== null))})`);
        if (prompt.kind === 'start-hand' && this.controller.table.handNumber >= this.options.hands) break;
        if (prompt.kind === 'tournament-over') break;
        switch (prompt.kind) {
          case 'seat-players':
            this.seatPlayers();
            break;
          case 'draw-for-button':
            await this.drawForButton();
            break;
          case 'start-hand':
            // The last cards' reads may be on the line still; then the croupier gathers the cards.
            await new Promise((resolve) => setTimeout(resolve, 20));
            await this.table.gatherCards();
            await this.betweenHands();
            this.touch({ type: 'start-hand' });
            hands++;
            this.log(`hand ${this.controller.table.handNumber}: button seat ${this.controller.table.button ?? '?'}`);
            break;
          case 'deal':
            await this.deal(prompt.target);
            break;
          case 'action':
            await this.act(prompt.seat);
            break;
          case 'show':
            this.touch({ type: 'show' });
            break;
        }
      }
    } finally {
      unsubscribe();
    }
    return { hands, faults: this.faultsInjected, touchEntries: this.touchEntries, antennaEntries: this.antennaEntries, refusals: this.refusals, statuses: this.statuses };
  }

  private seatPlayers(): void {
    const players = Math.min(Math.max(this.options.players ?? 6, 2), this.controller.table.config.seatCount);
    for (let seat = 1; seat <= players; seat++) {
      const player = this.controller.table.seats[seat - 1];
      if (player === null || player === undefined) this.touch({ type: 'sit', seat, name: `Player ${seat}`, buyIn: SEAT_BUY_IN });
      else if (player.stack === 0) this.touch({ type: 'top-up', seat, amount: SEAT_BUY_IN });
    }
    // A busted player who bought in again sits out until they come back, and posts what they missed.
    for (const player of this.controller.table.seats) {
      if (player?.status === 'sitting-out' && player.stack > 0) this.touch({ type: 'come-back', seat: player.seat });
    }
    for (const player of this.controller.table.seats) {
      if (player?.status === 'waiting' && !player.posting) this.touch({ type: 'post', seat: player.seat });
    }
  }

  private async drawForButton(): Promise<void> {
    const before = this.controller.table;
    this.table.dealFromShoe();
    await this.until(() => this.controller.table !== before, 'a card for the button draw from the shoe');
  }

  /** Busted players buy in again, and now and then a device fails between hands. */
  private async betweenHands(): Promise<void> {
    this.seatPlayers();
    if (this.options.faults === true) {
      for (let count = 0; count < 2; count++) await this.faultNow();
    }
  }

  /**
   * One card: out of the shoe, onto its antenna. If the table did not get it (the shoe's sentence was
   * lost), the antenna's read should bring it; if that was missed too, the croupier enters it by touch.
   */
  private async deal(target: CardTarget): Promise<void> {
    if (this.options.faults === true && this.steps++ % 3 === 0) await this.faultNow(true);
    const dealt = this.table.dealFromShoe();
    if (dealt === null) return;
    const { card } = dealt;
    const placed = (): boolean => this.onTable(card);
    if (!(await this.within(placed))) {
      this.table.place(card, target);
      if (await this.within(placed)) {
        this.antennaEntries++;
        return;
      }
      // Looked at once more just before the touch (nothing can come in between): a late read is no second card.
      if (placed()) return;
      this.touchEntries++;
      this.log(`no device reported a card for ${describe(target)}: entered by touch`);
      this.touch({ type: 'deal', card, to: target });
      return;
    }
    this.table.place(card, target);
  }

  /** The player's action, pressed on the panel and confirmed; a fold sometimes by pulling the cards into the muck. */
  private async act(seat: number): Promise<void> {
    const hand = this.controller.table.hand;
    if (hand === null) return;
    if (this.options.faults === true && this.steps++ % 5 === 0) await this.faultNow();
    const before = this.controller.table;
    const command = randomLegalCommand(hand, this.random) as Command;
    const panel = this.table.devices.panel;
    if (command.type === 'fold' && this.random.nextInt(3) === 0 && this.table.tagsAtSeat(seat).length > 0) {
      this.table.muck(seat);
    } else {
      // As a croupier does: read what the panel armed before confirming; if it is not what the player did, clear and press again.
      for (let attempt = 0; attempt < 2; attempt++) {
        if (command.type === 'bet') for (const digit of String(command.to)) panel.type(digit as PanelKey);
        panel.press(command.type === 'fold' ? 'fold' : command.type === 'all-in' ? 'all-in' : command.type === 'bet' ? 'bet-raise' : 'check-call');
        if (await this.within(() => armedAs(this.status('panel'), seat, command))) {
          panel.press('confirm');
          break;
        }
        this.log(`the panel did not arm seat ${seat}'s ${command.type}: cleared`);
        panel.press('undo');
        await this.within(() => this.status('panel')?.detail === null);
      }
    }
    const took = await this.within(() => this.controller.table !== before, this.patienceMs * 8);
    if (!took) {
      // A press lost with the panel's cable, or the muck read missed: the croupier enters the action by touch.
      this.log(`seat ${seat}'s ${command.type} did not come through the devices: entered by touch`);
      panel.press('undo');
      this.touch({ ...command, seat } as TimedCommand);
    }
  }

  /** The next fault of the list (every one in turn): injected, then the cable put back if it was pulled. */
  private async faultNow(nextCardOnly = false): Promise<void> {
    const candidates = [...SIM_FAULTS, ...READER_FAULTS].filter((fault) => isNextCardFault(fault) === nextCardOnly && !fault.endsWith('-replug') && this.table.supports(fault));
    const fault = candidates[this.nextFault[nextCardOnly ? 'nextCard' : 'now']++ % candidates.length] as TableFault;
    this.faultsInjected.push(fault);
    this.log(`fault: ${fault}`);
    await this.table.inject(fault);
    if (fault.endsWith('-unplug')) {
      const device = fault.slice(0, fault.indexOf('-')) as DeviceName;
      const id = device;
      await this.until(() => this.status(id)?.state === 'disconnected', `the ${device} to show as unplugged`);
      await this.table.inject(`${device}-replug` as TableFault);
      this.faultsInjected.push(`${device}-replug` as TableFault);
      // Back is its line up again: it may come back showing a fault of the cards it reads (a card still in two
      // antennas from an earlier fault of this hand: an irregularity the hand's end clears), not of its line.
      await this.until(() => this.status(id) !== undefined && this.status(id)?.state !== 'disconnected', `the ${device} to come back`, 10_000);
      // Between hands the table checks the deck of a shoe that comes back (not during a hand: its dealt cards would be missing).
      const hand = this.controller.table.hand;
      const betweenHands = hand === null || hand.phase.kind === 'complete';
      if (device === 'shoe' && betweenHands) await this.until(() => this.status('shoe')?.detail?.en.startsWith('deck checked') === true, 'the deck check after the shoe came back');
    }
  }

  private onTable(card: Card): boolean {
    const hand = this.controller.table.hand;
    return hand !== null && isSeen(hand, card);
  }

  private status(id: string): DeviceStatus | undefined {
    return this.controller.view().devices.find((device) => device.id === id);
  }

  private sawStatus(device: DeviceStatus): void {
    const line = `${device.id} ${device.state}: ${device.detail?.en ?? ''}`;
    if (!this.statuses.includes(line)) this.statuses.push(line);
  }

  /** A touch on the screen: the command as the croupier's screen sends it. */
  private touch(command: TimedCommand): TableState {
    this.controller.submit({ id: `sim-touch-${randomUUID()}`, command });
    return this.controller.table;
  }

  private stopIfAsked(): void {
    if (this.options.stop?.aborted === true) throw new CroupierStopped('the session was stopped');
  }

  /** Whether `check` holds within `ms`; a wait ends at once when the session is stopped. */
  private within(check: () => boolean, ms = this.patienceMs): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const look = (): void => {
        if (this.options.stop?.aborted === true) reject(new CroupierStopped('the session was stopped'));
        else if (check()) resolve(true);
        else if (Date.now() - started > ms) resolve(false);
        else setTimeout(look, 2);
      };
      look();
    });
  }

  private async until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
    if (await this.within(check, ms)) return;
    const devices = this.controller.view().devices.map((device) => `${device.id} ${device.state}${device.detail === null ? '' : ` (${device.detail.en})`}`);
    throw new Error(`waited ${ms / 1000} s for ${what}; the devices: ${devices.join('; ')}`);
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}

/** Whether the panel's line on the status bar shows this action armed for this seat. */
function armedAs(status: DeviceStatus | undefined, seat: number, command: Command): boolean {
  const words = status?.detail?.en ?? '';
  if (!words.includes(' — press Confirm')) return false;
  const armed = words.slice(0, words.indexOf(' — press Confirm'));
  switch (command.type) {
    case 'fold':
      return armed === `Seat ${seat} folds`;
    case 'check':
      return armed === `Seat ${seat} checks`;
    case 'call':
      return armed.startsWith(`Seat ${seat} calls `);
    case 'all-in':
      return armed.startsWith(`Seat ${seat} all-in`);
    case 'bet':
      return armed === `Seat ${seat} bets ${command.to}` || armed === `Seat ${seat} raises to ${command.to}`;
    default:
      return false;
  }
}

function describe(target: CardTarget): string {
  return target === 'burn' ? 'the burn' : target === 'board' ? 'the board' : `seat ${target.seat}`;
}
