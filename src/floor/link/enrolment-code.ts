import { z } from 'zod';
import { FloorError } from '../floor-error.js';

/**
 * The one-time enrolment code `felt floor enrol` prints and `felt start --floor CODE` takes: the floor's
 * address, its certificate's SHA-256 fingerprint (pinned from then on) and a one-time secret (and, for a
 * PC that replaces a table's dead one, the table's id: D99), as
 * `felt-floor-1.` and base64url JSON — one word a supervisor can paste, or keep in a file.
 */
export type EnrolmentCode = { readonly address: string; readonly fingerprint: string; readonly secret: string; readonly replaces?: string };

const PREFIX = 'felt-floor-1.';

const code = z
  .object({
    address: z.string().max(300),
    fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
    secret: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    // A replacement code (D99): the id of the table whose PC the new one replaces.
    replaces: z.string().regex(/^t-[0-9a-f]{12}$/).optional(),
  })
  .strict();

export function formatEnrolmentCode(value: EnrolmentCode): string {
  const replaces = value.replaces === undefined ? {} : { replaces: value.replaces };
  return PREFIX + Buffer.from(JSON.stringify({ address: value.address, fingerprint: value.fingerprint, secret: value.secret, ...replaces })).toString('base64url');
}

/** The code read back, or a `FloorError` that says what is wrong with it (never which part of a secret). */
export function parseEnrolmentCode(text: string): EnrolmentCode {
  const word = text.trim();
  if (!word.startsWith(PREFIX)) throw new FloorError(`this is not a floor's enrolment code (it begins with ${PREFIX}, as felt floor enrol prints it)`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(word.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const checked = code.safeParse(parsed);
  if (!checked.success) throw new FloorError('the enrolment code is damaged (was it copied whole?): ask the floor for a new one with felt floor enrol');
  floorAddress(checked.data.address);
  const { replaces, ...rest } = checked.data;
  return replaces === undefined ? rest : { ...rest, replaces };
}

/** The floor's address as a URL (https, a host and a port), or a `FloorError`. */
export function floorAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FloorError(`'${address}' is not a floor's address (https://HOST:PORT)`);
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.pathname !== '/' || url.search !== '' || url.username !== '') throw new FloorError(`'${address}' is not a floor's address (https://HOST:PORT)`);
  return url;
}

/** A certificate's SHA-256 fingerprint as Node gives it (`AB:CD:…`), as the code and the link file keep it: 64 lower-case hex digits. */
export function fingerprintHex(fingerprint256: string): string {
  return fingerprint256.replaceAll(':', '').toLowerCase();
}
