import { ROLE_WORDS } from '../api/staff.js';
import { amountWords } from '../engine/hand/announce.js';
import { describeOperation } from '../engine/hand/describe.js';
import type { Operation } from '../engine/hand/operations.js';
import type { Words } from '../evaluator/words.js';
import { type CardSource, type DeviceIncident, MISDEAL_REASONS } from '../engine/table/table-operations.js';
import { type Facts, inWindow, WHOLE_LOG, type Window } from './facts.js';
import { printable } from '../printable.js';
import { formatCard } from '../cards/notation.js';
import { DEVICE_NAMES, reasonWords } from './incident-kinds.js';
import { setupWords } from './setup-words.js';
import { stopWords } from '../engine/table/card-entry.js';
import type { TableConfig } from '../engine/table/table-config.js';

/** One thing the floor decided or corrected, with who approved it and the hand it was in. */
export type Incident = {
  /** The log row it is (1-based): the place to look it up with `felt verify`, `felt export`. */
  readonly row: number;
  readonly kind: 'misdeal' | 'step-undone' | 'stack-corrected' | 'time-waived' | 'card-refused' | 'ruling' | 'table-setup' | 'lockout-lifted' | 'history-viewed' | 'card-entry-stopped' | 'card-entry-resumed' | DealerCardError | DeviceIncident;
  /** When (ms since the epoch): the decision's or device's own time, else the table's time then (D36); null in older logs. */
  readonly at: number | null;
  /** The hand it happened in, or the hand it came after (between hands, `afterHand`), by its number; null before the first hand. */
  readonly hand: number | null;
  /** It came between hands, after `hand` had ended (an unplug after a hand is no part of it). */
  readonly afterHand: boolean;
  /** Who approved it, as the log has it ("Sam (floor supervisor #20)"); for what a device reported, the device's id. */
  readonly by: string;
  /** Who, in words for the page and the screen: the person with their role in each language, or the device's name. */
  readonly who: Words;
  readonly words: Words;
  /** Chips moved by it (a stack correction), else 0. */
  readonly chips: number;
};

/** The dealer's card errors (D94): a hole card exposed in the deal, a card turned too early, a flop dealt again. */
export type DealerCardError = 'card-exposed' | 'premature-card' | 'flop-redealt';

/**
 * The floor's decisions and corrections in a table's log, in order: misdeals (voided hands), steps taken
 * back, stack corrections, rulings and table setups — each with who approved it — and what the devices
 * reported for the floor: unplugs, faults, failed deck checks, irregularities, calls for the floor.
 */
