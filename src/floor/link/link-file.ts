import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeSecretFile } from '../../api/data-folder.js';
import { FloorError } from '../floor-error.js';
import { tableId } from './wire.js';

/**
 * A table's link to its floor, kept beside its database (`<db>.floor.json`, its user's only, 0600): the
 * floor's address, the floor's certificate (pinned: its fingerprint was in the enrolment code), the table's
 * id and name at the floor, and its credential — its own, which appends its own rows and nothing else.
 * A table without the file has no floor, and works as it always did.
 */
export type FloorLinkFile = {
  readonly address: string;
  readonly fingerprint: string;
  readonly certificate: string;
  readonly table: { readonly id: string; readonly name: string };
  readonly credential: string;
};

const linkFile = z
  .object({
    address: z.string(),
    fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
    certificate: z.string().startsWith('-----BEGIN CERTIFICATE-----'),
    table: z.object({ id: tableId, name: z.string().min(1).max(80) }).strict(),
    credential: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  })
  .strict();

export function linkFilePath(dbPath: string): string {
  return `${dbPath}.floor.json`;
}

/** The table's link, or null for a table with no floor; a file that is not a link is a `FloorError`. */
export function readLinkFile(dbPath: string): FloorLinkFile | null {
  const path = linkFilePath(dbPath);
  if (!existsSync(path)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    parsed = null;
  }
  const checked = linkFile.safeParse(parsed);
  if (!checked.success) throw new FloorError(`${path} is not a table's link to its floor (it was changed or cut): restore it from a backup, or move it away and enrol the table again`);
  return checked.data;
}

export function writeLinkFile(dbPath: string, link: FloorLinkFile): void {
  writeSecretFile(linkFilePath(dbPath), `${JSON.stringify(link, null, 2)}\n`);
}
