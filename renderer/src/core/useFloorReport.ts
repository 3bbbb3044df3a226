import { useCallback, useRef, useState } from 'react';
import type { FloorReport, ReportKind } from '../../../src/reports/floor-report';
import { useCore } from './core-context';
import { download, fromBase64 } from './download';
import type { Notice } from './useTable';

export type FloorReports = {
  /** The report shown (its tab). */
  readonly kind: ReportKind;
  /** The last answer for `kind`, or null while none came (or it was refused). */
  readonly report: FloorReport | null;
  /** The core's refusal (e.g. `floor-locked`, when the floor session locked meanwhile), or null. */
  readonly problem: Notice | null;
  readonly loading: boolean;
  /** The period: the last so many hours by the table's clock (a shift), or null for the whole log. */
  readonly hours: number | null;
  /** Shows a report: asks the core for it afresh. */
  show(kind: ReportKind): void;
  /** Another period for the report shown (its count, if any, goes: it was for the period before). */
  period(hours: number | null): void;
  /** The cash flow again, with the croupier's count of the chips on the table. */
  count(counted: number): void;
  /** The report shown as a PDF in `lang`, saved by the browser (a download). */
  pdf(lang: 'en' | 'de'): Promise<void>;
};

/**
 * The floor's reports (`floor-report`), asked for when a tab is shown, never in an effect: one request per
 * tap. An answer that comes after a later request was sent is dropped, so a slow reply cannot show one
 * tab's numbers under another's.
 */
export function useFloorReport(): FloorReports {
  const core = useCore();
  const [kind, setKind] = useState<ReportKind>('session');
  const [report, setReport] = useState<FloorReport | null>(null);
  const [problem, setProblem] = useState<Notice | null>(null);
  const [loading, setLoading] = useState(false);
  const [hours, setHours] = useState<number | null>(null);
  const latest = useRef(0);

  const ask = useCallback(
    (next: ReportKind, counted: number | null, within: number | null) => {
      const id = ++latest.current;
      setKind(next);
      setHours(within);
      setProblem(null);
      setLoading(true);
      if (counted === null) setReport(null);
      void core.request('floor-report', { kind: next, ...(counted === null ? {} : { count: counted }), ...(within === null ? {} : { hours: within }) }).then((reply) => {
        if (id !== latest.current) return;
        setLoading(false);
        if (reply.ok) setReport(reply.result);
        else {
          setReport(null);
          setProblem({ words: reply.error.words, code: reply.error.code });
        }
      });
    },
    [core],
  );

  const show = useCallback((next: ReportKind) => ask(next, null, hours), [ask, hours]);
  const period = useCallback((within: number | null) => ask(kind, null, within), [ask, kind]);
  const count = useCallback((counted: number) => ask('cashflow', counted, hours), [ask, hours]);

  const pdf = useCallback(
    async (lang: 'en' | 'de') => {
      const counted = report?.kind === 'cashflow' ? (report.count?.counted ?? null) : null;
      const reply = await core.request('floor-report-pdf', { kind, lang, ...(counted === null ? {} : { count: counted }), ...(hours === null ? {} : { hours }) });
      if (!reply.ok) {
        setProblem({ words: reply.error.words, code: reply.error.code });
        return;
      }
      download(reply.result.fileName, fromBase64(reply.result.base64), 'application/pdf');
    },
    [core, kind, report, hours],
  );

  return { kind, report, problem, loading, hours, show, period, count, pdf };
}
