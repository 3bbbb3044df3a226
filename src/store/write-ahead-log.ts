import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The table's write-ahead log (`<db>-wal`), read as SQLite's file format gives it, before SQLite reads it
 * (D49). Every committed transaction is first a run of frames there (each a page of the database), the
 * last one marked as the commit, until a checkpoint copies them into the database. When SQLite opens a
 * database after its process ended, it reads the frames in order and stops at the first one whose
 * checksum fails or whose salts are not the header's, and drops that one and every frame after it —
 * without a word. A bit gone bad in one frame so made 52 committed rows disappear from a table, and the
 * shorter log still verified. Here the frames after a bad one are read on: a committed transaction after
 * the one the bad frame is in proves that one was committed too (each commit waits for its frames to be on
 * disk, synchronous=FULL, before the next begins), so its loss is damage, not a write cut off.
 *
 * The format (sqlite.org/fileformat2.html#walformat): a 32-byte header — magic 0x377f0682 or 0x377f0683
 * (its last bit: the checksums read the file's words big-endian), version 3007000, page size, checkpoint
 * number, two salts, a checksum over the 24 bytes before it; then frames of a 24-byte header — the page's
 * number, the database's size in pages for a commit frame (0 otherwise), the header's two salts, a
 * checksum — and the page. A frame's checksum goes on from the one before (the header's for the first),
 * over the frame header's first 8 bytes and its page. Frames from before the log last began again carry
 * older salts: they were copied into the database already.
 */

/** What SQLite would drop of a damaged write-ahead log, read before it opens it. */
export type WalDamage = {
  /** The first frame SQLite would not take (1 for the first); 0 when the header is damaged, so it would take none. */
  readonly frame: number;
  /** The whole frames the file holds. */
  readonly frames: number;
  /** The transactions committed at or after that frame, which SQLite would drop: two or more. */
  readonly transactions: number;
};

const HEADER = 32;
const FRAME_HEADER = 24;
const MAGIC = 0x377f0682;
const VERSION = 3007000;
/** Frames read at a time: a log is read in a few large reads, not a read a frame. */
const FRAMES_PER_READ = 256;

/** Readings of a log a running table writes meanwhile, at most, before it is taken as sound. */
const READINGS = 5;

/**
 * Committed transactions SQLite would drop from the database's write-ahead log, or null: no log, a sound
 * one, or one whose damage lies in its last transaction only. That last case is also what a power cut in
 * the middle of a commit leaves (the frames reach the disk in any order until the commit's sync): SQLite
 * rightly drops the transaction, which was never acknowledged, and one file cannot tell it from damage to
 * the last acknowledged one — only a head kept elsewhere can.
 *
 * A running table may write the log while it is read (`felt verify` beside it): after the log began anew,
 * the reading can meet the writer's older frames ahead of it and then, further on, new frames it wrote
 * meanwhile — which looks like damage. So damage is said only when a second reading finds it at the same
 * frame under the same header: the writer writes its frames in order, so one it has gone past reads sound
 * the second time. Damage does not move.
 */
export function walDamage(databasePath: string): WalDamage | null {
  let file: number;
  try {
    file = openSync(`${databasePath}-wal`, 'r');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
  try {
    let before: { header: Buffer; frame: number } | null = null;
    for (let reading = 0; reading < READINGS; reading++) {
      const header = readAt(file, 0, HEADER);
      const damage = readFrames(file, header, databasePath);
      if (damage === null) return null;
      if (before !== null && before.header.equals(header) && before.frame === damage.frame) return damage;
      before = { header, frame: damage.frame };
    }
    return null;
  } finally {
    closeSync(file);
  }
}

function readFrames(file: number, header: Buffer, databasePath: string): WalDamage | null {
  if (header.length < HEADER) return null;
  const sound = (header.readUInt32BE(0) & 0xfffffffe) === MAGIC && header.readUInt32BE(4) === VERSION && validPageSize(header.readUInt32BE(8));
  const bigEndian = (header.readUInt32BE(0) & 1) === 1;
  // A damaged header may have lost its page size: the database's own header gives it.
  const pageSize = sound ? header.readUInt32BE(8) : databasePageSize(databasePath);
  if (pageSize === null) return null;
  const frameSize = FRAME_HEADER + pageSize;
  const frames = Math.floor((fstatSync(file).size - HEADER) / frameSize);
  if (frames <= 0) return null;
  const checksum = new Uint32Array(2);
  addToChecksum(checksum, header, 0, 24, bigEndian);
  const headerChecks = sound && checksum[0] === header.readUInt32BE(24) && checksum[1] === header.readUInt32BE(28);
  // SQLite takes no frame of a log whose header is damaged. Whose salts are current then: the first frame's.
  let salts: Buffer | null = headerChecks ? header.subarray(16, 24) : null;
  let firstBad = headerChecks ? 0 : 1;
  let commitsAfter = 0;
  for (let first = 0; first < frames; first += FRAMES_PER_READ) {
    const count = Math.min(FRAMES_PER_READ, frames - first);
    const chunk = readAt(file, HEADER + first * frameSize, count * frameSize);
    for (let index = 0; index < count; index++) {
      const frame = first + index + 1;
      const at = index * frameSize;
      salts ??= chunk.subarray(at + 8, at + 16);
      const current = chunk.subarray(at + 8, at + 16).equals(salts);
      if (firstBad === 0) {
        addToChecksum(checksum, chunk, at, 8, bigEndian);
        addToChecksum(checksum, chunk, at + FRAME_HEADER, pageSize, bigEndian);
        const good = current && chunk.readUInt32BE(at) !== 0 && checksum[0] === chunk.readUInt32BE(at + 16) && checksum[1] === chunk.readUInt32BE(at + 20);
        if (good) continue;
        firstBad = frame;
      }
      // From the first bad frame on, SQLite reads nothing: count the commits it would drop.
      if (current && chunk.readUInt32BE(at + 4) !== 0) commitsAfter++;
    }
  }
  return commitsAfter >= 2 ? { frame: headerChecks ? firstBad : 0, frames, transactions: commitsAfter } : null;
}

/** Whether this machine reads words big-endian: a log written in its order is summed as whole words, at once. */
const BIG_ENDIAN_MACHINE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 0;

/**
 * SQLite's WAL checksum, `checksum` taken on over `length` bytes at `start`: two 32-bit sums over pairs of
 * words, the first going into the second. In the machine's own order (a log written here) the words are
 * read as an array: a 4 MB log in a few milliseconds, even before the code is warm.
 */
function addToChecksum(checksum: Uint32Array, bytes: Buffer, start: number, length: number, bigEndian: boolean): void {
  let s1 = checksum[0] as number;
  let s2 = checksum[1] as number;
  if (bigEndian === BIG_ENDIAN_MACHINE && (bytes.byteOffset + start) % 4 === 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset + start, length >>> 2);
    for (let index = 0; index < words.length; index += 2) {
      s1 = (s1 + (words[index] as number) + s2) >>> 0;
      s2 = (s2 + (words[index + 1] as number) + s1) >>> 0;
    }
  } else {
    const words = new DataView(bytes.buffer, bytes.byteOffset + start, length);
    for (let offset = 0; offset < length; offset += 8) {
      s1 = (s1 + words.getUint32(offset, !bigEndian) + s2) >>> 0;
      s2 = (s2 + words.getUint32(offset + 4, !bigEndian) + s1) >>> 0;
    }
  }
  checksum[0] = s1;
  checksum[1] = s2;
}

function validPageSize(size: number): boolean {
  return size >= 512 && size <= 65536 && (size & (size - 1)) === 0;
}

/** The page size the database's own header gives (bytes 16–17; 1 means 65,536), or null. */
function databasePageSize(databasePath: string): number | null {
  let file: number;
  try {
    file = openSync(databasePath, 'r');
  } catch {
    return null;
  }
  try {
    const header = readAt(file, 0, 100);
    if (header.length < 100) return null;
    const size = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
    return validPageSize(size) ? size : null;
  } finally {
    closeSync(file);
  }
}

/** Up to `length` bytes at `position` (fewer at the file's end). */
function readAt(file: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const got = readSync(file, buffer, read, length - read, position + read);
    if (got === 0) break;
    read += got;
  }
  return buffer.subarray(0, read);
}
