import { type Card, isCard } from '../../cards/card.js';
import { formatCard } from '../../cards/notation.js';
import { amountWords } from '../hand/announce.js';
import { apply, type Command, startHand } from '../hand/apply.js';
import { InvariantError } from '../../invariant-error.js';
import { type RuleViolation, violation } from '../rule-violation.js';
import { CARD_ENTRY_STOPPED, type CardReport, HAND_HELD, prematureAllowed, prematureLimit, unseenPlace } from './card-entry.js';
import { hasControlCharacter } from './names.js';
import { planHand } from './table-blinds.js';
import { settleTableConfig, type TableConfig } from './table-config.js';
import { type CardSource, type DeviceIncident, type DeviceKind, MISDEAL_REASONS, type MisdealReason, type SignInGate, type TableLogEntry } from './table-operations.js';
import { reduceTable, seated } from './table-reduce.js';
import type { SeatedPlayer, TableState } from './table-state.js';
import { timeAtLeave, timeCollection } from './time-collection.js';
import { stepToUndo } from './undo.js';
import { eliminate, handConfig, levelDue } from './tournament.js';

/**
 * What the croupier, the floor or a reader asks of the table between and during hands. `at` is the
 * time (ms since the epoch) from the controller's clock: the engine reads no clock itself.
 */
export type TableCommand =
  | { readonly type: 'sit'; readonly seat: number; readonly name: string; readonly buyIn: number; readonly at: number }
  | { readonly type: 'top-up'; readonly seat: number; readonly amount: number; readonly at?: number }
  | { readonly type: 'sit-out'; readonly seat: number }
  | { readonly type: 'come-back'; readonly seat: number }
  /** A waiting player posts what they owe to be dealt in at once, instead of waiting for the big blind. */
  | { readonly type: 'post'; readonly seat: number }
  | { readonly type: 'leave'; readonly seat: number; readonly at: number }
  /** One card for the draw for the button (seed 000), face up, from the shoe or typed. */
  | { readonly type: 'draw'; readonly seat: number; readonly card: Card }
  | { readonly type: 'start-hand'; readonly at: number }
  /** The hand is void: a misdeal before substantial action, or a fouled deck at any time; `by` names who ruled. */
  | { readonly type: 'misdeal'; readonly reason: MisdealReason; readonly by: string; readonly at?: number }
  /** A dealer signed in and took over the table (the core checked who they are), between hands. */
  | { readonly type: 'dealer-change'; readonly number: string; readonly name: string; readonly at: number }
  /** A device failed (the controller's, from the drivers' reports): recorded for the floor, any time. */
  | { readonly type: 'device-incident'; readonly device: string; readonly kind: DeviceKind; readonly incident: DeviceIncident; readonly words: { readonly en: string; readonly de: string }; readonly technical?: string; readonly at: number }
  /** A card refused as already in play (the controller's, from the refusal): which sender, never which card. */
  | { readonly type: 'card-refused'; readonly source: CardSource; readonly at: number }
  /**
   * A screen named a card the table does not take on its word (the controller's, D65): a card it holds
   * unseen, for a deal or a show; or a premature or exposed card (`report`), which the floor takes or not.
   * Card entry from the screens stops until the floor resumes it.
   */
  | { readonly type: 'stop-card-entry'; readonly command: 'deal' | 'show' | 'premature' | 'exposed'; readonly card: Card; readonly report: CardReport | null; readonly at: number }
  /** The floor resumes card entry: taking the report (the premature or exposed card as reported) or dropping it. */
  | { readonly type: 'resume-card-entry'; readonly take: boolean; readonly by: string; readonly at?: number }
  /** A manager was shown a finished hand's history, every hole card in it (the core checked who, D66): recorded, any time. */
  | { readonly type: 'history-viewed'; readonly hand: number; readonly handNumber: number; readonly by: string; readonly at: number }
  /** A manager lifted a sign-in's lock-out after wrong PINs (the core checked who, D60): recorded, any time. */
  | { readonly type: 'lift-lockout'; readonly gate: SignInGate; readonly by: string; readonly at: number }
  /** The table started, under this software (a record: the log says which software decided each hand). */
  | { readonly type: 'software-start'; readonly version: string; readonly build: string; readonly at: number }
  /** A floor decision recorded in words, with who made it. */
  | { readonly type: 'ruling'; readonly text: string; readonly by: string; readonly at?: number }
  /** The floor changes the table's setup between hands (stakes, structure, time or rake, seats, buy-ins). */
  | { readonly type: 'configure'; readonly config: TableConfig; readonly by: string; readonly at: number }
  /** The floor takes back the hand's last step (a card, an action, a show): `by` approved it, `reason` says why. */
  | { readonly type: 'undo'; readonly reason: string; readonly by: string; readonly at?: number }
  /** Chips moved into (+) or out of (−) a seat by a floor decision, between the player's hands. */
  | { readonly type: 'adjust-stack'; readonly seat: number; readonly amount: number; readonly reason: string; readonly by: string; readonly at?: number }
  /**
   * The floor waives the time a seat owes (D41): `amount`, the time due as the floor saw it (refused when it
   * is no longer that), with who and why. No chip moves.
   */
  | { readonly type: 'waive-time'; readonly seat: number; readonly amount: number; readonly reason: string; readonly by: string; readonly at?: number }
  /** A command of the hand in play: deal, fold, check, call, bet, all-in, show, muck. */
  | Command;

export type TableTransition = { readonly state: TableState; readonly operations: readonly TableLogEntry[] };

