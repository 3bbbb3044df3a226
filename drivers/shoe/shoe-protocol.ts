import type { Card } from '../../src/cards/card.js';
import { formatCard, tryParseCard } from '../../src/cards/notation.js';
import { crc32 } from './crc32.js';

/**
 * The dealing shoe's line protocol (docs/protocols.md, "Dealing shoe"): ASCII sentences in the manner of
 * NMEA 0183, `$TYPE,field,…*CRC\r\n`, where CRC is the CRC-32 of every byte between `$` and `*` in eight
 * upper-case hex digits (D51: NMEA's XOR let two swapped digits through). A sentence is at most 82 bytes.
 * Cards are written as in hand histories (`AH`, `TD`; any case), `??` for a card the shoe's camera could
 * not read.
 */

/** A card as the shoe reports it: a card number, or null when it left the shoe unrecognised. */
export type ShoeCard = Card | null;

/** What the shoe says. */
export type ShoeMessage =
  /** The result of a deck check: every card of the deck once (ok), or what is missing, extra or twice. */
  | { readonly type: 'deck'; readonly ok: boolean; readonly count: number; readonly missing: readonly Card[]; readonly extra: readonly ShoeCard[]; readonly duplicates: readonly Card[] }
  /** A card left the shoe. `seq` counts the cards of the shoe (0–9999, then 0 again): a repeat or a gap shows. */
  | { readonly type: 'card'; readonly seq: number; readonly card: ShoeCard }
  /** A fault: the card path jammed, the shoe is empty, the camera failed, the lid is open. */
  | { readonly type: 'error'; readonly code: ShoeErrorCode; readonly text: string }
  /** The shoe's state, every second and on each change. */
  | { readonly type: 'status'; readonly state: ShoeState };

export type ShoeErrorCode = 'JAM' | 'EMPTY' | 'RECOG' | 'COVER';
export type ShoeState = 'READY' | 'SHUFFLING' | 'DEALING' | 'CHECKING';

/** What the host asks: a deck check, or a reset after a fault. */
export type ShoeCommand = { readonly type: 'check-deck' } | { readonly type: 'reset' };

export const MAX_SENTENCE = 82;
export const SEQ_MODULO = 10_000;

const ERROR_CODES: ReadonlySet<string> = new Set<ShoeErrorCode>(['JAM', 'EMPTY', 'RECOG', 'COVER']);
const STATES: ReadonlySet<string> = new Set<ShoeState>(['READY', 'SHUFFLING', 'DEALING', 'CHECKING']);

/** Hex digits of the CRC: eight. The XOR form before D51 had two, and is refused by name. */
const CRC_DIGITS = 8;
const XOR_DIGITS = 2;
const OLD_FORM = /^\$[^*]*\*[0-9A-Fa-f]{2}$/;

/** The CRC of a sentence's body (the bytes between `$` and `*`), as the sentence writes it. */
export function checksum(body: string): string {
  return crc32(body).toString(16).toUpperCase().padStart(CRC_DIGITS, '0');
}

/** A sentence with its CRC and line end. */
export function sentence(body: string): string {
  return `$${body}*${checksum(body)}\r\n`;
}

const cardCode = (card: ShoeCard): string => (card === null ? '??' : formatCard(card).toUpperCase());
const cardList = (cards: readonly ShoeCard[]): string => cards.map(cardCode).join('/');

/** The bytes of a shoe's message (the simulator speaks through this). */
export function encodeShoeMessage(message: ShoeMessage): string {
  switch (message.type) {
    case 'deck':
      return sentence(message.ok ? `DECK,OK,${message.count}` : `DECK,FAIL,${message.count},${cardList(message.missing)},${cardList(message.extra)},${cardList(message.duplicates)}`);
    case 'card':
      return sentence(`CARD,${String(message.seq).padStart(4, '0')},${cardCode(message.card)}`);
    case 'error':
      return sentence(`ERR,${message.code},${message.text}`);
    case 'status':
      return sentence(`STAT,${message.state}`);
  }
}

export function encodeShoeCommand(command: ShoeCommand): string {
  return sentence(command.type === 'check-deck' ? 'CHK' : 'RST');
}

export type ShoeParseResult = { readonly kind: 'message'; readonly message: ShoeMessage } | { readonly kind: 'error'; readonly problem: string };

/**
 * Bytes from the shoe in, messages out, in any chunking. Noise between sentences, a sentence cut short by
 * a new `$`, a line too long, a wrong CRC or a field that makes no sense is an error naming what was
 * wrong; the parser then goes on with the next sentence. It never throws and holds at most one sentence.
 */
export class ShoeLineParser {
  private line = '';
  /** Bytes outside any sentence since the last one: reported once, as one error. */
  private noise = 0;

