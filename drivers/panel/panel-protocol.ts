/**
 * The button panel's input report (docs/protocols.md, "Button panel"): 4 bytes,
 *
 *   0x01 (report id) | buttons, low byte | buttons, high byte | key
 *
 * The buttons are a bitmask of what is held down now (bit 0 fold … bit 6 call floor; bits 7–15 reserved,
 * always 0); the key byte is the keypad key held down now (0x00 none, ASCII '0'–'9', 0x08 delete, 0x1B
 * clear). A report says what is down, not what changed: the adapter (`button-panel.ts`) finds the presses.
 *
 * Over USB HID each report arrives whole, one per chunk (`framing: 'report'`). The same panel on a serial
 * link sends its reports back to back (`framing: 'stream'`): the parser then finds them by their 0x01.
 * Pure: no I/O, no Node built-ins.
 */

/** The buttons in bit order: bit 0 is fold. */
export const PANEL_BUTTONS = ['fold', 'check-call', 'bet-raise', 'all-in', 'confirm', 'undo', 'call-floor'] as const;
export type PanelButton = (typeof PANEL_BUTTONS)[number];

export const PANEL_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'delete', 'clear'] as const;
export type PanelKey = (typeof PANEL_KEYS)[number];

export const REPORT_ID = 0x01;
export const REPORT_BYTES = 4;
export const KEY_NONE = 0x00;
export const KEY_DELETE = 0x08;
export const KEY_CLEAR = 0x1b;
/** Bits 7–15 of the buttons word: no button yet; a panel sends them as 0, so a 1 there means the bytes are not a report. */
export const RESERVED_BUTTON_BITS = 0xff80;
/** A long run of garbage (stream framing) is reported once it reaches this many bytes, so a wrong baud rate shows at once. */
export const GARBAGE_REPORT_BYTES = 256;

/** What the panel holds down in one report. `buttons` in bit order, each once. */
export type PanelReport = { readonly buttons: readonly PanelButton[]; readonly key: PanelKey | null };

/** A press, in device words: what the adapter reports and what the keyboard wedge maps keys to. */
export type PanelPress = { readonly type: 'button'; readonly button: PanelButton } | { readonly type: 'key'; readonly key: PanelKey };

export const hex = (byte: number): string => byte.toString(16).toUpperCase().padStart(2, '0');
export const hexBytes = (bytes: ArrayLike<number>): string => Array.from(bytes, hex).join(' ');

export function buttonMask(buttons: readonly PanelButton[]): number {
  let mask = 0;
  for (const button of buttons) mask |= 1 << PANEL_BUTTONS.indexOf(button);
  return mask;
}

export function buttonsFromMask(mask: number): PanelButton[] {
  return PANEL_BUTTONS.filter((_, bit) => (mask & (1 << bit)) !== 0);
}

export function keyCode(key: PanelKey | null): number {
  if (key === null) return KEY_NONE;
  if (key === 'delete') return KEY_DELETE;
  if (key === 'clear') return KEY_CLEAR;
  return 0x30 + Number(key);
}

/** The key a key byte means: null for none, undefined for a code the panel never sends. */
export function keyFromCode(code: number): PanelKey | null | undefined {
  if (code === KEY_NONE) return null;
  if (code === KEY_DELETE) return 'delete';
  if (code === KEY_CLEAR) return 'clear';
  if (code >= 0x30 && code <= 0x39) return String.fromCharCode(code) as PanelKey;
  return undefined;
}

/** The report's 4 bytes (the simulated panel sends these; tests build streams with them). */
export function encodePanelReport(report: PanelReport): Uint8Array {
  const mask = buttonMask(report.buttons);
  return Uint8Array.of(REPORT_ID, mask & 0xff, mask >> 8, keyCode(report.key));
}

/** What was wrong with bytes the parser skipped. */
export type PanelProblemCode =
  /** Stream framing: bytes outside any report (before a 0x01). */
  | 'garbage'
  /** Report framing: a report whose first byte is not 0x01. */
  | 'wrong-report-id'
  /** Report framing: a chunk that is not 4 bytes long. */
  | 'wrong-length'
  /** A 1 in bits 7–15 of the buttons word. */
  | 'reserved-bits'
  /** A key byte that is not 0x00, 0x30–0x39, 0x08 or 0x1B. */
  | 'unknown-key'
  /** Stream framing: a report begun when the bytes stopped (reported by `flush`). */
  | 'cut-short';

export type PanelParseError = { readonly kind: 'error'; readonly code: PanelProblemCode; readonly problem: string; readonly bytes: number };
/** A report read; `bytes` is always 4. Every byte pushed is counted in the `bytes` of exactly one result. */
export type PanelParseReport = { readonly kind: 'report'; readonly report: PanelReport; readonly bytes: number };
export type PanelParseResult = PanelParseReport | PanelParseError;

export type PanelFraming = 'report' | 'stream';

const error = (code: PanelProblemCode, problem: string, bytes: number): PanelParseError => ({ kind: 'error', code, problem, bytes });

