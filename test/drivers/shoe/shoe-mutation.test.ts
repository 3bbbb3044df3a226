import { describe, expect, it } from 'vitest';
import type { Card } from '../../../src/cards/card.js';
import { shuffledDeck } from '../../../src/cards/deck.js';
import { parseCard } from '../../../src/cards/notation.js';
import { SeededRandom } from '../../../src/cards/random.js';
import { encodeShoeMessage, type ShoeMessage, ShoeLineParser, SEQ_MODULO } from '../../../drivers/shoe/shoe-protocol.js';

/**
 * What a line does to a sentence, tried every way (D51): a sentence with one character changed, dropped,
 * added or swapped with its neighbour — and a sample of two such changes — is either refused or read as
 * itself, never as another card or another message. With the XOR checksum before D51, a swap of two digits
 * of the card number, or a NUL added to a fault's text, was read as another message.
 */

/** A shoe's sentences as a table sees them: states, a deck check, a hand dealt across the counter's wrap, faults, a failed check. */
function realisticStream(): ShoeMessage[] {
  const deck = shuffledDeck(new SeededRandom(23));
  const stream: ShoeMessage[] = [
    { type: 'status', state: 'READY' },
    { type: 'status', state: 'CHECKING' },
    { type: 'deck', ok: true, count: 52, missing: [], extra: [], duplicates: [] },
    { type: 'status', state: 'SHUFFLING' },
    { type: 'status', state: 'DEALING' },
  ];
  // Nine players' hole cards, three burns, the board: 26 cards, numbered from 9990 on, so the count wraps.
  for (let index = 0; index < 26; index++) {
    stream.push({ type: 'card', seq: (9990 + index) % SEQ_MODULO, card: index === 11 ? null : (deck[index] as Card) });
  }
  stream.push(
    { type: 'error', code: 'JAM', text: 'card stuck at the exit' },
    { type: 'error', code: 'COVER', text: '' },
    { type: 'status', state: 'READY' },
    { type: 'deck', ok: false, count: 51, missing: [parseCard('7h'), parseCard('Kd')], extra: [null, parseCard('Ah')], duplicates: [parseCard('4c')] },
    { type: 'error', code: 'RECOG', text: 'camera' },
    { type: 'error', code: 'EMPTY', text: 'no cards, 0 left' },
    { type: 'status', state: 'READY' },
  );
  return stream;
}

const STREAM = realisticStream();
const encoded = (message: ShoeMessage): number[] => [...new TextEncoder().encode(encodeShoeMessage(message))];
/** Each sentence of the stream as bytes and as what it reads as, made once: the tests below read about 700,000 sentences. */
const SENTENCES = STREAM.map((message) => ({ message, bytes: encoded(message), key: JSON.stringify(message) }));
type Sentence = (typeof SENTENCES)[number];
const show = (bytes: readonly number[]): string => JSON.stringify(String.fromCharCode(...bytes));

/**
 * The bytes of a mutated sentence and the good sentence after it, through a fresh parser: what is read
 * must be the next sentence alone (the mutated one refused), or the sentence itself and then the next.
 * A sentence ends in its line end, so what came before it cannot change what is read from it.
 */
function readAs(mutated: readonly number[], self: Sentence, next: Sentence): 'refused' | 'refused by its CRC' | 'itself' | 'other' {
  const results = new ShoeLineParser().push(Uint8Array.from([...mutated, ...next.bytes]));
  const read = results.flatMap((result) => (result.kind === 'message' ? [JSON.stringify(result.message)] : []));
  if (read.length === 1 && read[0] === next.key) {
    // Refused by its CRC alone: its form was right, and only the CRC told the change.
    return results.some((result) => result.kind === 'error' && result.problem.startsWith('CRC ')) ? 'refused by its CRC' : 'refused';
  }
  if (read.length === 2 && read[0] === self.key && read[1] === next.key) return 'itself';
  return 'other';
}

type Mutation = { readonly how: string; readonly bytes: number[] };

/** Every single-character change: each byte replaced by each other byte value, dropped, each byte value added at each place, each two neighbours swapped. */
function* singleChanges(original: readonly number[]): Generator<Mutation> {
  for (let at = 0; at < original.length; at++) {
    for (let byte = 0; byte < 256; byte++) {
      if (byte === original[at]) continue;
      const bytes = [...original];
      bytes[at] = byte;
      yield { how: `byte ${at} replaced`, bytes };
    }
    const dropped = [...original];
    dropped.splice(at, 1);
    yield { how: `byte ${at} dropped`, bytes: dropped };
    if (at + 1 < original.length && original[at] !== original[at + 1]) {
      const swapped = [...original];
      [swapped[at], swapped[at + 1]] = [original[at + 1] as number, original[at] as number];
      yield { how: `bytes ${at} and ${at + 1} swapped`, bytes: swapped };
    }
  }
  for (let at = 0; at <= original.length; at++) {
    for (let byte = 0; byte < 256; byte++) {
      const bytes = [...original];
      bytes.splice(at, 0, byte);
      yield { how: `byte added at ${at}`, bytes };
    }
  }
}

/** Characters a sentence is made of, so that a sampled change often keeps the sentence's form (a digit for a digit, a rank for a rank). */
const FORM = '0123456789TJQKACDHS?/,ABCDEFabcdef*$\r\n';

