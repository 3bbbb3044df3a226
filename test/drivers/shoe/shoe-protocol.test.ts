import { describe, expect, it } from 'vitest';
import type { Card } from '../../../src/cards/card.js';
import { parseCard } from '../../../src/cards/notation.js';
import { SeededRandom } from '../../../src/cards/random.js';
import { decodeSentence, decodeShoeCommand, encodeShoeCommand, encodeShoeMessage, type ShoeMessage, ShoeLineParser, type ShoeParseResult, sentence } from '../../../drivers/shoe/shoe-protocol.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const cards = (text: string): Card[] => text.split(' ').filter(Boolean).map((code) => parseCard(code));

const MESSAGES: ShoeMessage[] = [
  { type: 'deck', ok: true, count: 52, missing: [], extra: [], duplicates: [] },
  { type: 'deck', ok: false, count: 52, missing: cards('7h Kd'), extra: [null, parseCard('Ah')], duplicates: cards('4c') },
  { type: 'card', seq: 0, card: parseCard('As') },
  { type: 'card', seq: 9999, card: parseCard('Td') },
  { type: 'card', seq: 17, card: null },
  { type: 'error', code: 'JAM', text: 'card stuck at the exit' },
  { type: 'error', code: 'COVER', text: '' },
  { type: 'status', state: 'DEALING' },
];

function messages(results: readonly ShoeParseResult[]): ShoeMessage[] {
  return results.flatMap((result) => (result.kind === 'message' ? [result.message] : []));
}

function errors(results: readonly ShoeParseResult[]): string[] {
  return results.flatMap((result) => (result.kind === 'error' ? [result.problem] : []));
}

