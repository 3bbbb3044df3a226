import { describe, expect, it } from 'vitest';
import { HandTableReader, MAX_STATEMENT, type NamedTable, parseHandTables, parseTomlTables, tomlString } from '../../src/phh/toml.js';

/** Pushes a piece (or ends the text, for null) and takes every hand complete by then. */
function feed(reader: HandTableReader, piece: string | null): NamedTable[] {
  if (piece === null) reader.end();
  else reader.push(piece);
  const hands: NamedTable[] = [];
  for (let hand = reader.next(); hand !== null; hand = reader.next()) hands.push(hand);
  return hands;
}
import { printable } from '../../src/printable.js';

/** The one value of a one-line file `v = …`, or the refusal's words. */
function valueOf(text: string): unknown {
  try {
    return (parseTomlTables(`v = ${text}`)[0] as Record<string, unknown>).v;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the TOML of hand histories: errors on one line, with the line and column', () => {
  it('shows a control character it did not expect escaped, not as itself', () => {
    expect(() => parseTomlTables('hello\nworld\n')).toThrow(/^line 1, column 6: expected '=' after the key, found '\\n'$/);
    expect(() => parseTomlTables('key = 1\u000b\n')).toThrow(/^line 1, column 8: unexpected '\\u000b' after the value: one key and value a line$/);
    expect(() => parseTomlTables('key = [1, 2')).toThrow(/^line 1, column 12: expected ',' or '\]' in an array, found the end of the file$/);
  });

  it('counts lines across CR LF and columns in characters (a character beyond U+FFFF is one)', () => {
    expect(() => parseTomlTables('a = 1\r\nb = "😀" x')).toThrow(/^line 2, column 9: unexpected 'x'/);
  });

  it('printable escapes control characters and leaves the rest', () => {
    expect(printable('a\nb\r\tc\u0000d\u007f — ü')).toBe('a\\nb\\r\\tc\\u0000d\\u007f — ü');
  });
});

describe('the TOML of hand histories: what is not TOML is refused (the issue’s cases)', () => {
  it('a word, a number with two points, a leading zero, a date not in the calendar', () => {
    expect(valueOf('abc')).toBe("line 1, column 5: 'abc' is not a TOML value: a value is a number, a string in quotes, true or false, a date or a time, an array or an inline table");
    expect(valueOf('1.2.3')).toMatch(/^line 1, column 5: '1\.2\.3' is not a TOML value/);
    expect(valueOf('007')).toBe("line 1, column 5: '007' is not a TOML number: a number does not start with 0 (but 0 itself, or 0.5)");
    expect(valueOf('2026-13-45')).toBe("line 1, column 5: '2026-13-45' is not a date of the calendar");
  });

  it('keeps the exact text of a number: 0.50 stays 0.50, underscores go, 0x/0o/0b read in decimal', () => {
    expect(valueOf('0.50')).toEqual({ number: '0.50' });
    expect(valueOf('1_000.250')).toEqual({ number: '1000.250' });
    expect(valueOf('0xff')).toEqual({ number: '255' });
    expect(valueOf('-0')).toEqual({ number: '-0' });
  });
});

/**
 * Cases from toml-test (github.com/toml-lang/toml-test, MIT licence), where they concern what hand
 * histories use: integers, floats, dates and times, strings, arrays, inline tables, keys.
 */
