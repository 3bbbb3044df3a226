import { useEffect, useState } from 'react';
import type { Words } from '../../../src/evaluator/words';
import { IncidentsTable } from '../components/floor/IncidentsTable';
import { DICTIONARIES, type Lang } from '../i18n';
import { readTableIncidents, type TableIncidents as Found } from './report-api';
import { timeOfDay } from './words';

const WORDS = {
  en: { title: 'Incidents', facts: (rows: string, by: string) => `The table's own incidents report over its ${rows} rows at the floor (facts: ${by})` },
  de: { title: 'Vorfälle', facts: (rows: string, by: string) => `Der Vorfallsbericht des Tisches über seine ${rows} Zeilen am Floor (Fakten: ${by})` },
} as const;

/**
 * A table's incidents on the floor's screen, beside its hands: the table's own incidents report over its rows
 * at the floor (D92), in the columns and words the table's reports dialog shows them, newest last.
 */
export function TableIncidents({ lang, token, table }: { readonly lang: Lang; readonly token: string; readonly table: string }) {
  const t = DICTIONARIES[lang];
  const words = WORDS[lang];
  const [found, setFound] = useState<Found | null>(null);
  const [problem, setProblem] = useState<Words | null>(null);
  useEffect(() => {
    void readTableIncidents(token, table).then((answer) => {
      if (answer.ok) {
        setFound(answer.value);
        setProblem(null);
      } else setProblem(answer.words);
    });
  }, [token, table]);
  return (
    <section data-testid="table-incidents">
      <h3>{words.title}</h3>
      {problem !== null && (
        <p className="floor-error" role="alert">
          {problem[lang]}
        </p>
      )}
      {found !== null && (
        <>
          <p data-testid="table-incidents-facts">{words.facts(found.upToRow.toLocaleString(lang === 'de' ? 'de-DE' : 'en-US'), found.derivedBy)}</p>
          {found.incidents.length === 0 ? (
            <p>{t.noIncidents}</p>
          ) : (
            <IncidentsTable incidents={found.incidents} lang={lang} timeOf={(at) => timeOfDay(lang, new Date(at).toISOString())} className="floor-grid" rowProps={(incident) => ({ 'data-testid': 'table-incident', 'data-row': incident.row })} />
          )}
        </>
      )}
    </section>
  );
}
