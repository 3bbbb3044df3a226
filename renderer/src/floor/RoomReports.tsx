import { type FormEvent, useState } from 'react';
import type { Words } from '../../../src/evaluator/words';
import type { RoomReport, RoomReportKind } from '../../../src/floor/reports/room-report';
import { download } from '../core/download';
import type { Lang } from '../i18n';
import { readReport, readReportCsv } from './floor-api';
import { readReportPdf } from './report-api';
import { chips } from './words';

const KINDS: readonly RoomReportKind[] = ['session', 'collections', 'cashflow', 'incidents'];

const WORDS = {
  en: {
    kind: 'Report',
    kinds: { session: 'Hands and dealers', collections: 'Collections and rake', cashflow: 'Cash flow', incidents: 'Incidents' } satisfies Record<RoomReportKind, string>,
    from: 'From (UTC)',
    to: 'To (UTC, not included)',
    show: 'Show',
    csv: 'CSV',
    room: 'The room',
    handsPlayed: 'Hands played',
    handsVoided: 'Hands voided',
    pots: 'Pots awarded',
    rake: 'Rake',
    time: 'Time collected',
    incidents: 'Incidents',
    byHour: 'Per hour (UTC)',
    byDealer: 'Per dealer, across tables',
    table: 'Table',
    dealer: 'Dealer',
    tables: 'Tables',
    hands: 'Hands',
    minutes: 'Minutes',
    upTo: 'Rows at the floor',
    derivedBy: 'Facts derived by',
    buyIns: 'Buy-ins',
    cashOuts: 'Cash-outs',
    expected: 'Chips expected on the table',
    none: 'No dealer signed in',
  },
  de: {
    kind: 'Bericht',
    kinds: { session: 'Hände und Dealer', collections: 'Einnahmen und Rake', cashflow: 'Geldfluss', incidents: 'Vorfälle' } satisfies Record<RoomReportKind, string>,
    from: 'Von (UTC)',
    to: 'Bis (UTC, ausschließlich)',
    show: 'Anzeigen',
    csv: 'CSV',
    room: 'Der Saal',
    handsPlayed: 'Gespielte Hände',
    handsVoided: 'Ungültige Hände',
    pots: 'Ausgezahlte Pots',
    rake: 'Rake',
    time: 'Kassierte Zeit',
    incidents: 'Vorfälle',
    byHour: 'Pro Stunde (UTC)',
    byDealer: 'Pro Dealer, über alle Tische',
    table: 'Tisch',
    dealer: 'Dealer',
    tables: 'Tische',
    hands: 'Hände',
    minutes: 'Minuten',
    upTo: 'Zeilen am Floor',
    derivedBy: 'Fakten abgeleitet von',
    buyIns: 'Buy-ins',
    cashOuts: 'Auszahlungen',
    expected: 'Erwartete Chips am Tisch',
    none: 'Kein Dealer angemeldet',
  },
} as const;

/** A day typed in the form (`2026-11-29`) as ms since the epoch at midnight UTC, or null. */
function day(text: string): number | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : null;
}

/**
 * The room's reports on the floor's screen (D92): each table's own report and the room's totals, with the
 * hours as bars, and the same report as CSV. Amounts in chip units.
 */
