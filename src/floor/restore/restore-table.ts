import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Words } from '../../evaluator/words.js';
import { realFile, Store } from '../../store/store.js';
import { RestoredLog, settleForMove } from '../../store/restored-log.js';
import { PersistenceError } from '../../store/persistence-error.js';
import { verifyDatabase } from '../../store/verify.js';
import { checkpointFile } from '../../store/checkpoint.js';
import { FloorError } from '../floor-error.js';
import type { EnrolmentCode } from '../link/enrolment-code.js';
import { FloorClient, FloorRefused, FloorUnreachable, fetchPinnedCertificate } from '../link/floor-client.js';
import { type FloorLinkFile, linkFilePath, readLinkFile, writeLinkFile } from '../link/link-file.js';
import type { Head } from '../link/wire.js';
import { keepFloorStaff } from '../staff/table-copy.js';

/** What a replacement brought back: the table, its log's rows and head, what was lost with the old PC, and the staff copy. */
export type Restored = { readonly link: FloorLinkFile; readonly rows: number; readonly head: Head; readonly lost: Words | null; readonly staff: boolean };

/** The file a replacement builds the table's database in, beside where it goes: renamed into place only when whole and verified. */
export function restoringPath(dbPath: string): string {
  return `${dbPath}.restoring`;
}

/**
 * A new PC takes over a table whose PC died, from the floor's copy of its log (D99), with a replacement
 * code (`felt floor enrol --replaces TABLE`) at `felt start --db NEW.db --floor CODE`:
 *
 * 1. the floor's certificate checked against the code's fingerprint before anything is sent (D74);
 * 2. the table's rows read back a page at a time with the code's secret and written into a new database
 *    beside `dbPath` (`<db>.restoring`) through the store's own path (`RestoredLog`), each row checked as
 *    it comes — every hash the one the table wrote;
 * 3. the store opens it once (the report facts derived), `verifyDatabase` checks it whole (chain, replay,
 *    chips, facts), and its head must be the floor's head the first page gave: then every row is the
 *    floor's, row for row;
 * 4. only then the table is taken over at the floor (`POST /v1/replace`, with that head: the code is spent,
 *    the old PC's credential revoked), the link file written, and the database renamed into place; the
 *    floor's staff directory is fetched as the table's copy.
 *
 * Anything that fails before step 4 leaves nothing behind (the file removed) and the code unspent: the same
 * code is tried again. `dbPath` must not exist: a replacement starts on a new database. Only settled hands
 * are at the floor (D73): a hand in play when the old PC died is lost with it, and the table goes on from
 * the last hand the floor holds (`lost` says so where the floor knows it).
 */
export async function replaceTable(dbPath: string, code: EnrolmentCode & { readonly replaces: string }, progress?: (words: string) => void, { pageRows = null }: { readonly pageRows?: number | null } = {}): Promise<Restored> {
  const existing = readLinkFile(dbPath);
  if (existing !== null) throw new FloorError(`this table is enrolled already, as '${existing.table.name}' at ${existing.address} (${linkFilePath(dbPath)}): a replacement starts on a new database`);
  if (existsSync(dbPath)) throw new FloorError(`${dbPath} exists: a replacement PC starts on a new database, which it fills with the table's log from the floor — give another --db, or move ${dbPath} away`);
  const building = restoringPath(dbPath);
  // What an earlier try left (a download cut, the PC switched off): never part of a table, made anew.
  removeDatabase(building);
  const certificate = await fetchPinnedCertificate(code.address, code.fingerprint);
  const client = new FloorClient(code.address, code.fingerprint, certificate, null);
  try {
    const first = await retried(() => client.restorePage(code.secret, 0, null, pageRows));
    if (first.table.id !== code.replaces) throw new FloorError(`the floor answered with table ${first.table.id}, the code replaces ${code.replaces}: the code is not this floor's`);
    const target = first.head;
    let log: RestoredLog | null = RestoredLog.create(building);
    let head: Head;
    try {
      let page = first;
      let done = 0;
      for (;;) {
        log.add(page.rows);
        done += page.rows.length;
        const last = page.rows.at(-1)?.seq ?? done;
        if (last >= target.seq) break;
        if (page.rows.length === 0) throw new FloorError(`the floor sent no rows after row ${last}, though it holds this table's log up to row ${target.seq}`);
        progress?.(`read ${done.toLocaleString('en')} of ${target.seq.toLocaleString('en')} rows of '${first.table.name}' from the floor`);
        page = await retried(() => client.restorePage(code.secret, last, target.seq, pageRows));
      }
      head = log.finish();
      log = null;
    } finally {
      log?.abandon();
    }
    if (head.seq !== target.seq || head.hash !== target.hash) throw new FloorError(`the rows read back end at row ${head.seq}, not at the floor's head (row ${target.seq}): try again`);
    // Opened once by the store (its report facts derived, D93), then verified whole.
    Store.open(building).close();
    const verified = verifyDatabase(building);
    // The opening's lock and verify's checkpoint are the file's under its building name: not the table's.
    rmSync(`${realFile(building)}.lock`, { force: true });
    rmSync(checkpointFile(realFile(building)), { force: true });
    // One file again (verify's reading left the write-ahead log's files beside it): a rename moves it whole.
    settleForMove(building);
    if (!verified.ok) throw new FloorError(`the table's log read back from the floor does not verify at row ${verified.row}: ${verified.problem} — call the floor (felt verify --floor at the floor names what is wrong)`);
    if (verified.head !== target.hash || verified.rows !== target.seq) throw new FloorError(`the table's log read back verifies, but ends at another row than the floor's head (row ${target.seq}): try again`);
    // Taken over: the code spent, the old PC's credential revoked. Its answer lost on the way is asked again (the same credential).
    const credential = randomBytes(32).toString('base64url');
    const answer = await retried(() => client.takeOver(code.secret, credential, target));
    const link: FloorLinkFile = { address: code.address, fingerprint: code.fingerprint, certificate, table: answer.table, credential };
    // The link before the log: a PC switched off between the two has a link and no log, which the next
    // start refuses (the floor holds rows the table does not); never a log without its link, which would
    // play as a table of no floor.
    writeLinkFile(dbPath, link);
    try {
      renameSync(building, dbPath);
    } catch (error) {
      // Nothing half-made here: the floor has the table taken over, so a new code is needed (the old one is spent).
      rmSync(linkFilePath(dbPath), { force: true });
      throw new FloorError(`the table's log could not be put in place as ${dbPath} (${(error as Error).message}): ask the floor for a new replacement code, and start again`, { cause: error });
    }
    let staff = false;
    const linked = new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential });
    try {
      staff = keepFloorStaff(dbPath, await linked.staff(), Date.now());
    } catch {
      // The staff come with the link's next contact (every 30 s, D91): the table is whole without them now.
    } finally {
      linked.close();
    }
    return { link, rows: target.seq, head: target, lost: first.lost, staff };
  } catch (error) {
    removeDatabase(building);
    if (error instanceof FloorRefused) throw new FloorError(`the floor refused the replacement: ${error.words.en}`, { cause: error });
    if (error instanceof PersistenceError) throw new FloorError(`the table's log from the floor cannot be written here: ${error.message}`, { cause: error });
    throw error;
  } finally {
    client.close();
  }
}

/** Tries of a request whose answer does not come (the floor out of reach, the answer lost). */
const ATTEMPTS = 4;

async function retried<T>(request: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof FloorUnreachable) || attempt === ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

function removeDatabase(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`, `${path}.lock`, `${resolve(path)}.lock`, checkpointFile(resolve(path))]) rmSync(file, { force: true });
}
