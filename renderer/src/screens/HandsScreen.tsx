import { useEffect, useState } from 'react';
import type { HandReplay as Replay, HandSummary } from '../../../src/api/requests';
import type { Words } from '../../../src/evaluator/words';

import { HandList } from '../components/hands/HandList';
import { HandReplay } from '../components/hands/HandReplay';
import { useCore } from '../core/core-context';
import { download } from '../core/download';
import { useLanguage } from '../i18n';

/** The hands of this table (newest first) and the replay of one of them. */
export function HandsScreen({ onClose }: { readonly onClose: () => void }) {
  const core = useCore();
  const { t, words } = useLanguage();
  const [hands, setHands] = useState<readonly HandSummary[] | null>(null);
  const [replay, setReplay] = useState<Replay | null>(null);
  const [problem, setProblem] = useState<Words | null>(null);

  const [more, setMore] = useState(false);

  useEffect(() => {
    let current = true;
    void core.request('hand-list', undefined).then((reply) => {
      if (!current) return;
      if (reply.ok) {
        setHands(reply.result.hands);
        setMore(reply.result.more);
      } else setProblem(reply.error.words);
    });
    return () => {
      current = false;
    };
  }, [core]);

  // The core lists a page of hands at a time, newest first: the next page starts before the oldest shown.
  const older = async () => {
    const oldest = hands?.at(-1);
    if (oldest === undefined) return;
    const reply = await core.request('hand-list', { before: oldest.id });
    if (!reply.ok) {
      setProblem(reply.error.words);
      return;
    }
    setHands([...(hands ?? []), ...reply.result.hands]);
    setMore(reply.result.more);
  };

  const open = async (id: number) => {
    setProblem(null);
    const reply = await core.request('hand-replay', { id });
    if (reply.ok) setReplay(reply.result);
    else setProblem(reply.error.words);
  };

  /** The hand's PHH history, saved by the browser: every hole card is in it, so the core asks for the floor. */
  const phh = async (id: number) => {
    setProblem(null);
    const reply = await core.request('hand-phh', { id });
    if (reply.ok) download(reply.result.fileName, reply.result.text, 'text/plain');
    else setProblem(reply.error.words);
  };

  // What the list says of the open hand: a PHH history is there only for a hand played to the end, never for a voided one.
  const summary = replay === null ? undefined : hands?.find((hand) => hand.id === replay.id);
  const voided = summary !== undefined && summary.voided !== null;
  const finished = summary !== undefined && summary.voided === null && summary.complete;

  return (
    <main className="hands-screen">
      <header className="hands-header">
        <h1 data-testid="hands-title">{replay === null ? t.handsTitle : t.replayTitle(replay.handNumber, voided)}</h1>
        {replay !== null && (
          <>
            {finished && (
              <button type="button" className="button" data-testid="replay-phh" onClick={() => void phh(replay.id)}>
                {t.replayPhh}
              </button>
            )}
            <button type="button" className="button" data-testid="replay-close" onClick={() => setReplay(null)}>
              {t.replayBack}
            </button>
          </>
        )}
        <button type="button" className="button" data-testid="hands-close" onClick={onClose}>
          {t.backToTable}
        </button>
      </header>
      {problem !== null && (
        <p className="last-error" role="alert" data-testid="last-error">
          {words(problem)}
        </p>
      )}
      <div className="hands-body">{replay === null ? <HandList hands={hands} onOpen={(n) => void open(n)} onOlder={more ? () => void older() : null} /> : <HandReplay key={replay.id} replay={replay} />}</div>
    </main>
  );
}