describe('toml-test: invalid documents are refused', () => {
  const invalidIntegers = [
    '01', '00', '0_0', '-01', '+01', '+0_1', '++99', '--99', '-0xff', '-0b11010110', '-0o755', '+0xff', '+0b11010110', '+0o755',
    '123_', '_123', '1__23', '0x_1', '0o_1', '0b_1', '0x1_', '0o1_', '0b1_', '_0x1', '_0o1', '_0b1', '0xaafz', '0o778', '0b0012', '0X1', '0O0', '0B0',
  ];
  it.each(invalidIntegers)('integer %s (tests/invalid/integer/integer.multi)', (text) => {
    expect(valueOf(text)).toMatch(/^line 1, column \d+: /);
  });

  it.each(['1_e2', '1e2_', '1.', '.5', '1.e2', '+.5', '1e', 'inf1', 'Inf', 'NaN'])('float %s (tests/invalid/float)', (text) => {
    expect(valueOf(text)).toMatch(/^line 1, column \d+: /);
  });

  it.each([
    '2007-00-01T00:00:00-00:00',
    '2006-13-01T00:00:00-00:00',
    '2006-01-00T00:00:00-00:00',
    '2006-01-32T00:00:00-00:00',
    '2006-01-01T24:00:00-00:00',
    '2006-01-01T00:60:00-00:00',
    '2006-01-01T00:00:61-00:00',
    '2023-02-29',
    '1979-05-27T07:32:00+24:00',
    '1979-05-27 07:32',
    '07:32',
  ])('date or time %s (tests/invalid/datetime/impossible-date.toml and others)', (text) => {
    expect(valueOf(text)).toMatch(/^line 1, column \d+: /);
  });

  it.each([
    ['an integer past 64 bits', '9223372036854775808'],
    ['a control character in a string', '"a\u0001b"'],
    ['DEL in a literal string', "'a\u007fb'"],
    ['an unknown escape', '"a\\qb"'],
    ['an escape of a surrogate half', '"\\ud800"'],
    ['an escape past U+10FFFF', '"\\U00110000"'],
    ['a string across lines', '"a\nb"'],
    ['a multi-line string never closed', '"""abc'],
    ['an array without a comma', '[1 2]'],
    ['an inline table across lines', '{ a = 1,\n b = 2 }'],
    ['an inline table with a trailing comma', '{ a = 1, }'],
    ['a key twice in an inline table', '{ a = 1, a = 2 }'],
    ['a value missing', ''],
    ['a lone carriage return', '1\rx = 2'],
  ])('%s', (_, text) => {
    expect(valueOf(text)).toMatch(/^line \d+, column \d+: /);
  });

  it('a key twice, a table twice, a dotted key into an inline table, a key of no characters', () => {
    expect(() => parseTomlTables('a = 1\na = 2')).toThrow("line 2, column 1: 'a' is given twice");
    expect(() => parseTomlTables('a.b = 1\na = 2')).toThrow("line 2, column 1: 'a' is given twice");
    expect(() => parseTomlTables('a = 2\na.b = 1')).toThrow("line 2, column 1: 'a.b' is given twice");
    expect(() => parseTomlTables('a = { b = 1 }\na.c = 1')).toThrow("line 2, column 1: 'a.c' is given twice");
    expect(() => parseTomlTables('= 1')).toThrow("line 1, column 1: expected a key, found '='");
    expect(() => parseTomlTables('a = 1 # \u0000')).toThrow('line 1, column 9: a control character (\\u0000) in a comment');
  });
});