export function RoomReports({ lang, token }: { readonly lang: Lang; readonly token: string }) {
  const words = WORDS[lang];
  const [kind, setKind] = useState<RoomReportKind>('collections');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [report, setReport] = useState<RoomReport | null>(null);
  const [problem, setProblem] = useState<Words | null>(null);
  const asked = { kind, from: day(from), to: day(to) };
  const show = (event: FormEvent): void => {
    event.preventDefault();
    void readReport(token, asked).then((answer) => {
      if (answer.ok) {
        setReport(answer.value);
        setProblem(null);
      } else setProblem(answer.words);
    });
  };
  const csv = (): void => {
    void readReportCsv(token, asked).then((answer) => {
      if (answer.ok) download(`room-${kind}.csv`, answer.value, 'text/csv');
      else setProblem(answer.words);
    });
  };
  const pdf = (): void => {
    void readReportPdf(token, asked, lang).then((answer) => {
      if (answer.ok) download(`room-${kind}-${lang}.pdf`, answer.value, 'application/pdf');
      else setProblem(answer.words);
    });
  };
  const most = report === null ? 0 : Math.max(1, ...report.totals.byHour.map((hour) => (kind === 'session' ? hour.hands : hour.rake + hour.timeCollected)));
  return (
    <main className="floor-board" data-testid="floor-reports">
      <form className="floor-report-form" onSubmit={show}>
        <label>
          {words.kind}
          <select data-testid="report-kind" value={kind} onChange={(event) => setKind(event.target.value as RoomReportKind)}>
            {KINDS.map((known) => (
              <option key={known} value={known}>
                {words.kinds[known]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {words.from}
          <input type="date" data-testid="report-from" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          {words.to}
          <input type="date" data-testid="report-to" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        <button type="submit" data-testid="report-show">
          {words.show}
        </button>
        <button type="button" data-testid="report-csv" onClick={csv}>
          {words.csv}
        </button>
        <button type="button" data-testid="report-pdf" onClick={pdf}>
          PDF
        </button>
      </form>
      {problem !== null && (
        <p className="floor-error" role="alert" data-testid="report-problem">
          {problem[lang]}
        </p>
      )}
      {report !== null && (
        <>
          <h2>{words.room}</h2>
          <dl className="floor-totals" data-testid="report-totals">
            {report.kind === 'session' && (
              <>
                <dt>{words.handsPlayed}</dt>
                <dd data-testid="total-hands">{chips(lang, report.totals.handsPlayed)}</dd>
                <dt>{words.handsVoided}</dt>
                <dd>{chips(lang, report.totals.handsVoided)}</dd>
                <dt>{words.pots}</dt>
                <dd>{chips(lang, report.totals.potTotal)}</dd>
              </>
            )}
            {(report.kind === 'session' || report.kind === 'collections') && (
              <>
                <dt>{words.rake}</dt>
                <dd data-testid="total-rake">{chips(lang, report.totals.rake)}</dd>
              </>
            )}
            {report.kind === 'collections' && (
              <>
                <dt>{words.time}</dt>
                <dd data-testid="total-time">{chips(lang, report.totals.timeCollected)}</dd>
              </>
            )}
            {report.kind === 'incidents' && (
              <>
                <dt>{words.incidents}</dt>
                <dd data-testid="total-incidents">{chips(lang, report.totals.incidents)}</dd>
              </>
            )}
          </dl>
          {report.totals.byHour.length > 0 && (
            <>
              <h3>{words.byHour}</h3>
              <ul className="floor-bars" data-testid="report-hours">
                {report.totals.byHour.map((hour) => {
                  const value = kind === 'session' ? hour.hands : hour.rake + hour.timeCollected;
                  return (
                    <li key={hour.hour}>
                      <span className="floor-bar-label">{hour.hour.slice(5, 16).replace('T', ' ')}</span>
                      <span className="floor-bar-track">
                        <span className="floor-bar-fill" style={{ width: `${Math.round((value / most) * 100)}%` }} />
                      </span>
                      <span>{chips(lang, value)}</span>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {report.totals.byDealer.length > 0 && (
            <>
              <h3>{words.byDealer}</h3>
              <table className="floor-grid" data-testid="report-dealers">
                <thead>
                  <tr>
                    <th>{words.dealer}</th>
                    <th>{words.tables}</th>
                    <th>{words.hands}</th>
                    {report.kind === 'session' ? <th>{words.minutes}</th> : <th>{words.rake}</th>}
                    {report.kind === 'collections' && <th>{words.time}</th>}
                  </tr>
                </thead>
                <tbody>
                  {report.totals.byDealer.map((dealer) => (
                    <tr key={dealer.number ?? ''}>
                      <td>{dealer.number === null ? words.none : `${dealer.name ?? ''} #${dealer.number}`}</td>
                      <td>{dealer.tables}</td>
                      <td>{chips(lang, dealer.hands)}</td>
                      <td>{report.kind === 'session' ? chips(lang, dealer.minutes) : chips(lang, dealer.rake)}</td>
                      {report.kind === 'collections' && <td>{chips(lang, dealer.timeCollected)}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
          <table className="floor-grid" data-testid="report-tables">
            <thead>
              <tr>
                <th>{words.table}</th>
                <th>{words.upTo}</th>
                {report.kind === 'session' && <th>{words.handsPlayed}</th>}
                {(report.kind === 'session' || report.kind === 'collections' || report.kind === 'cashflow') && <th>{words.rake}</th>}
                {(report.kind === 'collections' || report.kind === 'cashflow') && <th>{words.time}</th>}
                {report.kind === 'cashflow' && (
                  <>
                    <th>{words.buyIns}</th>
                    <th>{words.cashOuts}</th>
                    <th>{words.expected}</th>
                  </>
                )}
                {report.kind === 'incidents' && <th>{words.incidents}</th>}
                <th>{words.derivedBy}</th>
              </tr>
            </thead>
            <tbody>
              {report.tables.map(({ id, name, upToRow, derivedBy, report: own }) => (
                <tr key={id} data-testid="report-table" data-table={name}>
                  <td>{name}</td>
                  <td>{chips(lang, upToRow)}</td>
                  {own.kind === 'session' && (
                    <>
                      <td>{chips(lang, own.handsPlayed)}</td>
                      <td>{chips(lang, own.rake)}</td>
                    </>
                  )}
                  {own.kind === 'collections' && (
                    <>
                      <td>{chips(lang, own.rake)}</td>
                      <td>{chips(lang, own.timeCollected)}</td>
                    </>
                  )}
                  {own.kind === 'cashflow' && (
                    <>
                      <td>{chips(lang, own.totals.rake)}</td>
                      <td>{chips(lang, own.totals.timeCollected)}</td>
                      <td>{chips(lang, own.totals.buyIns + own.totals.topUps)}</td>
                      <td>{chips(lang, own.totals.cashOuts)}</td>
                      <td>{chips(lang, own.totals.expected)}</td>
                    </>
                  )}
                  {own.kind === 'incidents' && <td>{chips(lang, own.incidents.length)}</td>}
                  <td data-testid="report-derived-by">{derivedBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </main>
  );
}
