import { describe, expect, it } from 'vitest';
import { parseHandTables, parseTomlTables } from '../../src/phh/toml.js';
import { printable } from '../../src/printable.js';

describe('the TOML of hand histories: errors on one line', () => {
  it('shows a control character it did not expect escaped, not as itself', () => {
    expect(() => parseTomlTables('hello\nworld\n')).toThrow(/^line 1: expected '=', found '\\n'$/);
    expect(() => parseTomlTables('key = 1\u000b\n')).toThrow(/^line 1: unexpected '\\u000b' after the value$/);
    expect(() => parseTomlTables('key = [1, 2')).toThrow(/^line 1: expected ',' or '\]' in an array, found the end$/);
  });

  it('printable escapes control characters and leaves the rest', () => {
    expect(printable('a\nb\r\tc\u0000d\u007f — ü')).toBe('a\\nb\\r\\tc\\u0000d\\u007f — ü');
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
    expect(() => parseTomlTables('a.b = 1\na = 2')).toThrow("line 2: 'a' is given twice");
    expect(() => parseTomlTables('a = 2\na.b = 1')).toThrow("line 2: 'a' is given twice");
    expect(() => parseTomlTables('a = { b = 1 }\na.c = 1')).toThrow("line 2: 'a' is given twice");
  });

  it("a hand's table is named as the file names it: a quoted name is the same table, `[01]` another", () => {
    expect(parseHandTables('[ 3 ]\nvariant = "NT"\n[01]\nvariant = "FT"\n').map(({ name }) => name)).toEqual(['3', '01']);
    expect(() => parseTomlTables('[1]\nvariant = "NT"\n["1"]\nvariant = "NT"\n')).toThrow('line 3: the table [1] is given twice');
  });

  it('refuses keys before the first table of a file of hands, naming their line, and an inline table with a key twice', () => {
    expect(() => parseTomlTables('# hands\nvariant = "NT"\n[1]\nvariant = "NT"\n')).toThrow('line 3: a key on line 2 stands before the first table: in a file of hands in tables ([1], [2] …) every key belongs to a hand');
    expect(() => parseTomlTables('x = { a = 1, a = 2 }')).toThrow("line 1: 'a' is given twice");
    expect(() => parseTomlTables('x = { a = 1 b = 2 }')).toThrow("line 1: expected ',' or '}' in an inline table, found 'b'");
  });
});
