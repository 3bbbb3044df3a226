import { type MessagePort, workerData } from 'node:worker_threads';
import type { StretchTask } from './verify-log.js';

/**
 * A stretch of a table's log checked in a thread of its own (D83): the database opened read-only, the
 * stretch from the snapshot at `task.after` to `task.last`, and what it found — a stretch that passed (and
 * whether a command before it kept its words), a finding, or an error — posted on the task's port; then
 * the shared count the waiting check sleeps on goes up, whatever happened (its modules load inside the try).
 */
const task = workerData as StretchTask & { readonly port: MessagePort };
let message: unknown;
try {
  const { checkStretch, stretchStartAt } = await import('./verify-log.js');
  const { openToRead } = await import('./store.js');
  const db = openToRead(task.path);
  try {
    db.exec('BEGIN');
    const start = stretchStartAt(db, task.after);
    message = start === null ? { error: `no snapshot at row ${task.after}` } : { checked: checkStretch(db, start, task.last, task.expectHead, { what: 'its log', row: null }), keptBefore: start.keptBefore };
  } finally {
    db.close();
  }
} catch (error) {
  message = { error: (error as Error).message };
}
task.port.postMessage(message);
const done = new Int32Array(task.signal);
Atomics.add(done, 0, 1);
Atomics.notify(done, 0);
