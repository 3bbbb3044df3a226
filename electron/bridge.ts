import type { ViewModel } from '../src/controller/view-model.js';
import type { ArgsOf, CoreBridge, ReplyOf, RequestName, ResultOf, WireError } from '../src/api/requests.js';

/**
 * `window.felt`, built over any two-way channel: the preload passes Electron's `ipcRenderer`, tests a fake.
 * Pure (no Electron import) so plain Node tests it; the preload bundle is this file and a few lines of glue.
 */
export type BridgeTransport = {
  /** Sends request text (`{ id, name, args }` as JSON) and resolves with the reply text. */
  invoke(text: string): Promise<unknown>;
  /** Calls `listener` with every view the core pushes; returns the unsubscribe. */
  subscribe(listener: (view: unknown) => void): () => void;
};

/**
 * A `CoreBridge` as a plain object of functions (contextBridge copies plain objects and proxies their
 * functions; a class instance would lose its prototype on the way). It never rejects: a broken channel or
 * an unreadable reply becomes an error reply the screen can show.
 */
export function createBridge(transport: BridgeTransport): CoreBridge {
  let sent = 0;
  return {
    request: async <N extends RequestName>(name: N, args: ArgsOf<N>): Promise<ReplyOf<N>> => {
      sent += 1;
      const id = `ipc-${sent}`;
      let text: string;
      try {
        text = JSON.stringify({ id, name, args });
      } catch (error) {
        return failure('bad-request', `the request cannot be sent as JSON: ${messageOf(error)}`, `die Anfrage lässt sich nicht als JSON senden: ${messageOf(error)}`);
      }
      let replyText: unknown;
      try {
        replyText = await transport.invoke(text);
      } catch (error) {
        return failure('ipc', `The core did not answer: ${messageOf(error)}`, `Der Kern hat nicht geantwortet: ${messageOf(error)}`);
      }
      return readReply<N>(replyText);
    },
    onView: (listener: (view: ViewModel) => void): (() => void) => transport.subscribe((view) => listener(view as ViewModel)),
  };
}

/** The core's reply text as the renderer sees it: `{ ok: true, result }` or `{ ok: false, error }`. */
export function readReply<N extends RequestName>(text: unknown): ReplyOf<N> {
  let reply: unknown;
  try {
    reply = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    reply = undefined;
  }
  if (typeof reply === 'object' && reply !== null) {
    const { ok, result, error } = reply as { ok?: unknown; result?: unknown; error?: unknown };
    if (ok === true) return { ok: true, result: result as ResultOf<N> };
    if (ok === false && isWireError(error)) return { ok: false, error: { code: error.code, words: { en: error.words.en, de: error.words.de } } };
  }
  return failure('bad-reply', 'The core sent a reply the screen cannot read', 'Der Kern hat eine unlesbare Antwort geschickt');
}

function isWireError(error: unknown): error is WireError {
  if (typeof error !== 'object' || error === null) return false;
  const { code, words } = error as { code?: unknown; words?: unknown };
  if (typeof code !== 'string' || typeof words !== 'object' || words === null) return false;
  const { en, de } = words as { en?: unknown; de?: unknown };
  return typeof en === 'string' && typeof de === 'string';
}

function failure(code: string, en: string, de: string): { readonly ok: false; readonly error: WireError } {
  return { ok: false, error: { code, words: { en, de } } };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
