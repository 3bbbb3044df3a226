import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascii, encodeCommand, MAX_LINE, MetratecLineParser, type MetratecLineResult, metratecCrc, stripCrc, withCrc } from '../../../drivers/metratec/metratec-protocol.js';
import { toHex } from '../rfid/rfid-fixtures.js';

const parseAll = (text: string | Uint8Array): MetratecLineResult[] => {
  const parser = new MetratecLineParser();
  return [...parser.push(typeof text === 'string' ? ascii(text) : text), ...parser.flush()];
};

describe("metratec's ASCII protocol: the vectors in metratec's SDKs", () => {
  it('computes the CRCs the SDKs send: COF 4F5E, WAK 5E70, BRK 9977', () => {
    // metratec/rfid-sdk-java MetratecReaderAscii.setCRC: communicateSynchronized("COF 4F5E");
    // metratec/rfid-sdk-python reader_ascii.py: self._send_command("COF 4F5E") and ("WAK 5E70");
    // MetratecReaderAscii.configureConnection: // send("WAK 5E70"); // send("BRK 9977").
    expect(withCrc('COF')).toBe('COF 4F5E');
    expect(withCrc('WAK')).toBe('WAK 5E70');
    expect(withCrc('BRK')).toBe('BRK 9977');
    expect(toHex(encodeCommand('COF', true))).toBe('43 4F 46 20 34 46 35 45 0D');
    expect(toHex(encodeCommand('INV', false))).toBe('49 4E 56 0D');
  });

  it('is CRC-16/MCRF4XX: check value 6F91 over 123456789', () => {
    expect(metratecCrc('123456789').toString(16).toUpperCase()).toBe('6F91');
  });

  it('checks a line’s CRC and names what is wrong', () => {
    expect(stripCrc('COF 4F5E')).toEqual({ text: 'COF' });
    expect(stripCrc(withCrc('E0040150954F02B1'))).toEqual({ text: 'E0040150954F02B1' });
    expect(stripCrc('COF 4F5F')).toEqual({ problem: "CRC 4F5F, expected 4F5E: 'COF 4F5F'" });
    expect(stripCrc('OK!')).toEqual({ problem: "a line without its CRC (CRC is on): 'OK!'" });
  });

  it('cuts lines at CR and frames at LF: the inventory of metratec’s python SDK (hf_reader_ascii.py)', () => {
    // "# E0040150954F02B1<CR>E200600311753E33<CR>ARP 12<CR>IVF 02", End Of Frame on.
    expect(parseAll('E0040150954F02B1\rE200600311753E33\rARP 12\rIVF 02\r\n')).toEqual([
      { kind: 'line', text: 'E0040150954F02B1' },
      { kind: 'line', text: 'E200600311753E33' },
      { kind: 'line', text: 'ARP 12' },
      { kind: 'line', text: 'IVF 02' },
      { kind: 'frame-end' },
    ]);
  });

  it('drops a line with a byte that is not printable ASCII, a stray LF or too many bytes, and reads the next', () => {
    expect(parseAll(Uint8Array.of(0x4f, 0x00, 0x4b, 0x0d, 0x4f, 0x4b, 0x21, 0x0d))).toEqual([
      { kind: 'error', problem: "byte 00 is not printable ASCII: 'O?K' dropped" },
      { kind: 'line', text: 'OK!' },
    ]);
    expect(parseAll('OK\n!\rIVF 00\r')).toEqual([{ kind: 'error', problem: "a line feed in the middle of a line: 'OK!' dropped" }, { kind: 'line', text: 'IVF 00' }]);
    const long = parseAll(`${'A'.repeat(200)}\rOK!\r`);
    expect(long[0]).toMatchObject({ kind: 'error' });
    expect(long[1]).toEqual({ kind: 'line', text: 'OK!' });
    expect(parseAll('E004015')).toEqual([{ kind: 'error', problem: "a line begun and not finished: 'E004015'" }]);
  });

  it('gives the same lines in any chunking, and holds one line at most', () => {
    const stream = ascii(`${withCrc('E0040150954F02B1')}\r${withCrc('ARP 3')}\r${withCrc('IVF 01')}\r\n${withCrc('OK!')}\r\n`);
    const whole = parseAll(stream);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: stream.length }), { maxLength: 10 }), (cuts) => {
        const parser = new MetratecLineParser();
        const results: MetratecLineResult[] = [];
        let from = 0;
        for (const to of [...new Set(cuts)].sort((a, b) => a - b).concat(stream.length)) {
          results.push(...parser.push(stream.subarray(from, to)));
          from = to;
        }
        expect([...results, ...parser.flush()]).toEqual(whole);
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1_000 }), (bytes) => {
        const parser = new MetratecLineParser();
        for (const byte of bytes) {
          parser.push(Uint8Array.of(byte));
          expect(parser.bufferedBytes).toBeLessThanOrEqual(MAX_LINE);
        }
      }),
      { numRuns: 100 },
    );
  });
});
