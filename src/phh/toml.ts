/**
 * The TOML of hand histories, read strictly by TOML 1.0's grammar (D53): `key = value` lines (bare, quoted
 * and dotted keys), `[n]` tables (a `.phhs` file holds a hand per table), strings of the four kinds,
 * booleans, integers and floats, dates and times (checked, kept as text), arrays (across lines, with
 * comments and a trailing comma) and inline tables. What is not TOML is refused with its line and column.
 * Numbers keep their literal text, so `0.50` and `13.75` convert to chip units exactly (never through
 * floats).
 *
 * The reader takes its text in pieces (`HandTableReader.push`) and gives back each hand as soon as the
 * next table starts (`next`), so a file of many hands is read in one pass and in bounded memory (D54): it
 * holds a piece and the hand being read, never the file. Nesting is bounded and read without
 * recursion, so no file can overflow the stack.
 */
import { printable } from '../printable.js';

export type TomlValue = string | boolean | TomlNumber | TomlRaw | TomlInline | readonly TomlValue[];
/** An integer or a float as written (underscores dropped; `0x`, `0o`, `0b` integers in decimal). */
export type TomlNumber = { readonly number: string };
/** A date, a time or both, as written (checked against the calendar and the clock). */
export type TomlRaw = { readonly raw: string };
/** An inline table (`{ a = 1 }`), or the table a dotted key makes: kept, though no field Felt reads is one. */
export type TomlInline = { readonly table: TomlTable };
export type TomlTable = Readonly<Record<string, TomlValue>>;
/** A hand's table and its name in a `.phhs` file (`[3]` is "3"), null for the one hand of a `.phh` file. */
export type NamedTable = { readonly name: string | null; readonly table: TomlTable };

export class TomlError extends Error {
  override readonly name = 'TomlError';
}

/**
 * Arrays and inline tables nested deeper than this, or dotted keys of more parts, are refused (D53): PHH
 * nests one array deep, and a bound keeps every walk over a value short.
 */
export const MAX_NESTING = 64;

/**
 * The most text one statement (a key and its value, a table's name, a comment) may take before it ends
 * (D54). A hand is a few kilobytes; without a bound one endless line would be held whole in memory.
 */
export const MAX_STATEMENT = 1 << 20;

/** Parses a whole file into its hands: one table for a `.phh` file, one per `[n]` header in a `.phhs` file. */
export function parseTomlTables(text: string): TomlTable[] {
  return parseHandTables(text).map((named) => named.table);
}

/** `parseTomlTables` with each table's name, so that a line about a hand can say which table it is. */
export function parseHandTables(text: string): NamedTable[] {
  const reader = new HandTableReader();
  reader.push(text);
  reader.end();
  const hands: NamedTable[] = [];
  for (let hand = reader.next(); hand !== null; hand = reader.next()) hands.push(hand);
  return hands;
}

/** Thrown inside the reader when a statement runs past the text given so far: it is read again with more. */
const NEED_MORE: unique symbol = Symbol('need more text');

type Frame = { readonly items: TomlValue[] } | { readonly table: Record<string, TomlValue>; key: string[]; keyAt: number };

/**
 * Reads a file of hands given in pieces (`push`, then `end` when the text is over), statement by
 * statement: `next` gives the next hand once it is complete (when the next table starts, or the text
 * ends), null when it needs more text or there is none. It holds one piece and one hand at a time, whatever
 * the size of the file or of its hands. Errors (`TomlError`) name the line and column and come from `next`
 * after the hands before them; after one, the reader is done.
 */
export class HandTableReader {
  private text = '';
  private position = 0;
  private final = false;
  /** Line and column (1-based, in characters) of `text`'s first character. */
  private line = 1;
  private column = 1;
  private started = false;
  private current: Record<string, TomlValue> | undefined;
  private currentName: string | null = null;
  /** The line of the first key before any table: in a file of hands, such a key belongs to no hand. */
  private rootKeyLine: number | null = null;
  /** A table named twice is invalid TOML; in a `.phhs` file it is two hands under one number. */
  private readonly names = new TableNames();
  /** A hand complete and not yet given. */
  private complete: NamedTable | null = null;

  constructor(private readonly maxStatement = MAX_STATEMENT) {}

