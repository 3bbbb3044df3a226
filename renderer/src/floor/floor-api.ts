import type { Board } from '../../../src/floor/board';
import type { RoomReport } from '../../../src/floor/reports/room-report';
import type { FloorHandPage } from '../../../src/floor/reports/room-hands';
import type { ReplayStep } from '../../../src/store/hand-archive';
import type { Words } from '../../../src/evaluator/words';

/** A sign-in at the floor (src/floor/server/floor-sessions.ts): the token every request of this screen carries. */
export type FloorSignIn = { readonly token: string; readonly who: Words; readonly role: string; readonly expiresAt: string };

export type Answer<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly status: number; readonly words: Words };

const UNREACHABLE: Words = { en: 'The floor does not answer.', de: 'Der Floor antwortet nicht.' };

/** A request to the floor server this page came from (its own origin: the page's policy allows no other). */
async function call<T>(method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { ...(token === null ? {} : { authorization: `Bearer session.${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 0, words: UNREACHABLE };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // Not JSON: a proxy's page, say; the status says enough.
  }
  if (response.ok) return { ok: true, value: json as T };
  const error = (json as { error?: Words } | null)?.error;
  return { ok: false, status: response.status, words: error ?? UNREACHABLE };
}

export function signIn(staff: string, pin: string): Promise<Answer<FloorSignIn>> {
  return call('POST', '/v1/floor/sign-in', null, { staff, pin });
}

export function signOut(token: string): Promise<Answer<unknown>> {
  return call('POST', '/v1/floor/sign-out', token);
}

export function readBoard(token: string): Promise<Answer<Board>> {
  return call('GET', '/v1/board', token);
}

export type ReportAsked = { readonly kind: string; readonly from: number | null; readonly to: number | null };

function reportPath(asked: ReportAsked, format: 'json' | 'csv'): string {
  const query = new URLSearchParams({ kind: asked.kind, format, ...(asked.from === null ? {} : { from: String(asked.from) }), ...(asked.to === null ? {} : { to: String(asked.to) }) });
  return `/v1/floor/report?${query.toString()}`;
}

export function readReport(token: string, asked: ReportAsked): Promise<Answer<RoomReport>> {
  return call('GET', reportPath(asked, 'json'), token);
}

/** The same report as CSV text. */
export async function readReportCsv(token: string, asked: ReportAsked): Promise<Answer<string>> {
  try {
    const response = await fetch(reportPath(asked, 'csv'), { headers: { authorization: `Bearer session.${token}` }, cache: 'no-store' });
    if (response.ok) return { ok: true, value: await response.text() };
    const error = ((await response.json().catch(() => null)) as { error?: Words } | null)?.error;
    return { ok: false, status: response.status, words: error ?? UNREACHABLE };
  } catch {
    return { ok: false, status: 0, words: UNREACHABLE };
  }
}

export function readHands(token: string, table: string, before: number | null): Promise<Answer<FloorHandPage>> {
  return call('GET', `/v1/floor/hands?${new URLSearchParams({ table, ...(before === null ? {} : { before: String(before) }) }).toString()}`, token);
}

export function readHandReplay(token: string, table: string, seq: number): Promise<Answer<{ readonly handNumber: number; readonly steps: readonly ReplayStep[] }>> {
  return call('GET', `/v1/floor/replay?${new URLSearchParams({ table, seq: String(seq) }).toString()}`, token);
}