const SEAT_CHANGES: ReadonlySet<string> = new Set(['sit', 'top-up', 'sit-out', 'come-back', 'post', 'leave', 'adjust-stack', 'configure']);

/** The hand's own steps: what a card error reported for the floor holds until the floor has decided. */
const HAND_STEPS: ReadonlySet<string> = new Set<TableCommand['type']>(['start-hand', 'deal', 'exposed', 'premature', 'redeal-flop', 'fold', 'check', 'call', 'bet', 'all-in', 'show', 'muck']);

/** Opens a table: its configuration checked and recorded. */
export function openTable(config: TableConfig, at: number): TableTransition {
  const settled = settleTableConfig(config);
  const operation: TableLogEntry = { type: 'table-opened', config: settled, at };
  return { state: reduceTable(undefined, operation), operations: [operation] };
}

/** Collects a command's entries while applying each, like the hand engine's recorder. */
class TableRecorder {
  readonly operations: TableLogEntry[] = [];

  constructor(public state: TableState) {}

  push(entry: TableLogEntry): void {
    this.state = reduceTable(this.state, entry);
    this.operations.push(entry);
  }
}

/** Applies a command to the table. Throws `RuleViolation` (nothing changed) when the rules do not allow it. */
export function applyTable(state: TableState, command: TableCommand): TableTransition {
  const recorder = new TableRecorder(state);
  if (state.redeal !== null && SEAT_CHANGES.has(command.type)) {
    // The redeal is the same hand (TDA 35): the same players, as they were.
    throw violation('not-between-hands', 'Redeal the misdealt hand first: seat changes come after it', 'Erst die Hand nach dem Misdeal neu geben: Platzänderungen danach');
  }
  // A dealing error reported for the floor holds the hand where it was reported (D65): what the floor
  // takes must still fit it. The floor's own commands go on.
  if (state.cardEntryStopped?.report != null && HAND_STEPS.has(command.type)) throw violation('hand-held', HAND_HELD.en, HAND_HELD.de);
  switch (command.type) {
    case 'sit':
      sit(recorder, command);
      break;
    case 'top-up':
      topUp(recorder, command.seat, command.amount, command.at);
      break;
    case 'sit-out':
      if (state.config.tournament !== null) {
        throw violation('invalid-seat-change', 'In a tournament an absent player is dealt in and blinded off: the croupier folds the hand', 'Im Turnier wird ein abwesender Spieler ausgeteilt und bezahlt seine Blinds: der Croupier wirft die Hand weg');
      }
      if (playerAt(state, command.seat).status === 'sitting-out') throw violation('invalid-seat-change', `Seat ${command.seat} is sitting out already`, `Platz ${command.seat} pausiert schon`);
      recorder.push({ type: 'sat-out', seat: command.seat });
      break;
    case 'come-back':
      comeBack(recorder, command.seat);
      break;
    case 'post': {
      const player = playerAt(state, command.seat);
      if (player.status !== 'waiting' || player.posting) {
        throw violation('invalid-seat-change', `Seat ${command.seat} has nothing to post: it is ${player.posting ? 'posting already' : player.status}`, `Platz ${command.seat} muss nichts setzen`);
      }
      recorder.push({ type: 'will-post', seat: command.seat });
      break;
    }
    case 'leave':
      leave(recorder, command.seat, command.at);
      break;
    case 'draw':
      draw(recorder, command.seat, command.card);
      break;
    case 'start-hand':
      startNextHand(recorder, command.at);
      break;
    case 'misdeal':
      misdeal(recorder, command.reason, command.by, command.at);
      break;
    case 'dealer-change':
      changeDealer(recorder, command);
      break;
    case 'device-incident':
      recorder.push({ type: 'device-incident', device: command.device, kind: command.kind, incident: command.incident, words: command.words, ...(command.technical === undefined ? {} : { technical: command.technical }), at: command.at });
      break;
    case 'card-refused':
      recorder.push({ type: 'card-refused', source: command.source, handNumber: state.handNumber, at: command.at });
      break;
    case 'lift-lockout':
      recorder.push({ type: 'lockout-lifted', gate: command.gate, by: decidedBy(command.by), at: command.at });
      break;
    case 'software-start':
      recorder.push({ type: 'software-started', version: softwareWords(command.version, 'version'), build: softwareWords(command.build, 'build'), at: command.at });
      break;
    case 'history-viewed':
      recorder.push({ type: 'hand-history-viewed', hand: command.hand, handNumber: command.handNumber, by: decidedBy(command.by), at: command.at });
      break;
    case 'stop-card-entry':
      if (state.cardEntryStopped !== undefined) throw cardEntryStopped();
      recorder.push({ type: 'card-entry-stopped', handNumber: state.handNumber, command: command.command, card: command.card, place: unseenPlace(state, command.card), report: command.report, at: command.at });
      break;
    case 'resume-card-entry':
      resumeCardEntry(recorder, command);
      break;
    case 'premature':
      // A round takes so many premature cards on the croupier's report (E17); one more is the floor's.
      if (!prematureAllowed(state)) {
        const limit = prematureLimit(state);
        throw violation('premature-limit', `This betting round has had its ${limit} premature card(s): call the floor`, `Diese Setzrunde hatte schon ihre ${limit} vorzeitige(n) Karte(n): Floor rufen`);
      }
      playHand(recorder, command);
      break;
    case 'ruling':
      recorder.push({ type: 'ruling', text: required(command.text, 'A ruling needs its words', 'Eine Entscheidung braucht ihren Wortlaut'), by: decidedBy(command.by), ...when(command.at) });
      break;
    case 'adjust-stack':
      adjustStack(recorder, command);
      break;
    case 'waive-time': {
      const player = playerAt(state, command.seat);
      const due = player.timeDue ?? 0;
      if (due === 0) throw violation('no-time-due', `Seat ${command.seat} owes no time`, `Platz ${command.seat} schuldet keine Zeitgebühr`);
      if (command.amount !== due) throw violation('no-time-due', `Seat ${command.seat} owes ${due} in time now, not ${String(command.amount)}: look again`, `Platz ${command.seat} schuldet jetzt ${due} Zeitgebühr, nicht ${String(command.amount)}: bitte neu prüfen`);
      const reason = required(command.reason, 'Waiving time needs its reason', 'Das Erlassen der Zeitgebühr braucht seinen Grund');
      recorder.push({ type: 'time-waived', seat: command.seat, amount: due, reason, by: decidedBy(command.by), ...when(command.at) });
      break;
    }
    case 'configure':
      configure(recorder, command);
      break;
    case 'undo': {
      const undone = stepToUndo(state);
      const reason = required(command.reason, 'An undo needs its reason', 'Eine Rücknahme braucht ihren Grund');
      recorder.push({ type: 'step-undone', handNumber: state.handNumber, undone, reason, by: decidedBy(command.by), ...when(command.at) });
      break;
    }
    default:
      playHand(recorder, command);
  }
  checkTableChips(recorder.state);
  return { state: recorder.state, operations: recorder.operations };
}

