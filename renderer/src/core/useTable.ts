import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppInfo, ReplyOf, WireCommand } from '../../../src/api/requests';
import type { ViewModel } from '../../../src/controller/view-model';
import type { Words } from '../../../src/evaluator/words';
import type { ConnectionState } from './core';
import { newCommandId } from './command-id';
import { useCore } from './core-context';
import { useConnection } from './useConnection';

/**
 * What the prompt area shows in red: a rule's refusal (the view's `lastError`, `code` null) or a protocol
 * error (`code` from the core, e.g. 'floor-locked').
 */
export type Notice = { readonly words: Words; readonly code: string | null };

export type TableSession = {
  readonly view: ViewModel | null;
  readonly appInfo: AppInfo | null;
  readonly connection: ConnectionState;
  readonly notice: Notice | null;
  dismissNotice(): void;
  /** Sends a table command under a fresh id; the reply's view replaces the screen's. */
  submit(command: WireCommand): Promise<ReplyOf<'table-submit'>>;
  /** Simulated hardware: the shoe deals the card the table expects. */
  simDeal(): Promise<ReplyOf<'sim-deal'>>;
};

/**
 * The live table for the screens: the latest view (from pushes and from replies), what the core is, the
 * connection, and the notice to show. After every (re)connect it asks for the view again, since pushes
 * sent while the line was down are lost.
 */
export function useTable(): TableSession {
  const core = useCore();
  const connection = useConnection(core);
  const [view, setView] = useState<ViewModel | null>(null);
  const [appInfo, setAppInfo] = useState<AppInfo | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The refusal last seen, so a view pushed again with the same one does not bring back a dismissed notice.
  const seenError = useRef<string | null>(null);

  const receive = useCallback((next: ViewModel, ownCommand: boolean) => {
    setView(next);
    const error = next.lastError;
    const key = error === null ? null : `${error.en}\u0000${error.de}`;
    if (error !== null && (ownCommand || key !== seenError.current)) setNotice({ words: error, code: null });
    else if (error === null) setNotice((shown) => (shown !== null && shown.code === null ? null : shown));
    seenError.current = key;
  }, []);

  const answer = useCallback(
    <R extends ReplyOf<'table-submit'> | ReplyOf<'sim-deal'> | ReplyOf<'table-view'>>(reply: R, ownCommand: boolean): R => {
      if (reply.ok) receive(reply.result, ownCommand);
      else setNotice({ words: reply.error.words, code: reply.error.code });
      return reply;
    },
    [receive],
  );

  useEffect(() => core.onView((next) => receive(next, false)), [core, receive]);

  useEffect(() => {
    if (connection !== 'connected') return;
    let current = true;
    void core.request('table-view', undefined).then((reply) => {
      if (current) answer(reply, false);
    });
    void core.request('app-info', undefined).then((reply) => {
      if (current && reply.ok) setAppInfo(reply.result);
    });
    return () => {
      current = false;
    };
  }, [core, connection, answer]);

  const submit = useCallback(
    async (command: WireCommand) => {
      setNotice(null); // the next action dismisses the last refusal
      return answer(await core.request('table-submit', { commandId: newCommandId(), command }), true);
    },
    [core, answer],
  );

  const simDeal = useCallback(async () => {
    setNotice(null);
    return answer(await core.request('sim-deal', undefined), true);
  }, [core, answer]);

  const dismissNotice = useCallback(() => setNotice(null), []);

  return { view, appInfo, connection, notice, dismissNotice, submit, simDeal };
}
