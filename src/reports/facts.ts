import type { Operation } from '../engine/hand/operations.js';
import { BEFORE_A_HAND, type TableLogEntry, type TableOperation } from '../engine/table/table-operations.js';

/**
 * What the floor's reports read, derived from the log as it is written: one summary per hand (played or
 * voided) and the few rows the reports need besides (seats taken and left, top-ups, time collected,
 * corrections, the floor's decisions, dealers, device incidents). A table of 100,000 hands holds about
 * 5 million log rows but only a little over 100,000 facts, so a report reads those (decision D36).
 * Facts are derived data, like snapshots: the store writes them in the same transaction as their rows,
 * and `felt verify` derives them again from the log and compares.
 */
export type HandFact = {
  /** The log row of the hand's end (`hand-settled`) or void (`hand-voided`). */
  readonly seq: number;
  readonly hand: number;
  /** When the hand started (ms since the epoch); null in logs from before it was kept (D35). */
  readonly at: number | null;
  /** The dealer's shift: the log row of the `dealer-on-duty` in effect (`Facts.dealers` names it), 0 for none. */
  readonly shift: number;
  /** Players dealt in. */
  readonly players: number;
  /** Seats taken when it started, sitting out included. */
  readonly seated: number;
  /** Chips awarded to the players (after rake). */
  readonly awarded: number;
  readonly rake: number;
  readonly voided: boolean;
};

/** The log's rows the reports read besides the hands, as they are in the log. */
export type FloorEntry =
  | Extract<
      TableOperation,
      { type: 'seated' | 'topped-up' | 'left' | 'time-collected' | 'stack-adjusted' | 'time-waived' | 'hand-voided' | 'step-undone' | 'ruling' | 'table-configured' | 'dealer-on-duty' | 'device-incident' | 'card-refused' | 'lockout-lifted' | 'hand-history-viewed' | 'card-entry-stopped' | 'card-entry-resumed' }
    >
  /** The dealer's card errors (derivation 2, D94): a hole card exposed in the deal, a card turned too early, a flop dealt again. */
  | Extract<Operation, { type: 'card-exposed' | 'premature-card' }>
  | (Extract<Operation, { type: 'cards-returned' }> & { readonly redeal: true });

export type EventFact = {
  readonly seq: number;
  /** The table's time of the row: its own time if it has one; in a hand, the hand's start; else the latest time before it. */
  readonly at: number | null;
  /** The hand it was in, or the last one before it (null before the first). */
  readonly hand: number | null;
  readonly entry: FloorEntry;
};

export type Dealer = { readonly number: string; readonly name: string };

/**
 * The hands' facts by column, one array per field, index by index: 100,000 hands are ten arrays of
 * numbers, not 100,000 objects (reading them as objects spent more time collecting garbage than reading).
 */
export type HandColumns = {
  readonly seq: number[];
  readonly hand: number[];
  readonly at: (number | null)[];
  readonly shift: number[];
  readonly players: number[];
  readonly seated: number[];
  readonly awarded: number[];
  readonly rake: number[];
  readonly voided: boolean[];
};

export type HandField = keyof HandColumns;
export const HAND_FIELDS: readonly HandField[] = ['seq', 'hand', 'at', 'shift', 'players', 'seated', 'awarded', 'rake', 'voided'];

/** Which facts to read: kinds, and of the hands, fields. */
export type FactSelection = { readonly kinds: readonly FactKind[]; readonly handFields: readonly HandField[] };

export type Facts = {
  readonly hands: HandColumns;
  readonly events: readonly EventFact[];
  /** The dealers by their shift (the `dealer-on-duty` row), from the dealer facts read (empty when none were). */
  readonly dealers: ReadonlyMap<number, Dealer>;
};

export function noHands(): HandColumns {
  return { seq: [], hand: [], at: [], shift: [], players: [], seated: [], awarded: [], rake: [], voided: [] };
}

export function pushHand(columns: HandColumns, fact: HandFact): void {
  columns.seq.push(fact.seq);
  columns.hand.push(fact.hand);
  columns.at.push(fact.at);
  columns.shift.push(fact.shift);
  columns.players.push(fact.players);
  columns.seated.push(fact.seated);
  columns.awarded.push(fact.awarded);
  columns.rake.push(fact.rake);
  columns.voided.push(fact.voided);
}

export function handColumns(facts: readonly HandFact[]): HandColumns {
  const columns = noHands();
  for (const fact of facts) pushHand(columns, fact);
  return columns;
}

/**
 * The facts of the log's rows up to `row` (the last one `felt verify` checked, while the table writes on):
 * hands settled and events written by then. The hands need their `seq` column.
 */
export function upToRow(facts: Facts, row: number): Facts {
  const { hands } = facts;
  let count = 0;
  while (count < hands.seq.length && (hands.seq[count] as number) <= row) count++;
  const events = facts.events.filter((event) => event.seq <= row);
  if (count === hands.seq.length && events.length === facts.events.length) return facts;
  const cut = <T>(column: T[]): T[] => column.slice(0, count);
  return {
    hands: { seq: cut(hands.seq), hand: cut(hands.hand), at: cut(hands.at), shift: cut(hands.shift), players: cut(hands.players), seated: cut(hands.seated), awarded: cut(hands.awarded), rake: cut(hands.rake), voided: cut(hands.voided) },
    events,
    dealers: dealersOf(events),
  };
}