  /** More of the file's text. Read by `next`. */
  push(piece: string): void {
    if (this.final) throw new RangeError('the reader has ended');
    this.forgetRead();
    // A byte-order mark some editors write first is no part of the text.
    this.text += !this.started && piece.startsWith('\uFEFF') ? piece.slice(1) : piece;
    if (piece !== '') this.started = true;
  }

  /** The text is over: what is left is read by `next`. */
  end(): void {
    this.forgetRead();
    this.final = true;
  }

  /** The next hand complete, or null (more text is needed, or the file has no more hands). */
  next(): NamedTable | null {
    this.readStatements();
    const hand = this.complete;
    this.complete = null;
    return hand;
  }

  /** Refuses the file where the text given so far ends (a byte that is not UTF-8 follows, say), with its line and column. */
  refuseAtEnd(message: string): never {
    return this.failAt(this.text.length, message);
  }

  /** Drops the text read so far, counting its lines, so that the text held is one statement at most. */
  private forgetRead(): void {
    if (this.position === 0) return;
    const read = this.text.slice(0, this.position);
    const lastBreak = read.lastIndexOf('\n');
    if (lastBreak < 0) this.column += characters(read);
    else {
      for (let index = read.indexOf('\n'); index >= 0; index = read.indexOf('\n', index + 1)) this.line++;
      this.column = 1 + characters(read.slice(lastBreak + 1));
    }
    this.text = this.text.slice(this.position);
    this.position = 0;
  }

  /** Reads statements until a hand is complete, the text given runs out, or the file ends. */
  private readStatements(): void {
    while (this.complete === null) {
      const start = this.position;
      try {
        if (!this.statement()) {
          // The end of the file completes its last hand.
          if (this.current !== undefined) this.complete = { name: this.currentName, table: this.current };
          this.current = undefined;
          return;
        }
      } catch (error) {
        if (error !== NEED_MORE) throw error;
        this.position = start;
        if (this.text.length - start > this.maxStatement) this.tooLong(start);
        return;
      }
      if (this.position - start > this.maxStatement) this.tooLong(start);
    }
  }

  private tooLong(start: number): never {
    this.position = start;
    return this.fail(`more than ${this.maxStatement / (1 << 20)} MiB without the end of a line or a value: a hand history's lines are short (a hand is a few kilobytes)`);
  }

  /** Reads one statement and its line's end: a blank or comment line, a table's name, or a key and its value. False at the end. */
  private statement(): boolean {
    this.skipSpaces();
    const char = this.peek();
    if (char === '') return false;
    if (char === '\n' || char === '\r' || char === '#') {
      this.endOfLine();
      return true;
    }
    if (char === '[') {
      this.tableHeader();
      return true;
    }
    const at = this.position;
    const key = this.key();
    this.skipSpaces();
    this.expect('=', 'after the key');
    this.skipSpaces();
    const value = this.value();
    this.endOfLine();
    if (this.current === undefined) {
      this.current = newTable();
      this.currentName = null;
      this.rootKeyLine = this.where(at).line;
    }
    assign(this.current, key, value, () => this.failAt(at, `'${printable(key.join('.'))}' is given twice`));
    return true;
  }

  private tableHeader(): void {
    const at = this.position;
    this.position++;
    if (this.peek() === '[') this.fail('an array of tables ([[…]]) is not a hand: a file of hands has one table per hand ([1], [2] …)');
    this.skipSpaces();
    const key = this.key();
    this.skipSpaces();
    this.expect(']', "after the table's name");
    this.endOfLine();
    if (key.length > 1) this.failAt(at, `a table inside a table ([${printable(key.join('.'))}]) is not a hand: a file of hands has one table per hand ([1], [2] …)`);
    const name = key[0] as string;
    // Keys before the first table are the file's, not a hand's: in a file of hands, no hand has them.
    if (this.rootKeyLine !== null) this.failAt(at, `a key on line ${this.rootKeyLine} stands before the first table: in a file of hands in tables ([1], [2] …) every key belongs to a hand`);
    if (!this.names.add(name)) this.failAt(at, `the table [${printable(name)}] is given twice`);
    if (this.current !== undefined) this.complete = { name: this.currentName, table: this.current };
    this.current = newTable();
    this.currentName = name;
  }

  // ——— characters ———

