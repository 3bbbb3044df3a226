import type { Words } from '../evaluator/words.js';
import type { Card } from '../cards/card.js';
import { CARD_ENTRY_STOPPED, type CardReport, stopWords, unseenPlace } from '../engine/table/card-entry.js';
import { isSeen } from '../engine/hand/dealing.js';
import { RuleViolation } from '../engine/rule-violation.js';
import { applyTable, openTable, type TableCommand } from '../engine/table/table.js';
import type { TableConfig } from '../engine/table/table-config.js';
import { canonicalJson } from '../store/canonical-json.js';
import { PersistenceError } from '../store/persistence-error.js';
import { reopenedTable } from '../store/reopen.js';
import { ErasureRefused, erasePlayer } from '../store/erasure.js';
import type { TableState } from '../engine/table/table-state.js';
import type { CardSource, DeviceIncident } from '../engine/table/table-operations.js';
import type { Store } from '../store/store.js';
import { type Decision, decisionOf, type DeviceStatus, sameDecision, viewOf, type ViewModel } from './view-model.js';

export type Clock = { now(): number };

/** The id under which the table's opening is stored: `#` ids are the controller's own, never a sender's. */
export const OPEN_ID = '#open';

/** A snapshot of the table every this many rows, between hands: reopening replays at most this many. */
export const SNAPSHOT_EVERY = 5_000;

/** A table command whose time the controller's clock may supply. */
export type TimedCommand = TableCommand extends infer C ? (C extends { readonly at: number } ? Omit<C, 'at'> & { readonly at?: number } : C) : never;

/**
 * A player of the table as a manager's list shows them (D102, D114): their number, their name or — erased —
 * when, by whom and at which row of the log, and the seat they hold now (null when not seated). Never the salt.
 */
export type TablePlayer = {
  readonly player: number;
  readonly name: string | null;
  readonly erased: { readonly row: number; readonly at: number; readonly by: string } | null;
  readonly seat: number | null;
};

/** A command as it arrives: an id (so a retry applies once) and the command. */
export type Envelope = { readonly id: string; readonly command: TimedCommand };

/**
 * What became of a screen's or a panel's command: applied (the new view), or refused with a code and
 * words for the sender alone — another screen's croupier did not send it and is not shown it.
 */
export type Outcome = { readonly ok: true; readonly view: ViewModel } | { readonly ok: false; readonly code: string; readonly words: Words };

/** The players' own decisions: a screen or a panel sends each with the decision it was made on (`Decision`). */
export const PLAYER_ACTIONS: ReadonlySet<string> = new Set<TableCommand['type']>(['fold', 'check', 'call', 'bet', 'all-in', 'show', 'muck']);

/** The commands that carry the time; the floor's carry it so the log says when, as well as who (D37). */
const TIMED: ReadonlySet<string> = new Set<TableCommand['type']>(['sit', 'top-up', 'leave', 'start-hand', 'configure', 'dealer-change', 'device-incident', 'lift-lockout', 'history-viewed', 'software-start', 'misdeal', 'ruling', 'undo', 'adjust-stack', 'waive-time', 'resume-card-entry']);

/** The commands that carry the time: the clock's when the sender gave none (the touchscreen never does). */
function timed(command: TimedCommand, now: () => number): TableCommand {
  if (TIMED.has(command.type) && (command as { at?: number }).at === undefined) {
    return { ...command, at: now() } as TableCommand;
  }
  return command as TableCommand;
}

/** The hand's commands that carry a card a player may hold: a refusal of one as already in play is written down (D42). */
const HAND_CARD_COMMANDS: ReadonlySet<string> = new Set<TableCommand['type']>(['deal', 'exposed', 'premature', 'show']);

const NO_READS: ReadonlyMap<number, readonly Card[]> = new Map();

/** Entries that only record what happened beside the table: no step of it, so no new decision (D59). */
const RECORDS_ONLY: ReadonlySet<string> = new Set<TableCommand['type']>(['device-incident', 'card-refused', 'stop-card-entry', 'history-viewed', 'lift-lockout', 'software-start']);

