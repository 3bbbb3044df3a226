import type { Card } from '../../cards/card.js';
import type { CardReport, UnseenPlace } from './card-entry.js';
import type { ExtraPost } from '../hand/apply.js';
import type { Operation } from '../hand/operations.js';
import type { TableConfig } from './table-config.js';
import type { SeatStatus } from './table-state.js';

/**
 * The table's facts, appended to the same log as the hands' operations (which appear in it as they
 * are). Folding the log over nothing rebuilds the table exactly, with no rule applied (table-reduce.ts).
 */
export type TableOperation =
  | { readonly type: 'table-opened'; readonly config: TableConfig; readonly at: number }
  /** The floor set the table up anew between hands: the next hand is dealt under `config`. */
  | { readonly type: 'table-configured'; readonly config: TableConfig; readonly by: string; readonly at: number }
  /**
   * `at`: when (the sit's time; logs from before it was kept lack it). `timeDue` and `handsDealt`: a return
   * within the window, the same stay — time left unpaid is owed again (D41), and the courtesy hands go on
   * from the hands dealt (D46).
   */
  | { readonly type: 'seated'; readonly seat: number; readonly name: string; readonly stack: number; readonly status: SeatStatus; readonly owesBigBlind: boolean; readonly at?: number; readonly timeDue?: number; readonly handsDealt?: number }
  | { readonly type: 'topped-up'; readonly seat: number; readonly amount: number; readonly at?: number }
  | { readonly type: 'sat-out'; readonly seat: number }
  | { readonly type: 'came-back'; readonly seat: number; readonly status: SeatStatus }
  | { readonly type: 'will-post'; readonly seat: number }
  /** `timeDue`: time the player left unpaid (their chips did not cover it), kept for a return (T8, D41). */
  | { readonly type: 'left'; readonly seat: number; readonly name: string; readonly stack: number; readonly at: number; readonly timeDue?: number; readonly handsDealt?: number }
  | { readonly type: 'button-card'; readonly seat: number; readonly card: Card }
  | { readonly type: 'button-drawn'; readonly seat: number }
  /** A blind passed a player who was away: owed from now on (shown on the seat). */
  | { readonly type: 'blinds-missed'; readonly seat: number; readonly small: boolean; readonly big: boolean }
  /** `due`: time the player owed from earlier (`time-due`), paid now that the stack covers it, or as they leave. */
  | { readonly type: 'time-collected'; readonly seat: number; readonly amount: number; readonly due?: true }
  /** Time the player could not pay from the stack: owed, and collected once the stack covers it (D41). */
  | { readonly type: 'time-due'; readonly seat: number; readonly amount: number }
  /** The floor waived the time a seat owed (`amount`, all of it), with who and why (D41). */
  | { readonly type: 'time-waived'; readonly seat: number; readonly amount: number; readonly reason: string; readonly by: string; readonly at?: number }
  /**
   * Time a player could not pay, as written before D41: a flag for the floor, who settled it by hand —
   * never collected by the table. No longer written; older logs replay it.
   */
  | { readonly type: 'time-owed'; readonly seat: number; readonly amount: number }
  | { readonly type: 'time-period'; readonly next: number }
  /**
   * Where the next hand's button and blinds are and who is dealt in (posting players among them); the
   * hand's own `hand-started` follows.
   */
  | {
      readonly type: 'hand-positions';
      readonly handNumber: number;
      /** When the hand was started (ms since the epoch): for the floor's reports. Logs from before it was kept lack it. */
      readonly at?: number;
      readonly button: number;
      readonly smallBlindPosition: number;
      readonly bigBlind: number;
      readonly dealtIn: readonly number[];
      readonly extraPosts: readonly ExtraPost[];
      /** The positions before this hand: a void (misdeal) puts them back, so the same players redeal. */
      readonly previous: { readonly button: number | null; readonly smallBlindPosition: number | null; readonly bigBlind: number | null };
    }
  /**
   * The hand is void (a misdeal or a fouled deck, declared by `by`): every chip goes back (the seats still
   * hold their stacks from before the hand), the button does not move, the same players redeal.
   */
  | { readonly type: 'hand-voided'; readonly handNumber: number; readonly reason: MisdealReason; readonly by: string; readonly at?: number }
  | Ruling
  /**
   * The floor undid the hand's last step (a card, an action, a show, with what the engine did after it):
   * `undone` are those operations, as they stand earlier in the log; the hand is rebuilt without them.
   */
  | { readonly type: 'step-undone'; readonly handNumber: number; readonly undone: readonly Operation[]; readonly reason: string; readonly by: string; readonly at?: number }
  /**
   * A card refused as already in play (a misread, a card twice in the deck — or someone guessing at a
   * player's cards): which sender sent it, never which card (D42). Changes nothing at the table.
   */
  | { readonly type: 'card-refused'; readonly source: CardSource; readonly handNumber: number; readonly at: number }
  /**
   * A manager lifted the lock-out of a sign-in (the floor's or the dealer's) that wrong PINs had locked
   * (D60): who and when. Changes nothing at the table.
   */
  | { readonly type: 'lockout-lifted'; readonly gate: SignInGate; readonly by: string; readonly at: number }
  /** The table started under this software: its version and build (src/version.ts). */
  | { readonly type: 'software-started'; readonly version: string; readonly build: string; readonly at: number }
  /**
   * A player's name erased at a manager's request (GDPR art. 17): the store writes it, never the engine; the
   * log keeps that it happened and who did it, not the name (D102). It changes nothing at the table.
   */
  | { readonly type: 'player-erased'; readonly player: number; readonly by: string; readonly at: number }
  /**
   * The players' names of a table an earlier Felt began moved out of its rows into references (D113): the
   * store writes it once, never the engine. It seals the pins kept beside the log — for each of `commands`
   * commands whose rows were rewritten, the hash they give now beside the hash kept for it — by their SHA-256
   * (`pins`). It changes nothing at the table.
   */
  | { readonly type: 'names-moved'; readonly commands: number; readonly pins: string; readonly by: string; readonly at: number }
  /**
   * A screen named a card the table does not take on its word (D65): a card it holds unseen (`place`: a
   * seat's hole card or a burn) for a deal or a show, or a premature or exposed card (`report`, whatever
   * the card), which only the floor takes. Card entry from the screens stops until the floor resumes it.
   * The card is the floor's to see, in its reports; the croupier's screen never shows it.
   */
  | {
      readonly type: 'card-entry-stopped';
      readonly handNumber: number;
      readonly command: 'deal' | 'show' | 'premature' | 'exposed';
      readonly card: Card;
      readonly place: UnseenPlace | null;
      readonly report: CardReport | null;
      readonly at: number;
    }
  /**
   * A finished hand's history — every hole card dealt, folded and mucked ones too — was shown to a manager
   * on a screen (D66): which hand (its id among the hands dealt, and its number), who, when.
   */
  | { readonly type: 'hand-history-viewed'; readonly hand: number; readonly handNumber: number; readonly by: string; readonly at: number }
  /** The floor resumed card entry, taking the report (its operations follow) or not, with who. */
  | { readonly type: 'card-entry-resumed'; readonly taken: boolean; readonly by: string; readonly at?: number }
  /** Chips moved by hand on a floor decision (a miscounted pot, a chip-count correction): who and why. */
  | { readonly type: 'stack-adjusted'; readonly seat: number; readonly amount: number; readonly reason: string; readonly by: string; readonly at?: number }
  /** Tournament: the blinds go up to `level` (index into the levels) from this hand on. */
  | { readonly type: 'level-up'; readonly level: number; readonly at: number; readonly handNumber: number }
  /** Tournament: a player with no chips left is out, in `place`. */
  | { readonly type: 'eliminated'; readonly seat: number; readonly name: string; readonly place: number }
  | { readonly type: 'tournament-won'; readonly seat: number; readonly name: string }
  /** A dealer took over the table (a dealer change, between hands): hands and collections from here are theirs. */
  | { readonly type: 'dealer-on-duty'; readonly number: string; readonly name: string; readonly at: number }
  /**
   * A device failed as the table saw it (unplugged, a fault, a failed deck check): for the floor's
   * incidents. It changes nothing at the table; the words never name a card (D32). `technical`: what the
   * system said (a permission refused, a port in use), for a technician; never on the croupier's screen.
   */
  | { readonly type: 'device-incident'; readonly device: string; readonly kind: DeviceKind; readonly incident: DeviceIncident; readonly words: { readonly en: string; readonly de: string }; readonly technical?: string; readonly at: number }
  /** The hand is over: the seats take the hand's final stacks; a player with no chips left sits out. */
  | { readonly type: 'hand-settled'; readonly stacks: readonly { readonly seat: number; readonly stack: number }[]; readonly rake: number };