function cardEntryStopped(): RuleViolation {
  return violation('card-entry-stopped', CARD_ENTRY_STOPPED.en, CARD_ENTRY_STOPPED.de);
}

/**
 * The floor resumes card entry. Taking the report applies it as the screen reported it — in the hand it
 * was reported in, by the rules as they stand (a card in play is refused, to the floor) — and writes its
 * operations after the resumption.
 */
function resumeCardEntry(recorder: TableRecorder, command: Extract<TableCommand, { type: 'resume-card-entry' }>): void {
  const stop = recorder.state.cardEntryStopped;
  if (stop === undefined) throw violation('card-entry-open', 'Card entry is not stopped', 'Die Karteneingabe ist nicht gestoppt');
  const report = stop.report;
  if (command.take && report === null) throw violation('nothing-reported', 'Nothing was reported to take: resume card entry without it', 'Es wurde nichts gemeldet, das übernommen werden könnte: Karteneingabe ohne fortsetzen');
  const hand = recorder.state.hand;
  if (command.take && (stop.handNumber !== recorder.state.handNumber || hand === null || hand.phase.kind === 'complete')) {
    throw violation('hand-over', 'The hand the report was made in is over: resume card entry without it', 'Die Hand, in der gemeldet wurde, ist vorbei: Karteneingabe ohne die Meldung fortsetzen');
  }
  recorder.push({ type: 'card-entry-resumed', taken: command.take, by: decidedBy(command.by), ...when(command.at) });
  if (!command.take || report === null) return;
  if (report.type === 'premature' && !prematureAllowed(recorder.state)) throw violation('premature-limit', 'This betting round has had its premature cards: a ruling or a misdeal', 'Diese Setzrunde hatte ihre vorzeitigen Karten: eine Entscheidung oder ein Misdeal');
  playHand(recorder, report);
}

/** A dealer change waits for the hand to end: the hand in play is the dealer's who began it. */
function changeDealer(recorder: TableRecorder, command: Extract<TableCommand, { type: 'dealer-change' }>): void {
  const { state } = recorder;
  if ((state.hand !== null && state.hand.phase.kind !== 'complete') || state.redeal !== null) {
    throw violation('not-between-hands', 'A dealer change is recorded between hands: finish this hand first', 'Ein Dealerwechsel wird zwischen den Händen erfasst: erst diese Hand beenden');
  }
  if (state.dealer?.number === command.number) throw violation('dealer-on-duty', `${command.name} is the dealer on duty already`, `${command.name} ist schon Dealer im Dienst`);
  recorder.push({ type: 'dealer-on-duty', number: command.number, name: required(command.name, 'A dealer needs a name', 'Ein Dealer braucht einen Namen'), at: command.at });
}

/** The most chips any amount at a table may be: far beyond any table, far below where integers stop being exact. */
export const MAX_CHIPS = 1_000_000_000_000;

/**
 * Between hands every chip is in a seat: what came in, less what left, what the house took, and the
 * floor's corrections. Checked after every command — a breach is a bug (`InvariantError`), never written.
 */
export function checkTableChips(state: TableState): void {
  if (state.hand !== null && state.hand.phase.kind !== 'complete') return;
  const { buyIns, cashOuts, timeCollected, rake, adjustments } = state.totals;
  const unit = state.config.hand.chipUnit;
  // Seat by seat too: a sum can hide a negative stack behind another seat's surplus.
  const odd = state.seats.find((player) => player !== null && (!Number.isSafeInteger(player.stack) || player.stack < 0 || player.stack % unit !== 0));
  if (odd !== undefined && odd !== null) throw new InvariantError(`seat ${odd.seat} holds ${odd.stack}, not a whole number of ${unit}-chip units`);
  const seated = state.seats.reduce((sum, player) => sum + (player?.stack ?? 0), 0);
  const expected = buyIns - cashOuts - timeCollected - rake + adjustments;
  if (seated !== expected || !Number.isSafeInteger(seated)) throw new InvariantError(`the seats hold ${seated}, but ${expected} came in and stayed`);
}

