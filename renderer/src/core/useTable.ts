import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppInfo, ReplyOf, WireCommand } from '../../../src/api/requests';
import type { Credentials } from '../../../src/api/staff';
import type { Decision, ViewModel } from '../../../src/controller/view-model';
import type { Words } from '../../../src/evaluator/words';
import type { SimFault } from '../../../src/hardware/sim-faults';
import type { ConnectionState } from './core';
import { newCommandId } from './command-id';
import { useCore } from './core-context';
import { useConnection } from './useConnection';

/**
 * What the prompt area shows in red: this screen's command refused (the core's code, e.g. 'floor-locked'
 * or a rule's), a tap refused here (`table-moved-on`), or a device's command refused, which every screen
 * shows (the view's `lastError`, `code` null).
 */
export type Notice = { readonly words: Words; readonly code: string | null };

/** The answer to a tap while another command is on its way: nothing was sent, and nothing is shown. */
const STILL_SENDING = { ok: false, error: { code: 'still-sending', words: { en: 'The last command is still on its way', de: 'Der letzte Befehl ist noch unterwegs' } } } as const;

export type TableSession = {
  readonly view: ViewModel | null;
  readonly appInfo: AppInfo | null;
  readonly connection: ConnectionState;
  readonly notice: Notice | null;
  dismissNotice(): void;
  /**
   * Sends a table command under a fresh id, a player's action with the decision it was made on; the
   * reply's view replaces the screen's, a refusal shows on this screen only.
   */
  submit(command: WireCommand, decision?: Decision): Promise<ReplyOf<'table-submit'>>;
  /** Shows a refusal made on this screen (a tap on a decision shown too briefly to be seen). */
  refuse(notice: Notice): void;
  /** Simulated hardware: the shoe deals the card the table expects. */
  simDeal(): Promise<ReplyOf<'sim-deal'>>;
  /** Simulated hardware: one of the devices fails as a real one does. */
  simFault(fault: SimFault): Promise<ReplyOf<'sim-fault'>>;
  /** A member of the staff signs in as the dealer on duty (between hands). */
  dealerSignIn(credentials: Credentials): Promise<ReplyOf<'dealer-sign-in'>>;
  /** A command or a simulated card is on its way: the controls wait for its answer. */
  readonly busy: boolean;
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
    <R extends ReplyOf<'table-submit'> | ReplyOf<'sim-deal'> | ReplyOf<'sim-fault'> | ReplyOf<'dealer-sign-in'> | ReplyOf<'table-view'>>(reply: R, ownCommand: boolean): R => {
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

  // One command at a time: the controls are locked while a command is on its way, and a tap that still
  // gets through (a double tap faster than the screen redraws) is dropped here, never sent.
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const once = useCallback(async <R,>(send: () => Promise<R>): Promise<R | typeof STILL_SENDING> => {
    if (inFlight.current) return STILL_SENDING;
    inFlight.current = true;
    setBusy(true);
    try {
      return await send();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  const submit = useCallback(
    async (command: WireCommand, decision?: Decision) => {
      setNotice(null); // the next action dismisses the last refusal
      const reply = await once(() => core.request('table-submit', { commandId: newCommandId(), command, ...(decision === undefined ? {} : { decision }) }));
      return reply === STILL_SENDING ? reply : answer(reply, true);
    },
    [core, answer, once],
  );

  const refuse = useCallback((refusal: Notice) => setNotice(refusal), []);

  const simDeal = useCallback(async () => {
    setNotice(null);
    const reply = await once(() => core.request('sim-deal', undefined));
    return reply === STILL_SENDING ? reply : answer(reply, true);
  }, [core, answer, once]);

  const simFault = useCallback(
    async (fault: SimFault) => {
      setNotice(null);
      const reply = await once(() => core.request('sim-fault', { fault }));
      return reply === STILL_SENDING ? reply : answer(reply, true);
    },
    [core, answer, once],
  );

  const dealerSignIn = useCallback(
    async (credentials: Credentials) => {
      setNotice(null);
      const reply = await once(() => core.request('dealer-sign-in', credentials));
      return reply === STILL_SENDING ? reply : answer(reply, true);
    },
    [core, answer, once],
  );

  const dismissNotice = useCallback(() => setNotice(null), []);

  return { view, appInfo, connection, notice, dismissNotice, submit, refuse, simDeal, simFault, dealerSignIn, busy };
}
