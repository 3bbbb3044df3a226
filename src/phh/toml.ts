/**
 * The part of TOML that hand histories use: `key = value` lines (bare, quoted and dotted keys), `[n]`
 * tables (a `.phhs` file holds a hand per table), strings, booleans, numbers, arrays (across lines, with
 * comments and a trailing comma), inline tables, and other values (dates and times) kept as text. Numbers
 * keep their literal text, so `0.50` and `13.75` convert to chip units exactly (never through floats).
 * Errors name the line.
 */
import { printable } from '../printable.js';

export type TomlValue = string | boolean | TomlNumber | TomlRaw | TomlInline | readonly TomlValue[];
export type TomlNumber = { readonly number: string };
export type TomlRaw = { readonly raw: string };
/** An inline table (`{ a = 1 }`): kept, though no field Felt reads is one. */
export type TomlInline = { readonly table: TomlTable };
export type TomlTable = Readonly<Record<string, TomlValue>>;
/** A hand's table and its name in a `.phhs` file (`[3]` is "3"), null for the one hand of a `.phh` file. */
export type NamedTable = { readonly name: string | null; readonly table: TomlTable };

export class TomlError extends Error {
  override readonly name = 'TomlError';
}

/** Parses a file into its hands: one table for a `.phh` file, one per `[n]` header in a `.phhs` file. */
export function parseTomlTables(text: string): TomlTable[] {
  return parseHandTables(text).map((named) => named.table);
}

/** `parseTomlTables` with each table's name, so that a line about a hand can say which table it is. */
export function parseHandTables(text: string): NamedTable[] {
  const tables: { name: string | null; table: Record<string, TomlValue> }[] = [];
  let current: Record<string, TomlValue> | undefined;
  // A table named twice is invalid TOML; in a `.phhs` file it is two hands under one number.
  const names = new Set<string>();
  // A byte-order mark some editors write first is no part of the text.
  const reader = new Reader(text.startsWith('\uFEFF') ? text.slice(1) : text);
  let rootKeyLine: number | null = null;
  for (;;) {
    reader.skipBlankAndComments();
    if (reader.done()) break;
    if (reader.peek() === '[') {
      reader.take();
      reader.skipSpaces();
      const name = reader.key().join('.');
      reader.skipSpaces();
      reader.expect(']');
      reader.endOfLine();
      // Keys before the first table are the file's, not a hand's: in a file of hands, no hand has them.
      if (rootKeyLine !== null) reader.fail(`a key on line ${rootKeyLine} stands before the first table: in a file of hands in tables ([1], [2] …) every key belongs to a hand`);
      if (names.has(name)) reader.fail(`the table [${printable(name)}] is given twice`);
      names.add(name);
      current = newTable();
      tables.push({ name, table: current });
      continue;
    }
    const line = reader.line();
    const key = reader.key();
    reader.skipSpaces();
    reader.expect('=');
    reader.skipSpaces();
    const value = reader.value();
    reader.endOfLine();
    if (current === undefined) {
      current = newTable();
      tables.push({ name: null, table: current });
      rootKeyLine = line;
    }
    assign(current, key, value, reader);
  }
  return tables;
}

class Reader {
  private position = 0;

  constructor(private readonly text: string) {}

  done(): boolean {
    return this.position >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text.charAt(this.position + offset);
  }

  take(): string {
    return this.text.charAt(this.position++);
  }

  fail(message: string): never {
    throw new TomlError(`line ${this.line()}: ${message}`);
  }

  line(): number {
    return this.text.slice(0, this.position).split('\n').length;
  }

  expect(char: string): void {
    if (this.peek() !== char) this.fail(`expected '${char}', found ${this.done() ? 'the end' : `'${printable(this.peek())}'`}`);
    this.position++;
  }

  until(char: string): string {
    const end = this.text.indexOf(char, this.position);
    if (end < 0) this.fail(`no closing '${char}'`);
    const part = this.text.slice(this.position, end);
    this.position = end;
    return part;
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.position++;
  }

  skipComment(): void {
    if (this.peek() === '#') while (!this.done() && this.peek() !== '\n') this.position++;
  }

  skipBlankAndComments(): void {
    for (;;) {
      this.skipSpaces();
      this.skipComment();
      if (this.peek() === '\n' || this.peek() === '\r') this.position++;
      else return;
    }
  }

  endOfLine(): void {
    this.skipSpaces();
    this.skipComment();
    if (this.peek() === '\r') this.position++;
    if (!this.done() && this.peek() !== '\n') this.fail(`unexpected '${printable(this.peek())}' after the value`);
  }

  /** A key's parts: one for a bare (`min_bet`) or quoted (`"min bet"`, `'a.b'`) key, more for a dotted one (`a.b`). */
  key(): string[] {
    const parts = [this.simpleKey()];
    for (;;) {
      this.skipSpaces();
      if (this.peek() !== '.') return parts;
      this.position++;
      this.skipSpaces();
      parts.push(this.simpleKey());
    }
  }

