/**
 * How the log's rows are kept small (D81): a row's canonical JSON with the most frequent pieces of Felt's
 * operations — keys with their punctuation, an operation's type with its closing brace — each replaced by
 * a control character (0x01–0x1E), or 0x1F and a printable character for the less frequent ones. JSON as
 * `JSON.stringify` writes it never holds a raw control character (it escapes them), so the packed text
 * unpacks to exactly the text that was packed, and the chain's hashes, computed over the canonical JSON,
 * stay what they were. The dictionary is part of the log's format, fixed for good: a table's rows are
 * read with it; another one would be another format, with a migration of its own.
 *
 * Command ids are kept as sent, but the ids Felt's screens and devices send end in a random UUID
 * (`shoe-…`, `panel-…`, 32 hex digits from a screen): those 32 hex digits are kept as 16 bytes.
 */

/**
 * The pieces, most frequent first (chosen greedily over simulated sessions of every betting structure,
 * cash and tournament: what each saves, count × length); the first 30 are one character, the rest two.
 */
const WORDS: readonly string[] = [
  ',"type":', '{"seat":', '{"card":', '"next-actor"}', '"deal"}', '{"amount":', '{"betsThisRound":',
  ',"lastFullRaise":', ',"seat":', ',"limitLevel":', ',"to":',
  ',"burnBeforeBoard":true,"burnBeforeHoleCards":true,"chipUnit":',
  ',"prematureCards":"restore-order","rake":null,"smallBlind":', ',"stack":', '{"type":', '"betting-round"}',
  ',"eligible":[', ',"smallBlindPosition":', ',"currentBet":', '"call"}', '"bet"}',
  '],"extraPosts":[],"handNumber":', ',"structure":{"kind":"no-limit"}},"players":', '"collect"}', '{"pots":[',
  ',"previous":{"bigBlind":', ',"bigBlind":', '"board"', '}],"smallBlindSeat":', ',"kind":"small-blind"',
  ',"kind":"big-blind"', '"award","words":', '{"street":', ',"button":', ',"config":{"ante":', '"hand-positions"}',
  '"fold"}', '"street"}', ',"bigBlindAnte":', '{"bigBlindSeat":', '"hand-started"}', '"hand-settled"}', '"check"}',
  '"return-uncalled"}', '{"at":', ',"buttonSeat":', ',"potIndex":', '{"to":', '"show"}', '"burn"', '"post"}',
  '"start-hand"}', '"hand-ended"}', '{"cards":[', ',"dealtIn":[', ',"straddle":',
  ',"uncapped":"two-players-left"}},"players":[', ',"stacks":[', 'null', ',"best":',
  ',"structure":{"kind":"pot-limit"}},"players":', ',"status":"waiting"', '{"rake":', '{"firstSeat":',
  '"blinds-missed"}', ',"kind":"fixed-limit","maxBetsPerRound":', '"showdown"}', ',"small":true', ',"name":',
  '"time-collected"}', '"flop"', ',"owesBigBlind":true', '},"kind":"spread-limit","lower":{"max":', '{"de":',
  ',"en":', ',"structure":{"bigBet":', '"turn"', '"river"', '"came-back"}', '"come-back"}', '{"big":true',
  '"step-undone","undone":[', ',"handsDealt":', ',"handNumber":', ',"structure":{"higher":{"max":', '"topped-up"}',
  ',"at":', '"top-up"}', ',"reason":', '"will-post"}', '],"extraPosts":[{"dead":', '},"maxBetsPerRound":',
  ',"smallBet":', ',"buyIn":', ',"kind":"posted-blind"', '"seated"}', ',"status":"playing"', '"all-in"}', '"leave"}',
  '{"big":false', '"left"}', '"sat-out"}', '"premature-card"}', '"time-period"}', ',"kind":"dead-blind"', ',"min":',
  ',"by":', '"cards-returned"}', '"sit"}', '"sit-out"}', '],"redeal":false', ',"number":', ',"returnAt":',
  '"dealer-on-duty"}', '"dealer-change"}', '"premature"}', ',"live":', '{"next":', '"undo"}', '"seat-skipped"',
  ',"owesBigBlind":false', '"device-incident"}', '"card-exposed"}', '"hand-voided"}', '"card-refused"}',
];

