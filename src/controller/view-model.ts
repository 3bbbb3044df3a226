import type { Card } from '../cards/card.js';
import type { Words } from '../evaluator/words.js';
import { announceAward, STRUCTURE_WORDS } from '../engine/hand/announce.js';
import { getLegalActions, type LegalActions } from '../engine/hand/betting.js';
import { getPrompt, type Prompt } from '../engine/table/prompt.js';
import { quickSizes, type QuickSizes } from '../engine/hand/quick-sizes.js';
import { lastStep } from '../engine/table/undo.js';
import { lastHoleCardSeat } from '../engine/hand/dealing.js';
import type { BettingStructure } from '../engine/hand/config.js';
import { handConfig, levelDue } from '../engine/table/tournament.js';
import { reduceTable } from '../engine/table/table-reduce.js';
import type { Player } from '../engine/hand/state.js';
import type { Operation } from '../engine/hand/operations.js';
import type { TableConfig } from '../engine/table/table-config.js';
import type { OwedBlinds, TableState } from '../engine/table/table-state.js';
import type { DeviceIncident } from '../engine/table/table-operations.js';

/** What a seat shows. `face-down` counts the cards in front of the player; their faces are never here. */
export type SeatView = {
  readonly seat: number;
  readonly name: string;
  readonly stack: number;
  readonly bet: number;
  readonly status: 'active' | 'folded' | 'all-in' | 'sitting-out' | 'waiting' | 'out-of-hand';
  readonly owes: OwedBlinds;
  /** Time the player could not pay yet (T8, D41): the next hand collects it once the stack covers it. */
  readonly timeDue: number;
  readonly faceDown: number;
  /** Cards tabled at the showdown: the only hole cards the view ever holds. */
  readonly shown: readonly Card[] | null;
  /** Dealt into the hand in play and asked to sit out: the hand's status shows, and this says what follows it. */
  readonly sitsOutNext: boolean;
  /**
   * What the seat won in the hand just finished, pot by pot (0 the main pot, 1… the side pots): the seat
   * is marked with it until the next hand starts. Empty otherwise.
   */
  readonly won: readonly { readonly pot: number; readonly amount: number }[];
  /** The card the seat drew for the button, shown until the first hand starts; null otherwise. */
  readonly drawn: Card | null;
};

/** A device as the status bar shows it: what it is, whether it works, and the last problem in words. */
export type DeviceStatus = {
  readonly id: string;
  readonly kind: 'shoe' | 'rfid-reader' | 'button-panel' | 'keypad' | 'floor-link';
  readonly state: 'connected' | 'disconnected' | 'fault';
  readonly detail: Words | null;
  /** A report the floor should find in the incidents (logged once per new failure), beyond an unplug. */
  readonly incident?: Exclude<DeviceIncident, 'unplugged'>;
  /**
   * A button panel's or keypad's action armed or amount typed, waiting for Confirm ("Seat 2 calls 10 —
   * press Confirm"): the screen shows it under the prompt, where the croupier looks before confirming.
   */
  readonly armed?: Words;
};

/** The game at this table, for the header ("No limit 5/10"). */
export type Stakes = {
  readonly structure: BettingStructure['kind'];
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly ante: number;
  readonly bigBlindAnte: number;
  readonly mode: 'cash' | 'tournament';
  readonly words: Words;
  /**
   * A tournament's blind level (1-based), and when the next one begins: at a time (a schedule by minutes
   * from the first hand) or at a hand number (by hands); null at the last level or before the first hand.
   */
  readonly level: { readonly number: number; readonly next: { readonly at: number } | { readonly hand: number } | null } | null;
};

/**
 * The player decision the table waits for, as a screen shows it: the hand (its number), how many actions
 * in turn the hand has seen, the seat to act (or, at the showdown, to show or muck), and the log row of
 * the table's last step — the last command that changed the table, not a device's incident or a refused
 * card, which move the log's row without changing the decision. The step tells apart what the rest cannot:
 * a misdeal's redeal under the same number, a card the floor took back and dealt anew. A screen sends the
 * decision back with the player's action, and the table refuses an action decided on another one (D59).
 */
export type Decision = { readonly hand: number; readonly actions: number; readonly seat: number; readonly step: number };