  /** The character `offset` ahead, '' at the end of the text; past the text given so far, more is needed. */
  private peek(offset = 0): string {
    const index = this.position + offset;
    if (index < this.text.length) return this.text.charAt(index);
    if (this.final) return '';
    throw NEED_MORE;
  }

  private where(position: number): { line: number; column: number } {
    const before = this.text.slice(0, position);
    const lastBreak = before.lastIndexOf('\n');
    if (lastBreak < 0) return { line: this.line, column: this.column + characters(before) };
    let line = this.line;
    for (let index = before.indexOf('\n'); index >= 0; index = before.indexOf('\n', index + 1)) line++;
    return { line, column: 1 + characters(before.slice(lastBreak + 1)) };
  }

  private fail(message: string): never {
    return this.failAt(this.position, message);
  }

  private failAt(position: number, message: string): never {
    const { line, column } = this.where(position);
    this.final = true;
    throw new TomlError(`line ${line}, column ${column}: ${message}`);
  }

  /** What stands at the reader's place, for a message: the character, or the end. */
  private found(): string {
    const char = this.peek();
    return char === '' ? 'the end of the file' : `'${printable(char)}'`;
  }

  private expect(char: string, where: string): void {
    if (this.peek() !== char) this.fail(`expected '${char}' ${where}, found ${this.found()}`);
    this.position++;
  }

  private skipSpaces(): void {
    for (;;) {
      const char = this.peek();
      if (char !== ' ' && char !== '\t') return;
      this.position++;
    }
  }

  /** A comment's text, up to its line's end: tab and printable characters only. */
  private skipComment(): void {
    if (this.peek() !== '#') return;
    this.position++;
    for (;;) {
      const char = this.peek();
      if (char === '' || char === '\n' || char === '\r') return;
      if (isControl(char)) this.fail(`a control character (${printable(char)}) in a comment`);
      this.position++;
    }
  }

  /** A line break: LF or CR LF (a CR alone is not one). False where none stands. */
  private newline(): boolean {
    const char = this.peek();
    if (char === '\n') {
      this.position++;
      return true;
    }
    if (char !== '\r') return false;
    if (this.peek(1) !== '\n') this.fail('a carriage return (\\r) not followed by a line feed (\\n)');
    this.position += 2;
    return true;
  }

  /** Spaces, a comment, then the line's end (or the file's). */
  private endOfLine(): void {
    this.skipSpaces();
    this.skipComment();
    if (this.peek() === '') return;
    if (!this.newline()) this.fail(`unexpected ${this.found()} after the value: one key and value a line`);
  }

  /** Between an array's values: spaces, comments and line breaks. */
  private skipArraySpace(): void {
    for (;;) {
      this.skipSpaces();
      this.skipComment();
      if (!this.newline()) return;
    }
  }

  // ——— keys ———

  /** A key's parts: one for a bare (`min_bet`) or quoted (`"min bet"`, `'a.b'`) key, more for a dotted one (`a.b`). */
  private key(): string[] {
    const parts = [this.simpleKey()];
    for (;;) {
      this.skipSpaces();
      if (this.peek() !== '.') return parts;
      this.position++;
      this.skipSpaces();
      if (parts.length >= MAX_NESTING) this.fail(`a dotted key of more than ${MAX_NESTING} parts`);
      parts.push(this.simpleKey());
    }
  }

  private simpleKey(): string {
    const char = this.peek();
    if (char === '"' || char === "'") {
      if (this.peek(1) === char && this.peek(2) === char) this.fail('a key may not be a multi-line string');
      return this.string();
    }
    const start = this.position;
    while (isBareKeyChar(this.peek())) this.position++;
    if (this.position === start) this.fail(`expected a key, found ${this.found()}`);
    return this.text.slice(start, this.position);
  }

  // ——— values ———