/**
 * Why a hand is void (TDA 35–36, WSOP Live Action, Robert's Rules): dealing errors found before
 * substantial action, or a fouled deck found at any time.
 */
export type MisdealReason =
  | 'first-cards-exposed'
  | 'cards-exposed'
  | 'seat-dealt-wrongly'
  | 'seat-skipped'
  | 'wrong-card-count'
  | 'button-out-of-position'
  | 'fouled-deck';

export const MISDEAL_REASONS: Readonly<Record<MisdealReason, { readonly en: string; readonly de: string }>> = {
  'first-cards-exposed': { en: 'the first or second card of the deal exposed', de: 'erste oder zweite Karte aufgedeckt' },
  'cards-exposed': { en: 'two or more cards boxed or exposed', de: 'zwei oder mehr Karten verkehrt oder aufgedeckt' },
  'seat-dealt-wrongly': { en: 'a seat dealt that should not have been', de: 'ein Platz bekam Karten, der keine bekommen durfte' },
  'seat-skipped': { en: 'a seat entitled to cards was skipped', de: 'ein Platz wurde beim Geben übersprungen' },
  'wrong-card-count': { en: 'a player has the wrong number of cards', de: 'ein Spieler hat die falsche Zahl Karten' },
  'button-out-of-position': { en: 'the button was out of position', de: 'der Button lag falsch' },
  'fouled-deck': { en: 'a fouled deck', de: 'ein fehlerhaftes Deck' },
};

