import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { FloorError } from '../floor-error.js';
import { parseEnrolmentCode } from './enrolment-code.js';
import { movedBeforeEnrolment } from './names-move.js';
import { FloorClient, FloorRefused, FloorUnreachable, fetchPinnedCertificate } from './floor-client.js';
import { type FloorLinkFile, linkFilePath, readLinkFile, writeLinkFile } from './link-file.js';
import type { Restored } from '../restore/restore-table.js';

/**
 * Enrols the table whose database is `dbPath` at the floor of an enrolment code (`felt start --floor`):
 * the floor's certificate fetched and checked against the code's fingerprint before the secret is sent,
 * the secret redeemed for the table's own credential, and the link kept beside the database (0600). A
 * table enrolled already keeps its link: enrolling it again is refused, so a stray code cannot move a
 * table to another floor.
 */
export async function enrolTable(dbPath: string, codeText: string): Promise<FloorLinkFile> {
  const existing = readLinkFile(dbPath);
  if (existing !== null) throw new FloorError(`this table is enrolled already, as '${existing.table.name}' at ${existing.address} (${linkFilePath(dbPath)}): start it without --floor; to enrol it anew, move that file away first`);
  const moved = movedBeforeEnrolment(dbPath);
  if (moved !== null) throw new FloorError(moved);
  const code = parseEnrolmentCode(codeText);
  const certificate = await fetchPinnedCertificate(code.address, code.fingerprint);
  const client = new FloorClient(code.address, code.fingerprint, certificate, null);
  // The table's credential is its own, made here: an answer lost on the way is asked for again with the
  // same secret and credential, and the floor answers it again (the code is spent only once).
  const credential = randomBytes(32).toString('base64url');
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await client.enrol(code.secret, credential);
        const link: FloorLinkFile = { address: code.address, fingerprint: code.fingerprint, certificate, table: answer.table, credential };
        writeLinkFile(dbPath, link);
        return link;
      } catch (error) {
        if (error instanceof FloorRefused) throw new FloorError(`the floor refused the enrolment: ${error.words.en}`, { cause: error });
        if (!(error instanceof FloorUnreachable) || attempt === ENROL_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  } finally {
    client.close();
  }
}

/** Tries of an enrolment whose answer does not come (the floor out of reach, the answer lost). */
const ENROL_ATTEMPTS = 4;

/**
 * `felt start --floor CODE|FILE`: the code itself, or a file that holds it (a code on the command line is
 * seen in the process list until it is used; a file need not be). Words for the start's output, or the
 * problem in words (a code that is wrong, used or expired; a floor out of reach; a table enrolled already).
 */
export async function enrolFromStart(dbPath: string, given: string, progress?: (words: string) => void): Promise<{ words: string } | { problem: string }> {
  let code = given;
  if (!given.startsWith('felt-floor-')) {
    try {
      code = readFileSync(given, 'utf8');
    } catch (error) {
      return { problem: `--floor: '${given}' is neither an enrolment code (felt-floor-1.…) nor a file that holds one (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
    }
  }
  try {
    const parsed = parseEnrolmentCode(code);
    if (parsed.replaces !== undefined) {
      // A replacement code (D99): the table's log back from the floor, verified, and the table taken over.
      const { replaceTable } = await import('../restore/restore-table.js');
      const restored = await replaceTable(dbPath, { ...parsed, replaces: parsed.replaces }, progress);
      return { words: replacedWords(dbPath, restored) };
    }
    const link = await enrolTable(dbPath, code);
    return { words: `Enrolled at the floor ${link.address} as '${link.table.name}' (${link.table.id}); the table's link is kept in ${linkFilePath(dbPath)}` };
  } catch (error) {
    if (error instanceof FloorError) return { problem: error.message };
    throw error;
  }
}

/** What the start says of a table taken over from the floor: where its log ends, what was lost, what did not come. */
function replacedWords(dbPath: string, restored: Restored): string {
  const lines = [
    `This PC replaces '${restored.link.table.name}' (${restored.link.table.id}) at the floor ${restored.link.address}: the table's log, ${restored.rows.toLocaleString('en')} rows read back from the floor's copy and verified, is in ${dbPath} (head ${restored.head.hash.slice(0, 16)}…); the old PC's credential is revoked, and this one's kept in ${linkFilePath(dbPath)}.`,
    restored.lost === null ? 'The floor holds every hand the old PC told it of: the table goes on from its last settled hand.' : `Lost with the old PC: ${restored.lost.en}.`,
    restored.staff ? "The floor's staff directory is the table's staff." : "The floor's staff directory comes with the link's first contact (the floor has none yet, or did not answer).",
    'Not at the floor: the hardware configuration (<db>.hardware.json) — copy it from the old PC\'s backup, or set the devices up again (felt devices).',
  ];
  return lines.join('\n');
}