  /**
   * A value. Arrays and inline tables are read with a stack of their own, not by recursion, and no deeper
   * than `MAX_NESTING`.
   */
  private value(): TomlValue {
    const stack: Frame[] = [];
    for (;;) {
      // A value starts here.
      let value: TomlValue;
      const char = this.peek();
      if (char === '[' || char === '{') {
        if (stack.length >= MAX_NESTING) this.fail(`arrays or inline tables nested more than ${MAX_NESTING} deep: a hand history nests one array deep`);
        this.position++;
        if (char === '[') {
          this.skipArraySpace();
          if (this.peek() !== ']') {
            stack.push({ items: [] });
            continue;
          }
          this.position++;
          value = [];
        } else {
          this.skipSpaces();
          if (this.peek() !== '}') {
            const keyAt = this.position;
            const key = this.key();
            this.skipSpaces();
            this.expect('=', 'after the key');
            this.skipSpaces();
            stack.push({ table: newTable(), key, keyAt });
            continue;
          }
          this.position++;
          value = { table: newTable() };
        }
      } else {
        value = this.scalar();
      }
      // The value ends: into its array or inline table, which may end with it, and so on outwards.
      for (;;) {
        const frame = stack[stack.length - 1];
        if (frame === undefined) return value;
        if ('items' in frame) {
          frame.items.push(value);
          this.skipArraySpace();
          const next = this.peek();
          if (next === ',') {
            this.position++;
            this.skipArraySpace();
            if (this.peek() !== ']') break;
          } else if (next !== ']') this.fail(`expected ',' or ']' in an array, found ${this.found()}`);
          this.position++;
          stack.pop();
          value = frame.items;
        } else {
          const { keyAt } = frame;
          assign(frame.table, frame.key, value, () => this.failAt(keyAt, `'${printable(frame.key.join('.'))}' is given twice`));
          this.skipSpaces();
          const next = this.peek();
          if (next === ',') {
            this.position++;
            this.skipSpaces();
            frame.keyAt = this.position;
            frame.key = this.key();
            this.skipSpaces();
            this.expect('=', 'after the key');
            this.skipSpaces();
            break;
          }
          if (next !== '}') this.fail(`expected ',' or '}' in an inline table (on one line), found ${this.found()}`);
          this.position++;
          stack.pop();
          value = { table: frame.table };
        }
      }
    }
  }

  private scalar(): TomlValue {
    const char = this.peek();
    if (char === '"' || char === "'") return this.string();
    const start = this.position;
    while (isWordChar(this.peek())) this.position++;
    let word = this.text.slice(start, this.position);
    if (word === '') this.fail(`expected a value, found ${this.found()}`);
    // A date and a time may stand apart by a space (TOML allows it for readability): one value.
    if (LOCAL_DATE.test(word) && this.peek() === ' ' && /[0-9]/.test(this.peek(1))) {
      this.position++;
      while (isWordChar(this.peek())) this.position++;
      word = this.text.slice(start, this.position);
    }
    const value = readWord(word);
    if (typeof value === 'string') this.failAt(start, value);
    return value.value;
  }

  /** A string of any of the four kinds, its escapes read. */
  private string(): string {
    const quote = this.peek();
    this.position++;
    if (this.peek() === quote && this.peek(1) === quote) {
      this.position += 2;
      // A line break right after the opening quotes is no part of the string.
      this.newline();
      return this.multiLineString(quote);
    }
    let body = '';
    for (;;) {
      body += this.plainRun(quote);
      const char = this.peek();
      if (char === quote) {
        this.position++;
        return body;
      }
      if (char === '' || char === '\n' || char === '\r') this.fail(`no end to a string: its closing ${quote} is missing on this line`);
      if (char === '\\' && quote === '"') body += this.escape();
      else {
        if (isControl(char)) this.fail(`a control character (${printable(char)}) in a string: write it as an escape`);
        body += char;
        this.position++;
      }
    }
  }

  private multiLineString(quote: string): string {
    let body = '';
    for (;;) {
      body += this.plainRun(quote);
      const char = this.peek();
      if (char === '') this.fail(`no end to a multi-line string: its closing ${quote.repeat(3)} is missing`);
      if (char === quote && this.peek(1) === quote && this.peek(2) === quote) {
        this.position += 3;
        // Up to two more quotes right before the closing three are the string's own.
        for (let extra = 0; extra < 2 && this.peek() === quote; extra++) {
          body += quote;
          this.position++;
        }
        return body;
      }
      if (char === '\n' || char === '\r') {
        this.newline();
        body += char === '\r' ? '\r\n' : '\n';
      } else if (char === '\\' && quote === '"') {
        // A backslash at a line's end joins the lines, dropping the spaces and breaks that follow.
        let ahead = 1;
        while (this.peek(ahead) === ' ' || this.peek(ahead) === '\t') ahead++;
        if (this.peek(ahead) === '\n' || this.peek(ahead) === '\r') {
          this.position += ahead;
          for (;;) {
            const next = this.peek();
            if (next === ' ' || next === '\t') this.position++;
            else if (!this.newline()) break;
          }
        } else body += this.escape();
      } else {
        if (isControl(char)) this.fail(`a control character (${printable(char)}) in a string: write it as an escape`);
        body += char;
        this.position++;
      }
    }
  }

