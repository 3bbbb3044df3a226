import { z } from 'zod';
import type { Words } from '../../evaluator/words.js';
import { DEVICE_KINDS } from '../../engine/table/table-operations.js';

/**
 * What the table and the floor say to each other over the link (HTTPS, the floor's certificate pinned,
 * D74; the requests in docs/architecture.md, "The link's requests"), checked with zod where it arrives. The
 * rows are the table's log rows exactly as its store keeps them (src/store/store.ts `LogRow`): the floor
 * checks them with the table's own hash, so a row at the floor hashes to what the table's hashes.
 */
/** At most this many rows in a batch, and this many bytes in a request: a hand (a few dozen rows) always fits. */
export const MAX_BATCH_ROWS = 5_000;
export const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
/** A row's payload: far above any operation Felt writes (a table's configuration is the largest, a few KB). */
export const MAX_PAYLOAD_CHARS = 256 * 1024;

const hash = z.string().regex(/^[0-9a-f]{64}$/, 'a hash is 64 lower-case hex digits');

export const wireRow = z
  .object({
    seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    command_id: z.string().min(1).max(200),
    payload: z.string().min(2).max(MAX_PAYLOAD_CHARS),
    prev_hash: hash,
    hash,
  })
  .strict();
export type WireRow = z.infer<typeof wireRow>;

/** A table's id at the floor, given at its enrolment. */
export const tableId = z.string().regex(/^t-[0-9a-f]{12}$/, "a table's id is t- and 12 hex digits");

/** A batch of a table's rows, as the shipper sends it (as Felt's row lines, D117: `row-lines.ts`). */
export type RowBatch = { readonly table: string; readonly rows: readonly WireRow[] };

export type Head = { readonly seq: number; readonly hash: string };

/**
 * The floor's answer to a batch: stored (and where the floor's copy now ends); a gap (the batch begins
 * after the floor's head: send again from it); a fork (the floor holds another row at `seq`, or the batch
 * does not link to the floor's head — kept as an incident, never stored); refused (not a chain of Felt's
 * rows, or it ends inside a hand in play).
 */
export type ShipAnswer =
  | { readonly kind: 'stored'; readonly head: Head; readonly stored: number; readonly duplicates: number }
  | { readonly kind: 'gap'; readonly head: Head }
  | { readonly kind: 'fork'; readonly seq: number; readonly head: Head; readonly words: Words }
  | { readonly kind: 'refused'; readonly seq: number | null; readonly words: Words };

const secret = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a secret is 43 base64url characters');

/**
 * An enrolment: the code's one-time secret, and the credential the table made for itself (the floor keeps
 * its hash). Sent again with the same two — its answer was lost — it is answered again, not refused as used.
 */
export const enrolRequest = z.object({ secret, credential: secret }).strict();

export type EnrolAnswer = { readonly table: { readonly id: string; readonly name: string } };

const head = z.object({ seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), hash }).strict();

/**
 * A replacement PC takes over its table (D99): the code's one-time secret, the credential the new PC made,
 * and the head of the log it read back and verified — the floor's head must still be that one.
 */
export const takeOverRequest = z.object({ secret, credential: secret, head }).strict();
export type TakeOverRequest = z.infer<typeof takeOverRequest>;

/**
 * A page of a replaced table's log, read back with the replacement code (D99): the table, where the
 * floor's copy ends, what the floor knows was lost with the old PC (the first page only), and rows as the
 * table wrote them.
 */
export type RestorePage = {
  readonly table: { readonly id: string; readonly name: string };
  readonly head: Head;
  readonly lost: Words | null;
  readonly rows: readonly WireRow[];
};

export const restorePage = z
  .object({
    table: z.object({ id: tableId, name: z.string().min(1).max(80) }).strict(),
    head,
    lost: z.object({ en: z.string().max(2000), de: z.string().max(2000) }).strict().nullable(),
    rows: z.array(wireRow).max(MAX_BATCH_ROWS),
  })
  .strict();

/** An error from the floor: words for the table's screen, both languages. */
export type FloorRefusal = { readonly error: Words };

const words = z.object({ en: z.string().max(500), de: z.string().max(500) }).strict();
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A version or build as the table's log takes it (src/engine/table/table.ts: 1–64 printable characters, no space). */
const softwareWord = z.string().regex(/^[\x21-\x7e]{1,64}$/);

/**
 * What a table tells the floor board of itself (D89): sent when its view changes and every few seconds
 * (`BoardStatus`, made by `boardStatusOf` from the table's view model). It carries no card — not a hole
 * card, not the board — and nothing a player holds beyond the count of seats: the board shows the room.
 */
export const boardStatus = z
  .object({
    at: count,
    game: words,
    seats: z.object({ taken: z.number().int().min(0).max(20), count: z.number().int().min(1).max(20) }).strict(),
    handNumber: count,
    handInPlay: z.boolean(),
    pot: count,
    dealer: z.object({ number: z.string().max(20), name: z.string().max(80) }).strict().nullable(),
    devices: z
      .array(
        z
          .object({
            id: z.string().max(40),
            kind: z.enum(DEVICE_KINDS),
            state: z.enum(['connected', 'disconnected', 'fault']),
            words: words.nullable(),
            incident: z.enum(['device-fault', 'deck-check', 'irregularity', 'floor-call']).nullable(),
          })
          .strict(),
      )
      .max(20),
    time: z.object({ collectNow: count, owed: count }).strict(),
    // Which software runs the table (D87), as its log's last software-started row says.
    software: z.object({ version: softwareWord, build: softwareWord }).strict(),
  })
  .strict();
export type BoardStatus = z.infer<typeof boardStatus>;
