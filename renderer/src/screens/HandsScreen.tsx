import { useEffect, useState } from 'react';
import type { HandReplay as Replay, HandSummary } from '../../../src/api/requests';
import type { Words } from '../../../src/evaluator/words';
import { HandList } from '../components/HandList';
import { HandReplay } from '../components/HandReplay';
import { useCore } from '../core/core-context';
import { useLanguage } from '../i18n';

/** The hands of this table (newest first) and the replay of one of them. */
export function HandsScreen({ onClose }: { readonly onClose: () => void }) {
  const core = useCore();
  const { t, words } = useLanguage();
  const [hands, setHands] = useState<readonly HandSummary[] | null>(null);
  const [replay, setReplay] = useState<Replay | null>(null);
  const [problem, setProblem] = useState<Words | null>(null);

  useEffect(() => {
    let current = true;
    void core.request('hand-list', undefined).then((reply) => {
      if (!current) return;
      if (reply.ok) setHands(reply.result);
      else setProblem(reply.error.words);
    });
    return () => {
      current = false;
    };
  }, [core]);

  const open = async (id: number) => {
    setProblem(null);
    const reply = await core.request('hand-replay', { id });
    if (reply.ok) setReplay(reply.result);
    else setProblem(reply.error.words);
  };

  return (
    <main className="hands-screen">
      <header className="hands-header">
        <h1>{replay === null ? t.handsTitle : t.replayTitle(replay.handNumber)}</h1>
        {replay !== null && (
          <button type="button" className="button" data-testid="replay-close" onClick={() => setReplay(null)}>
            {t.replayBack}
          </button>
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
      <div className="hands-body">{replay === null ? <HandList hands={hands} onOpen={(n) => void open(n)} /> : <HandReplay key={replay.id} replay={replay} />}</div>
    </main>
  );
}
