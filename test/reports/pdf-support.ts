import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { parseCard } from '../../src/cards/notation.js';
import { getPrompt } from '../../src/engine/table/prompt.js';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import { MINUTE, TableDriver } from '../support/table-driver.js';

/** 18:00 UTC on the fixture's day: its hours are 18:00, 19:00 and 20:00. */
export const AT = Date.UTC(2026, 10, 29, 18);

/** Time of 620 a seat each clock hour, so three seats pay 1,860 an hour; buy-ins up to 20,000. */
const CONFIG = { buyIn: { min: 200, max: 20_000 }, timeCollection: { amount: 620, everyMinutes: 60, sittingOutPays: false, courtesyHands: 0 } };

/** The fixture's failed deck check, in the shoe's words (as `deckProblem` in the shoe mapping puts them). */
export const DECK_CHECK = {
  en: 'The deck failed its check (51 cards: missing 1): do not deal it',
  de: 'Das Deck hat die Prüfung nicht bestanden (51 Karten: fehlt 1): nicht damit geben',
} as const;

/**
 * A table whose figures run into thousands, so grouping shows: Ada 12,500, Jürgen 8,000, Zoë 5,000. Hands at
 * 18:00 (four: three folded round, then a bet of 620 called twice, a pot of 1,860, as hand 4), 19:00
 * (six, one misdealt and dealt again) and 20:00 (two, Zoë sitting out the second); time of 1,860 collected
 * each hour (5,580); then the floor adds 1,240 to Jürgen's stack and rules on Łukasz (a name the first PDF
 * writer, Helvetica in WinAnsi, printed as "?ukasz"), Ada tops up 1,240 and leaves at 20:40. Dealers: Mara #17 from 18:00, Jörg #23 from 19:00 (the shoe
 * fails a deck check on his watch, at 19:40), Mara again from 20:00.
 */
export function floorFixture(): TableLogEntry[] {
  const table = new TableDriver(CONFIG);
  table.now = AT;
  table.sit(1, 'Ada', 12_500).sit(3, 'Jürgen', 8_000).sit(6, 'Zoë', 5_000).draw('1:2c 3:3c 6:As');
  const at = (minutes: number): TableDriver => {
    table.now = AT + minutes * MINUTE;
    return table;
  };
  const dealer = (minutes: number, number: string, name: string): TableDriver => at(minutes).do({ type: 'dealer-change', number, name, at: table.now });
  dealer(0, '17', 'Mara');
  for (const minute of [0, 10, 20]) at(minute).playHand();
  betAndShowDown(at(30), 620);
  dealer(60, '23', 'Jörg');
  at(65).start().do({ type: 'misdeal', reason: 'seat-skipped', by: 'Floor Jörg' });
  for (const minute of [66, 75, 85, 95]) at(minute).playHand();
  at(100).do({ type: 'device-incident', device: 'shoe-1', kind: 'shoe', incident: 'deck-check', words: DECK_CHECK, at: table.now });
  for (const minute of [105, 115]) at(minute).playHand();
  dealer(120, '17', 'Mara');
  at(130).playHand().do({ type: 'sit-out', seat: 6 });
  at(140).playHand();
  table.do({ type: 'adjust-stack', seat: 3, amount: 1_240, reason: 'Chips unter der Schiene gefunden', by: 'Floor Maria' });
  table.do({ type: 'ruling', text: 'Łukasz spielte außer der Reihe: die Aktion gilt', by: 'Floor Maria' });
  table.do({ type: 'top-up', seat: 1, amount: 1_240 });
  table.do({ type: 'leave', seat: 1, at: AT + 160 * MINUTE });
  return table.log;
}

/** A hand where the first player to act bets `to` and everyone calls and checks to the showdown. */
function betAndShowDown(table: TableDriver, to: number): void {
  table.start();
  const deck = ['Kh', 'Qh', 'Jh', 'Th', '9h', '8h', '7h', '2d', '3d', '4d', '5s', '6d', '7d', '8d', '9d'].map((card) => parseCard(card));
  let bet = false;
  for (let guard = 0; guard < 100 && table.state.hand?.phase.kind !== 'complete'; guard++) {
    const prompt = getPrompt(table.state, table.now);
    if (prompt.kind === 'deal') table.do({ type: 'deal', card: deck.shift() ?? null });
    else if (prompt.kind === 'action' && !bet && prompt.legal.betOrRaise !== null) {
      table.do({ type: 'bet', to });
      bet = true;
    } else if (prompt.kind === 'action') table.do(prompt.legal.check ? { type: 'check' } : { type: 'call' });
    else table.do({ type: 'show' });
  }
}