describe('the dealing shoe protocol (docs/protocols.md)', () => {
  it('writes the documented sentences', () => {
    expect(encodeShoeMessage({ type: 'card', seq: 42, card: parseCard('Ah') })).toBe('$CARD,0042,AH*B90092D6\r\n');
    expect(encodeShoeMessage({ type: 'deck', ok: true, count: 52, missing: [], extra: [], duplicates: [] })).toBe('$DECK,OK,52*BCA99432\r\n');
    expect(encodeShoeMessage(MESSAGES[1] as ShoeMessage)).toBe('$DECK,FAIL,52,7H/KD,??/AH,4C*9BC4C065\r\n');
    expect(encodeShoeMessage(MESSAGES[5] as ShoeMessage)).toBe('$ERR,JAM,card stuck at the exit*08C28E66\r\n');
    expect(encodeShoeMessage({ type: 'status', state: 'READY' })).toBe('$STAT,READY*C5373FDF\r\n');
    expect(encodeShoeCommand({ type: 'check-deck' })).toBe('$CHK*5433B79E\r\n');
    expect(encodeShoeCommand({ type: 'reset' })).toBe('$RST*6DE9B8B6\r\n');
  });

  it('reads back every message it writes', () => {
    const parser = new ShoeLineParser();
    expect(messages(parser.push(bytes(MESSAGES.map(encodeShoeMessage).join(''))))).toEqual(MESSAGES);
  });

  it('reads the same messages whatever the chunks: split at every byte boundary, and in random pieces', () => {
    const stream = bytes(MESSAGES.map(encodeShoeMessage).join(''));
    for (let cut = 0; cut <= stream.length; cut++) {
      const parser = new ShoeLineParser();
      const results = [...parser.push(stream.subarray(0, cut)), ...parser.push(stream.subarray(cut))];
      expect(errors(results)).toEqual([]);
      expect(messages(results)).toEqual(MESSAGES);
    }
    const random = new SeededRandom(5);
    for (let run = 0; run < 200; run++) {
      const parser = new ShoeLineParser();
      const results: ShoeParseResult[] = [];
      for (let at = 0; at < stream.length; ) {
        const size = 1 + random.nextInt(12);
        results.push(...parser.push(stream.subarray(at, at + size)));
        at += size;
      }
      expect(messages(results)).toEqual(MESSAGES);
    }
  });

  it.each([
    ['a wrong CRC', '$CARD,0001,AH*00000000', 'CRC 00000000, expected'],
    ['a CRC of the wrong length', '$CARD,0001,AH*B90092D', 'not a sentence ($…*CRC, the CRC in 8 hex digits)'],
    ['the XOR checksum of the form before D51', '$CARD,0042,AH*1B', 'a checksum of 2 hex digits is the XOR form before D51, no longer read'],
    ['a card that is not one', '$CARD,0001,1X', "'1X' is not a card"],
    ['a short sequence number', '$CARD,12,AH', 'CARD needs a 4-digit sequence number'],
    ['an unknown sentence', '$BEEP', "'BEEP' is not a sentence the shoe sends"],
    ['an unknown fault', '$ERR,FIRE,smoke', "'FIRE' is not a shoe error"],
    ['an unknown state', '$STAT,SLEEPING', "'SLEEPING' is not a shoe state"],
    ['a deck result without lists', '$DECK,FAIL,51', 'DECK is OK,count or FAIL,count,missing,extra,duplicates'],
    ['an unread card called missing', '$DECK,FAIL,51,??,,', 'DECK names missing and duplicate cards, never ??'],
  ])('names %s, and reads the next sentence', (_, body, problem) => {
    const star = body.indexOf('*');
    const line = star < 0 ? sentence(body.slice(1)) : `${body}\r\n`;
    const results = new ShoeLineParser().push(bytes(`${line}${encodeShoeMessage(MESSAGES[2] as ShoeMessage)}`));
    expect(errors(results)).toHaveLength(1);
    expect(errors(results)[0]).toContain(problem);
    expect(messages(results)).toEqual([MESSAGES[2]]);
  });

  it('reports noise, a sentence cut short and a line too long, and goes on with the next sentence', () => {
    const good = encodeShoeMessage(MESSAGES[2] as ShoeMessage);
    const results = new ShoeLineParser().push(bytes(`\x00\xffgarbage${good}$CARD,00${good}$${'X'.repeat(100)}\r\n${good}`));
    expect(errors(results)).toEqual([
      '10 byte(s) of noise between sentences', // \xff is two bytes in UTF-8
      "sentence cut short: '$CARD,00'",
      "sentence longer than 82 bytes: '$XXXXXXXXXXXXXXXXXXX…'",
      '19 byte(s) of noise between sentences',
    ]);
    expect(messages(results)).toEqual([MESSAGES[2], MESSAGES[2], MESSAGES[2]]);
  });

  it('takes 1,000,000 random bytes without a throw or a hang, and still reads the sentences between them', () => {
    const random = new SeededRandom(2026);
    const parser = new ShoeLineParser();
    const good = bytes(encodeShoeMessage(MESSAGES[3] as ShoeMessage));
    let read = 0;
    let sent = 0;
    for (let total = 0; total < 1_000_000; ) {
      const noise = new Uint8Array(1 + random.nextInt(400));
      for (let index = 0; index < noise.length; index++) noise[index] = random.nextInt(256);
      total += noise.length;
      for (const result of parser.push(noise)) expect(typeof (result.kind === 'error' ? result.problem : result.message.type)).toBe('string');
      // A line end closes whatever the noise began, then a good sentence follows.
      read += messages(parser.push(bytes('\r\n'))).length;
      const before = read;
      read += messages(parser.push(good)).length;
      sent++;
      expect(read - before).toBe(1);
    }
    expect(sent).toBeGreaterThan(2000);
  });

  it('decodes a sentence alone, its CRC in either case', () => {
    expect(decodeSentence('$STAT,READY*C5373FDF')).toEqual({ kind: 'message', message: { type: 'status', state: 'READY' } });
    expect(decodeSentence('$STAT,READY*c5373fdf')).toEqual({ kind: 'message', message: { type: 'status', state: 'READY' } });
  });

  it('reads the host’s commands as a shoe must: only with their CRC right', () => {
    expect(decodeShoeCommand('$CHK*5433B79E')).toEqual({ type: 'check-deck' });
    expect(decodeShoeCommand('$RST*6DE9B8B6')).toEqual({ type: 'reset' });
    expect(decodeShoeCommand('$RST*5433B79E')).toBeNull();
    expect(decodeShoeCommand('$CHK*40')).toBeNull();
    expect(decodeShoeCommand('$BEEP*00000000')).toBeNull();
  });
});