/** The decision the table waits for now (its last step at `step`), or null when no player is to decide. */
export function decisionOf(table: TableState, step: number): Decision | null {
  const hand = table.hand;
  // At the showdown the actor is the player to show or muck (the prompt's seat).
  if (hand === null || (hand.phase.kind !== 'betting' && hand.phase.kind !== 'showdown') || hand.actor < 0) return null;
  const actor = hand.players[hand.actor] as Player;
  return { hand: table.handNumber, actions: table.handActions.count, seat: actor.seat, step };
}

export function sameDecision(a: Decision, b: Decision): boolean {
  return a.hand === b.hand && a.actions === b.actions && a.seat === b.seat && a.step === b.step;
}

const NO_READS: ReadonlyMap<number, readonly Card[]> = new Map();

/**
 * The croupier's screen as data: everything the renderer may show, and nothing it must not. Hole cards
 * appear only once tabled at the showdown — the renderer cannot leak what it never gets.
 */
export type ViewModel = {
  /** Seats printed on the table, 1 … seatCount: where the screen draws them round the oval. */
  readonly seatCount: number;
  readonly stakes: Stakes;
  /** The table's setup, as the floor's setup screen starts from it. */
  readonly config: TableConfig;
  /** What a player new at the table buys in with: the table's limits, or in a tournament its starting stack. */
  readonly buyIn: { readonly min: number; readonly max: number };
  /**
   * Whether an empty seat takes a new player now: at a cash table always; in a tournament only before its
   * first hand (registration closes when play starts).
   */
  readonly seatsOpen: boolean;
  readonly handNumber: number;
  /** A hand is being dealt or played (seat changes of its players wait, the floor may undo its last step). */
  readonly handInPlay: boolean;
  /**
   * Where the dealer button is drawn: during a hand, that hand's; between hands, where the prompt tells the
   * croupier to move it for the next hand (a redeal's own after a misdeal). May be an empty seat (a dead button).
   */
  readonly button: number | null;
  /**
   * The blinds shown on the seats, from the same source as the button: the hand in play's, or between hands
   * the next hand's as the prompt asks for them; the small blind null when dead; null when not known yet.
   */
  readonly blinds: { readonly small: number | null; readonly big: number } | null;
  readonly seats: readonly SeatView[];
  readonly board: readonly Card[];
  readonly pots: readonly { readonly amount: number; readonly eligible: readonly number[] }[];
  /** Every chip in the pots and in front of the players: the total the croupier announces. */
  readonly potTotal: number;
  /**
   * The player to act, what they may do, and the action pad's quick sizes (raise-to totals). `bet` is what
   * they have in front this round: a call (chips added, as `legal` gives it) ends at `bet + call` in front.
   */
  readonly actor: { readonly seat: number; readonly bet: number; readonly legal: LegalActions; readonly sizes: QuickSizes | null } | null;
  /** The player decision the table waits for (the actor's, or at the showdown the seat to show or muck): sent back with the action. */
  readonly decision: Decision | null;
  /**
   * The seat the last hole card went to while a hole card is the last card dealt (the deal, or the betting
   * before anyone acts), else null: the card a croupier may report exposed, named in the report.
   */
  readonly lastHoleCardSeat: number | null;
  readonly prompt: Prompt;
  readonly awards: readonly Words[];
  /** The hand's last step the floor may undo ("Seat 4 raises to 60"), or null. */
  readonly lastStep: Words | null;
  readonly lastError: Words | null;
  /**
   * Card entry from the screens (D65): `open`; `stopped` until the floor resumes it (a card named that the
   * table would not take on a screen's word); `hand-held` when a dealing error reported for the floor holds
   * the whole hand until the floor has decided. Which card is the floor's to see, never the view's.
   */
  readonly cardEntry: 'open' | 'stopped' | 'hand-held';
  readonly devices: readonly DeviceStatus[];
  /** The dealer on duty (signed in), or null when none is recorded. */
  readonly dealer: { readonly number: string; readonly name: string } | null;
  /**
   * How many rows the log holds: it moves when a command was applied and written. The head's hash is not
   * shown: a hash over a row with few possible contents (a card undone, say) can be reversed by guessing.
   */
  readonly logRow: number;
};

/**
 * The view of `table`. `readAtSeats`: hole cards dealt unread that a reader has read at their seat since
 * (the controller's, D61): a show asks the croupier only for the cards still unknown. `step`: the log row of
 * the table's last step, for the decision (the controller's; the log's last row where none is kept).
 */
