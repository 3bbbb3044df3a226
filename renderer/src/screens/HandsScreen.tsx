import { useEffect, useState } from 'react';
import type { HandReplay as Replay, HandSummary } from '../../../src/api/requests';
import type { Credentials } from '../../../src/api/staff';
import type { Words } from '../../../src/evaluator/words';

import { SignIn } from '../components/floor/SignIn';
import { Modal } from '../components/dialogs/Modal';
import { HandList } from '../components/hands/HandList';
import { HandReplay } from '../components/hands/HandReplay';
import { useCore } from '../core/core-context';
import { download } from '../core/download';
import type { FloorSession } from '../core/useFloor';
import { useLanguage } from '../i18n';

/**
 * The hands of this table (newest first) and the replay of one of them. A hand's history (PHH) holds every
 * hole card, folded ones too: a manager signs in for it here (D66), and the session ends with the download.
 */
export function HandsScreen({ onClose, floor }: { readonly onClose: () => void; readonly floor: FloorSession }) {
  const core = useCore();
  const { t, words } = useLanguage();
  /** The hand whose history waits for a manager's sign-in, or null. */
  const [signingIn, setSigningIn] = useState<number | null>(null);
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

  /** The hand's PHH history, saved by the browser: every hole card is in it, so the core asks for a manager. */
  const phh = async (id: number) => {
    setProblem(null);
    const reply = await core.request('hand-phh', { id });
    if (reply.ok) {
      download(reply.result.fileName, reply.result.text, 'text/plain');
      // The manager's work is done: the session ends with it.
      void floor.lock();
      setSigningIn(null);
    } else if (reply.error.code === 'floor-locked' || reply.error.code === 'manager-only') setSigningIn(id);
    else setProblem(reply.error.words);
  };
  const signIn = async (credentials: Credentials, id: number) => {
    const opened = await floor.unlock(credentials);
    if (opened) await phh(id);
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
      {signingIn !== null && (
        <Modal
          testId="history-sign-in"
          title={t.historyManager}
          onClose={() => {
            setSigningIn(null);
            void floor.lock();
          }}
        >
          <p className="hint">{t.historyManagerHint}</p>
          <SignIn testId="history" action={t.historyShow} problem={floor.problem?.words ?? null} onSignIn={(credentials) => void signIn(credentials, signingIn)} />
        </Modal>
      )}
      <div className="hands-body">{replay === null ? <HandList hands={hands} onOpen={(n) => void open(n)} onOlder={more ? () => void older() : null} /> : <HandReplay key={replay.id} replay={replay} />}</div>
    </main>
  );
}
