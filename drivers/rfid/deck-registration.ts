import { type Card, CARD_COUNT } from '../../src/cards/card.js';
import { formatCard, formatCardSymbol, tryParseCard } from '../../src/cards/notation.js';
import { parseTagUid, type TagUid, UID_WORDS } from './tag-uid.js';

/**
 * Which tag is which card, for the deck on the table (docs/protocols.md, "RFID reader", "Registering a deck").
 * Pure: the scanning screen feeds tags in, a file's text comes in; nothing here reads a device or a disk.
 *
 * Scan order: card numbers 0…51, i.e. 2♣ 2♦ 2♥ 2♠ 3♣ … A♥ A♠ (rank by rank from the deuce, suits
 * ♣ ♦ ♥ ♠ within a rank, as src/cards/card.ts numbers them).
 */

export type DeckProblemCode =
  | 'bad-uid'
  | 'unknown-card'
  | 'duplicate-card'
  | 'duplicate-uid'
  | 'deck-full'
  | 'wrong-card-count'
  | 'bad-header'
  | 'bad-line';

/** One thing wrong, with the CSV line it is on (1-based, as an editor shows it) when it comes from a file. */
export type DeckProblem = { readonly code: DeckProblemCode; readonly line: number | null; readonly message: string };

/** A registration refused, naming every problem found (a file's problems all at once, to fix in one go). */
export class DeckRegistrationError extends Error {
  override readonly name = 'DeckRegistrationError';

  constructor(readonly problems: readonly DeckProblem[]) {
    const shown = problems.slice(0, 10).map((problem) => problem.message);
    if (problems.length > shown.length) shown.push(`and ${problems.length - shown.length} more`);
    super(shown.join('; '));
  }

  get code(): DeckProblemCode | undefined {
    return this.problems[0]?.code;
  }
}

const refuse = (code: DeckProblemCode, message: string, line: number | null = null): DeckRegistrationError =>
  new DeckRegistrationError([{ code, line, message }]);

/** A registered deck: 52 tags, one per card. A tag not in it is no card of this deck: the caller raises an alert. */
export class DeckRegistration {
  private readonly cardByUid: ReadonlyMap<TagUid, Card>;

  /** `uidByCard[card]` is the tag of that card; all 52 distinct (checked by the builders). */
  private constructor(private readonly uidByCard: readonly TagUid[]) {
    this.cardByUid = new Map(uidByCard.map((uid, card) => [uid, card as Card]));
  }

  /** The card a tag is, or null for a tag not in this deck (another deck's card, a stray tag). */
  lookup(uid: TagUid): Card | null {
    return this.cardByUid.get(uid) ?? null;
  }

  uidOf(card: Card): TagUid {
    const uid = this.uidByCard[card];
    if (uid === undefined) throw new RangeError(`${String(card)} is not a card number (0–51)`);
    return uid;
  }

  /** The deck as a vendor list (`uid,card`, cards in scan order): a scanned deck saved, to import again. */
  toCsv(): string {
    return ['uid,card', ...this.uidByCard.map((uid, card) => `${uid},${formatCard(card as Card)}`)].join('\n') + '\n';
  }

  /** A deck from its 52 tags in card order (`uids[card]`), as a scan gives them. */
  static fromUidsInCardOrder(uids: readonly TagUid[]): DeckRegistration {
    if (uids.length !== CARD_COUNT) throw refuse('wrong-card-count', `a deck needs ${CARD_COUNT} tags, got ${uids.length}`);
    const twice = uids.find((uid, index) => uids.indexOf(uid) !== index);
    if (twice !== undefined) throw refuse('duplicate-uid', `tag ${twice} is given for two cards`);
    return new DeckRegistration([...uids]);
  }
}

/**
 * A deck being scanned, card by card in scan order. Immutable: `add` gives the next state, so the
 * scanning screen can show and undo freely. A tag already scanned or a 53rd tag is refused with a
 * message for the person scanning; the scan goes on from where it was.
 */
export class DeckScan {
  private constructor(private readonly uids: readonly TagUid[]) {}

  static start(): DeckScan {
    return new DeckScan([]);
  }

  get count(): number {
    return this.uids.length;
  }

  /** The card to scan next, or null when all 52 are in. */
  get nextCard(): Card | null {
    return this.uids.length < CARD_COUNT ? (this.uids.length as Card) : null;
  }

  add(uid: TagUid): DeckScan {
    const earlier = this.uids.indexOf(uid);
    if (earlier >= 0) {
      throw refuse('duplicate-uid', `tag ${uid} is already scanned as ${formatCardSymbol(earlier as Card)}: put down ${this.nextLabel()} instead`);
    }
    if (this.uids.length >= CARD_COUNT) {
      throw refuse('deck-full', `all ${CARD_COUNT} cards are scanned: tag ${uid} would be a 53rd`);
    }
    return new DeckScan([...this.uids, uid]);
  }

