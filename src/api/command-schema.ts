import { z } from 'zod';
import type { TimedCommand } from '../controller/table-controller.js';
import type { WireCommand } from './requests.js';
import { MAX_CHIPS } from '../engine/table/table.js';
import { MAX_RETURN_WITHIN_MINUTES } from '../engine/table/departures.js';
import { MAX_PREMATURE_PER_STREET } from '../engine/table/table-config.js';

/**
 * The table commands as they may arrive from the touchscreen, a browser or the network: checked for shape
 * here, at the boundary, so that a malformed message gets an error naming the field and never reaches
 * the engine. The rules themselves (whose turn, how much) are the engine's. Times are not taken from a
 * sender: the controller's clock supplies them (a sent `at` is refused, so nobody can back-date a return).
 */
const seat = z.number().int().min(1).max(14);
const chips = z.number().int().min(-MAX_CHIPS).max(MAX_CHIPS);
const card = z.number().int().min(0).max(51);
const text = z.string().min(1).max(200);
/** Who approved a floor command: from the floor session when it comes over the protocol (protocol.ts). */
const by = text.optional();

const amount = z.number().int().min(0).max(MAX_CHIPS);
const range = z.object({ min: amount, max: amount }).strict();
const uncapped = z.enum(['two-players-left', 'round-began-heads-up', 'never']);
const betsPerRound = z.number().int().min(1).max(20);

/** A cash table's setup as the floor sends it; the engine then checks it as a whole (settleTableConfig). */
const tableConfig = z
  .object({
    hand: z
      .object({
        structure: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('no-limit') }).strict(),
          z.object({ kind: z.literal('pot-limit') }).strict(),
          z.object({ kind: z.literal('fixed-limit'), smallBet: amount, bigBet: amount, maxBetsPerRound: betsPerRound, uncapped }).strict(),
          z.object({ kind: z.literal('spread-limit'), lower: range, higher: range, maxBetsPerRound: betsPerRound, uncapped }).strict(),
        ]),
        smallBlind: amount,
        bigBlind: amount,
        ante: amount,
        bigBlindAnte: amount,
        straddle: amount,
        chipUnit: z.number().int().min(1).max(MAX_CHIPS),
        burnBeforeHoleCards: z.boolean(),
        burnBeforeBoard: z.boolean(),
        prematureCards: z.enum(['restore-order', 'scramble']),
        rake: z.object({ basisPoints: z.number().int().min(0).max(10_000), cap: amount, noFlopNoDrop: z.boolean() }).strict().nullable(),
      })
      .strict(),
    seatCount: z.number().int().min(2).max(14),
    maxPlayers: z.number().int().min(2).max(14),
    buyIn: range,
    button: z.enum(['dead', 'moving']),
    newPlayers: z.enum(['post-or-wait', 'post']),
    timeCollection: z.object({ amount, everyMinutes: z.number().int().min(1).max(1440), sittingOutPays: z.boolean(), courtesyHands: z.number().int().min(0).max(1000) }).strict().nullable(),
    returnWithinMinutes: z.number().int().min(0).max(MAX_RETURN_WITHIN_MINUTES),
    tournament: z.null(),
    prematurePerStreet: z.number().int().min(0).max(MAX_PREMATURE_PER_STREET).optional(),
  })
  .strict();

export const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sit'), seat, name: text, buyIn: chips }).strict(),
  z.object({ type: z.literal('top-up'), seat, amount: chips }).strict(),
  z.object({ type: z.literal('sit-out'), seat }).strict(),
  z.object({ type: z.literal('come-back'), seat }).strict(),
  z.object({ type: z.literal('post'), seat }).strict(),
  z.object({ type: z.literal('leave'), seat }).strict(),
  z.object({ type: z.literal('draw'), seat, card }).strict(),
  z.object({ type: z.literal('start-hand') }).strict(),
  z
    .object({
      type: z.literal('misdeal'),
      reason: z.enum(['first-cards-exposed', 'cards-exposed', 'seat-dealt-wrongly', 'seat-skipped', 'wrong-card-count', 'button-out-of-position', 'fouled-deck']),
      by,
    })
    .strict(),
  z.object({ type: z.literal('ruling'), text, by }).strict(),
  z.object({ type: z.literal('adjust-stack'), seat, amount: chips, reason: text, by }).strict(),
  z.object({ type: z.literal('waive-time'), seat, amount: chips, reason: text, by }).strict(),
  z.object({ type: z.literal('undo'), reason: text, by }).strict(),
  z.object({ type: z.literal('configure'), config: tableConfig, by }).strict(),
  z.object({ type: z.literal('resume-card-entry'), take: z.boolean(), by }).strict(),
  z.object({ type: z.literal('deal'), card: card.nullable(), to: z.union([z.literal('burn'), z.literal('board'), z.object({ seat }).strict()]).optional() }).strict(),
  z.object({ type: z.literal('exposed'), card: card.optional(), seat: seat.optional() }).strict(),
  z.object({ type: z.literal('premature'), card: card.nullable(), to: z.enum(['burn', 'board']) }).strict(),
  z.object({ type: z.literal('redeal-flop') }).strict(),
  z.object({ type: z.literal('fold'), seat: seat.optional() }).strict(),
  z.object({ type: z.literal('check'), seat: seat.optional() }).strict(),
  z.object({ type: z.literal('call'), seat: seat.optional() }).strict(),
  z.object({ type: z.literal('bet'), seat: seat.optional(), to: chips }).strict(),
  z.object({ type: z.literal('all-in'), seat: seat.optional() }).strict(),
  z.object({ type: z.literal('show'), seat: seat.optional(), cards: z.array(card).max(2).optional() }).strict(),
  z.object({ type: z.literal('muck'), seat: seat.optional() }).strict(),
]);

/** A command as checked: a floor command may still lack its `by`, which the floor session supplies. */
export type CheckedCommand = WireCommand | TimedCommand;

/** Checks a command from outside; the words name the first thing wrong ("command.seat: …"). */
export function parseCommand(value: unknown): { ok: true; command: CheckedCommand } | { ok: false; problem: string } {
  const result = commandSchema.safeParse(value);
  if (result.success) return { ok: true, command: result.data as CheckedCommand };
  const issue = result.error.issues[0];
  const path = ['command', ...(issue?.path ?? []).map(String)].join('.');
  return { ok: false, problem: `${path}: ${issue?.message ?? 'not a command'}` };
}
