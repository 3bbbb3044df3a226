import type { PanelParseResult, PanelReport } from '../../../drivers/panel/panel-protocol.js';

/** The examples of docs/protocols.md, "Button panel", byte for byte: the tests hold the document to the code. */
export const DOCUMENTED_REPORTS: readonly (readonly [PanelReport, string])[] = [
  [{ buttons: [], key: null }, '01 00 00 00'],
  [{ buttons: ['fold'], key: null }, '01 01 00 00'],
  [{ buttons: ['check-call'], key: null }, '01 02 00 00'],
  [{ buttons: ['bet-raise'], key: null }, '01 04 00 00'],
  [{ buttons: ['all-in'], key: null }, '01 08 00 00'],
  [{ buttons: ['confirm'], key: null }, '01 10 00 00'],
  [{ buttons: ['undo'], key: null }, '01 20 00 00'],
  [{ buttons: ['call-floor'], key: null }, '01 40 00 00'],
  [{ buttons: ['bet-raise', 'confirm'], key: null }, '01 14 00 00'],
  [{ buttons: [], key: '7' }, '01 00 00 37'],
  [{ buttons: [], key: '0' }, '01 00 00 30'],
  [{ buttons: [], key: 'delete' }, '01 00 00 08'],
  [{ buttons: [], key: 'clear' }, '01 00 00 1B'],
  [{ buttons: ['undo'], key: '5' }, '01 20 00 35'],
  [{ buttons: ['fold', 'check-call', 'bet-raise', 'all-in', 'confirm', 'undo', 'call-floor'], key: '9' }, '01 7F 00 39'],
];

export const fromHex = (text: string): Uint8Array => Uint8Array.from(text.split(' ').filter(Boolean), (pair) => Number.parseInt(pair, 16));

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const reports = (results: readonly PanelParseResult[]): PanelReport[] => results.flatMap((result) => (result.kind === 'report' ? [result.report] : []));
export const problems = (results: readonly PanelParseResult[]): string[] => results.flatMap((result) => (result.kind === 'error' ? [`${result.code}: ${result.problem}`] : []));

/** docs/protocols.md, "Button panel", "What the adapter reports": reports (one per HID read) and what each gives. */
export const DOCUMENTED_SEQUENCE: readonly (readonly [string, readonly string[]])[] = [
  ['01 00 00 00', []],
  ['01 02 00 00', ['button check-call']],
  ['01 02 00 00', []],
  ['01 12 00 00', ['button confirm']],
  ['01 00 00 00', []],
  ['01 00 00 37', ['key 7']],
  ['01 00 00 37', []],
  ['01 00 00 00', []],
  ['01 00 00 37', ['key 7']],
  ['01 00 00 38', ['key 8']],
  ['01 05 00 08', ['button fold', 'button bet-raise', 'key delete']],
  ['01 00 80 00', ['protocol-error reserved button bit 15 set (high byte 0x80) in report 01 00 80 00']],
  ['01 05 00 00', []],
  ['01 04 00 00', []],
  ['01 00 00 00', []],
];