function playerAt(state: TableState, seat: number): NonNullable<TableState['seats'][number]> {
  const player = Number.isSafeInteger(seat) ? state.seats[seat - 1] : undefined;
  if (player === undefined || player === null) throw violation('invalid-seat-change', `Nobody sits at seat ${String(seat)}`, `Auf Platz ${String(seat)} sitzt niemand`);
  return player;
}

/** Whether the player is in the hand now being played (their chips are in play until it ends). */
function inPlay(state: TableState, seat: number): boolean {
  const hand = state.hand;
  return hand !== null && hand.phase.kind !== 'complete' && hand.players.some((player) => player.seat === seat);
}

function sit(recorder: TableRecorder, command: Extract<TableCommand, { type: 'sit' }>): void {
  const { state } = recorder;
  const { config } = state;
  const { seat, buyIn, at } = command;
  checkTime(at);
  const name = typeof command.name === 'string' ? command.name.trim() : '';
  if (!Number.isSafeInteger(seat) || seat < 1 || seat > config.seatCount) {
    throw violation('invalid-seat-change', `There is no seat ${String(seat)} at this table (1–${config.seatCount})`, `Diesen Platz gibt es nicht: ${String(seat)} (1–${config.seatCount})`);
  }
  if (state.seats[seat - 1] !== null) throw violation('invalid-seat-change', `Seat ${seat} is taken`, `Platz ${seat} ist besetzt`);
  if (name === '') throw violation('invalid-seat-change', 'A player needs a name', 'Ein Spieler braucht einen Namen');
  if (hasControlCharacter(name)) throw violation('invalid-seat-change', 'A name cannot hold a control character (a line break, a tab)', 'Ein Name darf kein Steuerzeichen enthalten (Zeilenumbruch, Tabulator)');
  if (state.seats.some((player) => player?.name === name)) throw violation('invalid-seat-change', `${name} already sits at this table`, `${name} sitzt schon an diesem Tisch`);
  if (state.seats.filter((player) => player !== null).length >= config.maxPlayers) {
    throw violation('invalid-seat-change', `The table is full (${config.maxPlayers} players)`, `Der Tisch ist voll (${config.maxPlayers} Spieler)`);
  }
  const tournament = config.tournament;
  if (tournament !== null) {
    if (state.handNumber > 0) throw violation('not-between-hands', 'The tournament has started: registration is closed', 'Das Turnier läuft: keine Anmeldung mehr');
    if (buyIn !== tournament.startingStack) {
      throw violation('buy-in-out-of-range', `Every player starts the tournament with ${tournament.startingStack}, not ${String(buyIn)}`, `Jeder Spieler beginnt das Turnier mit ${tournament.startingStack}, nicht ${String(buyIn)}`);
    }
    recorder.push({ type: 'seated', seat, name, stack: buyIn, status: 'playing', owesBigBlind: false, at });
    return;
  }
  // WSOP Live Action 58: back within the time, a player brings back at least what they left with.
  const departure = state.departures.find((left) => left.name === name && at - left.at < config.returnWithinMinutes * 60_000);
  const least = Math.max(config.buyIn.min, departure?.stack ?? 0);
  const most = Math.max(config.buyIn.max, departure?.stack ?? 0);
  checkAmount(buyIn, config.hand.chipUnit, { en: 'buy-in', de: 'Buy-in' });
  if (buyIn < least || buyIn > most) {
    const held = departure !== undefined && departure.stack > config.buyIn.min;
    const why = held ? ` (${name} left with ${departure.stack} less than ${config.returnWithinMinutes} minutes ago)` : '';
    const warum = held ? ` (${name} ist vor weniger als ${config.returnWithinMinutes} Minuten mit ${departure.stack} gegangen)` : '';
    throw violation('buy-in-out-of-range', `A buy-in of ${buyIn} is not within ${least}–${most}${why}`, `Ein Buy-in von ${buyIn} liegt nicht zwischen ${least} und ${most}${warum}`);
  }
  // Until the button is drawn everyone seated draws for it and plays; later a new player waits for the big
  // blind or posts one. The button is drawn again at a table emptied and set up without its seat
  // (`table-configured`), after hands too: there the players who sit down draw, as at a new table.
  const started = state.button !== null;
  // Time left unpaid is owed again (T8, D41); the next hand's boundary collects it.
  const timeDue = departure?.timeDue;
  // Back within the window is the same stay: no new courtesy hands (D46).
  const handsDealt = departure?.handsDealt;
  recorder.push({
    type: 'seated',
    seat,
    name,
    stack: buyIn,
    status: started ? 'waiting' : 'playing',
    owesBigBlind: started,
    at,
    ...(timeDue === undefined ? {} : { timeDue }),
    ...(handsDealt === undefined ? {} : { handsDealt }),
  });
  if (started && config.newPlayers === 'post') recorder.push({ type: 'will-post', seat });
}

function topUp(recorder: TableRecorder, seat: number, amount: number, at: number | undefined): void {
  const { state } = recorder;
  const player = playerAt(state, seat);
  checkAmount(amount, state.config.hand.chipUnit, { en: 'top-up', de: 'Nachkauf' });
  if (state.config.tournament !== null) throw violation('buy-in-out-of-range', 'No top-ups in this tournament', 'In diesem Turnier wird nicht nachgekauft');
  if (inPlay(state, seat)) throw violation('not-between-hands', `Seat ${seat} is in a hand: top up between hands (table stakes)`, `Platz ${seat} spielt eine Hand: nachkaufen nur zwischen den Händen`);
  const { min, max } = state.config.buyIn;
  const after = player.stack + amount;
  if (amount <= 0 || after < min || after > max) {
    throw violation('buy-in-out-of-range', `A top-up must bring the stack to ${min}–${max}; ${player.stack} + ${amount} is ${after}`, `Nachkaufen muss den Stapel auf ${min}–${max} bringen; ${player.stack} + ${amount} ist ${after}`);
  }
  recorder.push({ type: 'topped-up', seat, amount, ...when(at) });
}