export function incidents({ events, hands }: Facts, window: Window = WHOLE_LOG): Incident[] {
  const found: Omit<Incident, 'afterHand'>[] = [];
  // Each hand's last row (a redeal's, after a misdeal under the same number): a row past it came after the hand.
  const ended = new Map<number, number>();
  for (let index = 0; index < hands.seq.length; index++) ended.set(hands.hand[index] as number, Math.max(ended.get(hands.hand[index] as number) ?? 0, hands.seq[index] as number));
  // The setup before each new one, for the words of what changed (the table's first setup is not among the
  // facts: a first change names the setup as it became).
  let setup: TableConfig | null = null;
  // Who a dealer's card error is on: the floor that took it on a screen's report (its operations follow the
  // resume's row), else the croupier on duty (D94).
  let dealer: { by: string; who: Words } = CROUPIER;
  let resumed: { row: number; by: string; taken: boolean } | null = null;
  for (const { seq: row, hand, entry, at: tableTime } of events) {
    const at = 'at' in entry && typeof entry.at === 'number' ? entry.at : tableTime;
    const before = setup;
    if (entry.type === 'table-configured') setup = entry.config;
    if (entry.type === 'dealer-on-duty') dealer = approved(`${entry.name} (${ROLE_WORDS.croupier.en} #${entry.number})`);
    if (entry.type === 'card-entry-resumed') resumed = { row, by: entry.by, taken: entry.taken };
    const cardError = (): { by: string; who: Words } & { taken: boolean } => {
      if (resumed !== null && resumed.taken && resumed.row === row - 1) return { ...approved(resumed.by), taken: true };
      return { ...dealer, taken: false };
    };
    // In a period by the time it shows: a decision during a hand by its own time, not the hand's start.
    if (!inWindow(at, window)) continue;
    switch (entry.type) {
      case 'hand-voided': {
        const reason = MISDEAL_REASONS[entry.reason];
        found.push({ row, at, kind: 'misdeal', hand: entry.handNumber, ...approved(entry.by), chips: 0, words: { en: `Misdeal: ${reason.en}`, de: `Misdeal: ${reason.de}` } });
        break;
      }
      case 'step-undone': {
        const what = takenBack(entry.undone);
        found.push({ row, at, kind: 'step-undone', hand: entry.handNumber, ...approved(entry.by), chips: 0, words: { en: `Taken back: ${what.en} (${reasonWords(entry.reason).en})`, de: `Zurückgenommen: ${what.de} (${reasonWords(entry.reason).de})` } });
        break;
      }
      case 'stack-adjusted':
        found.push({ row, at, kind: 'stack-corrected', hand, ...approved(entry.by), chips: entry.amount, words: { en: `Seat ${entry.seat}'s stack corrected by ${signed(entry.amount)}: ${entry.reason}`, de: `Stack von Platz ${entry.seat} um ${signed(entry.amount)} korrigiert: ${entry.reason}` } });
        break;
      case 'time-waived':
        found.push({ row, at, kind: 'time-waived', hand, ...approved(entry.by), chips: 0, words: { en: `Seat ${entry.seat}'s time due (${entry.amount}) waived: ${entry.reason}`, de: `Zeitgebühr von Platz ${entry.seat} (${entry.amount}) erlassen: ${entry.reason}` } });
        break;
      case 'card-refused': {
        const source = CARD_SOURCES[entry.source];
        found.push({ row, at, kind: 'card-refused', hand: entry.handNumber, by: entry.source, who: DEVICE_NAMES[entry.source], chips: 0, words: { en: `${source.en} sent a card already in play: check the deck and the reader`, de: `${source.de} hat eine Karte gesendet, die schon im Spiel ist: Deck und Leser prüfen` } });
        break;
      }
      case 'ruling':
        found.push({ row, at, kind: 'ruling', hand, ...approved(entry.by), chips: 0, words: { en: `Ruling: ${entry.text}`, de: `Entscheidung: ${entry.text}` } });
        break;
      case 'hand-history-viewed':
        found.push({ row, at, kind: 'history-viewed', hand: entry.handNumber, ...approved(entry.by), chips: 0, words: { en: `Hand ${entry.handNumber}'s history shown, every hole card in it`, de: `Historie von Hand ${entry.handNumber} angezeigt, mit allen verdeckten Karten` } });
        break;
      case 'card-entry-stopped':
        // The card and where it lies: the floor's report, behind its sign-in (D65).
        found.push({ row, at, kind: 'card-entry-stopped', hand: entry.handNumber, by: 'screen', who: DEVICE_NAMES.screen, chips: 0, words: stopWords(entry) });
        break;
      case 'card-entry-resumed':
        found.push({ row, at, kind: 'card-entry-resumed', hand, ...approved(entry.by), chips: 0, words: entry.taken ? { en: 'Card entry resumed, the card reported taken as reported', de: 'Karteneingabe fortgesetzt, die gemeldete Karte wie gemeldet übernommen' } : { en: 'Card entry resumed, the card reported not taken', de: 'Karteneingabe fortgesetzt, die gemeldete Karte nicht übernommen' } });
        break;
      case 'lockout-lifted': {
        const which = entry.gate === 'floor' ? { en: 'the floor’s sign-in', de: 'der Floor-Anmeldung' } : { en: 'the dealer’s sign-in', de: 'der Dealer-Anmeldung' };
        found.push({ row, at, kind: 'lockout-lifted', hand, ...approved(entry.by), chips: 0, words: { en: `Lock-out of ${which.en} after wrong PINs lifted`, de: `Sperre ${which.de} nach falschen PINs aufgehoben` } });
        break;
      }
      case 'card-exposed': {
        const { taken, ...who } = cardError();
        const card = entry.card === null ? null : formatCard(entry.card);
        found.push({ row, at, kind: 'card-exposed', hand, ...who, chips: 0, words: followed(taken, { en: `Seat ${entry.seat}'s hole card${card === null ? '' : ` (${card})`} exposed in the deal: burned, a new card dealt`, de: `Hole Card von Platz ${entry.seat}${card === null ? '' : ` (${card})`} beim Geben aufgedeckt: verbrannt, eine neue gegeben` }) });
        break;
      }
      case 'premature-card': {
        const { taken, ...who } = cardError();
        const card = entry.card === null ? '' : ` (${formatCard(entry.card)})`;
        const what = entry.to === 'burn' ? { en: `A burn card${card} turned too early: it stays with the burns`, de: `Eine Brennkarte${card} zu früh aufgedeckt: sie bleibt bei den Brennkarten` } : { en: `A board card${card} turned too early: set aside until the ${entry.returnAt}`, de: `Eine Boardkarte${card} zu früh aufgedeckt: beiseitegelegt bis ${STREET_DE[entry.returnAt]}` };
        found.push({ row, at, kind: 'premature-card', hand, ...who, chips: 0, words: followed(taken, what) });
        break;
      }
      case 'cards-returned': {
        const { taken, ...who } = cardError();
        const cards = entry.cards.length === 0 ? '' : ` (${entry.cards.map(formatCard).join(' ')})`;
        found.push({ row, at, kind: 'flop-redealt', hand, ...who, chips: 0, words: followed(taken, { en: `The flop${cards} went back into the stub and was dealt again`, de: `Der Flop${cards} kam zurück in den Stock und wurde neu gegeben` }) });
        break;
      }
      case 'device-incident':
        found.push({ row, at, kind: entry.incident, hand, by: entry.device, who: DEVICE_NAMES[entry.kind], chips: 0, words: withTechnical(entry.words, entry.technical) });
        break;
      case 'table-configured':
        found.push({ row, at, kind: 'table-setup', hand, ...approved(entry.by), chips: 0, words: setupWords(entry.config, before) });
        break;
      default:
        break;
    }
  }
  return found.map((incident) => ({ ...incident, afterHand: incident.hand !== null && incident.row > (ended.get(incident.hand) ?? Number.POSITIVE_INFINITY) }));
}

