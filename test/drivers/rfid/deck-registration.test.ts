import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../src/cards/random.js';
import { type Card, CARD_COUNT } from '../../../src/cards/card.js';
import { formatCard, formatCardSymbol, parseCard } from '../../../src/cards/notation.js';
import { DeckRegistration, DeckRegistrationError, DeckScan, importDeckCsv, type DeckProblem } from '../../../drivers/rfid/deck-registration.js';
import type { TagUid } from '../../../drivers/rfid/tag-uid.js';

/** Tag n of a test deck: E0 04 01 50 00 00 00 nn. */
const tag = (n: number): TagUid => `E0040150000000${n.toString(16).toUpperCase().padStart(2, '0')}` as TagUid;
const TAGS = Array.from({ length: CARD_COUNT }, (_, card) => tag(card));
const STRAY = 'E0040150FFFFFFFF' as TagUid;

function scanAll(uids: readonly TagUid[]): DeckScan {
  return uids.reduce((scan, uid) => scan.add(uid), DeckScan.start());
}

/** The problems a registration is refused with (and that it is refused). */
function problemsOf(register: () => unknown): readonly DeckProblem[] {
  try {
    register();
  } catch (error) {
    if (error instanceof DeckRegistrationError) return error.problems;
    throw error;
  }
  throw new Error('expected the registration to be refused');
}

/** A vendor list: header, then `uid,card` per card in the given notation. */
function csv(lines: readonly string[], header = 'uid,card'): string {
  return [header, ...lines].join('\n');
}

const LINES = TAGS.map((uid, card) => `${uid},${formatCard(card as Card)}`);

describe('registering a deck by scanning its 52 tags in order (2♣ 2♦ 2♥ 2♠ 3♣ … A♠)', () => {
  it('maps each tag to the card scanned in its place, and a stray tag to nothing', () => {
    let scan = DeckScan.start();
    expect(scan.nextCard).toBe(parseCard('2c'));
    scan = scan.add(TAGS[0] ?? STRAY);
    expect(scan.nextCard).toBe(parseCard('2d'));
    scan = scanAll(TAGS);
    expect(scan.nextCard).toBeNull();
    expect(scan.count).toBe(52);
    const deck = scan.finish();
    TAGS.forEach((uid, card) => {
      expect(deck.lookup(uid)).toBe(card);
      expect(deck.uidOf(card as Card)).toBe(uid);
    });
    expect(deck.lookup(tag(4))).toBe(parseCard('3c'));
    expect(deck.lookup(tag(51))).toBe(parseCard('As'));
    expect(deck.lookup(STRAY)).toBeNull();
  });

  it('refuses a tag scanned twice, saying which card it already is and which card comes next', () => {
    const scan = scanAll(TAGS.slice(0, 5));
    expect(() => scan.add(tag(1))).toThrow(new DeckRegistrationError([{ code: 'duplicate-uid', line: null, message: 'tag E004015000000001 is already scanned as 2♦: put down 3♦ instead' }]));
    // Refused, the scan goes on from where it was.
    expect(scan.add(tag(5)).count).toBe(6);
  });

  it('refuses a 53rd tag', () => {
    const problems = problemsOf(() => scanAll(TAGS).add(STRAY));
    expect(problems).toEqual([{ code: 'deck-full', line: null, message: 'all 52 cards are scanned: tag E0040150FFFFFFFF would be a 53rd' }]);
  });

  it('refuses to finish before all 52, naming the next card', () => {
    expect(problemsOf(() => scanAll(TAGS.slice(0, 17)).finish())).toEqual([{ code: 'wrong-card-count', line: null, message: 'only 17 of 52 cards are scanned: the next is 6♦' }]);
    expect(problemsOf(() => DeckScan.start().finish())[0]?.message).toBe('only 0 of 52 cards are scanned: the next is 2♣');
  });

  it('is a value: adding or undoing gives a new scan and leaves the old one as it was', () => {
    const three = scanAll(TAGS.slice(0, 3));
    const wrong = three.add(STRAY);
    expect(three.count).toBe(3);
    expect(wrong.undo().add(tag(3)).count).toBe(4);
    expect(wrong.count).toBe(4);
  });

  it('builds from 52 tags in card order, refusing the wrong count or a tag twice', () => {
    expect(DeckRegistration.fromUidsInCardOrder(TAGS).lookup(tag(7))).toBe(7);
    expect(problemsOf(() => DeckRegistration.fromUidsInCardOrder(TAGS.slice(1)))[0]?.code).toBe('wrong-card-count');
    expect(problemsOf(() => DeckRegistration.fromUidsInCardOrder([...TAGS.slice(0, 51), tag(3)]))).toEqual([
      { code: 'duplicate-uid', line: null, message: 'tag E004015000000003 is given for two cards' },
    ]);
  });
});