/**
 * A device; or the daily check of the table's log (src/api/daily-check.ts) and the table's link to its floor
 * (src/floor/shipper/, D73), which show among the devices on the status bar.
 */
export const DEVICE_KINDS = ['shoe', 'rfid-reader', 'button-panel', 'keypad', 'daily-check', 'floor-link'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The sign-ins a table counts wrong PINs for apart (D60): the floor's and the dealer's. */
export type SignInGate = 'floor' | 'dealer';

/** Who sent a card: a reader, or the croupier's screen (typed by touch). */
export type CardSource = 'shoe' | 'rfid-reader' | 'screen';

/**
 * What a device's report means for the floor: a working device unplugged, a device fault (a jam, an
 * antenna, cards the shoe did not report), a failed deck check, an irregularity the readers saw (a card
 * of another deck or at the wrong place, a hand mucked out of turn), the croupier's call for the floor.
 */
export type DeviceIncident = 'unplugged' | 'device-fault' | 'deck-check' | 'irregularity' | 'floor-call';

/** A floor decision without chips: what was ruled, by whom (TDA, house rules). */
export type Ruling = { readonly type: 'ruling'; readonly text: string; readonly by: string; readonly at?: number };

/** Everything in a table's log: its own facts and the hands' operations. */
export type TableLogEntry = TableOperation | Operation;

/** What the engine writes between a hand's time collection and its `hand-positions` (`startNextHand`). */
export const BEFORE_A_HAND: ReadonlySet<string> = new Set<TableLogEntry['type']>(['time-collected', 'time-due', 'time-owed', 'time-period', 'level-up', 'blinds-missed']);