/** The dealers named by dealer facts, by their shift. */
export function dealersOf(events: readonly EventFact[]): Map<number, Dealer> {
  const dealers = new Map<number, Dealer>();
  for (const { seq, entry } of events) if (entry.type === 'dealer-on-duty') dealers.set(seq, { number: entry.number, name: entry.name });
  return dealers;
}

/**
 * Hands and events in the order of their rows in the log (a hand at its last row): `hand` gets a hand's
 * index in the columns, `event` an event. Reports fold them in turn.
 */
export function inLogOrder(facts: Pick<Facts, 'hands' | 'events'>, hand: (index: number) => void, event: (fact: EventFact) => void): void {
  const { seq } = facts.hands;
  const { events } = facts;
  let h = 0;
  let e = 0;
  while (h < seq.length || e < events.length) {
    const next = events[e];
    if (next === undefined || (h < seq.length && (seq[h] as number) < next.seq)) hand(h++);
    else {
      event(next);
      e++;
    }
  }
}

/**
 * The kinds of facts, kept apart so that a report reads only what it needs: the hands; dealer changes;
 * time collected; seats taken, topped up and left; stack corrections (the cash flow's and the incidents');
 * the floor's other decisions and device incidents.
 */
export type FactKind = 'hand' | 'dealer' | 'time' | 'seat' | 'correction' | 'incident';
export const FACT_KINDS: readonly FactKind[] = ['hand', 'dealer', 'time', 'seat', 'correction', 'incident'];

export const ALL_FACTS: FactSelection = { kinds: FACT_KINDS, handFields: HAND_FIELDS };

/**
 * The version of the facts' derivation (`deriveFacts`): a change to what it gives from the same rows is a
 * new version. The database keeps the version that made its facts (D93): an opening re-derives facts an
 * older one made, verify compares the facts only with the version they claim, a verify checkpoint made
 * under another version is not used (D82). 1: the facts as D36 made them; 2: with the dealer's card errors
 * (a hole card exposed, a premature card, a flop dealt again, D94).
 */
export const FACTS_DERIVATION = 2;

export function eventKind(entry: FloorEntry): Exclude<FactKind, 'hand'> {
  switch (entry.type) {
    case 'dealer-on-duty':
      return 'dealer';
    case 'time-collected':
      return 'time';
    case 'seated':
    case 'topped-up':
    case 'left':
      return 'seat';
    case 'stack-adjusted':
    case 'time-waived':
      return 'correction';
    default:
      return 'incident';
  }
}

const FLOOR_ENTRIES: ReadonlySet<string> = new Set<FloorEntry['type']>([
  'seated', 'topped-up', 'left', 'time-collected', 'stack-adjusted', 'time-waived', 'hand-voided', 'step-undone', 'ruling', 'table-configured', 'dealer-on-duty', 'device-incident', 'card-refused',
  // Only in logs written since D60, D65 and D66: older logs' facts are derived as they were.
  'lockout-lifted', 'hand-history-viewed', 'card-entry-stopped', 'card-entry-resumed',
  // Derivation 2 (D94): the dealer's card errors. Cards set aside going back into the stub are not one: only a flop dealt again.
  'card-exposed', 'premature-card', 'cards-returned',
]);

function isFloorEntry(entry: TableLogEntry): entry is FloorEntry {
  return FLOOR_ENTRIES.has(entry.type) && (entry.type !== 'cards-returned' || entry.redeal);
}

/** What derivation carries from one row to the next; kept with the facts so the next append goes on from it. */
export type FactCursor = {
  readonly seq: number;
  /** The latest time seen in the log. */
  readonly time: number | null;
  readonly hand: number | null;
  readonly handAt: number | null;
  readonly inHand: boolean;
  /** The row of the `dealer-on-duty` in effect, 0 before the first. */
  readonly shift: number;
  readonly seated: number;
  readonly seatedAtStart: number;
  readonly players: number;
  readonly awarded: number;
  /** Time collected for the hand about to start, waiting for its `hand-positions`. */
  readonly collected: readonly { readonly seq: number; readonly entry: FloorEntry }[];
  /** Facts derived so far, by kind (where the next ones are kept). */
  readonly counts: Readonly<Record<FactKind, number>>;
};

export const FIRST_CURSOR: FactCursor = { seq: 0, time: null, hand: null, handAt: null, inHand: false, shift: 0, seated: 0, seatedAtStart: 0, players: 0, awarded: 0, collected: [], counts: { hand: 0, dealer: 0, time: 0, seat: 0, correction: 0, incident: 0 } };