describe('toml-test: valid documents are read', () => {
  it('integers (tests/valid/spec/integer-*.toml)', () => {
    const [table] = parseTomlTables(
      ['int1 = +99', 'int2 = 42', 'int3 = 0', 'int4 = -17', 'int5 = 1_000', 'int6 = 5_349_221', 'int7 = 53_49_221', 'int8 = 1_2_3_4_5', 'hex1 = 0xDEADBEEF', 'hex3 = 0xdead_beef', 'oct1 = 0o01234567', 'oct2 = 0o755 # permissions', 'bin1 = 0b11010110', 'max = 9223372036854775807', 'min = -9223372036854775808'].join('\n'),
    );
    expect(table).toEqual({
      int1: { number: '+99' }, int2: { number: '42' }, int3: { number: '0' }, int4: { number: '-17' }, int5: { number: '1000' }, int6: { number: '5349221' }, int7: { number: '5349221' }, int8: { number: '12345' },
      hex1: { number: '3735928559' }, hex3: { number: '3735928559' }, oct1: { number: '342391' }, oct2: { number: '493' }, bin1: { number: '214' }, max: { number: '9223372036854775807' }, min: { number: '-9223372036854775808' },
    });
  });

  it('floats (tests/valid/spec/float-*.toml, infinity-and-nan.toml)', () => {
    const [table] = parseTomlTables(['flt1 = +1.0', 'flt2 = 3.1415', 'flt3 = -0.01', 'flt4 = 5e+22', 'flt5 = 1e06', 'flt6 = -2E-2', 'flt7 = 6.626e-34', 'flt8 = 224_617.445_991_228', 'sf1 = inf', 'sf2 = +inf', 'sf3 = -inf', 'sf4 = nan', 'sf5 = +nan', 'sf6 = -nan'].join('\n'));
    expect(Object.values(table as object).map((value: { number: string }) => value.number)).toEqual(['+1.0', '3.1415', '-0.01', '5e+22', '1e06', '-2E-2', '6.626e-34', '224617.445991228', 'inf', '+inf', '-inf', 'nan', '+nan', '-nan']);
  });

  it('dates and times (tests/valid/datetime/edge.toml, datetime.toml), kept as written', () => {
    const lines = ['first-offset = 0000-01-01 00:00:00Z', 'first-local  = 0000-01-01 00:00:00', 'first-date   = 0000-01-01', 'last-offset = 9999-12-31 23:59:59Z', 'last-date = 9999-12-31', 'leap = 2000-02-29', 'frac = 1979-05-27T00:32:00.999999-07:00', 'lower = 1987-07-05t17:45:00z', 'time = 07:32:00.5'];
    const [table] = parseTomlTables(lines.join('\n'));
    expect(Object.values(table as object).map((value: { raw: string }) => value.raw)).toEqual(lines.map((line) => line.split('=')[1]?.trim()));
  });

  it('strings of the four kinds (tests/valid/multiline-string-false-end.toml and the specification’s)', () => {
    const [table] = parseTomlTables(
      [
        'one = """ "one quote" """',
        'two = """ ""two quotes"" """',
        "lit_one = ''' 'one quote' '''",
        "lit_two = ''' ''two quotes'' '''",
        'mismatch1 = """aaa\'\'\'bbb"""',
        "mismatch2 = '''aaa\"\"\"bbb'''",
        'ends = """a quote at the end""""',
        'joined = """\\',
        '   The quick \\',
        '   brown fox."""',
        'escapes = "\\b\\t\\n\\f\\r\\"\\\\\\u00e9\\U0001F600"',
        "path = 'C:\\Users\\nodejs'",
        'break = """',
        'first line',
        'second"""',
      ].join('\n'),
    );
    expect(table).toEqual({
      one: ' "one quote" ',
      two: ' ""two quotes"" ',
      lit_one: " 'one quote' ",
      lit_two: " ''two quotes'' ",
      mismatch1: "aaa'''bbb",
      mismatch2: 'aaa"""bbb',
      ends: 'a quote at the end"',
      joined: 'The quick brown fox.',
      escapes: '\b\t\n\f\r"\\é😀',
      path: 'C:\\Users\\nodejs',
      break: 'first line\nsecond',
    });
  });

  it('arrays across lines with comments and a trailing comma, nested arrays, empty ones, inline tables', () => {
    const [table] = parseTomlTables(['a = [ # the first', '  1,', '  # between', '  [2, []],', ']', 'b = { c = { d = true }, e.f = "x" }', 'c = {}'].join('\n'));
    expect(table).toEqual({ a: [{ number: '1' }, [{ number: '2' }, []]], b: { table: { c: { table: { d: true } }, e: { table: { f: 'x' } } } }, c: { table: {} } });
  });
});