/** One random change of one of the four kinds, its byte from the sentence's own characters half the time. */
function randomChange(bytes: number[], random: SeededRandom): string {
  const at = random.nextInt(bytes.length);
  const byte = random.nextInt(2) === 0 ? FORM.charCodeAt(random.nextInt(FORM.length)) : random.nextInt(256);
  switch (random.nextInt(4)) {
    case 0:
      bytes[at] = byte;
      return `byte ${at} replaced`;
    case 1:
      bytes.splice(at, 1);
      return `byte ${at} dropped`;
    case 2:
      bytes.splice(at, 0, byte);
      return `byte added at ${at}`;
    default:
      if (at + 1 < bytes.length) [bytes[at], bytes[at + 1]] = [bytes[at + 1] as number, bytes[at] as number];
      return `bytes ${at} and ${at + 1} swapped`;
  }
}

describe('a sentence damaged on the line is refused or read as itself, never as another (D51)', () => {
  it('the XOR form’s example: K♥ numbered 12 and J♥ numbered 13 had one checksum (14); their CRCs differ', () => {
    expect(encodeShoeMessage({ type: 'card', seq: 12, card: parseCard('Kh') })).toBe('$CARD,0012,KH*8B0FF52C\r\n');
    expect(encodeShoeMessage({ type: 'card', seq: 13, card: parseCard('Jh') })).toBe('$CARD,0013,JH*2AA8A308\r\n');
    const read = new ShoeLineParser().push(new TextEncoder().encode('$CARD,0013,JH*8B0FF52C\r\n'));
    expect(read).toEqual([{ kind: 'error', problem: "CRC 8B0FF52C, expected 2AA8A308: '$CARD,0013,JH*8B0FF52C'" }]);
  });

  it('every single-character change of every sentence of a realistic stream: replaced, dropped, added, swapped', () => {
    const wrong: string[] = [];
    const counts = { refused: 0, 'refused by its CRC': 0, itself: 0, other: 0 };
    for (let index = 0; index < SENTENCES.length; index++) {
      const self = SENTENCES[index] as Sentence;
      const next = SENTENCES[(index + 1) % SENTENCES.length] as Sentence;
      const original = self.bytes;
      for (const { how, bytes } of singleChanges(original)) {
        const verdict = readAs(bytes, self, next);
        counts[verdict]++;
        if (verdict === 'other' && wrong.length < 20) wrong.push(`${show(original)}, ${how}: ${show(bytes)}`);
      }
    }
    expect(wrong).toEqual([]);
    // 38 sentences, 500,048 changes. Over 340,000 keep the sentence's form, and only the CRC refuses them;
    // some 20,000 are read as the sentence itself (a byte added before the `$` or after the line end, the CR
    // dropped, a CRC digit's case changed).
    expect(counts.other).toBe(0);
    expect(counts.refused + counts['refused by its CRC'] + counts.itself).toBe(500_048);
    expect(counts['refused by its CRC']).toBeGreaterThan(340_000);
  });

  it('a sample of two changes in one sentence: 100,000, half of their characters taken from the sentences’ own', () => {
    const random = new SeededRandom(51);
    const wrong: string[] = [];
    const counts = { refused: 0, 'refused by its CRC': 0, itself: 0, other: 0 };
    for (let trial = 0; trial < 100_000; trial++) {
      const index = random.nextInt(SENTENCES.length);
      const self = SENTENCES[index] as Sentence;
      const next = SENTENCES[(index + 1) % SENTENCES.length] as Sentence;
      const bytes = [...self.bytes];
      const how = `${randomChange(bytes, random)}, then ${randomChange(bytes, random)}`;
      const verdict = readAs(bytes, self, next);
      counts[verdict]++;
      if (verdict === 'other' && wrong.length < 20) wrong.push(`${show(self.bytes)}, ${how}: ${show(bytes)}`);
    }
    expect(wrong).toEqual([]);
    expect(counts.other).toBe(0);
    expect(counts['refused by its CRC']).toBeGreaterThan(50_000);
  });

  it('every two changed characters of a card sentence that keep its form: digits for digits, a rank for a rank, a suit for a suit, CRC digits', () => {
    // The card sentences of the stream only: the ones that deal. The XOR form read $CARD,0013,JH with the checksum of $CARD,0012,KH.
    const cards = STREAM.flatMap((message, index) => (message.type === 'card' ? [index] : []));
    const wrong: string[] = [];
    const counts = { refused: 0, 'refused by its CRC': 0, itself: 0, other: 0 };
    for (const index of cards) {
      const self = SENTENCES[index] as Sentence;
      const next = SENTENCES[index + 1] as Sentence;
      const original = self.bytes;
      const text = String.fromCharCode(...original);
      // $CARD,nnnn,RS*CRC…\r\n: the places that may change and what each may become while the form holds.
      const places: [number, string][] = [[6, '0123456789'], [7, '0123456789'], [8, '0123456789'], [9, '0123456789'], [11, '23456789TJQKA?'], [12, 'CDHS?']];
      for (let at = text.indexOf('*') + 1; at < text.length - 2; at++) places.push([at, '0123456789ABCDEF']);
      for (let first = 0; first < places.length; first++) {
        for (let second = first + 1; second < places.length; second++) {
          const [atFirst, firstChars] = places[first] as [number, string];
          const [atSecond, secondChars] = places[second] as [number, string];
          for (const a of firstChars) {
            if (a === text[atFirst]) continue;
            // A sample: every fourth character for the second place, the first place's in full.
            for (let pick = (atFirst + atSecond) % 4; pick < secondChars.length; pick += 4) {
              const b = secondChars[pick] as string;
              if (b === text[atSecond]) continue;
              const bytes = [...original];
              bytes[atFirst] = a.charCodeAt(0);
              bytes[atSecond] = b.charCodeAt(0);
              const verdict = readAs(bytes, self, next);
              counts[verdict]++;
              if (verdict === 'other' && wrong.length < 20) wrong.push(`${show(original)} → ${show(bytes)}`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(counts.other).toBe(0);
    expect(counts['refused by its CRC']).toBeGreaterThan(85_000);
  });
});
