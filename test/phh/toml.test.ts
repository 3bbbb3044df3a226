import { describe, expect, it } from 'vitest';
import { parseTomlTables } from '../../src/phh/toml.js';
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