describe('the TOML of hand histories: what the TOML standard allows is read', () => {
  it('a byte-order mark, a date and time apart by a space, inline tables, quoted and dotted keys', () => {
    const [hand] = parseTomlTables(
      [
        '\uFEFFvariant = "NT"',
        'time = 1979-05-27 07:32:00',
        'day = 1979-05-27',
        '_meta = { source = "club", hands = [1, 2], nested = { deep = true } }',
        '"quoted key" = 1',
        "'literal' = 2",
        'site.name = "x"',
        'min_bet = 2 # a comment after a value',
      ].join('\n'),
    );
    expect(hand).toEqual({
      variant: 'NT',
      time: { raw: '1979-05-27 07:32:00' },
      day: { raw: '1979-05-27' },
      _meta: { table: { source: 'club', hands: [{ number: '1' }, { number: '2' }], nested: { table: { deep: true } } } },
      'quoted key': { number: '1' },
      literal: { number: '2' },
      site: { table: { name: 'x' } },
      min_bet: { number: '2' },
    });
  });

  it('dotted keys make tables as TOML reads them; a quoted dot is part of one key; a key is any name, `constructor` too', () => {
    const [hand] = parseTomlTables(['a.b = 1', 'a.c = 2', '"a.b" = 3', 'constructor = 4', '__proto__ = 5'].join('\n'));
    expect(JSON.stringify(hand)).toBe('{"a":{"table":{"b":{"number":"1"},"c":{"number":"2"}}},"a.b":{"number":"3"},"constructor":{"number":"4"},"__proto__":{"number":"5"}}');
    expect(Object.getPrototypeOf(hand)).toBeNull();
  });

  it("a hand's table is named as the file names it: a quoted name is the same table, `[01]` another", () => {
    expect(parseHandTables('[ 3 ]\nvariant = "NT"\n[01]\nvariant = "FT"\n').map(({ name }) => name)).toEqual(['3', '01']);
    expect(() => parseTomlTables('[1]\nvariant = "NT"\n["1"]\nvariant = "NT"\n')).toThrow('line 3, column 1: the table [1] is given twice');
  });

  it('refuses keys before the first table of a file of hands, tables inside tables and arrays of tables, naming their line', () => {
    expect(() => parseTomlTables('# hands\nvariant = "NT"\n[1]\nvariant = "NT"\n')).toThrow('line 3, column 1: a key on line 2 stands before the first table: in a file of hands in tables ([1], [2] …) every key belongs to a hand');
    expect(() => parseTomlTables('[1]\n[1.a]\n')).toThrow('line 2, column 1: a table inside a table ([1.a]) is not a hand');
    expect(() => parseTomlTables('[[1]]\n')).toThrow('line 1, column 2: an array of tables ([[…]]) is not a hand');
  });
});

describe('the TOML of hand histories, given in pieces', () => {
  const file = ['[1]', "variant = 'NT'", 'actions = [', "  'd dh p1 ????',  # a comment", "  'p1 f',", ']', 'note = """two', 'lines"""', 'when = 2009-07-01 00:00:09', '', '[2]', 'x = 0.50', '[3]', 'y = 1'].join('\r\n');
  const whole = parseHandTables(file);

  it('reads the same hands whatever the pieces, a hand as soon as the next begins', () => {
    for (const size of [1, 2, 3, 7, 64]) {
      const reader = new HandTableReader();
      const hands = [];
      for (let index = 0; index < file.length; index += size) hands.push(...feed(reader, file.slice(index, index + size)));
      hands.push(...feed(reader, null));
      expect(hands).toEqual(whole);
    }
    const reader = new HandTableReader();
    expect(feed(reader, file.slice(0, file.indexOf('[2]')))).toEqual([]);
    expect(feed(reader, '[2]\r\n').map(({ name }) => name)).toEqual(['1']);
  });

  it('holds one hand at a time: the next is read only when the last was taken', () => {
    const reader = new HandTableReader();
    reader.push('[1]\na = 1\n[2]\nb = 2\n[3]\nc = 3\n');
    expect(reader.next()?.name).toBe('1');
    expect(reader.next()?.name).toBe('2');
    expect(reader.next()).toBeNull();
    reader.end();
    expect(reader.next()?.name).toBe('3');
    expect(reader.next()).toBeNull();
  });

  it('names the line and column of an error across pieces', () => {
    const reader = new HandTableReader();
    expect(feed(reader, '[1]\na = 1\nb = ')).toEqual([]);
    expect(() => feed(reader, '1.2.3\n')).toThrow(/^line 3, column 5: '1\.2\.3' is not a TOML value/);
  });

  it('refuses a statement longer than its bound, in pieces or whole, without holding more', () => {
    const reader = new HandTableReader(1 << 20);
    feed(reader, '[1]\na = "');
    const piece = 'x'.repeat(1 << 16);
    let error: unknown;
    try {
      for (let index = 0; index < 20; index++) feed(reader, piece);
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).toBe("line 2, column 1: more than 1 MiB without the end of a line or a value: a hand history's lines are short (a hand is a few kilobytes)");
    expect(() => parseTomlTables(`# ${'x'.repeat(MAX_STATEMENT)}\n`)).toThrow(/^line 1, column 1: more than 1 MiB/);
  });
});

