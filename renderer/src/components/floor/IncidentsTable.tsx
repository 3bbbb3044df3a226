import type { Incident } from '../../../../src/reports/incidents';
import { DICTIONARIES, type Lang } from '../../i18n';

type Props = {
  readonly incidents: readonly Incident[];
  readonly lang: Lang;
  /** A moment's time of day as the screen around it writes times. */
  readonly timeOf: (at: number) => string;
  /** The table's look: the reports dialog's at the table, the floor's grid on the floor's page. */
  readonly className: string;
  readonly testId?: string;
  /** Each row's test id (and data attributes) as the screen's tests find it. */
  readonly rowProps: (incident: Incident) => Readonly<Record<`data-${string}`, string | number>>;
};

/** The incidents report's rows, in the columns and words of the table's own report: at the table and on the floor's page. */
export function IncidentsTable({ incidents, lang, timeOf, className, testId, rowProps }: Props) {
  const t = DICTIONARIES[lang];
  return (
    <table className={className} data-testid={testId}>
      <thead>
        <tr>
          <th>{t.rowColumn}</th>
          <th>{t.timeOfDayColumn}</th>
          <th>{t.handColumn}</th>
          <th>{t.kindColumn}</th>
          <th>{t.whoColumn}</th>
          <th>{t.whatColumn}</th>
        </tr>
      </thead>
      <tbody>
        {incidents.map((incident) => (
          <tr key={incident.row} {...rowProps(incident)}>
            <td>{incident.row}</td>
            <td>{incident.at === null ? t.none : timeOf(incident.at)}</td>
            <td>{incident.hand === null ? t.none : incident.afterHand ? t.afterHand(incident.hand) : incident.hand}</td>
            <td>{t.incidentKinds[incident.kind]}</td>
            <td>{incident.who[lang]}</td>
            <td>{incident.words[lang]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