/** What is wrong with byte `index` of a report, or null when it may stand there. */
function problemAt(index: number, byte: number): { readonly code: PanelProblemCode; readonly problem: string } | null {
  switch (index) {
    case 0:
      return byte === REPORT_ID ? null : { code: 'wrong-report-id', problem: `report id 0x${hex(byte)}: the panel's input report is 0x01` };
    case 1:
      return (byte & 0x80) === 0 ? null : { code: 'reserved-bits', problem: `reserved button bit 7 set (low byte 0x${hex(byte)})` };
    case 2: {
      if (byte === 0) return null;
      const bits = [0, 1, 2, 3, 4, 5, 6, 7].filter((bit) => (byte & (1 << bit)) !== 0).map((bit) => bit + 8);
      return { code: 'reserved-bits', problem: `reserved button bit${bits.length === 1 ? '' : 's'} ${bits.join(', ')} set (high byte 0x${hex(byte)})` };
    }
    default:
      return keyFromCode(byte) === undefined ? { code: 'unknown-key', problem: `unknown key code 0x${hex(byte)}` } : null;
  }
}

/** Four bytes that passed `problemAt` at every index. */
function decode(bytes: ArrayLike<number>): PanelReport {
  const mask = (bytes[1] ?? 0) | ((bytes[2] ?? 0) << 8);
  return { buttons: buttonsFromMask(mask), key: keyFromCode(bytes[3] ?? 0) ?? null };
}

/**
 * The panel's bytes in, reports and errors out. Never throws; holds at most one report (4 bytes) and a
 * count of garbage bytes, whatever comes.
 *
 * `report` framing (USB HID): every chunk is one report; a chunk of another length, another report id,
 * a reserved bit or an unknown key is one error naming what was wrong, and the next chunk starts afresh.
 *
 * `stream` framing (serial): reports back to back, in any chunking; the results depend only on the bytes.
 * A report starts at a 0x01 and each byte is checked as it comes; when one cannot stand where it is, the
 * bytes up to the next 0x01 inside the candidate are dropped (one error) and the rest is read again, so a
 * report cut short never hides the report after it. There is no checksum: garbage that happens to hold
 * 0x01 and three bytes that fit reads as a report (docs/protocols.md says so).
 */
export class PanelReportParser {
  private readonly held = new Uint8Array(REPORT_BYTES);
  private count = 0;
  private garbage = 0;

  constructor(readonly framing: PanelFraming = 'report') {}

  /** Bytes held for a report not yet complete (stream framing): never more than 3. */
  get bufferedBytes(): number {
    return this.count;
  }

  push(chunk: Uint8Array): PanelParseResult[] {
    if (this.framing === 'report') return [this.whole(chunk)];
    const out: PanelParseResult[] = [];
    for (const byte of chunk) this.accept(byte, out);
    return out;
  }

  /** The bytes stopped (the port closed): a report begun will not complete, waiting garbage is reported. */
  flush(): PanelParseResult[] {
    const out: PanelParseResult[] = [];
    if (this.count > 0) out.push(error('cut-short', `report cut short: ${hexBytes(this.held.subarray(0, this.count))} came, then nothing`, this.count));
    this.count = 0;
    this.reportGarbage(out);
    return out;
  }

  private whole(chunk: Uint8Array): PanelParseResult {
    if (chunk.length !== REPORT_BYTES) {
      const shown = chunk.length > 16 ? `${hexBytes(chunk.subarray(0, 16))} …` : hexBytes(chunk);
      return error('wrong-length', `a report of ${chunk.length} byte${chunk.length === 1 ? '' : 's'} (${shown || 'empty'}): the panel's input report is ${REPORT_BYTES} bytes`, chunk.length);
    }
    for (let index = 0; index < REPORT_BYTES; index++) {
      const found = problemAt(index, chunk[index] ?? 0);
      if (found !== null) return error(found.code, `${found.problem} in report ${hexBytes(chunk)}`, REPORT_BYTES);
    }
    return { kind: 'report', report: decode(chunk), bytes: REPORT_BYTES };
  }

  private accept(byte: number, out: PanelParseResult[]): void {
    if (this.count === 0) {
      if (byte !== REPORT_ID) {
        this.garbage++;
        if (this.garbage >= GARBAGE_REPORT_BYTES) this.reportGarbage(out);
        return;
      }
      this.reportGarbage(out);
      this.held[0] = byte;
      this.count = 1;
      return;
    }
    const found = problemAt(this.count, byte);
    this.held[this.count++] = byte;
    if (found !== null) {
      this.abandon(found.code, found.problem, out);
      return;
    }
    if (this.count === REPORT_BYTES) {
      this.count = 0;
      out.push({ kind: 'report', report: decode(this.held), bytes: REPORT_BYTES });
    }
  }

  /**
   * The candidate is not a report: drop it up to the next 0x01 inside it and read the rest again. The
   * rest is at most 3 bytes, each already checked once: the recursion ends.
   */
  private abandon(code: PanelProblemCode, problem: string, out: PanelParseResult[]): void {
    const held = this.count;
    const candidate = this.held.slice(0, held);
    this.count = 0;
    const next = candidate.subarray(1).indexOf(REPORT_ID) + 1;
    const dropped = next === 0 ? held : next;
    out.push(error(code, `${problem}: ${hexBytes(candidate)} is not a report${next === 0 ? '' : ` (a new report begins at byte ${next}: a report cut short?)`}`, dropped));
    if (next > 0) for (const byte of candidate.subarray(next)) this.accept(byte, out);
  }

  private reportGarbage(out: PanelParseResult[]): void {
    if (this.garbage === 0) return;
    out.push(error('garbage', `${this.garbage} byte${this.garbage === 1 ? '' : 's'} of garbage outside any report`, this.garbage));
    this.garbage = 0;
  }
}
