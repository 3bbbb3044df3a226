/**
 * A payload read once, left to right, without building it (D117): the `type` of a payload that is surely
 * Felt's canonical JSON of an operation — one object, no whitespace, keys in sorted order and each once,
 * strings escaped and numbers written as `JSON.stringify` writes them — or null for anything else, which
 * the floor then asks the long way (`JSON.parse`, `canonicalJson`: batch-check.ts), as it is the one that
 * words the refusal. So this never has the last word on a refusal, only on a row it takes: it takes
 * nothing that way would refuse (a property test holds the two together). Left to the long way: a key or
 * a type written with an escape, `\u` escapes, nesting deeper than `MAX_DEPTH` — none of which Felt's
 * operations have.
 */
export function canonicalType(payload: string): string | null {
  const scan = new Scan(payload);
  return scan.operation();
}

const MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
/** The one-letter escapes `JSON.stringify` writes: " \ b f n r t. */
const SHORT_ESCAPES = new Set([QUOTE, BACKSLASH, 0x62, 0x66, 0x6e, 0x72, 0x74]);
/** A number as JSON writes it, to be compared with JavaScript's own writing of its value. */
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/** Thrown inside a scan: the payload is not surely canonical. */
const NOT_SURE = Symbol('not surely canonical');

class Scan {
  private at = 0;

  constructor(private readonly text: string) {}

  /** The top-level object's `type`, or null. */
  operation(): string | null {
    try {
      if (this.text.charCodeAt(0) !== OPEN_OBJECT) return null;
      const type = this.object(0, true);
      return this.at === this.text.length ? type : null;
    } catch (error) {
      if (error === NOT_SURE) return null;
      throw error;
    }
  }

  private value(depth: number): void {
    const code = this.text.charCodeAt(this.at);
    if (code === OPEN_OBJECT) this.object(depth + 1, false);
    else if (code === OPEN_ARRAY) this.array(depth + 1);
    else if (code === QUOTE) this.string();
    else if (code === MINUS || (code >= ZERO && code <= NINE)) this.number();
    else if (this.text.startsWith('true', this.at)) this.at += 4;
    else if (this.text.startsWith('false', this.at)) this.at += 5;
    else if (this.text.startsWith('null', this.at)) this.at += 4;
    else throw NOT_SURE;
  }

  /** An object at `this.at` (its `{`); at the top level, its `type` when that is a plain string. */
  private object(depth: number, top: boolean): string | null {
    if (depth > MAX_DEPTH) throw NOT_SURE;
    this.at++;
    let type: string | null = null;
    if (this.text.charCodeAt(this.at) === CLOSE_OBJECT) {
      this.at++;
      return null;
    }
    let before: string | null = null;
    for (;;) {
      const key = this.plainString();
      // Sorted as canonicalJson sorts (Array.prototype.sort: by UTF-16 code units), each key once.
      if (before !== null && !(before < key)) throw NOT_SURE;
      before = key;
      if (this.text.charCodeAt(this.at) !== COLON) throw NOT_SURE;
      this.at++;
      if (top && key === 'type') {
        if (this.text.charCodeAt(this.at) !== QUOTE) throw NOT_SURE;
        type = this.plainString();
      } else {
        this.value(depth);
      }
      const next = this.text.charCodeAt(this.at++);
      if (next === CLOSE_OBJECT) break;
      if (next !== COMMA) throw NOT_SURE;
    }
    if (top && type === null) throw NOT_SURE;
    return type;
  }

  private array(depth: number): void {
    if (depth > MAX_DEPTH) throw NOT_SURE;
    this.at++;
    if (this.text.charCodeAt(this.at) === CLOSE_ARRAY) {
      this.at++;
      return;
    }
    for (;;) {
      this.value(depth);
      const next = this.text.charCodeAt(this.at++);
      if (next === CLOSE_ARRAY) return;
      if (next !== COMMA) throw NOT_SURE;
    }
  }

  /** A string without an escape (a key, the type): its text. */
  private plainString(): string {
    const start = this.at + 1;
    if (this.text.charCodeAt(this.at) !== QUOTE) throw NOT_SURE;
    const end = this.stringEnd(false);
    return this.text.slice(start, end);
  }

  private string(): void {
    this.stringEnd(true);
  }

  /**
   * Past a string at `this.at` (its opening quote): where its closing quote is. Characters as
   * `JSON.stringify` leaves them — none below U+0020, a surrogate only in a pair — and, where `escapes`,
   * its one-letter escapes; `\u` escapes are left to the long way.
   */
  private stringEnd(escapes: boolean): number {
    const text = this.text;
    let at = this.at + 1;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) break;
      if (Number.isNaN(code) || code < 0x20) throw NOT_SURE;
      if (code === BACKSLASH) {
        if (!escapes || !SHORT_ESCAPES.has(text.charCodeAt(at + 1))) throw NOT_SURE;
        at += 2;
        continue;
      }
      if (code >= 0xd800 && code <= 0xdfff) {
        const low = text.charCodeAt(at + 1);
        if (code > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) throw NOT_SURE;
        at += 2;
        continue;
      }
      at++;
    }
    this.at = at + 1;
    return at;
  }

  /** A number written as JavaScript writes its value (so `1.0`, `-0`, `1e2` and `0.10` are not). */
  private number(): void {
    NUMBER.lastIndex = this.at;
    const found = NUMBER.exec(this.text);
    if (found === null) throw NOT_SURE;
    const written = found[0];
    if (String(Number(written)) !== written) throw NOT_SURE;
    this.at += written.length;
  }
}