function comeBack(recorder: TableRecorder, seat: number): void {
  const player = playerAt(recorder.state, seat);
  if (player.status !== 'sitting-out') throw violation('invalid-seat-change', `Seat ${seat} is not sitting out`, `Platz ${seat} pausiert nicht`);
  if (player.stack === 0) throw violation('invalid-seat-change', `Seat ${seat} has no chips: buy chips first`, `Platz ${seat} hat keine Chips: erst nachkaufen`);
  const owes = player.owes.small || player.owes.big;
  recorder.push({ type: 'came-back', seat, status: owes ? 'waiting' : 'playing' });
}

function leave(recorder: TableRecorder, seat: number, at: number): void {
  checkTime(at);
  const { state } = recorder;
  const player = playerAt(state, seat);
  if (inPlay(state, seat)) {
    const player = state.hand?.players.find((other) => other.seat === seat);
    if (player !== undefined && player.status !== 'folded') {
      throw violation('not-between-hands', `Seat ${seat} is in the hand: leave after it or fold first`, `Platz ${seat} spielt die Hand: erst danach gehen oder passen`);
    }
    throw violation('not-between-hands', `Seat ${seat}'s chips are in the hand until it ends`, `Die Chips von Platz ${seat} sind bis zum Ende der Hand im Spiel`);
  }
  if (state.config.tournament !== null && state.handNumber > 0 && player.stack > 0) {
    throw violation('not-between-hands', `In a tournament seat ${seat}'s chips stay in play until they are lost`, `Im Turnier bleiben die Chips von Platz ${seat} im Spiel, bis sie verloren sind`);
  }
  const { collected, unpaid } = timeAtLeave(player);
  if (collected !== null) recorder.push(collected);
  const stack = seated(recorder.state, seat).stack;
  // What a return within the window takes up again: time unpaid (D41) and the hands dealt, so that leaving
  // and coming back starts no new courtesy (D46). Written only when there is something to carry.
  recorder.push({
    type: 'left',
    seat,
    name: player.name,
    stack,
    at,
    ...(unpaid === 0 ? {} : { timeDue: unpaid }),
    ...(player.handsDealt === 0 ? {} : { handsDealt: player.handsDealt }),
  });
  // Before the first hand the button is the draw's, not the seat's: the highest card still at the table
  // takes it (seed 000: the highest card is the first dealer). After a hand, it moves by the hands.
  // A player seated since the draw waits (`waiting`) and drew no card, even at a seat whose drawer left:
  // only the players who drew and play are candidates.
  if (recorder.state.button === seat && recorder.state.bigBlind === null) {
    const next = highestDraw(recorder.state, (player) => player.status === 'playing');
    if (next !== null) recorder.push({ type: 'button-drawn', seat: next });
  }
}

/** The seat of the highest card drawn for the button whose seat's player passes `candidate`, or null. */
function highestDraw(state: TableState, candidate: (player: SeatedPlayer) => boolean): number | null {
  let best: TableState['buttonDraw'][number] | null = null;
  for (const drawn of state.buttonDraw) {
    const player = state.seats[drawn.seat - 1];
    if (player != null && candidate(player) && (best === null || drawn.card > best.card)) best = drawn;
  }
  return best === null ? null : best.seat;
}

function draw(recorder: TableRecorder, seat: number, card: Card): void {
  const { state } = recorder;
  playerAt(state, seat);
  if (state.button !== null) throw violation('not-between-hands', 'The button has been drawn already', 'Der Button ist schon ausgelost');
  if (!isCard(card)) throw violation('invalid-amount', `${String(card)} is not a card`, `${String(card)} ist keine Karte`);
  if (state.buttonDraw.some((drawn) => drawn.seat === seat)) throw violation('invalid-seat-change', `Seat ${seat} has drawn already`, `Platz ${seat} hat schon gezogen`);
  if (state.buttonDraw.some((drawn) => drawn.card === card)) throw violation('card-already-in-play', `${formatCard(card)} is drawn already`, `${formatCard(card)} ist schon gezogen`);
  recorder.push({ type: 'button-card', seat, card });
  const drawing = recorder.state.seats.filter((player) => player !== null && player.status === 'playing');
  if (drawing.every((player) => recorder.state.buttonDraw.some((drawn) => drawn.seat === player?.seat)) && drawing.length >= 2) {
    // Highest card wins: rank first, then suit ♣ < ♦ < ♥ < ♠ (seed 000) — the card number's own order.
    recorder.push({ type: 'button-drawn', seat: highestDraw(recorder.state, () => true) as number });
  }
}

