import { randomUUID } from 'node:crypto';
import type { PanelEvent } from '../../drivers/panel/button-panel.js';
import type { PanelPress } from '../../drivers/panel/panel-protocol.js';
import type { BettingCommand } from '../engine/hand/betting.js';
import type { Words } from '../evaluator/words.js';
import { LINE_LOST } from './device-words.js';
import type { TableController } from './table-controller.js';
import { type Decision, type DeviceStatus, sameDecision } from './view-model.js';

/**
 * The one place where the button panel's presses (or the keyboard wedge's) become the table's commands.
 * An action button arms the action for the player to act, and Confirm sends it: one stray press never
 * moves chips. The keypad types the amount for Bet / Raise (the minimum when nothing is typed); Undo
 * clears what is armed and typed (taking back a step is the floor's, behind its PIN). Every command
 * carries the decision it was armed on (hand, actions, seat), so a press meant for one player can never
 * act for the next. Call floor is shown on
 * the status bar. What is armed shows there too, for the croupier to see before confirming.
 */
export class PanelMapping {
  private armed: { readonly decision: Decision; readonly command: BettingCommand; readonly words: Words } | null = null;
  private typed = '';

  constructor(
    private readonly controller: TableController,
    private readonly id = 'panel',
    /** A USB button panel, or the keypad that types into the screen (the keyboard wedge). */
    private readonly kind: 'button-panel' | 'keypad' = 'button-panel',
  ) {
    // An action armed for a decision the table has left (another screen acted, a misdeal, an undo) is
    // disarmed at once: its words must not stay on the screens as if Confirm would still send them.
    controller.subscribe((view) => {
      if (this.armed !== null && (view.decision === null || !sameDecision(view.decision, this.armed.decision))) {
        this.disarm();
        this.show();
      }
    });
  }

  handle(event: PanelEvent): void {
    if (event.type === 'disconnected') {
      this.disarm();
      this.status('disconnected', LINE_LOST);
      return;
    }
    if (event.type === 'protocol-error') return;
    this.press(event);
  }

  press(press: PanelPress): void {
    if (press.type === 'key') {
      if (press.key === 'clear') this.typed = '';
      else if (press.key === 'delete') this.typed = this.typed.slice(0, -1);
      else if (this.typed.length < 9) this.typed = this.typed === '0' ? press.key : this.typed + press.key;
      // A bet armed before the amount was typed takes the amount as it is typed.
      if (this.armed?.command.type === 'bet') this.arm('bet-raise');
      else this.show();
      return;
    }
    switch (press.button) {
      case 'undo':
        this.disarm();
        this.show();
        return;
      case 'call-floor':
        this.status('fault', { en: 'The croupier calls the floor', de: 'Der Croupier ruft den Floor' }, 'floor-call');
        return;
      case 'confirm':
        this.confirm();
        return;
      default:
        this.arm(press.button);
    }
  }

  private arm(button: 'fold' | 'check-call' | 'bet-raise' | 'all-in'): void {
    const { actor, decision } = this.controller.view();
    if (actor === null || decision === null) {
      this.status('fault', { en: 'Nobody is to act: the button does nothing now', de: 'Niemand ist am Zug: die Taste bewirkt jetzt nichts' });
      return;
    }
    const { seat, legal } = actor;
    let command: BettingCommand | null = null;
    let words: Words | null = null;
    if (button === 'fold' && legal.fold) [command, words] = [{ type: 'fold' }, { en: `Seat ${seat} folds`, de: `Platz ${seat} passt` }];
    if (button === 'check-call' && legal.check) [command, words] = [{ type: 'check' }, { en: `Seat ${seat} checks`, de: `Platz ${seat} checkt` }];
    if (button === 'check-call' && !legal.check && legal.call !== null) [command, words] = [{ type: 'call' }, { en: `Seat ${seat} calls ${legal.call}`, de: `Platz ${seat} geht mit, ${legal.call}` }];
    if (button === 'all-in' && legal.allIn !== null) [command, words] = [{ type: 'all-in' }, { en: `Seat ${seat} all-in, ${legal.allIn}`, de: `Platz ${seat} all-in, ${legal.allIn}` }];
    if (button === 'bet-raise' && legal.betOrRaise !== null) {
      const to = this.typed === '' ? legal.betOrRaise.min : Number(this.typed);
      const verb = legal.betOrRaise.kind === 'bet' ? { en: 'bets', de: 'setzt' } : { en: 'raises to', de: 'erhöht auf' };
      [command, words] = [{ type: 'bet', to }, { en: `Seat ${seat} ${verb.en} ${to}`, de: `Platz ${seat} ${verb.de} ${to}` }];
    }
    if (command === null || words === null) {
      this.status('fault', { en: `Seat ${seat} cannot do that now`, de: `Platz ${seat} kann das jetzt nicht` });
      return;
    }
    this.armed = { decision, command, words };
    this.show();
  }

  private confirm(): void {
    const armed = this.armed;
    if (armed === null) return;
    this.disarm();
    // Sent with the decision it was armed on: a table that moved on meanwhile (another screen acted, the
    // floor undid a step) refuses it, as the engine refuses an amount out of range. The refusal is the
    // panel's own, on the status bar beside it (D59).
    const outcome = this.controller.command({ id: `panel-${randomUUID()}`, command: { ...armed.command, seat: armed.decision.seat } }, armed.decision);
    if (outcome.ok) this.show();
    else this.status('fault', { en: `Not taken: ${outcome.words.en}`, de: `Nicht übernommen: ${outcome.words.de}` });
  }

  private disarm(): void {
    this.armed = null;
    this.typed = '';
  }

  private show(): void {
    const parts: Words[] = [];
    if (this.armed !== null) parts.push({ en: `${this.armed.words.en} — press Confirm`, de: `${this.armed.words.de} — Bestätigen drücken` });
    if (this.typed !== '') parts.push({ en: `typed ${this.typed}`, de: `eingegeben ${this.typed}` });
    const armed = parts.length === 0 ? null : { en: parts.map((part) => part.en).join('; '), de: parts.map((part) => part.de).join('; ') };
    this.status('connected', armed, undefined, armed);
  }

  private status(state: DeviceStatus['state'], detail: Words | null, incident?: DeviceStatus['incident'], armed: Words | null = null): void {
    this.controller.reportDevice({ id: this.id, kind: this.kind, state, detail, ...(incident === undefined ? {} : { incident }), ...(armed === null ? {} : { armed }) });
  }
}
