import type { ArgsOf, ReplyOf, RequestName, SOCKET_PATH } from '../../../src/api/requests';
import type { ViewModel } from '../../../src/controller/view-model';
import { CONNECTION_LOST, type ConnectionState, type Core, NO_ANSWER } from './core';

/** The core's path, checked against its constant (the renderer may import only types from src/api). */
const SOCKET: typeof SOCKET_PATH = '/socket';

/** Where a page keeps the table's screen key: its tab's session storage, which is its origin's alone (D56). */
export const SCREEN_KEY_ITEM = 'felt-screen-key';

/**
 * The table's screen key for this page (D56). Opened with one (`…/#key=…`, the part of an address a browser
 * never sends), the page keeps it in its tab's session storage — kept apart by scheme, host and port, unlike a
 * cookie, and gone with the tab — and takes it out of the address, so it is neither on the screen nor in the
 * browser's history; a reload, or the socket opening again after the table restarted, finds it there.
 */
export function screenKey(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  history: Pick<History, 'replaceState'>,
): string | null {
  const given = new URLSearchParams(location.hash.slice(1)).get('key');
  if (given !== null && given !== '') {
    try {
      storage?.setItem(SCREEN_KEY_ITEM, given);
    } catch {
      // Storage switched off: the key lasts as long as the page.
    }
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    return given;
  }
  try {
    return storage?.getItem(SCREEN_KEY_ITEM) ?? null;
  } catch {
    return null;
  }
}

/** The socket URL of browser mode: the page's own host, with the table's screen key. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, key: string | null): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${SOCKET}?key=${encodeURIComponent(key ?? '')}`;
}

/** The part of a WebSocket this bridge uses (tests give a fake). */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
};

export type SocketCoreOptions = {
  readonly open?: (url: string) => SocketLike;
  /** Waits before reconnecting: doubles from the first to the last value. */
  readonly retryMs?: { readonly first: number; readonly max: number };
  readonly setTimer?: (callback: () => void, ms: number) => unknown;
  /** How long a request waits for its answer before the screen says so (default 8 s). */
  readonly answerMs?: number;
};

type Pending = (reply: ReplyOf<RequestName>) => void;

const OPEN = 1;

/**
 * Browser mode's bridge over the WebSocket: requests `{ id, name, args }`, replies by id, and view
 * pushes. When the socket closes, open requests get a `connection-lost` error (a table command may or
 * may not have been applied; the next view tells) and the socket opens again with a growing pause.
 */
export function socketCore(url: string, options: SocketCoreOptions = {}): Core {
  const open = options.open ?? ((target: string): SocketLike => new WebSocket(target));
  const retry = options.retryMs ?? { first: 500, max: 5000 };
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const pending = new Map<string, Pending>();
  const outbox: string[] = [];
  const viewListeners = new Set<(view: ViewModel) => void>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  let state: ConnectionState = 'connecting';
  let nextId = 1;
  let pause = retry.first;
  let socket: SocketLike;

  const setState = (next: ConnectionState): void => {
    if (next === state) return;
    state = next;
    for (const listener of connectionListeners) listener(next);
  };

  const receive = (data: unknown): void => {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message === null || typeof message !== 'object') return;
    const record = message as { push?: unknown; view?: unknown; id?: unknown; ok?: unknown; result?: unknown; error?: unknown };
    if (record.push === 'view') {
      for (const listener of viewListeners) listener(record.view as ViewModel);
      return;
    }
    if (typeof record.id !== 'string') return;
    const resolve = pending.get(record.id);
    if (resolve === undefined) return;
    pending.delete(record.id);
    resolve((record.ok === true ? { ok: true, result: record.result } : { ok: false, error: record.error }) as ReplyOf<RequestName>);
  };

  const connect = (): void => {
    socket = open(url);
    socket.onopen = () => {
      pause = retry.first;
      setState('connected');
      for (const text of outbox.splice(0)) socket.send(text);
    };
    socket.onmessage = (event) => receive(event.data);
    socket.onerror = () => undefined; // a close follows: that is where we reconnect
    socket.onclose = () => {
      setState('lost');
      outbox.length = 0;
      for (const resolve of pending.values()) resolve({ ok: false, error: CONNECTION_LOST });
      pending.clear();
      const wait = pause;
      pause = Math.min(retry.max, pause * 2);
      setTimer(connect, wait);
    };
  };
  connect();

  return {
    request<N extends RequestName>(name: N, args: ArgsOf<N>): Promise<ReplyOf<N>> {
      const id = `r${nextId++}`;
      const text = JSON.stringify(args === undefined ? { id, name } : { id, name, args });
      return new Promise<ReplyOf<N>>((resolve) => {
        if (state === 'lost') {
          resolve({ ok: false, error: CONNECTION_LOST });
          return;
        }
        pending.set(id, resolve as Pending);
        // A core that stopped answering must not look like a tap that did nothing.
        setTimer(() => {
          const waiting = pending.get(id);
          if (waiting === undefined) return;
          pending.delete(id);
          waiting({ ok: false, error: NO_ANSWER });
        }, options.answerMs ?? 8_000);
        if (socket.readyState === OPEN) socket.send(text);
        else outbox.push(text);
      });
    },
    onView(listener) {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      listener(state);
      return () => connectionListeners.delete(listener);
    },
  };
}