  private simpleKey(): string {
    if (this.peek() === '"' || this.peek() === "'") return this.string();
    const match = /^[A-Za-z0-9_-]+/.exec(this.text.slice(this.position, this.position + 200));
    if (match === null) this.fail('expected a key');
    this.position += match[0].length;
    return match[0];
  }

  value(): TomlValue {
    const char = this.peek();
    if (char === '[') return this.array();
    if (char === '{') return this.inlineTable();
    if (char === '"' || char === "'") return this.string();
    const match = /^[^\s,\]}#]+/.exec(this.text.slice(this.position, this.position + 200));
    if (match === null) this.fail('expected a value');
    let word = match[0];
    this.position += word.length;
    // A date and a time may stand apart by a space (TOML allows it for readability): one value.
    const time = /^\d{4}-\d{2}-\d{2}$/.test(word) ? /^ (\d{2}:\d{2}[^\s,\]}#]*)/.exec(this.text.slice(this.position, this.position + 60)) : null;
    if (time !== null) {
      word = `${word} ${time[1] as string}`;
      this.position += time[0].length;
    }
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (/^[+-]?(\d[\d_]*)(\.\d[\d_]*)?([eE][+-]?\d+)?$/.test(word) || /^[+-]?(inf|nan)$/.test(word)) return { number: word.replace(/_/g, '') };
    return { raw: word };
  }

  array(): TomlValue[] {
    this.expect('[');
    const items: TomlValue[] = [];
    for (;;) {
      this.skipBlankAndComments();
      if (this.peek() === ']') {
        this.position++;
        return items;
      }
      items.push(this.value());
      this.skipBlankAndComments();
      if (this.peek() === ',') this.position++;
      else if (this.peek() !== ']') this.fail(`expected ',' or ']' in an array, found ${this.done() ? 'the end' : `'${printable(this.peek())}'`}`);
    }
  }

  inlineTable(): TomlInline {
    this.expect('{');
    const table = newTable();
    this.skipSpaces();
    if (this.peek() === '}') {
      this.position++;
      return { table };
    }
    for (;;) {
      this.skipSpaces();
      const key = this.key();
      this.skipSpaces();
      this.expect('=');
      this.skipSpaces();
      assign(table, key, this.value(), this);
      this.skipSpaces();
      if (this.peek() === '}') {
        this.position++;
        return { table };
      }
      if (this.peek() !== ',') this.fail(`expected ',' or '}' in an inline table, found ${this.done() ? 'the end' : `'${printable(this.peek())}'`}`);
      this.position++;
    }
  }

  string(): string {
    const quote = this.take();
    if (this.peek() === quote && this.peek(1) === quote) {
      this.position += 2;
      if (this.peek() === '\n') this.position++;
      const end = this.text.indexOf(quote.repeat(3), this.position);
      if (end < 0) this.fail('no end to a multi-line string');
      const body = this.text.slice(this.position, end);
      this.position = end + 3;
      return quote === '"' ? unescape(body, this) : body;
    }
    let body = '';
    for (;;) {
      if (this.done() || this.peek() === '\n') this.fail('no end to a string');
      const char = this.take();
      if (char === quote) break;
      if (char === '\\' && quote === '"') body += `\\${this.take()}`;
      else body += char;
    }
    return quote === '"' ? unescape(body, this) : body;
  }
}

/** A table to fill: no prototype, so that a key such as `constructor` or `__proto__` is a key like any other. */
function newTable(): Record<string, TomlValue> {
  return Object.create(null) as Record<string, TomlValue>;
}

/**
 * Sets a key (its parts, `a.b` as ["a", "b"]) in a table: a dotted key makes or extends the inline tables
 * on its way, as TOML reads it; a key given twice, or a value where a table was made, is refused.
 */
function assign(table: Record<string, TomlValue>, parts: readonly string[], value: TomlValue, reader: Reader): void {
  const [first, ...rest] = parts as [string, ...string[]];
  const existing = Object.hasOwn(table, first) ? table[first] : undefined;
  if (rest.length === 0) {
    if (existing !== undefined) reader.fail(`'${printable(first)}' is given twice`);
    table[first] = value;
    return;
  }
  if (existing !== undefined && !dotted.has(existing as TomlInline)) reader.fail(`'${printable(first)}' is given twice`);
  const inner = (existing as TomlInline | undefined) ?? { table: newTable() };
  dotted.add(inner);
  table[first] = inner;
  assign(inner.table as Record<string, TomlValue>, rest, value, reader);
}

/** The tables dotted keys made: they may be extended by more dotted keys, unlike a table written out. */
const dotted = new WeakSet<TomlInline>();

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', b: '\b', f: '\f' };

function unescape(body: string, reader: Reader): string {
  return body.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_, code: string) => {
    if (code.startsWith('u') || code.startsWith('U')) return String.fromCodePoint(Number.parseInt(code.slice(1), 16));
    const replacement = ESCAPES[code];
    if (replacement === undefined) reader.fail(`unknown escape \\${printable(code)}`);
    return replacement;
  });
}

/** TOML text for a string. */
export function tomlString(text: string): string {
  return JSON.stringify(text);
}