/** Two players and `count` rulings, some long enough to wrap: an incident report of several pages. */
export function manyIncidents(count: number): TableLogEntry[] {
  const table = new TableDriver(CONFIG);
  table.now = AT;
  table.sit(1, 'Ada', 1_000).sit(2, 'Ben', 1_000);
  for (let n = 1; n <= count; n++) {
    const words = n % 7 === 0 ? ' Der Spieler bestand darauf, dass seine Hand gewertet wird; die Aufsicht prüfte die Aufzeichnung und bestätigte die Entscheidung des Gebers.' : '';
    table.do({ type: 'ruling', text: `Nr. ${n}: Einsatz gilt.${words}`, by: 'Floor Jörg' });
  }
  return table.log;
}

// ————— Poppler —————

export type Run = { readonly status: number | null; readonly stdout: string; readonly stderr: string };

function run(command: string, args: readonly string[]): Run {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, TZ: 'UTC', LANG: 'C.UTF-8' } });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function writePdf(dir: string, name: string, bytes: Uint8Array): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** `pdfinfo`: its fields, and what it said on stderr (poppler's "Syntax Error …" for a broken file). */
export function pdfInfo(file: string): { readonly fields: Readonly<Record<string, string>>; readonly stderr: string; readonly status: number | null } {
  const { stdout, stderr, status } = run('pdfinfo', [file]);
  const fields: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const match = /^([^:]+):\s*(.*)$/.exec(line);
    if (match !== null) fields[match[1] ?? ''] = match[2] ?? '';
  }
  return { fields, stderr, status };
}

/** `pdffonts`: each font the file uses, with whether it is embedded, a subset, and mapped to Unicode. */
export function pdfFonts(file: string): { readonly fonts: readonly { readonly name: string; readonly type: string; readonly embedded: boolean; readonly subset: boolean; readonly unicode: boolean }[]; readonly stderr: string } {
  const { stdout, stderr } = run('pdffonts', [file]);
  // After the two heading lines: name, type (may hold spaces), encoding, then "emb sub uni" and the object.
  const fonts = stdout.split('\n').slice(2).flatMap((line) => {
    const match = /^(\S+)\s+(.+?)\s{2,}(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$/.exec(line);
    return match === null ? [] : [{ name: match[1] ?? '', type: match[2] ?? '', embedded: match[4] === 'yes', subset: match[5] === 'yes', unicode: match[6] === 'yes' }];
  });
  return { fonts, stderr };
}

/** The XMP metadata stream as `pdfinfo -meta` prints it. */
export function pdfMetadata(file: string): string {
  return run('pdfinfo', ['-meta', file]).stdout;
}

/**
 * The glyph codes every text-showing operator of the file's content streams draws (the streams inflated;
 * pdfkit shows text as `[<hex> …] TJ`, two bytes a glyph with Identity-H): 0 would be the font's .notdef.
 */
export function shownGlyphs(bytes: Uint8Array): number[] {
  const file = Buffer.from(bytes);
  const glyphs: number[] = [];
  for (let at = file.indexOf('\nstream\n'); at >= 0; at = file.indexOf('\nstream\n', at + 1)) {
    const start = at + '\nstream\n'.length;
    const end = file.indexOf('\nendstream', start);
    let content: string;
    try {
      content = inflateSync(file.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const [, shown] of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      for (const [, hex] of (shown ?? '').matchAll(/<([0-9a-f]*)>/g)) for (const code of (hex ?? '').match(/.{4}/g) ?? []) glyphs.push(Number.parseInt(code, 16));
    }
  }
  return glyphs;
}

/**
 * The text of each page as `pdftotext -layout` lays it out (pages end with a form feed), or with `raw` in the
 * order it was drawn. A text drawn with an /ActualText (a character the font lacks) is read in its place only
 * raw: poppler 22 puts its words upside down on the page (at the height mirrored, with no height), so the
 * layout reading prints them on a line of their own.
 */
export function pdfPages(file: string, reading: 'layout' | 'raw' = 'layout'): { readonly pages: readonly string[]; readonly stderr: string } {
  const { stdout, stderr } = run('pdftotext', [`-${reading}`, '-enc', 'UTF-8', file, '-']);
  return { pages: stdout.split('\f').slice(0, -1), stderr };
}

/** Words with their boxes (points), from `pdftotext -bbox`: where poppler placed each word. */
export function pdfWords(file: string): { readonly text: string; readonly xMin: number; readonly xMax: number; readonly yMin: number; readonly yMax: number }[] {
  const { stdout } = run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']);
  return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
    text: (match[5] ?? '').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&apos;', "'"),
  }));
}