/** The commands that enter a card (a show only when it names cards): what a stop of card entry stops (D65). */
const CARD_ENTRY: ReadonlySet<string> = new Set<TableCommand['type']>(['deal', 'premature', 'exposed', 'redeal-flop', 'show']);


/** The cards a command names (a deal's, a premature or exposed card's, a show's). */
function namedCards(command: TimedCommand): readonly Card[] {
  switch (command.type) {
    case 'deal':
    case 'premature':
      return command.card === null ? [] : [command.card];
    case 'exposed':
      return command.card === undefined ? [] : [command.card];
    case 'show':
      return command.cards ?? [];
    default:
      return [];
  }
}

/**
 * `count` cards in play nowhere in the hand (the stub's): what a command naming cards is checked with
 * first, its own cards left aside.
 */
function freeCards(table: TableState, count: number): Card[] {
  const hand = table.hand;
  const free: Card[] = [];
  for (let card = 0; card < 52 && free.length < count; card++) if (hand === null || !isSeen(hand, card as Card)) free.push(card as Card);
  return free;
}

/** `command` with `cards` in the places of the cards it names (as many as it names). */
function withCards(command: TimedCommand, cards: readonly Card[]): TimedCommand {
  switch (command.type) {
    case 'deal':
    case 'premature':
      return command.card === null ? command : { ...command, card: cards[0] as Card };
    case 'exposed':
      return command.card === undefined ? command : { ...command, card: cards[0] as Card };
    case 'show':
      return command.cards === undefined ? command : { ...command, cards };
    default:
      return command;
  }
}

/** At most one incident of a kind (and, for an event, of its words) per device in this time: a flapping device would fill the log. */
const INCIDENT_EVERY_MS = 60_000;

/** Incidents that are events, each its own, rather than a device's condition. */
const EVENTS: ReadonlySet<DeviceIncident> = new Set<DeviceIncident>(['irregularity', 'floor-call']);

/**
 * What of a device's report is an incident for the floor, or null: a device that was plugged in unplugged, or a report
 * the mapping marks as one (a fault, a failed deck check, an irregularity, a call for the floor) unless
 * it is of the same kind as the report before it. A start's first reports (not yet connected) are no incident.
 */
function incidentOf(before: DeviceStatus | undefined, now: DeviceStatus): DeviceIncident | null {
  // A device that was plugged in (working, or showing a fault) went away.
  if (now.state === 'disconnected') return before !== undefined && before.state !== 'disconnected' ? 'unplugged' : null;
  if (now.incident === undefined) return null;
  // A fault or a failed deck check reported again is the same failure going on (a count in its words may
  // change as it does); an irregularity or a call for the floor is a new event when its words are new.
  const sameWords = !EVENTS.has(now.incident) || before?.detail?.en === now.detail?.en;
  const repeated = before !== undefined && before.state === now.state && before.incident === now.incident && sameWords;
  return repeated ? null : now.incident;
}

/**
 * One live table: a command is applied to the engine, its operations are written to the store (on disk
 * when `append` returns), and only then is the new view model published. A command the rules refuse
 * changes nothing, in memory or on disk; its words go back to its sender (a device's refusal, which no
 * screen sent, becomes the view's `lastError` for every screen). On start the table is
 * rebuilt from the store's log, so the screen after a crash is the screen before it.
 */
export class TableController {
  private state: TableState;
  private lastError: Words | null = null;
  /** The table's devices by id, as their drivers last reported them; a failure is logged as an incident (recordIncident). */
  private readonly devices = new Map<string, DeviceStatus>();
  /** When each device last had an incident of each kind written (`id NUL incident`, and the words of an event). */
  private readonly lastIncident = new Map<string, number>();
  /** Rows written since the last snapshot. */
  private sinceSnapshot = 0;
  /** A storage failure stops the table: no command is taken after it. */
  private failure: PersistenceError | null = null;
  /** The table stops once the hand in play is over (an update, a restart): no new hand starts; resolved then. */
  private stopping: { readonly over: Promise<void>; readonly resolve: () => void } | null = null;
  private readonly listeners = new Set<(view: ViewModel) => void>();
  /** The clock-driven parts of the last view pushed (`refresh`). */
  private clocked = '';
  /**
   * Hole cards dealt unread that a reader has read since, lying at their seat, for the hand they were read
   * in (its first operation): a Show then names them itself (D61). Kept in memory: a reader that comes back
   * after a restart reports every tag again.
   */
  private seatReads: { readonly hand: object; readonly bySeat: Map<number, Card[]> } | null = null;
  /**
   * The log row of the table's last step (D59): a command that changed the table, not an entry that only
   * records (a device's incident, a refused card, a stop of card entry, a history shown, a lock-out lifted).
   * After a restart, the log's last row: a decision made before it is decided anew.
   */
  private stepRow: number;