export function viewOf(table: TableState, now: number, lastError: Words | null, logRow: number, devices: readonly DeviceStatus[] = [], readAtSeats: ReadonlyMap<number, readonly Card[]> = NO_READS, step = logRow): ViewModel {
  const hand = table.hand;
  const inHand = new Map<number, Player>((hand?.players ?? []).map((player) => [player.seat, player]));
  const finished = hand !== null && hand.phase.kind === 'complete' ? hand.awards : [];
  // Before the first hand, the cards drawn for the button stay on the seats that drew them.
  const drawn = table.handNumber === 0 && hand === null ? table.buttonDraw : [];
  const seats = table.seats.flatMap((seated): SeatView[] => {
    if (seated === null) return [];
    const player = inHand.get(seated.seat);
    const won = finished.filter((award) => award.seat === seated.seat).map(({ potIndex, amount }) => ({ pot: potIndex, amount }));
    const base = { seat: seated.seat, name: seated.name, owes: seated.owes, timeDue: seated.timeDue ?? 0, won, drawn: drawn.find((draw) => draw.seat === seated.seat)?.card ?? null };
    const between = { ...base, stack: seated.stack, bet: 0, status: seated.status === 'sitting-out' ? 'sitting-out' : seated.status === 'waiting' ? 'waiting' : 'out-of-hand' } as const;
    if (player === undefined || hand === null) return [{ ...between, faceDown: 0, shown: null, sitsOutNext: false }];
    const shown = Array.isArray(player.showdown) ? (player.showdown as readonly Card[]) : null;
    const cards = { faceDown: shown === null && player.status !== 'folded' && player.showdown !== 'mucked' ? player.holeCards.length : 0, shown };
    // A hand's statuses (folded, all-in) are that hand's: once it is over the seat shows the player's stack
    // and table status again (a top-up may have come since), and only its results stay (the cards shown).
    if (hand.phase.kind === 'complete') return [{ ...between, ...cards, sitsOutNext: false }];
    return [{ ...base, stack: player.stack, bet: player.bet, status: player.status, ...cards, sitsOutNext: seated.status === 'sitting-out' }];
  });
  const actorPlayer = hand !== null && hand.phase.kind === 'betting' && hand.actor >= 0 ? hand.players[hand.actor] : undefined;
  const legal = actorPlayer === undefined || hand === null ? null : getLegalActions(hand);
  const inPlay = hand !== null && hand.phase.kind !== 'complete';
  const potTotal = (hand?.pots ?? []).reduce((sum, pot) => sum + pot.amount, 0) + (hand?.players ?? []).reduce((sum, player) => sum + player.bet, 0);
  const asked = getPrompt(table, now);
  const read = asked.kind === 'show' ? (readAtSeats.get(asked.seat)?.length ?? 0) : 0;
  const prompt: Prompt = asked.kind === 'show' && read > 0 ? { ...asked, unread: Math.max(0, asked.unread - read) } : asked;
  return {
    seatCount: table.config.seatCount,
    stakes: stakesOf(table, now),
    config: table.config,
    ...seatingOf(table),
    handNumber: table.handNumber,
    handInPlay: inPlay,
    ...markersOf(table, inPlay, prompt),
    seats,
    board: hand?.board ?? [],
    // Pushed pots are empty: once a hand is over, the middle of the table is clear.
    pots: (hand?.pots ?? []).filter((pot) => pot.amount > 0).map((pot) => ({ amount: pot.amount, eligible: pot.eligible })),
    potTotal,
    actor: actorPlayer === undefined || legal === null || hand === null ? null : { seat: actorPlayer.seat, bet: actorPlayer.bet, legal, sizes: quickSizes(hand) },
    decision: decisionOf(table, step),
    lastHoleCardSeat: inPlay && hand !== null && !lastCardReported(table.handLog) ? lastHoleCardSeat(hand) : null,
    prompt,
    awards: hand?.phase.kind === 'complete' ? hand.awards.map(announceAward) : [],
    lastStep: lastStep(table),
    lastError,
    cardEntry: table.cardEntryStopped === undefined ? 'open' : table.cardEntryStopped.report === null ? 'stopped' : 'hand-held',
    devices,
    dealer: table.dealer == null ? null : { number: table.dealer.number, name: table.dealer.name },
    logRow,
  };
}