/** The croupier, where the log names no dealer on duty. */
const CROUPIER = { by: ROLE_WORDS.croupier.en, who: { en: 'Croupier', de: 'Croupier' } };

const STREET_DE: Readonly<Record<'flop' | 'turn' | 'river', string>> = { flop: 'zum Flop', turn: 'zum Turn', river: 'zum River' };

/** A card error's words, with whether the floor took it on a screen's report after card entry stopped. */
function followed(taken: boolean, words: Words): Words {
  return taken ? { en: `${words.en} — taken by the floor on a screen's report`, de: `${words.de} — vom Floor auf die Meldung eines Bildschirms übernommen` } : words;
}

/** A device's failure with what the system said of it, for the technician the words send for. */
function withTechnical(words: Words, technical: string | undefined): Words {
  if (technical === undefined || technical === '') return words;
  const said = printable(technical);
  return { en: `${words.en} (the system: ${said})`, de: `${words.de} (das System: ${said})` };
}

function signed(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** Who sent a refused card, in words (never the card), named as the screen names the devices. */
const CARD_SOURCES: Readonly<Record<CardSource, Words>> = {
  shoe: { en: 'The shoe', de: 'Der Kartenschlitten' },
  'rfid-reader': { en: 'An RFID reader', de: 'Ein RFID-Leser' },
  screen: { en: 'The screen', de: 'Der Bildschirm' },
};

/** A person's signature as the log keeps it (`signature` in src/api/staff.ts): name, role in English, number. */
const SIGNATURE = /^(.*) \(([^()#]+) #(\d+)\)$/;

/**
 * Who approved a decision: `by` as the log has it, and in words with the role in each language
 * ("Sam (floor supervisor #20)", "Sam (Floor-Supervisor #20)"). A name the log gives otherwise (older logs,
 * a name typed by hand) stays as it is in both.
 */
function approved(by: string): { by: string; who: Words } {
  const signed = SIGNATURE.exec(by);
  const role = signed === null ? undefined : Object.values(ROLE_WORDS).find((words) => words.en === signed[2]);
  if (signed === null || role === undefined) return { by, who: { en: by, de: by } };
  return { by, who: { en: by, de: `${signed[1]} (${role.de} #${signed[3]})` } };
}

/**
 * What an undo took back, in the croupier's words, from the row alone: the facts keep no hand state, so the
 * step is told from its first operation (the croupier's command; the rest is what the engine did after it).
 * A bet is a raise where its row counts a second bet this round (the big blind counts as the first; one bet
 * counts at most one); otherwise it may be either. No card is named: an undone show or board card no longer
 * stands, and the card may still be in the stub.
 */
function takenBack(undone: readonly Operation[]): Words {
  const first = undone[0];
  if (first === undefined) return LAST_STEP;
  switch (first.type) {
    case 'show':
      return { en: `Seat ${first.seat}'s show`, de: `das Zeigen von Platz ${first.seat}` };
    case 'deal':
      if (first.to === 'board') return { en: 'a board card', de: 'eine Boardkarte' };
      break;
    case 'bet': {
      const to = amountWords(first.to);
      return first.betsThisRound >= 2
        ? { en: `Seat ${first.seat} raises to ${to.en}`, de: `Platz ${first.seat} erhöht auf ${to.de}` }
        : { en: `Seat ${first.seat} bets or raises to ${to.en}`, de: `Platz ${first.seat} setzt oder erhöht auf ${to.de}` };
    }
    default:
      break;
  }
  return describeOperation(undefined, first) ?? LAST_STEP;
}

const LAST_STEP: Words = { en: 'the last step', de: 'der letzte Schritt' };