  /**
   * The characters of a string up to the next one that needs a look of its own (a quote, a backslash, a
   * control character or a line break), at once: a string is most of a hand history's text.
   */
  private plainRun(quote: string): string {
    const text = this.text;
    const quoteCode = quote.charCodeAt(0);
    const start = this.position;
    let index = start;
    for (; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === quoteCode || code === 0x5c || code < 0x20 || code === 0x7f) break;
    }
    this.position = index;
    return text.slice(start, index);
  }

  private escape(): string {
    this.position++;
    const code = this.peek();
    const simple = ESCAPES[code];
    if (simple !== undefined) {
      this.position++;
      return simple;
    }
    if (code === 'u' || code === 'U') {
      const length = code === 'u' ? 4 : 8;
      let hex = '';
      for (let index = 1; index <= length; index++) hex += this.peek(index);
      const point = /^[0-9A-Fa-f]+$/.test(hex) && hex.length === length ? Number.parseInt(hex, 16) : -1;
      // A Unicode scalar value: no surrogate halves, nothing past U+10FFFF.
      if (point < 0 || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) this.fail(`\\${code}${printable(hex)} is not a Unicode character`);
      this.position += 1 + length;
      return String.fromCodePoint(point);
    }
    return this.fail(`unknown escape \\${code === '' ? '' : printable(code)} in a string`);
  }
}

/**
 * The names of the tables read, to refuse one given twice, in memory that does not grow with a file whose
 * tables are numbered in order (`[1]`, `[2]` … as files of hands are): numbers are kept as runs (`1–100000`
 * is two numbers); a number out of order, and any other name, is kept as itself.
 */
class TableNames {
  /** Runs of numbers, in the order they were begun; a new number extends the last run or begins one. */
  private readonly runs: { first: number; last: number }[] = [];
  /** The highest number in any run: a higher one cannot have been seen. */
  private highest = -1;
  private readonly others = new Set<string | number>();

  /** Adds a name; false when it was there already. */
  add(name: string): boolean {
    const number = /^(?:0|[1-9][0-9]{0,14})$/.test(name) ? Number(name) : null;
    if (number === null || number <= this.highest) {
      const key = number ?? name;
      if (this.others.has(key) || (number !== null && this.inRuns(number))) return false;
      this.others.add(key);
      return true;
    }
    const last = this.runs[this.runs.length - 1];
    if (last !== undefined && number === last.last + 1) last.last = number;
    else this.runs.push({ first: number, last: number });
    this.highest = number;
    return true;
  }

  /** Whether a number is in a run: the runs rise, so a binary search finds it. */
  private inRuns(number: number): boolean {
    let low = 0;
    let high = this.runs.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const run = this.runs[middle] as { first: number; last: number };
      if (number < run.first) high = middle - 1;
      else if (number > run.last) low = middle + 1;
      else return true;
    }
    return false;
  }
}

/** Characters, as a person counts them for a column (a character beyond U+FFFF is one). */
function characters(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0xdc00 || code > 0xdfff) count++;
  }
  return count;
}

/** Control characters TOML allows in no string or comment (tab is allowed; line breaks are read apart). */
function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code < 0x20 && code !== 0x09) || code === 0x7f;
}

function isBareKeyChar(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x2d;
}

/** Characters of an unquoted value (a number, a boolean, a date or time); what ends one is anything else. */
function isWordChar(char: string): boolean {
  // The bare key's characters, and + . : of signs, fractions and times.
  return isBareKeyChar(char) || char === '+' || char === '.' || char === ':';
}

const ESCAPES: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