/**
 * Whether the last card dealt has been reported exposed already: the report leaves the deal where it was,
 * so the same seat's card would be offered again, and a second report is a misdeal's refusal.
 */
function lastCardReported(handLog: readonly Operation[]): boolean {
  for (let index = handLog.length - 1; index >= 0; index--) {
    const type = (handLog[index] as Operation).type;
    if (type === 'card-exposed') return true;
    if (type === 'deal') return false;
  }
  return false;
}

/** The buy-in and whether seats are open, as `sit` decides them (a tournament: its starting stack, before its first hand). */
function seatingOf(table: TableState): Pick<ViewModel, 'buyIn' | 'seatsOpen'> {
  const tournament = table.config.tournament;
  if (tournament === null) return { buyIn: table.config.buyIn, seatsOpen: true };
  const stack = tournament.startingStack;
  return { buyIn: { min: stack, max: stack }, seatsOpen: table.handNumber === 0 };
}

/**
 * The button and the blinds on the seats. During a hand: that hand's positions, and so while the hand just
 * finished lies on the table (its cards, its winners): the next hand's markers over the last hand's cards
 * would tell the table a wrong story. Otherwise, between hands, the croupier moves the button as the prompt
 * says, so the markers show what the prompt says — the next hand's button and blinds (after a misdeal, the
 * redeal's). With no next hand to start yet (too few players), the button stays where it is and no blind
 * is shown.
 */
function markersOf(table: TableState, inPlay: boolean, prompt: Prompt): Pick<ViewModel, 'button' | 'blinds'> {
  if (inPlay || (table.hand !== null && table.positions !== null)) return { button: table.button, blinds: handBlinds(table.positions) };
  if (prompt.kind === 'start-hand') return { button: prompt.button, blinds: { small: prompt.smallBlind?.seat ?? null, big: prompt.bigBlind.seat } };
  return { button: table.button, blinds: null };
}

function handBlinds(positions: TableState['positions']): ViewModel['blinds'] {
  if (positions === null) return null;
  const { smallBlindPosition, bigBlind, dealtIn } = positions;
  return { small: dealtIn.includes(smallBlindPosition) && smallBlindPosition !== bigBlind ? smallBlindPosition : null, big: bigBlind };
}

function stakesOf(table: TableState, now: number): Stakes {
  // The hand in play has the blinds it started with (a tournament level may have risen since); between hands,
  // the next hand's, as the prompt gives them: a tournament's level may have come by the clock.
  const inPlay = table.hand !== null && table.hand.phase.kind !== 'complete';
  // Before the first hand the schedule has not begun: the first level, and no time for the next yet.
  const due = inPlay || table.redeal !== null || table.tournament?.startedAt == null ? null : levelDue(table, now);
  const next = due === null ? table : reduceTable(table, due);
  const config = inPlay && table.hand !== null ? table.hand.config : handConfig(next);
  const { smallBlind, bigBlind, ante, bigBlindAnte } = config;
  const structure = config.structure.kind;
  const antes = { en: ante > 0 ? `, ante ${ante}` : bigBlindAnte > 0 ? `, big-blind ante ${bigBlindAnte}` : '', de: ante > 0 ? `, Ante ${ante}` : bigBlindAnte > 0 ? `, Big-Blind-Ante ${bigBlindAnte}` : '' };
  const words = { en: `${STRUCTURE_WORDS[structure].en} ${smallBlind}/${bigBlind}${antes.en}`, de: `${STRUCTURE_WORDS[structure].de} ${smallBlind}/${bigBlind}${antes.de}` };
  return { structure, smallBlind, bigBlind, ante, bigBlindAnte, mode: table.config.tournament === null ? 'cash' : 'tournament', words, level: levelOf(next) };
}

function levelOf(table: TableState): Stakes['level'] {
  const rule = table.config.tournament;
  const progress = table.tournament;
  if (rule === null || progress === null) return null;
  const level = progress.level;
  const every = rule.levelEvery;
  // The last level, or a tournament won: no level follows.
  if (level + 1 >= rule.levels.length || progress.winner !== null) return { number: level + 1, next: null };
  if ('hands' in every) return { number: level + 1, next: { hand: (level + 1) * every.hands + 1 } };
  return { number: level + 1, next: progress.startedAt === null ? null : { at: progress.startedAt + (level + 1) * every.minutes * 60_000 } };
}
