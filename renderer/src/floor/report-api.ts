import type { Words } from '../../../src/evaluator/words';
import type { Answer, ReportAsked } from './floor-api';
import type { Lang } from '../i18n';
import type { Incident } from '../../../src/reports/incidents';

const UNREACHABLE: Words = { en: 'The floor does not answer.', de: 'Der Floor antwortet nicht.' };

/** A room report as PDF (D96, the tables' printed layout) in the screen's language: its bytes, or the floor's words. */
export async function readReportPdf(token: string, asked: ReportAsked, lang: Lang): Promise<Answer<ArrayBuffer>> {
  const query = new URLSearchParams({ kind: asked.kind, format: 'pdf', lang, ...(asked.from === null ? {} : { from: String(asked.from) }), ...(asked.to === null ? {} : { to: String(asked.to) }) });
  try {
    const response = await fetch(`/v1/floor/report?${query.toString()}`, { headers: { authorization: `Bearer session.${token}` }, cache: 'no-store' });
    if (response.ok) return { ok: true, value: await response.arrayBuffer() };
    const error = ((await response.json().catch(() => null)) as { error?: Words } | null)?.error;
    return { ok: false, status: response.status, words: error ?? UNREACHABLE };
  } catch {
    return { ok: false, status: 0, words: UNREACHABLE };
  }
}

/** A table's incidents at the floor: the table's own incidents report over its rows there (D92), how far they reach and which derivation made its facts (D97). */
export type TableIncidents = { readonly upToRow: number; readonly derivedBy: string; readonly incidents: readonly Incident[] };

export async function readTableIncidents(token: string, table: string): Promise<Answer<TableIncidents>> {
  try {
    const response = await fetch(`/v1/floor/incidents?${new URLSearchParams({ table }).toString()}`, { headers: { authorization: `Bearer session.${token}` }, cache: 'no-store' });
    const json = (await response.json().catch(() => null)) as (TableIncidents & { error?: Words }) | null;
    if (response.ok && json !== null) return { ok: true, value: json };
    return { ok: false, status: response.status, words: json?.error ?? UNREACHABLE };
  } catch {
    return { ok: false, status: 0, words: UNREACHABLE };
  }
}