function startNextHand(recorder: TableRecorder, at: number): void {
  checkTime(at);
  const { state } = recorder;
  if (state.hand !== null && state.hand.phase.kind !== 'complete') throw violation('not-between-hands', 'A hand is in play', 'Eine Hand läuft');
  if (state.button === null) throw violation('button-not-drawn', 'Draw for the button first', 'Zuerst den Button auslosen');
  if (state.tournament?.winner != null) throw violation('hand-over', `The tournament is over: ${state.tournament.winner} won`, `Das Turnier ist vorbei: ${state.tournament.winner} hat gewonnen`);
  if (state.redeal !== null && redealExactly(recorder, state.redeal, at)) return;
  // Time is collected before the deal (seed 000); a tournament's blinds go up first.
  for (const entry of timeCollection(state, at)) recorder.push(entry);
  const level = levelDue(state, at);
  if (level !== null) recorder.push(level);
  const plan = planHand(recorder.state);
  if (plan === null) throw violation('not-enough-players', 'At least two players must be able to play', 'Mindestens zwei Spieler müssen spielen können');
  for (const { seat, small, big } of plan.missed) recorder.push({ type: 'blinds-missed', seat, small, big });
  const players = plan.dealtIn.map((seat) => ({ seat, stack: seated(recorder.state, seat).stack }));
  recorder.push({
    type: 'hand-positions',
    handNumber: state.handNumber + 1,
    at,
    button: plan.button,
    smallBlindPosition: plan.smallBlindPosition,
    bigBlind: plan.bigBlind,
    dealtIn: plan.dealtIn,
    extraPosts: plan.extraPosts,
    previous: { button: state.button, smallBlindPosition: state.smallBlindPosition, bigBlind: state.bigBlind },
  });
  const { operations } = startHand({
    config: handConfig(recorder.state),
    players,
    buttonSeat: plan.button,
    blinds: { smallBlindSeat: plan.smallBlindSeat, bigBlindSeat: plan.bigBlind },
    extraPosts: plan.extraPosts,
  });
  for (const operation of operations) recorder.push(operation);
  settleIfOver(recorder);
}

/**
 * The redeal after a misdeal is an exact re-play (TDA 35): the same players, button, blinds and limits, no
 * time collected again, the same hand number — as long as everyone dealt in is still there with chips;
 * otherwise the next hand is planned anew.
 */
function redealExactly(recorder: TableRecorder, redeal: NonNullable<TableState['redeal']>, at: number): boolean {
  const { state } = recorder;
  const { positions, config } = redeal;
  const players = positions.dealtIn.map((seat) => ({ seat, stack: state.seats[seat - 1]?.stack ?? 0 }));
  if (players.some((player) => player.stack === 0)) return false;
  // Who asked to sit out during the voided hand is dealt into the redeal too, and still sits out after it.
  const sittingOut = positions.dealtIn.filter((seat) => state.seats[seat - 1]?.status === 'sitting-out');
  recorder.push({ ...positions, at, previous: { button: state.button, smallBlindPosition: state.smallBlindPosition, bigBlind: state.bigBlind } });
  const smallBlindSeat = positions.dealtIn.includes(positions.smallBlindPosition) && positions.smallBlindPosition !== positions.bigBlind ? positions.smallBlindPosition : null;
  const { operations } = startHand({ config, players, buttonSeat: positions.button, blinds: { smallBlindSeat, bigBlindSeat: positions.bigBlind }, extraPosts: positions.extraPosts });
  for (const operation of operations) recorder.push(operation);
  for (const seat of sittingOut) recorder.push({ type: 'sat-out', seat });
  return true;
}

/**
 * A misdeal (TDA 35): dealing errors void the hand only before substantial action — two actions in turn
 * with at least one putting chips in, or three actions (TDA 36); after it the hand plays on. A fouled deck
 * voids the hand whenever it is found before the pots are pushed.
 */
function misdeal(recorder: TableRecorder, reason: MisdealReason, by: string, at: number | undefined): void {
  const { state } = recorder;
  const hand = state.hand;
  if (hand === null || hand.phase.kind === 'complete') throw violation('hand-over', 'No hand is in play', 'Keine Hand läuft');
  if (typeof reason !== 'string' || !Object.hasOwn(MISDEAL_REASONS, reason)) {
    throw violation('invalid-amount', `'${String(reason)}' is not a reason for a misdeal`, `'${String(reason)}' ist kein Grund für einen Misdeal`);
  }
  const declaredBy = required(by, 'A misdeal needs the name of who declared it', 'Ein Misdeal braucht den Namen, wer ihn erklärt hat');
  const { count, chips } = state.handActions;
  if (reason !== 'fouled-deck' && (count >= 3 || (count >= 2 && chips >= 1))) {
    throw violation('misdeal-too-late', `No misdeal after substantial action (${count} actions): the hand plays on (TDA 35–36)`, `Kein Misdeal nach wesentlicher Aktion (${count} Aktionen): die Hand wird weitergespielt (TDA 35–36)`);
  }
  recorder.push({ type: 'hand-voided', handNumber: state.handNumber, reason, by: declaredBy, ...when(at) });
  // The void makes a player who posted to come in owe the blinds again (waiting to post); one who asked to
  // sit out meanwhile still sits out (and is dealt into the redeal all the same: `redealExactly`).
  for (const player of state.seats) {
    if (player?.status === 'sitting-out' && recorder.state.seats[player.seat - 1]?.status !== 'sitting-out') recorder.push({ type: 'sat-out', seat: player.seat });
  }
}

function playHand(recorder: TableRecorder, command: Command): void {
  const hand = recorder.state.hand;
  if (hand === null || hand.phase.kind === 'complete') throw violation('hand-over', 'No hand is in play: start the next hand', 'Keine Hand läuft: nächste Hand starten');
  const { operations } = apply(hand, command);
  for (const operation of operations) recorder.push(operation);
  settleIfOver(recorder);
}

/**
 * When the hand is over, the seats take its final stacks. In a tournament the players left without chips
 * are out, and the last player with chips wins.
 */
