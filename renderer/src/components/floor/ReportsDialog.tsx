import { type ReactNode, useState } from 'react';
import type { FloorReport, ReportKind } from '../../../../src/reports/floor-report';
import type { FloorReports } from '../../core/useFloorReport';
import { type Lang, useLanguage } from '../../i18n';
import { Keypad, digitsOnly } from '../controls/Keypad';
import { Modal } from '../dialogs/Modal';
import { IncidentsTable } from './IncidentsTable';

const KINDS: readonly ReportKind[] = ['session', 'collections', 'cashflow', 'incidents'];
/** A tournament's standings are offered at a tournament's table only. */
const TOURNAMENT_KINDS: readonly ReportKind[] = [...KINDS, 'standings'];

/** The periods the screen offers: the whole log, a shift, a day (hours back from now). */
const PERIODS: readonly (number | null)[] = [null, 8, 24];

type Props = {
  readonly reports: FloorReports;
  /** The table is a tournament's: its standings are offered. */
  readonly tournament: boolean;
  readonly onClose: () => void;
  /** The floor session locked meanwhile (`floor-locked`): open the floor's PIN pad. */
  readonly onUnlock: () => void;
};

/** A whole number of chips as typed, or null: digits only, at most nine of them (as the keypad allows). */
export function countOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number.parseInt(trimmed, 10) : null;
}

/** Numbers as the rest of the screen and the PDF show them: digits grouped (1,240 / 1.240), the language's decimal sign. */
function numbers(lang: Lang) {
  const plain = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 });
  const signed = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  return { num: (n: number) => plain.format(n), signed: (n: number) => signed.format(n) };
}

/** A moment's time of day on this screen's clock. */
function timeOfDay(lang: Lang, at: number): string {
  return new Date(at).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
}

