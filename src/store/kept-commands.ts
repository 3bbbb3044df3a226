import type { TableLogEntry } from '../engine/table/table-operations.js';
import { canonicalJson } from './canonical-json.js';

/**
 * The command kept beside the log (`command.command`, the command as it was sent) read against the rows it
 * made (D50): a command of the kind those rows record, naming what they name — the seat, the amount, the
 * card, the words, who decided, when. Not the command applied again: the rules change from version to
 * version, and a table's commands would stop verifying at the next change of a rule; what a command
 * names, and which operation records it, stays.
 *
 * Each command: the operations that may record it (the first of them in its rows is its record), and its
 * fields with the record's field each must equal (text trimmed, as the table keeps it). A field the command
 * leaves out (an optional seat: the player to act) is not compared. Left out: a setup's configuration,
 * which the table keeps completed and checked (`table-configured`), not as sent.
 */
const RECORDS: Readonly<Record<string, { readonly by: readonly string[]; readonly fields: Readonly<Record<string, string>> }>> = {
  sit: { by: ['seated'], fields: { seat: 'seat', name: 'name', buyIn: 'stack', at: 'at' } },
  'top-up': { by: ['topped-up'], fields: { seat: 'seat', amount: 'amount', at: 'at' } },
  'sit-out': { by: ['sat-out'], fields: { seat: 'seat' } },
  'come-back': { by: ['came-back'], fields: { seat: 'seat' } },
  post: { by: ['will-post'], fields: { seat: 'seat' } },
  leave: { by: ['left'], fields: { seat: 'seat', at: 'at' } },
  draw: { by: ['button-card'], fields: { seat: 'seat', card: 'card' } },
  'start-hand': { by: ['hand-positions'], fields: { at: 'at' } },
  misdeal: { by: ['hand-voided'], fields: { reason: 'reason', by: 'by', at: 'at' } },
  'dealer-change': { by: ['dealer-on-duty'], fields: { number: 'number', name: 'name', at: 'at' } },
  'device-incident': { by: ['device-incident'], fields: { device: 'device', kind: 'kind', incident: 'incident', words: 'words', technical: 'technical', at: 'at' } },
  'card-refused': { by: ['card-refused'], fields: { source: 'source', at: 'at' } },
  'lift-lockout': { by: ['lockout-lifted'], fields: { gate: 'gate', by: 'by', at: 'at' } },
  'software-start': { by: ['software-started'], fields: { version: 'version', build: 'build', at: 'at' } },
  // Written by the store, not sent to the table: a manager's erasure of a player's name (D102).
  'erase-player': { by: ['player-erased'], fields: { player: 'player', by: 'by', at: 'at' } },
  // Written by the store: a manager's move of an older table's names out of its rows (D113).
  'move-names': { by: ['names-moved'], fields: { by: 'by', at: 'at' } },
  'history-viewed': { by: ['hand-history-viewed'], fields: { hand: 'hand', handNumber: 'handNumber', by: 'by', at: 'at' } },
  'stop-card-entry': { by: ['card-entry-stopped'], fields: { command: 'command', card: 'card', report: 'report', at: 'at' } },
  'resume-card-entry': { by: ['card-entry-resumed'], fields: { take: 'taken', by: 'by', at: 'at' } },
  ruling: { by: ['ruling'], fields: { text: 'text', by: 'by', at: 'at' } },
  configure: { by: ['table-configured'], fields: { by: 'by', at: 'at' } },
  undo: { by: ['step-undone'], fields: { reason: 'reason', by: 'by', at: 'at' } },
  'adjust-stack': { by: ['stack-adjusted'], fields: { seat: 'seat', amount: 'amount', reason: 'reason', by: 'by', at: 'at' } },
  'waive-time': { by: ['time-waived'], fields: { seat: 'seat', amount: 'amount', reason: 'reason', by: 'by', at: 'at' } },
  fold: { by: ['fold'], fields: { seat: 'seat' } },
  check: { by: ['check'], fields: { seat: 'seat' } },
  call: { by: ['call'], fields: { seat: 'seat' } },
  bet: { by: ['bet'], fields: { seat: 'seat', to: 'to' } },
  // An all-in for no more than the bet to call is a call.
  'all-in': { by: ['bet', 'call'], fields: { seat: 'seat' } },
  deal: { by: ['deal'], fields: { card: 'card', to: 'to' } },
  exposed: { by: ['card-exposed'], fields: { seat: 'seat', card: 'card' } },
  premature: { by: ['premature-card'], fields: { card: 'card', to: 'to' } },
  'redeal-flop': { by: ['cards-returned'], fields: {} },
  show: { by: ['show'], fields: { seat: 'seat' } },
  muck: { by: ['muck'], fields: { seat: 'seat' } },
};

/**
 * Why `text`, kept for a command, is not the command its rows record — or null when it is. An empty text
 * is a command kept without its words (the table's opening, rows from before commands were kept): the
 * caller decides where that may be.
 */
export function keptCommandProblem(text: string, rows: readonly TableLogEntry[]): string | null {
  let command: unknown;
  try {
    command = JSON.parse(text);
  } catch {
    return 'is not JSON';
  }
  if (command === null || typeof command !== 'object' || Array.isArray(command)) return 'is not a command';
  const sent = command as Record<string, unknown>;
  const kind = RECORDS[String(sent.type)];
  if (typeof sent.type !== 'string' || kind === undefined) return `is no command Felt knows ('${String(sent.type)}')`;
  const record = rows.find((row) => kind.by.includes(row.type)) as Record<string, unknown> | undefined;
  if (record === undefined) return `is a '${sent.type}', which its rows do not record (they hold ${[...new Set(rows.map((row) => row.type))].join(', ')})`;
  for (const [field, recorded] of Object.entries(kind.fields)) {
    const value = sent[field];
    if (value === undefined || same(value, record[recorded])) continue;
    return `names ${field} ${canonicalJson(value)}, but its rows record ${canonicalJson(record[recorded] ?? null)}`;
  }
  // A show names the cards dealt unread (D39): each is among the cards shown.
  if (sent.type === 'show' && Array.isArray(sent.cards) && !sent.cards.every((card) => (record.cards as unknown[]).includes(card))) return `shows ${canonicalJson(sent.cards)}, but its rows show ${canonicalJson(record.cards)}`;
  return null;
}

/** A command's field and its record's: text as the table keeps it (without the spaces around it); a card's place or an incident's words, as JSON. */
function same(sent: unknown, recorded: unknown): boolean {
  if (typeof sent === 'string') return sent.trim() === recorded;
  if (sent === null || typeof sent !== 'object') return sent === recorded;
  return canonicalJson(sent) === canonicalJson(recorded);
}