const DECIMAL_INTEGER = /^[+-]?(?:0|[1-9](?:_?[0-9])*)$/;
const PREFIXED_INTEGER = /^0(?:x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*|o[0-7](?:_?[0-7])*|b[01](?:_?[01])*)$/;
const FLOAT = /^[+-]?(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?$/;
const SPECIAL_FLOAT = /^[+-]?(?:inf|nan)$/;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:[Zz]|[+-](\d{2}):(\d{2}))?$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** An unquoted value: the value, or why it is none (the words of the refusal). */
function readWord(word: string): { value: TomlValue } | string {
  if (word === 'true') return { value: true };
  if (word === 'false') return { value: false };
  if (DECIMAL_INTEGER.test(word) || PREFIXED_INTEGER.test(word)) {
    const digits = word.replace(/_/g, '');
    const prefixed = /^0[xob]/.test(digits);
    const integer = BigInt(prefixed ? digits : digits.replace(/^\+/, ''));
    if (integer < INT64_MIN || integer > INT64_MAX) return `'${word}' is out of the range of TOML's integers (64 bits)`;
    return { value: { number: prefixed ? integer.toString() : digits } };
  }
  if ((FLOAT.test(word) && /[.eE]/.test(word)) || SPECIAL_FLOAT.test(word)) return { value: { number: word.replace(/_/g, '') } };
  const date = LOCAL_DATE.exec(word);
  if (date !== null) return validDate(date) ? { value: { raw: word } } : `'${printable(word)}' is not a date of the calendar`;
  const time = LOCAL_TIME.exec(word);
  if (time !== null) return validTime(time) ? { value: { raw: word } } : `'${printable(word)}' is not a time of day`;
  const dateTime = DATE_TIME.exec(word);
  if (dateTime !== null) {
    const day = LOCAL_DATE.exec(dateTime[1] as string);
    const clock = LOCAL_TIME.exec(dateTime[2] as string);
    const offsetValid = dateTime[3] === undefined || (Number(dateTime[3]) <= 23 && Number(dateTime[4]) <= 59);
    return day !== null && clock !== null && validDate(day) && validTime(clock) && offsetValid ? { value: { raw: word } } : `'${printable(word)}' is not a date and time of the calendar`;
  }
  if (/^[+-]?0[0-9]/.test(word) && FLOAT.test(word.replace(/^([+-]?)0+(?=[0-9])/, '$1'))) return `'${printable(word)}' is not a TOML number: a number does not start with 0 (but 0 itself, or 0.5)`;
  return `'${printable(word)}' is not a TOML value: a value is a number, a string in quotes, true or false, a date or a time, an array or an inline table`;
}

function validDate(match: RegExpExecArray): boolean {
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}

function validTime(match: RegExpExecArray): boolean {
  // A second of 60 is a leap second (RFC 3339, which TOML's times follow).
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3]) <= 60;
}

/** A table to fill: no prototype, so that a key such as `constructor` or `__proto__` is a key like any other. */
function newTable(): Record<string, TomlValue> {
  return Object.create(null) as Record<string, TomlValue>;
}

/**
 * Sets a key (its parts, `a.b` as ["a", "b"]) in a table: a dotted key makes or extends the tables on its
 * way, as TOML reads it; a key given twice, or a value where a table was made, is refused (`twice`).
 * A loop, not recursion: a key's parts are bounded, but no walk here depends on that.
 */
function assign(root: Record<string, TomlValue>, parts: readonly string[], value: TomlValue, twice: () => never): void {
  let table = root;
  for (let index = 0; index < parts.length - 1; index++) {
    const part = parts[index] as string;
    const existing = Object.hasOwn(table, part) ? table[part] : undefined;
    if (existing !== undefined && !dotted.has(existing as TomlInline)) twice();
    const inner = (existing as TomlInline | undefined) ?? { table: newTable() };
    dotted.add(inner);
    table[part] = inner;
    table = inner.table as Record<string, TomlValue>;
  }
  const last = parts[parts.length - 1] as string;
  if (Object.hasOwn(table, last)) twice();
  table[last] = value;
}

/** The tables dotted keys made: they may be extended by more dotted keys, unlike a table written out. */
const dotted = new WeakSet<TomlInline>();

/** TOML text for a string: a basic string, with every character TOML does not allow as itself escaped. */
export function tomlString(text: string): string {
  // JSON's escapes are TOML's; DEL and a lone surrogate half (which no UTF-8 file can hold) are not escaped by JSON.
  return JSON.stringify(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')).replace(/\u007f/g, '\\u007f');
}