function settleIfOver(recorder: TableRecorder): void {
  const hand = recorder.state.hand;
  if (hand === null || hand.phase.kind !== 'complete') return;
  // The seats still hold the stacks the players began the hand with: what places players out together.
  const busted = hand.players.filter((player) => player.stack === 0).map((player) => ({ seat: player.seat, began: seated(recorder.state, player.seat).stack }));
  recorder.push({ type: 'hand-settled', stacks: hand.players.map(({ seat, stack }) => ({ seat, stack })), rake: hand.rake });
  if (recorder.state.config.tournament !== null) eliminate(recorder, busted);
}

function required(text: unknown, en: string, de: string): string {
  if (typeof text !== 'string' || text.trim() === '') throw violation('invalid-seat-change', en, de);
  return text.trim();
}

/**
 * When the floor decided, for the log (D37: who and when): the controller's clock gives it; a command
 * without it (a simulation, a test, an older log) records none.
 */
function when(at: number | undefined): { at?: number } {
  if (at === undefined) return {};
  checkTime(at);
  return { at };
}

/** A time from the controller's clock: milliseconds since the epoch, a finite number. */
function checkTime(at: unknown): void {
  if (typeof at !== 'number' || !Number.isFinite(at)) throw violation('invalid-amount', `${String(at)} is not a time`, `${String(at)} ist keine Zeitangabe`);
}

/** A software version or build as the log keeps it: a short word of printable characters (src/version.ts). */
function softwareWords(text: string, what: 'version' | 'build'): string {
  if (typeof text !== 'string' || !/^[\x21-\x7e]{1,64}$/.test(text)) {
    throw violation('unknown-command', `The software's ${what} is 1–64 printable characters without spaces, not ${JSON.stringify(text)}`, `Die ${what === 'version' ? 'Version' : 'Build-Kennung'} der Software hat 1–64 druckbare Zeichen ohne Leerzeichen, nicht ${JSON.stringify(text)}`);
  }
  return text;
}

function decidedBy(by: string): string {
  return required(by, 'A floor decision needs the name of who made it', 'Eine Floor-Entscheidung braucht den Namen, wer sie traf');
}

/**
 * A new setup for the table, between hands: checked as a whole like the opening one, recorded with who
 * changed it. A cash table stays a cash table (a tournament's structure is fixed at its start), and seats
 * are removed only when nobody sits in them and neither the button nor a blind was last there (at an empty
 * table that seat goes, and the button is drawn for again). The next hand is dealt under the new rules.
 */
function configure(recorder: TableRecorder, command: Extract<TableCommand, { type: 'configure' }>): void {
  const { state } = recorder;
  const by = decidedBy(command.by);
  checkTime(command.at);
  const hand = state.hand;
  if (hand !== null && hand.phase.kind !== 'complete') throw violation('not-between-hands', "Change the table's setup between hands", 'Den Tisch zwischen zwei Händen einrichten');
  if (state.config.tournament !== null || (command.config as Partial<TableConfig>).tournament != null) {
    throw violation('invalid-config', "A tournament's structure is set at its start: only a cash table is set up anew", 'Die Struktur eines Turniers steht ab seinem Start fest: nur ein Cash-Tisch wird neu eingerichtet');
  }
  const config = settleTableConfig(command.config);
  const beyond = state.seats.find((player) => player !== null && player.seat > config.seatCount);
  if (beyond !== undefined && beyond !== null) {
    throw violation('invalid-config', `Seat ${beyond.seat} is taken: the table cannot have only ${config.seatCount} seats`, `Platz ${beyond.seat} ist besetzt: der Tisch kann nicht nur ${config.seatCount} Plätze haben`);
  }
  // The next hand's button and blinds go on from where the last hand's were: a seat removed under them
  // would put them nowhere (the blinds skipped, or no hand at all).
  // At an empty table no hand can move them: there the order starts anew, with a draw (`table-configured`).
  const remembered = [state.button, state.smallBlindPosition, state.bigBlind].find((seat) => seat !== null && seat > config.seatCount);
  if (remembered !== undefined && remembered !== null && state.seats.some((player) => player !== null)) {
    throw violation(
      'invalid-config',
      `The button or a blind is at seat ${remembered}: the table can have only ${config.seatCount} seats once they have moved past it (a hand or two)`,
      `Der Button oder ein Blind steht auf Platz ${remembered}: der Tisch kann erst nur ${config.seatCount} Plätze haben, wenn sie weitergezogen sind (nach ein, zwei Händen)`,
    );
  }
  const unit = config.hand.chipUnit;
  const odd = state.seats.find((player) => player !== null && player.stack % unit !== 0);
  if (odd !== undefined && odd !== null) {
    throw violation('invalid-config', `Seat ${odd.seat}'s stack ${odd.stack} is not a whole number of the new chip unit ${unit}`, `Der Stapel von Platz ${odd.seat} (${odd.stack}) ist keine ganze Zahl der neuen Chipeinheit ${unit}`);
  }
  // Time owed is collected from the stack later: an amount off the new unit would leave a stack off it,
  // which the next hand refuses as a broken invariant (the table would stop).
  const owing = state.seats.find((player) => player !== null && (player.timeDue ?? 0) % unit !== 0);
  if (owing !== undefined && owing !== null) {
    throw violation(
      'invalid-config',
      `Seat ${owing.seat} owes ${owing.timeDue ?? 0} in time, not a whole number of the new chip unit ${unit}: collect or waive it first`,
      `Platz ${owing.seat} schuldet ${owing.timeDue ?? 0} Zeit, keine ganze Zahl der neuen Chipeinheit ${unit}: erst kassieren oder erlassen`,
    );
  }
  // A player back within the window owes their time again (D41): time off the new unit would come back
  // with them. (Their stack needs no check: a buy-in is made of the new unit then.) A player sitting
  // at the table now is back already, and owes it as a seat.
  const returning = state.departures.find(
    (left) => command.at - left.at < config.returnWithinMinutes * 60_000 && (left.timeDue ?? 0) % unit !== 0 && !state.seats.some((player) => player?.name === left.name),
  );
  if (returning !== undefined) {
    const until = new Date(returning.at + config.returnWithinMinutes * 60_000).toISOString().slice(11, 16);
    throw violation(
      'invalid-config',
      `${returning.name} left owing ${returning.timeDue ?? 0} in time, not a whole number of the new chip unit ${unit}, and may come back owing it until ${until} UTC`,
      `${returning.name} ist gegangen und schuldet ${returning.timeDue ?? 0} Zeit, keine ganze Zahl der neuen Chipeinheit ${unit}, und kann damit bis ${until} UTC zurückkommen`,
    );
  }
  const playing = state.seats.filter((player) => player !== null).length;
  if (playing > config.maxPlayers) {
    throw violation('invalid-config', `${playing} players sit at the table: at most ${config.maxPlayers} is too few`, `${playing} Spieler sitzen am Tisch: höchstens ${config.maxPlayers} ist zu wenig`);
  }
  recorder.push({ type: 'table-configured', config, by, at: command.at });
  // A shorter period brings the next collection forward to one new period from now, never later than it
  // was due: time every 30 minutes made every minute is not left waiting for the half hour. A longer one
  // keeps the collection already due, and the periods after it are the new length.
  const before = state.config.timeCollection;
  const after = config.timeCollection;
  const due = state.nextTimeCollection;
  if (before !== null && after !== null && due !== null && after.everyMinutes < before.everyMinutes) {
    const next = Math.min(due, command.at + after.everyMinutes * 60_000);
    if (next !== due) recorder.push({ type: 'time-period', next });
  }
}

