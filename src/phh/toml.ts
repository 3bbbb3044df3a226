/**
 * The part of TOML that hand histories use: `key = value` lines, `[n]` tables (a `.phhs` file holds a
 * hand per table), strings, booleans, numbers, arrays (across lines, with comments and a trailing
 * comma), and other values (local times) kept as text. Numbers keep their literal text, so `0.50` and
 * `13.75` convert to chip units exactly (never through floats). Errors name the line.
 */
import { printable } from '../printable.js';

export type TomlValue = string | boolean | TomlNumber | TomlRaw | readonly TomlValue[];
export type TomlNumber = { readonly number: string };
export type TomlRaw = { readonly raw: string };
export type TomlTable = Readonly<Record<string, TomlValue>>;

export class TomlError extends Error {
  override readonly name = 'TomlError';
}

/** Parses a file into its hands: one table for a `.phh` file, one per `[n]` header in a `.phhs` file. */
export function parseTomlTables(text: string): TomlTable[] {
  const tables: Record<string, TomlValue>[] = [];
  let current: Record<string, TomlValue> | undefined;
  // A table named twice is invalid TOML; in a `.phhs` file it is two hands under one number.
  const names = new Set<string>();
  const reader = new Reader(text);
  for (;;) {
    reader.skipBlankAndComments();
    if (reader.done()) break;
    if (reader.peek() === '[') {
      reader.take();
      const name = reader.until(']');
      reader.expect(']');
      reader.endOfLine();
      if (name.trim() === '') reader.fail('empty table name');
      if (names.has(name.trim())) reader.fail(`the table [${printable(name.trim())}] is given twice`);
      names.add(name.trim());
      current = {};
      tables.push(current);
      continue;
    }
    const key = reader.key();
    reader.skipSpaces();
    reader.expect('=');
    reader.skipSpaces();
    const value = reader.value();
    reader.endOfLine();
    if (current === undefined) {
      current = {};
      tables.push(current);
    }
    if (key in current) reader.fail(`'${key}' is given twice`);
    current[key] = value;
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
    const line = this.text.slice(0, this.position).split('\n').length;
    throw new TomlError(`line ${line}: ${message}`);
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

  key(): string {
    const match = /^[A-Za-z0-9_-]+/.exec(this.text.slice(this.position, this.position + 200));
    if (match === null) this.fail('expected a key');
    this.position += match[0].length;
    return match[0];
  }

  value(): TomlValue {
    const char = this.peek();
    if (char === '[') return this.array();
    if (char === '"' || char === "'") return this.string();
    const match = /^[^\s,\]#]+/.exec(this.text.slice(this.position, this.position + 200));
    if (match === null) this.fail('expected a value');
    const word = match[0];
    // A local time or date may contain a space before the time part; keep whatever is on the line.
    this.position += word.length;
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