  push(chunk: Uint8Array): ShoeParseResult[] {
    const results: ShoeParseResult[] = [];
    for (const byte of chunk) {
      if (byte === 0x24 /* $ */) {
        if (this.line !== '') results.push({ kind: 'error', problem: `sentence cut short: '${printable(this.line)}'` });
        this.flushNoise(results);
        this.line = '$';
      } else if (this.line === '') {
        if (byte !== 0x0d && byte !== 0x0a) this.noise++;
      } else if (byte === 0x0a) {
        results.push(decodeSentence(this.line.endsWith('\r') ? this.line.slice(0, -1) : this.line));
        this.line = '';
      } else if (this.line.length >= MAX_SENTENCE) {
        results.push({ kind: 'error', problem: `sentence longer than ${MAX_SENTENCE} bytes: '${printable(this.line.slice(0, 20))}…'` });
        this.line = '';
        this.noise++;
      } else {
        this.line += String.fromCharCode(byte);
      }
    }
    return results;
  }

  private flushNoise(results: ShoeParseResult[]): void {
    if (this.noise === 0) return;
    results.push({ kind: 'error', problem: `${this.noise} byte(s) of noise between sentences` });
    this.noise = 0;
  }
}

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '·');
}

/** One sentence, `$` included, line end excluded. */
export function decodeSentence(line: string): ShoeParseResult {
  const bad = (problem: string): ShoeParseResult => ({ kind: 'error', problem: `${problem}: '${printable(line)}'` });
  const body = unframe(line);
  if (body.problem !== undefined) return bad(body.problem);
  const [type, ...fields] = body.text.split(',');
  const message = decodeFields(type ?? '', fields);
  return typeof message === 'string' ? bad(message) : { kind: 'message', message };
}

/**
 * What a shoe makes of a line the host wrote (`$` included, line end excluded): a command, or null for
 * anything else — a shoe does nothing on a line whose CRC is wrong (the simulated shoe speaks through this).
 */
export function decodeShoeCommand(line: string): ShoeCommand | null {
  const body = unframe(line);
  if (body.problem !== undefined) return null;
  return body.text === 'CHK' ? { type: 'check-deck' } : body.text === 'RST' ? { type: 'reset' } : null;
}

/** A sentence's body, once its form and its CRC are right; otherwise what is wrong. */
function unframe(line: string): { readonly text: string; readonly problem?: undefined } | { readonly problem: string } {
  if (OLD_FORM.test(line)) return { problem: `a checksum of ${XOR_DIGITS} hex digits is the XOR form before D51, no longer read: a sentence ends in its CRC-32, ${CRC_DIGITS} hex digits` };
  const star = line.lastIndexOf('*');
  if (!line.startsWith('$') || star < 0 || star !== line.length - 1 - CRC_DIGITS) return { problem: `not a sentence ($…*CRC, the CRC in ${CRC_DIGITS} hex digits)` };
  const text = line.slice(1, star);
  const given = line.slice(star + 1).toUpperCase();
  if (given !== checksum(text)) return { problem: `CRC ${given}, expected ${checksum(text)}` };
  return { text };
}

function decodeFields(type: string, fields: readonly string[]): ShoeMessage | string {
  switch (type) {
    case 'CARD': {
      const [seqText = '', code = ''] = fields;
      if (fields.length !== 2 || !/^\d{4}$/.test(seqText)) return 'CARD needs a 4-digit sequence number and a card';
      const card = decodeCard(code);
      return card === undefined ? `'${code}' is not a card` : { type: 'card', seq: Number(seqText), card };
    }
    case 'DECK': {
      const [result, countText = '', ...lists] = fields;
      if (!/^\d{1,3}$/.test(countText)) return 'DECK needs a card count';
      const count = Number(countText);
      if (result === 'OK' && lists.length === 0) return { type: 'deck', ok: true, count, missing: [], extra: [], duplicates: [] };
      if (result !== 'FAIL' || lists.length !== 3) return 'DECK is OK,count or FAIL,count,missing,extra,duplicates';
      const [missing, extra, duplicates] = lists.map(decodeCardList);
      if (missing === undefined || extra === undefined || duplicates === undefined) return 'DECK lists cards as AH/TD/…';
      if (missing.includes(null) || duplicates.includes(null)) return 'DECK names missing and duplicate cards, never ??';
      return { type: 'deck', ok: false, count, missing: missing as Card[], extra, duplicates: duplicates as Card[] };
    }
    case 'ERR': {
      const [code = '', ...text] = fields;
      if (!ERROR_CODES.has(code)) return `'${code}' is not a shoe error (JAM, EMPTY, RECOG, COVER)`;
      return { type: 'error', code: code as ShoeErrorCode, text: text.join(',') };
    }
    case 'STAT': {
      const [state = ''] = fields;
      if (fields.length !== 1 || !STATES.has(state)) return `'${state}' is not a shoe state (READY, SHUFFLING, DEALING, CHECKING)`;
      return { type: 'status', state: state as ShoeState };
    }
    default:
      return `'${type}' is not a sentence the shoe sends`;
  }
}

/** A card code, `??` for an unread card; undefined when it is neither. */
function decodeCard(code: string): ShoeCard | undefined {
  if (code === '??') return null;
  return /^[2-9TJQKA][CDHS]$/i.test(code) ? tryParseCard(code) : undefined;
}

function decodeCardList(text: string): ShoeCard[] | undefined {
  if (text === '') return [];
  const cards: ShoeCard[] = [];
  for (const code of text.split('/')) {
    const card = decodeCard(code);
    if (card === undefined) return undefined;
    cards.push(card);
  }
  return cards;
}
