import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { checkStretch, type Finding, type Reading, type StretchEnd, type StretchStart } from './verify-log.js';

/**
 * A long log checked in stretches at once (D83), one per processor (four at most): the first in this
 * thread, the others in threads of their own, each from a snapshot to the next stretch's snapshot. A
 * stretch stands on the snapshot it starts at; the stretch before ends there and checks that snapshot —
 * the table, the chain's hash and the facts' cursor — against its replay, so when every stretch passes,
 * and each starts as the one before ended, the whole log has. Anything else (a finding, an error, a thread
 * that does not start) gives null: the caller checks the log in one stretch, which says what is wrong
 * where a check in one stretch would. The caller's check is synchronous: this thread waits on a shared
 * count, and takes the threads' messages from their ports.
 */

/** Below this many rows, one stretch (a thread costs tens of milliseconds to start). */
export const THREADS_FROM = 200_000;

/** The worker's bundled file (dist/verify-worker.js, beside the bundle or the chunk this runs from); null where there is none (the tests run the sources). */
export function workerFile(): URL | null {
  for (const candidate of ['./verify-worker.js', '../verify-worker.js']) {
    const url = new URL(candidate, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return url;
  }
  return null;
}

export type ThreadOptions = { readonly threads?: number; readonly from?: number; readonly worker?: URL | null };

export function checkInThreads(db: Database.Database, path: string, start: StretchStart, end: number, expectHead: string | undefined, reading: Reading, options: ThreadOptions = {}): StretchEnd | null {
  const worker = options.worker === undefined ? workerFile() : options.worker;
  const threads = Math.min(options.threads ?? availableParallelism(), 4);
  if (worker === null || threads < 2 || end - start.row < (options.from ?? THREADS_FROM)) return null;
  const snapshots = db.prepare("SELECT seq FROM snapshot WHERE seq > ? AND seq < ? AND facts != 'null' ORDER BY seq").pluck().all(start.row, end) as number[];
  const bounds = [start.row];
  for (let share = 1; share < threads; share++) {
    const target = start.row + ((end - start.row) * share) / threads;
    const cut = snapshots.find((row) => row >= target && row > (bounds.at(-1) as number));
    if (cut !== undefined) bounds.push(cut);
  }
  bounds.push(end);
  if (bounds.length < 3) return null;
  const signal = new SharedArrayBuffer(4);
  const done = new Int32Array(signal);
  const started: { worker: Worker; port: MessagePort }[] = [];
  try {
    for (let index = 1; index < bounds.length - 1; index++) {
      const channel = new MessageChannel();
      const task = { path, after: bounds[index], last: bounds[index + 1], expectHead, signal, port: channel.port2 };
      started.push({ worker: new Worker(worker, { workerData: task, transferList: [channel.port2] }), port: channel.port1 });
    }
    const first = checkStretch(db, start, bounds[1] as number, expectHead, reading);
    while (Atomics.load(done, 0) < started.length) Atomics.wait(done, 0, Atomics.load(done, 0), 1000);
    if (!('hash' in first)) return null;
    const ends: StretchEnd[] = [first];
    for (const { port } of started) {
      const message = receiveMessageOnPort(port)?.message as { checked?: StretchEnd | Finding; keptBefore?: boolean } | undefined;
      const checked = message?.checked;
      if (checked === undefined || !('hash' in checked) || message?.keptBefore !== (ends.at(-1) as StretchEnd).keptBefore) return null;
      ends.push(checked);
    }
    return joined(ends);
  } finally {
    for (const { worker: thread, port } of started) {
      port.close();
      void thread.terminate();
    }
  }
}

/** The stretches as one: the last one's end, the hands of all, the first anchor, the last snapshot checked (its hands counted from the first stretch). */
function joined(ends: readonly StretchEnd[]): StretchEnd {
  let hands = 0;
  let anchorRow: number | null = null;
  let lastSnapshot: StretchEnd['lastSnapshot'] = null;
  for (const end of ends) {
    if (end.lastSnapshot !== null) lastSnapshot = { ...end.lastSnapshot, hands: hands + end.lastSnapshot.hands };
    hands += end.hands;
    anchorRow ??= end.anchorRow;
  }
  return { ...(ends.at(-1) as StretchEnd), hands, anchorRow, lastSnapshot };
}