/** Every page rendered by `pdftoppm` as a grayscale PNG, decoded. */
export function renderPages(file: string, dpi: number): { readonly pages: readonly GrayImage[]; readonly stderr: string; readonly status: number | null } {
  const prefix = file.replace(/\.pdf$/, `-${dpi}`);
  const { stderr, status } = run('pdftoppm', ['-r', String(dpi), '-gray', '-png', file, prefix]);
  const base = prefix.slice(prefix.lastIndexOf('/') + 1);
  const dir = prefix.slice(0, prefix.lastIndexOf('/'));
  const pngs = readdirSync(dir)
    .filter((name) => name.startsWith(`${base}-`) && name.endsWith('.png'))
    .sort((a, b) => pageOf(a) - pageOf(b));
  return { pages: pngs.map((name) => decodePng(readFileSync(join(dir, name)))), stderr, status };
}

function pageOf(name: string): number {
  return Number(/-(\d+)\.png$/.exec(name)?.[1] ?? Number.NaN);
}

// ————— A small PNG decoder: 8-bit gray or RGB, no interlace (what pdftoppm writes) —————

export type GrayImage = { readonly width: number; readonly height: number; /** One byte a pixel, 0 black … 255 white. */ readonly pixels: Uint8Array };

export function decodePng(png: Uint8Array): GrayImage {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (view.toString('latin1', 1, 4) !== 'PNG') throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < view.length; ) {
    const length = view.readUInt32BE(at);
    const type = view.toString('latin1', at + 4, at + 8);
    const body = view.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colorType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colorType !== 0 && colorType !== 2)) throw new Error(`unsupported PNG: depth ${depth}, color type ${colorType}, interlace ${interlace}`);
      channels = colorType === 0 ? 1 : 3;
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) unfilter(raw, y * (stride + 1), rows, y * stride, stride, channels);
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) {
    pixels[i] = channels === 1 ? (rows[i] ?? 0) : Math.round(((rows[3 * i] ?? 0) + (rows[3 * i + 1] ?? 0) + (rows[3 * i + 2] ?? 0)) / 3);
  }
  return { width, height, pixels };
}

/** Undoes one scanline's PNG filter (None, Sub, Up, Average, Paeth) into `out`. */
function unfilter(raw: Uint8Array, from: number, out: Uint8Array, to: number, stride: number, bpp: number): void {
  const filter = raw[from] ?? 0;
  for (let i = 0; i < stride; i++) {
    const x = raw[from + 1 + i] ?? 0;
    const a = i >= bpp ? (out[to + i - bpp] ?? 0) : 0;
    const b = to >= stride ? (out[to + i - stride] ?? 0) : 0;
    const c = i >= bpp && to >= stride ? (out[to + i - stride - bpp] ?? 0) : 0;
    let predicted = 0;
    if (filter === 1) predicted = a;
    else if (filter === 2) predicted = b;
    else if (filter === 3) predicted = Math.floor((a + b) / 2);
    else if (filter === 4) {
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    out[to + i] = (x + predicted) & 0xff;
  }
}

/** How many pixels are darker than mid-gray: ink on the page. */
export function darkPixels(image: GrayImage): number {
  let dark = 0;
  for (const pixel of image.pixels) if (pixel < 128) dark++;
  return dark;
}

/**
 * The bars of a chart drawn in `level` (±12): for each run of adjacent pixel columns holding a vertical
 * stretch of that gray at least `minHeight` tall, its left edge and the stretch's height in pixels.
 * Text never holds such a stretch of one flat gray; a bar does.
 */
export function grayBars(image: GrayImage, level: number, minHeight: number): { readonly x: number; readonly height: number }[] {
  const tallest: number[] = [];
  for (let x = 0; x < image.width; x++) {
    let best = 0;
    let current = 0;
    for (let y = 0; y < image.height; y++) {
      const pixel = image.pixels[y * image.width + x] ?? 255;
      current = Math.abs(pixel - level) <= 12 ? current + 1 : 0;
      best = Math.max(best, current);
    }
    tallest.push(best >= minHeight ? best : 0);
  }
  const bars: { x: number; height: number }[] = [];
  tallest.forEach((height, x) => {
    if (height === 0) return;
    const last = bars.at(-1);
    if (last !== undefined && tallest[x - 1] !== 0 && x > 0) last.height = Math.max(last.height, height);
    else bars.push({ x, height });
  });
  return bars;
}