/** The facts of `entries`, the log's rows from `cursor.seq + 1` on, and the cursor after them. Pure. */
export function deriveFacts(cursor: FactCursor, entries: Iterable<TableLogEntry>): { cursor: FactCursor; hands: HandFact[]; events: EventFact[] } {
  const hands: HandFact[] = [];
  const events: EventFact[] = [];
  let { seq, time, hand, handAt, inHand, shift, seated, seatedAtStart, players, awarded } = cursor;
  // Time is collected as a hand starts, in rows just before its `hand-positions`: it counts with that
  // hand (its time, its number). Waiting time is kept in the cursor, so the facts do not depend on how
  // the rows were split into appends (the engine writes them in one; verify derives row by row).
  let collected = [...cursor.collected];
  const flush = (at: number | null, atHand: number | null): void => {
    for (const { seq: row, entry } of collected) events.push({ seq: row, at, hand: atHand, entry });
    collected = [];
  };
  for (const entry of entries) {
    seq++;
    // The table's time: every row that has its own (a hand's start, a seat taken or left, a top-up, a
    // floor decision, a dealer change, a device incident) moves it on.
    const own = (entry as { readonly at?: unknown }).at;
    if (collected.length > 0 && !BEFORE_A_HAND.has(entry.type)) {
      if (entry.type === 'hand-positions') flush(entry.at ?? null, entry.handNumber);
      // Time due, paid as the player leaves: at the leaving's time, or in a hand the hand's, as the leaving is.
      else flush(inHand ? handAt : typeof own === 'number' ? own : time, hand);
    }
    if (typeof own === 'number') time = own;
    if (entry.type === 'hand-positions') {
      hand = entry.handNumber;
      handAt = entry.at ?? null;
      inHand = true;
      seatedAtStart = seated;
      players = entry.dealtIn.length;
      awarded = 0;
    }
    switch (entry.type) {
      case 'seated':
        seated++;
        break;
      case 'left':
      case 'eliminated':
        seated--;
        break;
      case 'dealer-on-duty':
        shift = seq;
        break;
      case 'award':
        awarded += entry.amount;
        break;
      case 'step-undone':
        awarded -= entry.undone.reduce((sum: number, operation: Operation) => sum + (operation.type === 'award' ? operation.amount : 0), 0);
        break;
      case 'hand-settled':
      case 'hand-voided': {
        const voided = entry.type === 'hand-voided';
        hands.push({ seq, hand: hand ?? 0, at: handAt, shift, players, seated: seatedAtStart, awarded: voided ? 0 : awarded, rake: voided ? 0 : entry.rake, voided });
        break;
      }
      default:
        break;
    }
    if (entry.type === 'time-collected') collected.push({ seq, entry });
    else if (isFloorEntry(entry)) {
      // A row in a hand has the hand's time, so a window in time never cuts a hand in two; any other row
      // its own time, or the table's latest (older logs kept fewer times).
      events.push({ seq, at: inHand ? handAt : time, hand, entry });
    }
    if (entry.type === 'hand-settled' || entry.type === 'hand-voided') inHand = false;
  }
  const counts = { ...cursor.counts, hand: cursor.counts.hand + hands.length };
  for (const event of events) counts[eventKind(event.entry)]++;
  return { cursor: { seq, time, hand, handAt, inHand, shift, seated, seatedAtStart, players, awarded, collected, counts }, hands, events };
}

/** The facts of a whole log: what a report reads when it has the log rather than a table's database. */
export function factsOf(entries: Iterable<TableLogEntry>): Facts {
  const { cursor, hands, events } = deriveFacts(FIRST_CURSOR, entries);
  // Time collected with no hand after it yet (the log's last rows): the table's latest time.
  for (const { seq, entry } of cursor.collected) events.push({ seq, at: cursor.time, hand: cursor.hand, entry });
  return { hands: handColumns(hands), events, dealers: dealersOf(events) };
}

/** A time window, `from` included, `to` not (ms since the epoch); null ends are open. */
export type Window = { readonly from: number | null; readonly to: number | null };

export const WHOLE_LOG: Window = { from: null, to: null };

/**
 * Whether a fact's time is in the window. Untimed facts (logs from before times were kept) belong only to
 * a window open at both ends: they cannot be placed in any period.
 */
export function inWindow(at: number | null, window: Window): boolean {
  if (window.from === null && window.to === null) return true;
  if (at === null) return false;
  return (window.from === null || at >= window.from) && (window.to === null || at < window.to);
}

/** The facts in a window. */
export function within(facts: Facts, window: Window): Facts {
  if (window.from === null && window.to === null) return facts;
  const hands = noHands();
  const { seq, hand, at, shift, players, seated, awarded, rake, voided } = facts.hands;
  for (let index = 0; index < seq.length; index++) {
    const when = at[index] ?? null;
    if (!inWindow(when, window)) continue;
    pushHand(hands, { seq: seq[index] as number, hand: hand[index] as number, at: when, shift: shift[index] as number, players: players[index] as number, seated: seated[index] as number, awarded: awarded[index] as number, rake: rake[index] as number, voided: voided[index] as boolean });
  }
  // The dealers stay: a period that begins mid-shift names the dealer its hands carry.
  return { hands, events: facts.events.filter((fact) => inWindow(fact.at, window)), dealers: facts.dealers };
}