/** A moment on this screen's clock: its time of day, with its date when that is not today ("the last 24 hours" begin yesterday). */
function momentOf(lang: Lang, at: number): string {
  const moment = new Date(at);
  if (moment.toDateString() === new Date().toDateString()) return timeOfDay(lang, at);
  return moment.toLocaleString(lang, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** This screen's time zone, as the language abbreviates it ("UTC", "CET", "MEZ"), or null if it has no name. */
function zoneName(lang: Lang): string | null {
  return new Intl.DateTimeFormat(lang, { timeZoneName: 'short' }).formatToParts(Date.now()).find((part) => part.type === 'timeZoneName')?.value ?? null;
}

/** A report's clock hour (`2026-11-29T18:00Z`, UTC) as the hour it starts on this screen's clock. */
function hourLabel(lang: Lang, hour: string): string {
  const at = Date.parse(hour);
  return Number.isNaN(at) ? hour : timeOfDay(lang, at);
}

type Bar = { readonly key: string; readonly label: string; readonly value: number };

/** Bars in plain CSS: each with its number above and its label below, heights relative to the largest. */
function BarChart({ testId, title, bars, format }: { readonly testId: string; readonly title: string; readonly bars: readonly Bar[]; readonly format: (n: number) => string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure className="bar-chart" data-testid={testId} aria-label={title}>
      <figcaption className="report-heading">{title}</figcaption>
      <div className="bar-chart-bars">
        {bars.map((bar) => (
          <div className="bar-chart-column" key={bar.key} data-testid={`${testId}-bar`}>
            <span className="bar-chart-value">{format(bar.value)}</span>
            <div className="bar-chart-track">
              <div className="bar-chart-bar" style={{ height: `${(bar.value * 100) / max}%` }} />
            </div>
            <span className="bar-chart-label">{bar.label}</span>
          </div>
        ))}
      </div>
    </figure>
  );
}

/** Label and value pairs; each value with `stat-<key>` for the tests. */
function Stats({ rows }: { readonly rows: readonly (readonly [key: string, label: string, value: ReactNode, alert?: boolean])[] }) {
  return (
    <dl className="report-stats">
      {rows.map(([key, label, value, alert = false]) => (
        <div className={`report-stat${alert ? ' report-alert' : ''}`} key={key}>
          <dt>{label}</dt>
          <dd data-testid={`stat-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The floor's reports in tabs (a tournament's standings at its table); each tab asks the core for its report when shown. */
export function ReportsDialog({ reports, tournament, onClose, onUnlock }: Props) {
  const { lang, t, words } = useLanguage();
  const { num, signed } = numbers(lang);
  const [countText, setCountText] = useState('');
  const [countProblem, setCountProblem] = useState(false);
  const { kind, report, problem, loading } = reports;

  const applyCount = () => {
    const counted = countOf(countText);
    setCountProblem(counted === null);
    if (counted !== null) reports.count(counted);
  };
  // A point or a comma is refused as it is typed (a count is whole chips), and the last result goes with it.
  const typeCount = (text: string) => {
    setCountText(text);
    setCountProblem(!digitsOnly(text.trim()));
  };

  const body = (shown: FloorReport): ReactNode => {
    switch (shown.kind) {
      case 'session':
        return (
          <>
            <Stats
              rows={[
                ['handsPlayed', t.handsPlayed, num(shown.handsPlayed)],
                ['handsVoided', t.handsVoided, num(shown.handsVoided)],
                ['averagePot', t.averagePot, num(shown.averagePot)],
                ['largestPot', t.largestPot, shown.largestPot === null ? t.none : t.largestPotOf(num(shown.largestPot.amount), shown.largestPot.hand)],
                ['playersPerHand', t.playersPerHand, num(shown.playersPerHand.average)],
                ['rake', t.rake, num(shown.rake)],
                ['firstHand', t.firstHand, shown.time.first === null ? t.none : timeOfDay(lang, shown.time.first)],
                ['lastHand', t.lastHand, shown.time.last === null ? t.none : timeOfDay(lang, shown.time.last)],
                ['handsPerHour', t.handsPerHour, shown.time.handsPerHour === null ? t.none : num(shown.time.handsPerHour)],
              ]}
            />
            {shown.time.untimed > 0 && <p className="hint">{t.untimedHands(shown.time.untimed)}</p>}
            <BarChart testId="chart-hands-per-hour" title={t.handsByHour} format={num} bars={shown.time.byHour.map(({ hour, hands }) => ({ key: hour, label: hourLabel(lang, hour), value: hands }))} />
            <BarChart testId="chart-seated-per-hour" title={t.seatedByHour} format={num} bars={shown.time.byHour.map(({ hour, seated }) => ({ key: hour, label: hourLabel(lang, hour), value: seated }))} />
            <table className="report-table" data-testid="session-by-dealer">
              <caption className="report-heading">{t.byDealer}</caption>
              <thead>
                <tr>
                  <th>{t.dealerColumn}</th>
                  <th>{t.shiftsColumn}</th>
                  <th>{t.handsColumn}</th>
                  <th>{t.minutesColumn}</th>
                  <th>{t.perHourColumn}</th>
                </tr>
              </thead>
              <tbody>
                {shown.dealers.map((dealer) => (
                  <tr key={dealer.number ?? ''}>
                    <td>{dealer.number === null ? t.noDealerRecorded : `${dealer.name ?? ''} #${dealer.number}`}</td>
                    <td className="number">{num(dealer.shifts)}</td>
                    <td className="number">{num(dealer.hands)}</td>
                    <td className="number">{num(dealer.minutes)}</td>
                    <td className="number">{dealer.handsPerHour === null ? t.none : num(dealer.handsPerHour)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        );
      case 'collections':
        return (
          <>
            <Stats
              rows={[
                ['timeCollected', t.timeCollected, num(shown.time.total)],
                ['rakeTotal', t.rakeTotal, num(shown.rake.total)],
              ]}
            />
            {shown.time.untimed > 0 && <p className="hint">{t.untimedCollected(num(shown.time.untimed))}</p>}
            <BarChart testId="chart-collections" title={t.timeByHour} format={num} bars={shown.time.byHour.map(({ hour, amount }) => ({ key: hour, label: hourLabel(lang, hour), value: amount }))} />
            <div className="report-columns">
              <table className="report-table" data-testid="collections-by-seat">
                <caption className="report-heading">{t.timeBySeat}</caption>
                <thead>
                  <tr>
                    <th>{t.seatColumn}</th>
                    <th>{t.amountColumn}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.time.bySeat.length === 0 && (
                    <tr>
                      <td colSpan={2}>{t.nothingCollected}</td>
                    </tr>
                  )}
                  {shown.time.bySeat.map(({ seat, amount }) => (
                    <tr key={seat}>
                      <td>{seat}</td>
                      <td className="number">{num(amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <table className="report-table" data-testid="collections-rake-by-hand">
                <caption className="report-heading">{t.rakeByHand}</caption>
                <thead>
                  <tr>
                    <th>{t.handColumn}</th>
                    <th>{t.amountColumn}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.rake.byHand.length === 0 && (
                    <tr>
                      <td colSpan={2}>{t.noRake}</td>
                    </tr>
                  )}
                  {shown.rake.byHand.map(({ hand, amount }, index) => (
                    // A misdealt hand and its redeal share a number: the index keeps the keys apart.
                    <tr key={`${hand}-${index}`}>
                      <td>{hand}</td>
                      <td className="number">{num(amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <table className="report-table" data-testid="collections-by-shift">
              <caption className="report-heading">{t.byShift}</caption>
              <thead>
                <tr>
                  <th>{t.dealerColumn}</th>
                  <th>{t.fromColumn}</th>
                  <th>{t.toColumn}</th>
                  <th>{t.handsColumn}</th>
                  <th>{t.timeColumn}</th>
                  <th>{t.rakeColumn}</th>
                </tr>
              </thead>
              <tbody>
                {shown.shifts.map((shift, index) => (
                  <tr key={index}>
                    <td>{shift.number === null ? t.noDealerRecorded : `${shift.name ?? ''} #${shift.number}`}</td>
                    <td>{shift.from === null ? t.none : timeOfDay(lang, shift.from)}</td>
                    <td>{shift.to === null ? t.none : timeOfDay(lang, shift.to)}</td>
                    <td className="number">{num(shift.hands)}</td>
                    <td className="number">{num(shift.timeCollected)}</td>
                    <td className="number">{num(shift.rake)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        );
      case 'cashflow': {
        const { totals, count } = shown;
        // Time left unpaid gets a column only when someone left owing time (D41).
        const unpaid = shown.stays.some((stay) => stay.timeUnpaid > 0);
        return (
          <>
            <table className="report-table" data-testid="cashflow-stays">
              <caption className="report-heading">{t.staysByArrival}</caption>
              <thead>
                <tr>
                  <th>{t.seatColumn}</th>
                  <th>{t.nameColumn}</th>
                  <th>{t.buyIn}</th>
                  <th>{t.topUps}</th>
                  <th>{t.cashOut}</th>
                  <th>{t.timeColumn}</th>
                  <th>{t.corrections}</th>
                  {unpaid && <th>{t.unpaidColumn}</th>}
                </tr>
              </thead>
              <tbody>
                {shown.stays.length === 0 && (
                  <tr>
                    <td colSpan={unpaid ? 8 : 7}>{t.noStays}</td>
                  </tr>
                )}
                {shown.stays.map((stay, index) => (
                  // The same seat can have several stays, even of the same name.
                  <tr key={`${stay.seat}-${index}`} data-testid={`stay-${index}`}>
                    <td>{stay.seat}</td>
                    <td>{t.playerName(stay)}</td>
                    <td className="number">{stay.seatedBefore ? t.seatedBefore : num(stay.buyIn)}</td>
                    <td className="number">{num(stay.topUps)}</td>
                    <td className="number">{stay.cashOut === null ? t.stillSeated : num(stay.cashOut)}</td>
                    <td className="number">{num(stay.timeCollected)}</td>
                    <td className="number">{signed(stay.adjustments)}</td>
                    {unpaid && <td className="number">{num(stay.timeUnpaid)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
            <h3 className="report-heading">{t.totals}</h3>
            {/* The count beside the totals: the whole cash flow fits a 1280×800 screen without scrolling. */}
            <div className="report-cash">
              <Stats
                rows={[
                  ...(totals.opening === 0 ? [] : [['opening', t.opening, num(totals.opening)] as const]),
                  ['buyIns', t.buyIns, num(totals.buyIns)],
                  ['topUps', t.topUps, num(totals.topUps)],
                  ['cashOuts', t.cashOuts, num(totals.cashOuts)],
                  ['timeCollected', t.timeCollected, num(totals.timeCollected)],
                  ['rake', t.rake, num(totals.rake)],
                  ['corrections', t.corrections, signed(totals.adjustments)],
                  ['expected', t.expectedOnTable, num(totals.expected)],
                  ['onTable', t.chipsOnTable, totals.onTable === null ? t.none : num(totals.onTable)],
                  ['unexplained', t.unexplained, totals.unexplained === null ? t.none : signed(totals.unexplained), totals.unexplained !== null && totals.unexplained !== 0],
                  // A debt, not chips: shown only when someone left owing time (D41).
                  ...(totals.timeUnpaid === 0 ? [] : [['timeUnpaid', t.timeUnpaid, num(totals.timeUnpaid), true] as const]),
                  ...(count === null
                    ? []
                    : [
                        ['counted', t.counted, num(count.counted)] as const,
                        ['difference', t.difference, signed(count.difference), count.difference !== 0] as const,
                      ]),
                ]}
              />
              <div className="report-count dialog-columns">
                <div className="dialog-amount">
                  <label className="field">
                    <span className="field-label">{t.countLabel}</span>
                    <input className="field-input" data-testid="report-count-input" type="text" inputMode="numeric" autoComplete="off" value={countText} onChange={(event) => typeCount(event.target.value)} />
                  </label>
                  {countProblem && (
                    <p className="inline-error" role="alert" data-testid="report-count-error">
                      {t.countInvalid}
                    </p>
                  )}
                  <button type="button" className="button action" data-testid="report-count-apply" disabled={loading || countProblem} onClick={applyCount}>
                    {t.countApply}
                  </button>
                </div>
                <Keypad value={countText} onChange={typeCount} />
              </div>
            </div>
          </>
        );
      }
      case 'standings':
        if (!shown.tournament) return <p className="hint hint-large">{t.notATournament}</p>;
        return (
          <>
            <p className="report-heading" data-testid="standings-state">
              {shown.winner === null ? t.levelNow(shown.level ?? 1) : t.wonBy(shown.places[0] === undefined ? shown.winner : t.playerName(shown.places[0]))}
            </p>
            <table className="report-table" data-testid="standings-places">
              <caption className="report-heading">{t.places}</caption>
              <thead>
                <tr>
                  <th>{t.placeColumn}</th>
                  <th>{t.nameColumn}</th>
                  <th>{t.seatColumn}</th>
                </tr>
              </thead>
              <tbody>
                {shown.places.length === 0 && (
                  <tr>
                    <td colSpan={3}>{t.noPlaces}</td>
                  </tr>
                )}
                {shown.places.map((place) => (
                  <tr key={`${place.place}-${place.name}`} data-testid={`place-${place.place}-${place.seat ?? 0}`}>
                    <td className="number">{place.place}</td>
                    <td>{t.playerName(place)}</td>
                    <td>{place.seat ?? t.none}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {shown.winner === null && (
              <table className="report-table" data-testid="standings-playing">
                <caption className="report-heading">{t.stillIn}</caption>
                <thead>
                  <tr>
                    <th>{t.seatColumn}</th>
                    <th>{t.nameColumn}</th>
                    <th>{t.chipsColumn}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.playing.map((player) => (
                    <tr key={player.seat}>
                      <td>{player.seat}</td>
                      <td>{t.playerName(player)}</td>
                      <td className="number">{num(player.chips)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        );
      case 'incidents':
        return shown.incidents.length === 0 ? (
          <p className="hint hint-large">{t.noIncidents}</p>
        ) : (
          <IncidentsTable incidents={shown.incidents} lang={lang} timeOf={(at) => timeOfDay(lang, at)} className="report-table" testId="incidents-list" rowProps={(incident) => ({ 'data-testid': `incident-${incident.row}` })} />
        );
    }
  };

  return (
    <Modal
      testId="reports-dialog"
      title={t.reportsTitle}
      onClose={onClose}
      aside={
        // The printed reports give UTC; the screen, its own clock: said once, by the title, where no long report pushes it out of sight.
        <p className="hint report-clock" data-testid="report-clock">
          {report !== null && report.window.from !== null && `${t.reportFrom(momentOf(lang, report.window.from))} · `}
          {t.reportClock(zoneName(lang))}
        </p>
      }
    >
      <div className="report-top">
        <div className="choice-row" role="tablist">
          {(tournament ? TOURNAMENT_KINDS : KINDS).map((option) => (
            <button
              type="button"
              role="tab"
              key={option}
              className={`button button-small${kind === option ? ' button-on' : ''}`}
              aria-selected={kind === option}
              data-testid={`reports-tab-${option}`}
              onClick={() => reports.show(option)}
            >
              {t.reportTabs[option]}
            </button>
          ))}
          <button type="button" className="button button-small report-pdf" data-testid="report-pdf" disabled={report === null || report.kind !== kind} onClick={() => void reports.pdf(lang)}>
            {t.reportPdf}
          </button>
        </div>
        {/* The period, by the table's clock: a shift on screen, as `felt report --from` gives any period. */}
        <div className="choice-row" role="group" aria-label={t.reportPeriod}>
          {PERIODS.map((hours) => (
            <button
              type="button"
              key={String(hours)}
              className={`button button-small${reports.hours === hours ? ' button-on' : ''}`}
              aria-pressed={reports.hours === hours}
              data-testid={`reports-period-${hours ?? 'all'}`}
              onClick={() => reports.period(hours)}
            >
              {hours === null ? t.reportWholeLog : t.reportLastHours(hours)}
            </button>
          ))}
        </div>
      </div>
      {problem !== null && (
        <div className="choice-row">
          <p className="inline-error" role="alert" data-testid="reports-error">
            {words(problem.words)}
          </p>
          {problem.code === 'floor-locked' && (
            <button type="button" className="button" data-testid="reports-unlock" onClick={onUnlock}>
              {t.reportsUnlock}
            </button>
          )}
        </div>
      )}
      <div className="report" role="tabpanel" data-testid={`report-${kind}`}>
        {report !== null && report.kind === kind ? body(report) : problem === null && <p className="hint hint-large">{t.loading}</p>}
      </div>
    </Modal>
  );
}