describe('tomlString', () => {
  it('writes any text as a string the strict reader reads back as it was (DEL escaped, a lone surrogate replaced)', () => {
    for (const text of ['plain', 'quote " and \\', 'tab\tnew\nline', 'del\u007f', 'nul\u0000', 'é😀']) {
      expect(valueOf(tomlString(text))).toBe(text);
    }
    expect(valueOf(tomlString('half\ud800'))).toBe('half\ufffd');
  });
});

describe('nesting is bounded, and read without recursion (issue 23: 3,000–5,000 deep overflowed the stack)', () => {
  it.each([
    ['arrays', `a = ${'['.repeat(5000)}${']'.repeat(5000)}`, 'line 1, column 69: arrays or inline tables nested more than 64 deep: a hand history nests one array deep'],
    ['inline tables', `a = ${'{ b = '.repeat(5000)}1${' }'.repeat(5000)}`, 'line 1, column 389: arrays or inline tables nested more than 64 deep: a hand history nests one array deep'],
    ['a dotted key', `${'a.'.repeat(5000)}a = 1`, 'line 1, column 129: a dotted key of more than 64 parts'],
  ])('%s nested 5,000 deep are refused with a clear message', (_, text, message) => {
    expect(() => parseTomlTables(text)).toThrow(message);
  });

  it('64 deep is read, as TOML allows', () => {
    const [table] = parseTomlTables(`a = ${'['.repeat(64)}1${']'.repeat(64)}`);
    let value: unknown = (table as Record<string, unknown>).a;
    let depth = 0;
    while (Array.isArray(value)) {
      value = value[0];
      depth++;
    }
    expect({ depth, value }).toEqual({ depth: 64, value: { number: '1' } });
  });
});

describe('an error after complete hands', () => {
  it('comes after those hands, from the next call; the hand it is in is not given', () => {
    const reader = new HandTableReader();
    reader.push('[1]\na = 1\n[2]\nb = 2\n[3]\nc = x\n');
    expect(reader.next()?.name).toBe('1');
    expect(reader.next()?.name).toBe('2');
    expect(() => reader.next()).toThrow("line 6, column 5: 'x' is not a TOML value");
    const atEnd = new HandTableReader();
    expect(feed(atEnd, '[1]\na = 1\n[2]\nb = ').map(({ name }) => name)).toEqual(['1']);
    expect(() => feed(atEnd, null)).toThrow('line 4, column 5: expected a value, found the end of the file');
    expect(() => parseHandTables('[1]\na = 1\n[2]\nb = ')).toThrow('line 4, column 5: expected a value');
  });
});

describe('a table named twice is found however the names come', () => {
  it('numbers in order, out of order, with gaps, and names that are not numbers', () => {
    const names = (list: readonly string[]): string[] => parseHandTables(list.map((name) => `[${name}]\n`).join('')).map(({ name }) => name as string);
    expect(names(['1', '2', '3', '7', '8', '5', '4', 'a', '01', '0'])).toEqual(['1', '2', '3', '7', '8', '5', '4', 'a', '01', '0']);
    for (const again of ['2', '8', '5', '"a"', '01', '0']) {
      expect(() => names(['1', '2', '3', '7', '8', '5', '0', 'a', '01', again])).toThrow(`the table [${again.replace(/"/g, '')}] is given twice`);
    }
  });
});