  private constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    state: TableState,
    private readonly snapshotEvery: number,
  ) {
    this.state = state;
    this.stepRow = store.headOfChain().seq;
  }

  /** Opens the table in the store: a new one with `config`, or the one already there, rebuilt from its log. */
  static open(store: Store, clock: Clock, config: TableConfig, options: { snapshotEvery?: number } = {}): TableController {
    const snapshotEvery = options.snapshotEvery ?? SNAPSHOT_EVERY;
    if (store.headOfChain().seq > 0) {
      // Checked on the way: a snapshot or a recent row changed outside Felt stops the opening.
      const { state, snapshotRow } = reopenedTable(store);
      const controller = new TableController(store, clock, state, snapshotEvery);
      controller.sinceSnapshot = store.headOfChain().seq - snapshotRow;
      return controller;
    }
    const { state, operations } = openTable(config, clock.now());
    store.append(OPEN_ID, operations);
    return new TableController(store, clock, state, snapshotEvery);
  }

  /** The number the next row of the log will have: with `#`, an id of the controller's own that no other command has. */
  nextRow(): number {
    return this.store.headOfChain().seq + 1;
  }

  get table(): TableState {
    return this.state;
  }

  view(): ViewModel {
    const view = viewOf(this.state, this.clock.now(), this.lastError, this.store.headOfChain().seq, [...this.devices.values()], this.readsOfHand(), this.stepRow);
    return this.stopping === null ? view : { ...view, stopping: true };
  }

  /**
   * The table is to stop (a service's stop, an update: docs/operations.md): no new hand starts, every screen
   * says so, and the promise resolves once no hand is in play — at once between hands. Every other command
   * goes on being taken, so the hand in play is played to its end.
   */
  stopBetweenHands(): Promise<void> {
    if (this.stopping === null) {
      let resolve: () => void = () => undefined;
      const over = new Promise<void>((done) => (resolve = done));
      this.stopping = { over, resolve };
      this.publish();
    }
    return this.stopping.over;
  }

  private handInPlay(): boolean {
    const hand = this.state.hand;
    return hand !== null && hand.phase.kind !== 'complete';
  }

  /** The hand in play's hole cards read at their seats since they were dealt unread (empty between hands). */
  private readsOfHand(): ReadonlyMap<number, readonly Card[]> {
    const hand = this.state.hand;
    if (hand === null || hand.phase.kind === 'complete' || this.seatReads === null || this.seatReads.hand !== this.state.handLog[0]) return NO_READS;
    return this.seatReads.bySeat;
  }

  /**
   * A reader saw `card` lying at `seat`: taken as one of the seat's hole cards dealt unread when the seat
   * has one not yet named and the card is in play nowhere else, and true then (or when it was taken
   * before). False when it cannot be the seat's: the caller reports it as what it is.
   */
  noteReadAtSeat(seat: number, card: Card): boolean {
    const hand = this.state.hand;
    const first = this.state.handLog[0];
    if (hand === null || first === undefined || hand.phase.kind === 'complete') return false;
    const player = hand.players.find((candidate) => candidate.seat === seat);
    if (player === undefined) return false;
    if (this.seatReads?.hand !== first) this.seatReads = { hand: first, bySeat: new Map() };
    const reads = this.seatReads.bySeat.get(seat) ?? [];
    if (reads.includes(card)) return true;
    const unread = player.holeCards.filter((hole) => hole === null).length;
    const elsewhere = [...this.seatReads.bySeat.values()].some((cards) => cards.includes(card));
    if (reads.length >= unread || isSeen(hand, card) || elsewhere) return false;
    this.seatReads.bySeat.set(seat, [...reads, card]);
    this.publish();
    return true;
  }

  /** The seat whose unread hole card a reader read as `card` in the hand in play, or null. */
  seatOfRead(card: Card): number | null {
    for (const [seat, cards] of this.readsOfHand()) if (cards.includes(card)) return seat;
    return null;
  }

  /**
   * A driver reports a device's state (plugged in, unplugged, a fault); the status bar shows it at once.
   * `technical`: what the system said of a failure, kept in the log for a technician, not shown on the screen.
   */
  reportDevice(status: DeviceStatus, technical: string | null = null): ViewModel {
    const before = this.devices.get(status.id);
    this.devices.set(status.id, status);
    const incident = incidentOf(before, status);
    if (incident !== null) this.recordIncident(status, incident, technical);
    return this.publish();
  }

  /**
   * A device's failure goes into the log for the floor's incidents report: at most one of a kind per device
   * a minute (a loose cable that comes and goes must not fill the log), written without publishing or
   * touching the croupier's last refusal (the caller publishes once). A failure the table cannot write is
   * no reason to stop it: a full disk shows at the next command.
   */
  private recordIncident(status: DeviceStatus, incident: DeviceIncident, technical: string | null): void {
    const now = this.clock.now();
    const key = `${status.id}\u0000${incident}${EVENTS.has(incident) ? `\u0000${status.detail?.en ?? ''}` : ''}`;
    if (this.failure !== null || now - (this.lastIncident.get(key) ?? Number.NEGATIVE_INFINITY) < INCIDENT_EVERY_MS) return;
    const words = status.detail ?? { en: `${status.id}: ${incident}`, de: `${status.id}: ${incident}` };
    const command: TableCommand = { type: 'device-incident', device: status.id, kind: status.kind, incident, words: { en: words.en, de: words.de }, ...(technical === null ? {} : { technical: technical.slice(0, 300) }), at: now };
    if (this.note('device', command)) this.lastIncident.set(key, now);
  }

  /**
   * A card of the hand refused as already in play is an irregularity — a misread, a card twice in the deck
   * — or someone guessing at a player's cards, whom the refusal answers (D29): either way the floor should
   * see it. Written with which sender sent it (by its command id's prefix), never the card (D42).
   */
  private recordRefusedCard(id: string): void {
    const source: CardSource = id.startsWith('shoe-') ? 'shoe' : id.startsWith('rfid-') ? 'rfid-reader' : 'screen';
    this.note('refused', { type: 'card-refused', source, at: this.clock.now() });
  }

  /**
   * Writes a row of the controller's own (an incident: it changes nothing at the table) under a `#` id,
   * made unique by the next row's number. True when written; a persistence failure is kept in `failure`
   * and shows at the next command — no reason to stop the table here.
   */
  private note(kind: string, command: TableCommand): boolean {
    try {
      this.commit(`#${kind}-${this.nextRow()}`, command, command);
      return true;
    } catch (error) {
      if (!(error instanceof RuleViolation) && !(error instanceof PersistenceError)) throw error;
      return false;
    }
  }

  subscribe(listener: (view: ViewModel) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A device's command (the shoe, the RFID reader, a simulation): applied once per id, and a refusal is
   * shown on every screen (the view's `lastError`) until the next command is taken — no screen sent it,
   * so every croupier must see it. Anything else (a bug, a disk error) is thrown.
   */
  submit(envelope: Envelope): ViewModel {
    const outcome = this.take(envelope, null);
    this.lastError = outcome.ok ? null : outcome.words;
    return outcome.ok && !outcome.applied ? this.view() : this.publish();
  }

  /**
   * A screen's or a panel's command: applied once per id (a double tap, a retry), or refused to its
   * sender alone; other screens keep what they show. A player's action carries the decision it was made
   * on — the hand, the actions it had seen, the seat shown to act — and is refused, changing nothing,
   * when the table has moved on since: a late tap never acts for the next player (D59).
   */
  command(envelope: Envelope, decidedOn: Decision | null = null): Outcome {
    const guarded = this.cardEntry(envelope, decidedOn);
    if (guarded !== null) return guarded;
    const outcome = this.take(envelope, decidedOn);
    if (!outcome.ok) return outcome;
    if (!outcome.applied) return { ok: true, view: this.view() };
    this.lastError = null;
    return { ok: true, view: this.publish() };
  }

  /**
   * Card entry from a screen (D65): what the table does not take on a screen's word, and the answer that
   * tells nothing of where a card lies; null for a command that goes on as any other. While card entry is
   * stopped, no screen enters a card. A premature or exposed card named by a screen is the floor's to take
   * whatever the card — the report is kept and card entry stops, the same answer for every card. A card
   * named for a deal or a show that the table holds unseen stops card entry too, the screen told only that
   * (and the floor, behind its sign-in, which card and where).
   */
  private cardEntry(envelope: Envelope, decidedOn: Decision | null): Outcome | null {
    const command = envelope.command;
    const named = namedCards(command);
    const entering = CARD_ENTRY.has(command.type) && (command.type !== 'show' || named.length > 0);
    if (!entering || this.store.storedCommand(envelope.id) !== null) return null;
    if (this.failure !== null) throw this.failure;
    if (this.state.cardEntryStopped !== undefined) return { ok: false, code: 'card-entry-stopped', words: CARD_ENTRY_STOPPED };
    // First whatever does not depend on where the named cards lie — a show's decision, the moment, the place,
    // the seat, the round's limit — checked with cards in play nowhere in their places: such a refusal is
    // the same for every card, so it tells nothing.
    if (decidedOn !== null && PLAYER_ACTIONS.has(command.type)) {
      const now = decisionOf(this.state, this.stepRow);
      if (now === null || !sameDecision(now, decidedOn)) return { ok: false, code: 'table-moved-on', words: movedOn(now) };
    }
    const probe = this.dryRun(timed(this.withReads(withCards(command, freeCards(this.state, named.length))), () => this.clock.now()));
    if (probe !== null) return { ok: false, code: probe.code, words: probe.words };
    if ((command.type === 'premature' || command.type === 'exposed') && command.card != null) {
      const report: CardReport = command.type === 'premature' ? { type: 'premature', card: command.card, to: command.to } : { type: 'exposed', card: command.card, ...(command.seat === undefined ? {} : { seat: command.seat }) };
      return this.stopCardEntry(command.type, command.card, report, true);
    }
    const hidden = named.find((card) => unseenPlace(this.state, card) !== null);
    if (hidden === undefined || (command.type !== 'deal' && command.type !== 'show')) return null;
    return this.stopCardEntry(command.type, hidden, null, false);
  }

  /** The rules' refusal of `command` now, or null when they take it (nothing applied, nothing written). */
  private dryRun(command: TableCommand): RuleViolation | null {
    try {
      applyTable(this.state, command);
      return null;
    } catch (error) {
      if (error instanceof RuleViolation) return error;
      throw error;
    }
  }

  /**
   * Writes the stop and answers: a report taken for the floor, or the card refused; in neither case a word
   * of where the card lies. Written under an id of the controller's, as what is written is not what the
   * screen sent: a retry of the screen's command finds card entry stopped and is told so.
   */
  private stopCardEntry(type: 'deal' | 'show' | 'premature' | 'exposed', card: Card, report: CardReport | null, reported: boolean): Outcome {
    const stop: TableCommand = { type: 'stop-card-entry', command: type, card, report, at: this.clock.now() };
    try {
      this.commit(`#stop-${this.nextRow()}`, stop, stop);
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      return { ok: false, code: error.code, words: error.words };
    }
    const view = this.publish();
    return reported ? { ok: true, view } : { ok: false, code: 'card-entry-stopped', words: CARD_ENTRY_STOPPED };
  }

  /**
   * Why card entry is stopped, for the floor (behind its sign-in: it names the card and where it lies),
   * and whether the report can be taken as made now; null while card entry is open.
   */
  cardEntryStop(): { readonly words: Words; readonly report: boolean; readonly canTake: boolean } | null {
    const stop = this.state.cardEntryStopped;
    if (stop === undefined) return null;
    const canTake = stop.report !== null && this.dryRun({ type: 'resume-card-entry', take: true, by: 'floor', at: this.clock.now() }) === null;
    return { words: stopWords(stop), report: stop.report !== null, canTake };
  }

  /** The players of the table's side table, in order (D102), each with the seat they hold now. */
  players(): readonly TablePlayer[] {
    return this.store.playerList().map((row) => ({
      player: row.id,
      name: row.name,
      erased: row.erased_row === null ? null : { row: row.erased_row, at: row.erased_at ?? 0, by: row.erased_by ?? '' },
      seat: row.name === null ? null : (this.state.seats.find((seated) => seated?.name === row.name)?.seat ?? null),
    }));
  }

  /** Whether a player's name can be erased at this table: not at one an earlier Felt began, whose rows hold names (D103). */
  get erasable(): boolean {
    return this.store.namesByReference;
  }

  /**
   * A manager erases a player's name while the table runs (D114): the store's erasure (D102; refused in its
   * words — a seated player, one erased already, one the table does not have), then the table read again
   * from the store as an opening reads it. The table in memory held the name (a departure kept for a
   * return); read again it holds the erased player's token, which the store maps back to their reference in
   * what the table writes next (a snapshot) — the name kept would have been written as a new player of that
   * name. A table that cannot be read again stops, as at a failed write: what it shows is what is stored.
   */
  erasePlayer(player: number, by: string, at: number): ViewModel {
    if (this.failure !== null) throw this.failure;
    // The store's erasure moves an older table's names out of its rows first (D113): never under a running table.
    if (!this.erasable) throw new ErasureRefused("this table's older rows still hold the players' names (D103): a manager moves them out with felt players migrate, the table stopped and every row at the floor (D113); names are erased here after that");
    erasePlayer(this.store, { player }, by, at);
    try {
      const { state, snapshotRow } = reopenedTable(this.store);
      // The reads at the seats belong to the hand in play, which is the same hand read again.
      if (this.seatReads !== null && this.seatReads.hand === this.state.handLog[0] && state.handLog[0] !== undefined) this.seatReads = { hand: state.handLog[0], bySeat: this.seatReads.bySeat };
      this.state = state;
      this.sinceSnapshot = this.store.headOfChain().seq - snapshotRow;
    } catch (error) {
      this.failure = error instanceof PersistenceError ? error : new PersistenceError(`the table cannot be read again after an erasure: ${(error as Error).message}`, { cause: error });
      throw this.failure;
    }
    return this.publish();
  }

  /**
   * A record of the core's own beside the table (a history shown, a lock-out lifted): written, or refused
   * to its sender; it is no command of the table's, so it leaves what the screens show as it is (D62).
   */
  record(envelope: Envelope): Outcome {
    const outcome = this.take(envelope, null);
    if (!outcome.ok) return outcome;
    return { ok: true, view: outcome.applied ? this.publish() : this.view() };
  }

  /** Applies a command once, or says why not; throws only what is no refusal (a bug, a failed disk). */
  private take(envelope: Envelope, decidedOn: Decision | null): { ok: true; applied: boolean } | { ok: false; code: string; words: Words } {
    if (this.failure !== null) throw this.failure;
    const stored = this.store.storedCommand(envelope.id);
    if (stored !== null) {
      // The same command again (a double tap, a retry) applies once; another command under a used id is a
      // sender's mistake, refused so it is not lost silently.
      if (stored === '' || stored === canonicalJson(envelope.command)) return { ok: true, applied: false };
      return { ok: false, code: 'command-id-used', words: { en: `The command id ${envelope.id} was used for another command`, de: `Die Befehlskennung ${envelope.id} gehört zu einem anderen Befehl` } };
    }
    if (this.stopping !== null && envelope.command.type === 'start-hand') {
      return { ok: false, code: 'table-stopping', words: { en: 'The table is stopping (an update or a restart): no new hand starts', de: 'Der Tisch wird angehalten (Update oder Neustart): keine neue Hand' } };
    }
    if (decidedOn !== null && PLAYER_ACTIONS.has(envelope.command.type)) {
      const now = decisionOf(this.state, this.stepRow);
      if (now === null || !sameDecision(now, decidedOn)) return { ok: false, code: 'table-moved-on', words: movedOn(now) };
    }
    try {
      this.commit(envelope.id, timed(this.withReads(envelope.command), () => this.clock.now()), envelope.command);
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      if (error.code === 'card-already-in-play' && HAND_CARD_COMMANDS.has(envelope.command.type)) this.recordRefusedCard(envelope.id);
      return { ok: false, code: error.code, words: error.words };
    }
    return { ok: true, applied: true };
  }

  /**
   * A show of a seat whose unread hole cards a reader has read since: those cards first, then any the
   * sender named (the view asked only for the rest). The log keeps the show with every card it tabled.
   */
  private withReads(command: TimedCommand): TimedCommand {
    if (command.type !== 'show') return command;
    const seat = command.seat ?? decisionOf(this.state, this.stepRow)?.seat;
    const reads = seat === undefined ? undefined : this.readsOfHand().get(seat);
    if (reads === undefined || reads.length === 0) return command;
    return { ...command, cards: [...reads, ...(command.cards ?? [])] };
  }

  /**
   * Applies a command and writes its rows (with a snapshot now and then), or throws: a `RuleViolation`
   * (nothing changed) or a `PersistenceError` (nothing on disk, nothing in memory, and the table stops).
   */
  private commit(id: string, command: TableCommand, sent: unknown): void {
    const transition = applyTable(this.state, command);
    // A snapshot now and then, between hands, written with the command's rows.
    const hand = transition.state.hand;
    const snapshot = this.sinceSnapshot + transition.operations.length >= this.snapshotEvery && (hand === null || hand.phase.kind === 'complete');
    try {
      this.store.append(id, transition.operations, sent, snapshot ? transition.state : null);
    } catch (error) {
      // Nothing of the command is on disk and nothing changed in memory; the table takes no further
      // commands until it is restarted (a full disk, a failed drive): what is shown is what is stored.
      this.failure = error instanceof PersistenceError ? error : new PersistenceError(`the operation log failed: ${(error as Error).message}`, { cause: error });
      throw this.failure;
    }
    const handEnded = this.handInPlay() && (hand === null || hand.phase.kind === 'complete');
    this.state = transition.state;
    this.sinceSnapshot = snapshot ? 0 : this.sinceSnapshot + transition.operations.length;
    // A hand's end, when no card is due: the write-ahead log copied into the database then, after this
    // command's view is out, so that no card's write is held up doing it (D106).
    if (handEnded) setImmediate(() => this.store.copyWriteAheadLog());
    if (!RECORDS_ONLY.has(command.type)) this.stepRow = this.store.headOfChain().seq;
  }

  private publish(): ViewModel {
    if (this.stopping !== null && !this.handInPlay()) this.stopping.resolve();
    const view = this.view();
    this.clocked = clockedParts(view);
    for (const listener of this.listeners) listener(view);
    return view;
  }

  /**
   * Pushes a new view when what the clock alone changes has changed since the last one — a tournament's
   * level that came by time, time due at the next hand — so that the screens show it without waiting for a
   * command. The core calls it every few seconds.
   */
  refresh(): void {
    if (this.listeners.size === 0) return;
    const view = this.view();
    const clocked = clockedParts(view);
    if (clocked === this.clocked) return;
    this.clocked = clocked;
    for (const listener of this.listeners) listener(view);
  }
}

/** The refusal of an action decided on a table that has moved on since, naming who is to act now. */
function movedOn(now: Decision | null): Words {
  if (now === null) return { en: 'The table moved on: check the screen (nobody is to act now)', de: 'Der Tisch ist weiter: auf den Bildschirm schauen (niemand ist jetzt am Zug)' };
  return { en: `The table moved on: check the screen (seat ${now.seat} is to act now)`, de: `Der Tisch ist weiter: auf den Bildschirm schauen (jetzt ist Platz ${now.seat} am Zug)` };
}

/** The parts of a view the clock changes by itself: the prompt (the next hand's time and blinds) and the stakes. */
function clockedParts(view: ViewModel): string {
  return JSON.stringify([view.prompt, view.stakes]);
}