/** Chips moved by hand on a floor decision: only between the player's hands, never below zero, with who and why. */
function adjustStack(recorder: TableRecorder, command: Extract<TableCommand, { type: 'adjust-stack' }>): void {
  const { state } = recorder;
  const player = playerAt(state, command.seat);
  const reason = required(command.reason, 'A stack correction needs its reason', 'Eine Stapelkorrektur braucht ihren Grund');
  const by = decidedBy(command.by);
  const unit = state.config.hand.chipUnit;
  if (!Number.isSafeInteger(command.amount) || command.amount === 0 || command.amount % unit !== 0) {
    throw violation('invalid-amount', `A correction of ${String(command.amount)} is not a whole number of chip units (${unit})`, `Eine Korrektur von ${String(command.amount)} ist keine ganze Zahl von Chipeinheiten (${unit})`);
  }
  if (inPlay(state, command.seat)) throw violation('not-between-hands', `Seat ${command.seat} is in a hand: correct the stack after it`, `Platz ${command.seat} spielt eine Hand: Stapel danach korrigieren`);
  // A correction never takes a stack past MAX_CHIPS (pots may, from chips bought in): the seats' sum stays exact.
  if (!Number.isSafeInteger(player.stack + command.amount) || Math.abs(command.amount) > MAX_CHIPS || (command.amount > 0 && player.stack + command.amount > MAX_CHIPS)) {
    throw violation('invalid-amount', `A correction of ${command.amount} is beyond any table's chips`, `Eine Korrektur von ${command.amount} übersteigt die Chips jedes Tisches`);
  }
  if (player.stack + command.amount < 0) {
    const has = amountWords(player.stack);
    throw violation('not-enough-chips', `Seat ${command.seat} has only ${has.en}`, `Platz ${command.seat} hat nur ${has.de}`);
  }
  // A correction puts a count right: it adds no more than the table holds or a buy-in brings, so that a
  // slip on the keypad (999,999,999) cannot put a fortune on a seat. More chips come with a top-up.
  const plausible = Math.max(state.config.buyIn.max, chipsAtTable(state));
  if (command.amount > plausible) {
    const asked = amountWords(command.amount);
    const most = amountWords(plausible);
    throw violation(
      'invalid-amount',
      `A correction of +${asked.en} is more than all the chips at the table and the largest buy-in (${most.en}): a correction puts a count right; more chips come with a top-up`,
      `Eine Korrektur von +${asked.de} ist mehr als alle Chips am Tisch und der höchste Buy-in (${most.de}): eine Korrektur berichtigt eine Zählung; mehr Chips kommen mit einem Nachkauf`,
    );
  }
  recorder.push({ type: 'stack-adjusted', seat: command.seat, amount: command.amount, reason, by, ...when(command.at) });
  if (state.config.tournament !== null && player.stack + command.amount === 0) eliminate(recorder, [{ seat: command.seat, began: player.stack }]);
}

/** Every seat's stack: the chips at the table between hands. */
function chipsAtTable(state: TableState): number {
  let total = 0;
  for (const player of state.seats) if (player !== null) total += player.stack;
  return total;
}

function checkAmount(amount: number, unit: number, what: { readonly en: string; readonly de: string }): void {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_CHIPS || amount % unit !== 0) {
    throw violation('invalid-amount', `A ${what.en} of ${String(amount)} is not a positive number of chip units (${unit})`, `Ein ${what.de} von ${String(amount)} ist keine positive Zahl von Chipeinheiten (${unit})`);
  }
}
