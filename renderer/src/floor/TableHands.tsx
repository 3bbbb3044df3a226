import { useEffect, useState } from 'react';
import type { Words } from '../../../src/evaluator/words';
import type { FloorHand, FloorHandPage } from '../../../src/floor/reports/room-hands';
import type { ReplayStep } from '../../../src/store/hand-archive';
import { formatCard } from '../../../src/cards/notation';
import type { Lang } from '../i18n';
import { readHandReplay, readHands } from './floor-api';
import { chips, timeOfDay } from './words';
import { TableIncidents } from './TableIncidents';

const WORDS = {
  en: { title: (name: string) => `${name}: hands at the floor`, close: 'Back to the board', hand: 'Hand', at: 'Started', players: 'Players', awarded: 'Pots awarded', rake: 'Rake', voided: 'void', more: 'Older hands', none: 'No hand of this table is at the floor yet (a hand in play stays at its table until it ends).', back: 'Back to the list', board: 'Board' },
  de: { title: (name: string) => `${name}: Hände am Floor`, close: 'Zurück zur Übersicht', hand: 'Hand', at: 'Beginn', players: 'Spieler', awarded: 'Ausgezahlte Pots', rake: 'Rake', voided: 'ungültig', more: 'Ältere Hände', none: 'Von diesem Tisch ist noch keine Hand am Floor (eine laufende Hand bleibt am Tisch, bis sie endet).', back: 'Zurück zur Liste', board: 'Board' },
} as const;

/**
 * A table's hands on the floor's screen (D92): the list from the floor's facts, newest first, and a hand's
 * replay by the table's own replay — only hands that have ended are at the floor, and a hole card shows only
 * where it was tabled at the showdown.
 */
export function TableHands({ lang, token, table, close }: { readonly lang: Lang; readonly token: string; readonly table: { readonly id: string; readonly name: string }; readonly close: () => void }) {
  const words = WORDS[lang];
  const [hands, setHands] = useState<FloorHand[]>([]);
  const [more, setMore] = useState(false);
  const [problem, setProblem] = useState<Words | null>(null);
  const [replay, setReplay] = useState<{ readonly handNumber: number; readonly steps: readonly ReplayStep[] } | null>(null);
  const page = (before: number | null): void => {
    void readHands(token, table.id, before).then((answer) => {
      if (!answer.ok) return setProblem(answer.words);
      const got: FloorHandPage = answer.value;
      setHands((kept) => (before === null ? [...got.hands] : [...kept, ...got.hands]));
      setMore(got.more);
    });
  };
  // A new table: its newest hands.
  useEffect(() => page(null), [table.id]);
  const open = (hand: FloorHand): void => {
    void readHandReplay(token, table.id, hand.seq).then((answer) => (answer.ok ? setReplay(answer.value) : setProblem(answer.words)));
  };
  return (
    <main className="floor-board" data-testid="table-hands">
      <h2>{words.title(table.name)}</h2>
      <button type="button" data-testid="hands-close" onClick={close}>
        {words.close}
      </button>
      {problem !== null && (
        <p className="floor-error" role="alert">
          {problem[lang]}
        </p>
      )}
      {replay !== null ? (
        <>
          <h3>
            {words.hand} {replay.handNumber}
          </h3>
          <button type="button" data-testid="replay-back" onClick={() => setReplay(null)}>
            {words.back}
          </button>
          <ol className="floor-replay" data-testid="replay-steps">
            {replay.steps.map((step, index) => (
              <li key={index} data-testid="replay-step">
                {step.words[lang]}
                {step.board.length > 0 && ` · ${words.board} ${step.board.map(formatCard).join(' ')}`}
                {step.pots.length > 0 && ` · ${step.pots.map((pot) => chips(lang, pot)).join(' / ')}`}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <>
          {hands.length === 0 && <p>{words.none}</p>}
          <table className="floor-grid">
            <thead>
              <tr>
                <th>{words.hand}</th>
                <th>{words.at}</th>
                <th>{words.players}</th>
                <th>{words.awarded}</th>
                <th>{words.rake}</th>
              </tr>
            </thead>
            <tbody>
              {hands.map((hand) => (
                <tr key={hand.seq} data-testid="hand-row" data-hand={hand.handNumber}>
                  <td>
                    <button type="button" data-testid="hand-open" onClick={() => open(hand)}>
                      {hand.handNumber}
                      {hand.voided ? ` (${words.voided})` : ''}
                    </button>
                  </td>
                  <td>{hand.at === null ? '' : timeOfDay(lang, new Date(hand.at).toISOString())}</td>
                  <td>{hand.players}</td>
                  <td>{chips(lang, hand.awarded)}</td>
                  <td>{chips(lang, hand.rake)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {more && (
            <button type="button" data-testid="hands-more" onClick={() => page(hands.at(-1)?.seq ?? null)}>
              {words.more}
            </button>
          )}
          <TableIncidents lang={lang} token={token} table={table.id} />
        </>
      )}
    </main>
  );
}