const FIRST_TIER = 30;
const SECOND_TIER = 0x7f - 0x20;
if (WORDS.length > FIRST_TIER + SECOND_TIER) throw new RangeError('the log format has more words than codes');

/** Each word's code, by the word. */
const CODES: readonly string[] = WORDS.map((_, index) => (index < FIRST_TIER ? String.fromCharCode(index + 1) : `\x1f${String.fromCharCode(0x20 + index - FIRST_TIER)}`));

/** The words a text's character may begin, longest first (a longer word wins where two start alike). */
const STARTING = new Map<number, { readonly word: string; readonly code: string }[]>();
WORDS.forEach((word, index) => {
  const list = STARTING.get(word.charCodeAt(0)) ?? [];
  list.push({ word, code: CODES[index] as string });
  STARTING.set(word.charCodeAt(0), list);
});
for (const list of STARTING.values()) list.sort((a, b) => b.word.length - a.word.length);

/** The first tier's words by their code (index 0 is no code), and the second's by their second character. */
const TIER_ONE: readonly (string | undefined)[] = [undefined, ...WORDS.slice(0, FIRST_TIER)];
const TIER_TWO: readonly (string | undefined)[] = WORDS.slice(FIRST_TIER);

/** Canonical JSON packed; a text with a control character is no canonical JSON, and is refused. */
export function packJson(json: string): string {
  let packed = '';
  let from = 0;
  for (let index = 0; index < json.length; ) {
    const char = json.charCodeAt(index);
    if (char < 0x20) throw new RangeError('canonical JSON holds no control character: this text cannot be packed');
    const candidates = STARTING.get(char);
    const found = candidates?.find(({ word }) => json.startsWith(word, index));
    if (found === undefined) {
      index++;
      continue;
    }
    packed += json.slice(from, index) + found.code;
    index += found.word.length;
    from = index;
  }
  return from === 0 ? json : packed + json.slice(from);
}

/** The canonical JSON a packed text holds, or null when it is no packed text (a code no word has). */
export function unpackJson(packed: string): string | null {
  let json = '';
  let from = 0;
  for (let index = 0; index < packed.length; index++) {
    const char = packed.charCodeAt(index);
    if (char >= 0x20) continue;
    const word = char === 0x1f ? TIER_TWO[packed.charCodeAt(++index) - 0x20] : TIER_ONE[char];
    if (word === undefined) return null;
    json += packed.slice(from, char === 0x1f ? index - 1 : index) + word;
    from = index + 1;
  }
  return from === 0 ? packed : json + packed.slice(from);
}

/** A command id as kept: text, or — ending in a UUID or 32 hex digits — a kind byte, those 16 bytes and the text before them. */
export type StoredId = string | Buffer;

const UUID = /^(.*?)([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/s;
const HEX = /^(.*?)([0-9a-f]{32})$/s;
const DASHED = 1;
const PLAIN = 2;

/** How a command id is kept: the same id always the same way, so its uniqueness is SQLite's to keep. */
export function storedId(id: string): StoredId {
  const uuid = UUID.exec(id);
  if (uuid !== null) return Buffer.concat([Buffer.of(DASHED), Buffer.from(uuid.slice(2).join(''), 'hex'), Buffer.from(uuid[1] as string)]);
  const hex = HEX.exec(id);
  if (hex !== null) return Buffer.concat([Buffer.of(PLAIN), Buffer.from(hex[2] as string, 'hex'), Buffer.from(hex[1] as string)]);
  return id;
}

/** The command id a kept one is, or null when it is none Felt keeps. */
export function idOf(stored: unknown): string | null {
  if (typeof stored === 'string') return stored;
  if (!(stored instanceof Uint8Array) || stored.length < 17 || (stored[0] !== DASHED && stored[0] !== PLAIN)) return null;
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.length);
  const hex = bytes.toString('hex', 1, 17);
  const prefix = bytes.toString('utf8', 17);
  const id = stored[0] === PLAIN ? `${prefix}${hex}` : `${prefix}${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  // Kept another way than Felt keeps it (a UUID kept as text, or bytes that are not UTF-8): not Felt's.
  return Buffer.compare(toBuffer(storedId(id)), bytes) === 0 ? id : null;
}

function toBuffer(stored: StoredId): Buffer {
  return typeof stored === 'string' ? Buffer.from(stored) : stored;
}