  /** The scan without its last tag: the person scanning put down the wrong card. */
  undo(): DeckScan {
    return new DeckScan(this.uids.slice(0, -1));
  }

  finish(): DeckRegistration {
    if (this.uids.length < CARD_COUNT) {
      throw refuse('wrong-card-count', `only ${this.uids.length} of ${CARD_COUNT} cards are scanned: the next is ${this.nextLabel()}`);
    }
    return DeckRegistration.fromUidsInCardOrder(this.uids);
  }

  private nextLabel(): string {
    const next = this.nextCard;
    return next === null ? 'no card (the deck is complete)' : formatCardSymbol(next);
  }
}

/**
 * A vendor's UID list: a header naming the columns `uid` and `card` (any order, other columns ignored),
 * then one tag per line. Commas or semicolons (as spreadsheets in many locales write them), fields
 * optionally in double quotes, blank lines skipped, a byte-order mark and CRLF line ends accepted. UIDs
 * as `parseTagUid` reads them; cards as `Ah`, `10h`, `A♥` (src/cards/notation.ts). Every problem is
 * reported at once, each naming its line.
 */
export function importDeckCsv(text: string): DeckRegistration {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  const headerLine = lines[headerIndex];
  if (headerLine === undefined) throw refuse('bad-header', 'the file is empty: expected a header `uid,card` and 52 lines');
  const separator = headerLine.includes(',') || !headerLine.includes(';') ? ',' : ';';
  const header = splitFields(headerLine, separator).map((field) => field.toLowerCase());
  const uidColumn = header.indexOf('uid');
  const cardColumn = header.indexOf('card');
  if (uidColumn < 0 || cardColumn < 0) {
    throw refuse('bad-header', `line ${headerIndex + 1}: expected a header naming the columns uid and card, got '${headerLine.trim()}'`, headerIndex + 1);
  }

  const problems: DeckProblem[] = [];
  const problem = (code: DeckProblemCode, line: number, message: string): void => {
    problems.push({ code, line, message: `line ${line}: ${message}` });
  };
  const uidByCard: (TagUid | undefined)[] = new Array<TagUid | undefined>(CARD_COUNT).fill(undefined);
  const cardLine = new Map<Card, number>();
  const uidLine = new Map<TagUid, number>();

  lines.forEach((text, index) => {
    const line = index + 1;
    if (index <= headerIndex || text.trim() === '') return;
    const fields = splitFields(text, separator);
    if (fields.length !== header.length) {
      problem('bad-line', line, `expected ${header.length} fields (${header.join(separator)}), got ${fields.length}: '${text.trim()}'`);
      return;
    }
    const uidText = fields[uidColumn] ?? '';
    const cardText = fields[cardColumn] ?? '';
    const uid = parseTagUid(uidText);
    const card = tryParseCard(cardText);
    if (uid === null) problem('bad-uid', line, `'${uidText}' is not a tag UID: ${UID_WORDS}`);
    if (card === undefined) problem('unknown-card', line, `'${cardText}' is not a card (e.g. Ah, 10h, A♥)`);
    if (uid !== null) {
      const first = uidLine.get(uid);
      if (first !== undefined) problem('duplicate-uid', line, `tag ${uid} is already on line ${first}`);
      else uidLine.set(uid, line);
    }
    if (card !== undefined) {
      const first = cardLine.get(card);
      if (first !== undefined) problem('duplicate-card', line, `${formatCardSymbol(card)} is already on line ${first}`);
      else cardLine.set(card, line);
    }
    if (uid !== null && card !== undefined) uidByCard[card] = uid;
  });

  if (cardLine.size !== CARD_COUNT) {
    const missing = Array.from({ length: CARD_COUNT }, (_, card) => card as Card).filter((card) => !cardLine.has(card)).map(formatCardSymbol);
    problems.push({
      code: 'wrong-card-count',
      line: null,
      message: `the list has ${cardLine.size} distinct cards, a deck has ${CARD_COUNT}: missing ${missing.join(' ')}`,
    });
  }
  if (problems.length > 0) throw new DeckRegistrationError(problems);
  // No problems: every card came once with a good, distinct UID, so all 52 places are filled.
  return DeckRegistration.fromUidsInCardOrder(uidByCard.filter((uid) => uid !== undefined));
}

/** One line's fields: split at the separator, trimmed, surrounding double quotes removed. */
function splitFields(line: string, separator: string): string[] {
  return line.split(separator).map((field) => {
    const trimmed = field.trim();
    return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).trim() : trimmed;
  });
}