describe("importing a vendor's UID list (CSV)", () => {
  it('reads a list in any card notation and line order, and saves one it reads back', () => {
    const lines = TAGS.map((uid, card) => {
      const notation = card % 3 === 0 ? formatCard(card as Card) : card % 3 === 1 ? formatCardSymbol(card as Card) : formatCard(card as Card).toLowerCase().replace(/^t/, '10');
      return `${uid.toLowerCase()},${notation}`;
    });
    const deck = importDeckCsv(csv([...lines].reverse()));
    TAGS.forEach((uid, card) => expect(deck.lookup(uid)).toBe(card));
    expect(importDeckCsv(deck.toCsv()).toCsv()).toBe(deck.toCsv());
    expect(deck.toCsv().split('\n').slice(0, 3)).toEqual(['uid,card', 'E004015000000000,2c', 'E004015000000001,2d']);
  });

  it('takes what spreadsheets write: a byte-order mark, CRLF, semicolons, quotes, blank lines, other columns in any order', () => {
    const lines = TAGS.map((uid, card) => `"${formatCard(card as Card)}";"batch 7";"${uid.match(/../g)?.join(':') ?? ''}"`);
    const text = '\uFEFF\r\n' + ['Card;Batch;UID', ...lines.slice(0, 20), '', ...lines.slice(20)].join('\r\n') + '\r\n';
    const deck = importDeckCsv(text);
    expect(deck.lookup(tag(51))).toBe(parseCard('As'));
  });

  it('registers decks of NTAG (7-byte), MIFARE Classic (4-byte) and triple-size (10-byte) tags, and a deck of mixed lengths (7-byte refused before D68)', () => {
    const ntag = (n: number): string => `04A1B2C3D4E5${n.toString(16).toUpperCase().padStart(2, '0')}`;
    const classic = (n: number): string => `08A1B2${n.toString(16).toUpperCase().padStart(2, '0')}`;
    const triple = (n: number): string => `8804A1B2C3D4E5F607${n.toString(16).toUpperCase().padStart(2, '0')}`;
    for (const uidOf of [ntag, classic, triple]) {
      const deck = importDeckCsv(csv(Array.from({ length: CARD_COUNT }, (_, card) => `${uidOf(card).match(/../g)?.join(':') ?? ''},${formatCard(card as Card)}`)));
      expect(deck.lookup(uidOf(51) as TagUid)).toBe(parseCard('As'));
      expect(importDeckCsv(deck.toCsv()).toCsv()).toBe(deck.toCsv());
    }
    const mixed = Array.from({ length: CARD_COUNT }, (_, card) => [ntag, classic, triple, tag][card % 4]?.(card) as TagUid);
    const scanned = scanAll(mixed).finish();
    mixed.forEach((uid, card) => expect(scanned.lookup(uid)).toBe(card));
    // A UID and a longer one that begins with it are two tags.
    expect(scanned.lookup(`${ntag(0)}00` as TagUid)).toBeNull();
  });

  it('names the line and the UID that is not one', () => {
    const lines = [...LINES];
    lines[6] = 'E00401XYZ,3h';
    expect(problemsOf(() => importDeckCsv(csv(lines)))).toEqual([
      { code: 'bad-uid', line: 8, message: "line 8: 'E00401XYZ' is not a tag UID: 8, 14, 16 or 20 hex digits (a UID of 4, 7, 8 or 10 bytes, e.g. 04A1B2C3D4E5F6 or E004015012345678)" },
    ]);
  });

  it('names the line and the card that is not one', () => {
    const lines = [...LINES];
    lines[9] = `${tag(9)},1x`;
    expect(problemsOf(() => importDeckCsv(csv(lines)))).toEqual([
      { code: 'unknown-card', line: 11, message: "line 11: '1x' is not a card (e.g. Ah, 10h, A♥)" },
      { code: 'wrong-card-count', line: null, message: 'the list has 51 distinct cards, a deck has 52: missing 4♦' },
    ]);
  });

  it('names a card given twice, with the line it first came on, and the card then missing', () => {
    const lines = [...LINES];
    lines[51] = `${tag(51)},A♥`;
    expect(problemsOf(() => importDeckCsv(csv(lines)))).toEqual([
      { code: 'duplicate-card', line: 53, message: 'line 53: A♥ is already on line 52' },
      { code: 'wrong-card-count', line: null, message: 'the list has 51 distinct cards, a deck has 52: missing A♠' },
    ]);
  });

  it('names a UID given twice, with the line it first came on', () => {
    const lines = [...LINES];
    lines[3] = `${tag(0)},2s`;
    expect(problemsOf(() => importDeckCsv(csv(lines)))).toEqual([{ code: 'duplicate-uid', line: 5, message: 'line 5: tag E004015000000000 is already on line 2' }]);
  });

  it('names a list that is not 52 cards', () => {
    expect(problemsOf(() => importDeckCsv(csv(LINES.slice(0, 49))))).toEqual([
      { code: 'wrong-card-count', line: null, message: 'the list has 49 distinct cards, a deck has 52: missing A♦ A♥ A♠' },
    ]);
    expect(problemsOf(() => importDeckCsv('uid,card\n'))[0]?.message).toMatch(/^the list has 0 distinct cards, a deck has 52: missing 2♣ 2♦ /);
  });

  it('names a line with the wrong number of fields, a missing header and an empty file', () => {
    const lines = [...LINES];
    lines[0] = `${tag(0)},2c,extra`;
    expect(problemsOf(() => importDeckCsv(csv(lines)))[0]).toEqual({
      code: 'bad-line',
      line: 2,
      message: `line 2: expected 2 fields (uid,card), got 3: '${tag(0)},2c,extra'`,
    });
    expect(problemsOf(() => importDeckCsv(LINES.join('\n')))).toEqual([
      { code: 'bad-header', line: 1, message: "line 1: expected a header naming the columns uid and card, got 'E004015000000000,2c'" },
    ]);
    expect(problemsOf(() => importDeckCsv(' \n\n'))).toEqual([{ code: 'bad-header', line: null, message: 'the file is empty: expected a header `uid,card` and 52 lines' }]);
  });

  it('reports every problem of a file at once, each with its line, in the message too', () => {
    const lines = [...LINES];
    lines[1] = 'nonsense,2d';
    lines[2] = `${tag(2)},ZZ`;
    lines[3] = `${tag(0)},2s`;
    const problems = problemsOf(() => importDeckCsv(csv(lines)));
    expect(problems.map((problem) => [problem.code, problem.line])).toEqual([
      ['bad-uid', 3],
      ['unknown-card', 4],
      ['duplicate-uid', 5],
      ['wrong-card-count', null],
    ]);
    expect(() => importDeckCsv(csv(lines))).toThrow(/^line 3: 'nonsense' is not a tag UID: .*; line 4: 'ZZ' is not a card .*; line 5: tag E004015000000000 is already on line 2; the list has 51/);
  });
});

describe('the CSV importer under fuzz', () => {
  const refusedOrRead = (text: string): void => {
    try {
      importDeckCsv(text);
    } catch (error) {
      expect(error).toBeInstanceOf(DeckRegistrationError);
    }
  };

  it('refuses a million random bytes as text with problems, never another exception', () => {
    const random = new SeededRandom(11);
    const bytes = Uint8Array.from({ length: 1_000_000 }, () => (random.nextInt(16) === 0 ? 0x0a : random.nextInt(256)));
    const problems = problemsOf(() => importDeckCsv(new TextDecoder().decode(bytes)));
    expect(problems.length).toBeGreaterThan(0);
  });

  it('refuses or reads any text, and any valid list with one line damaged', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), refusedOrRead), { numRuns: 2000 });
    fc.assert(
      fc.property(fc.nat({ max: 52 }), fc.string({ maxLength: 30 }), (line, text) => {
        const lines = [...LINES];
        lines[line] = text;
        refusedOrRead(csv(lines));
      }),
      { numRuns: 2000 },
    );
  });
});
