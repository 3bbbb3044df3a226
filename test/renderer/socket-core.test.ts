import { describe, expect, it } from 'vitest';
import type { ViewModel } from '../../src/controller/view-model';
import type { ConnectionState } from '../../renderer/src/core/core';
import { SCREEN_KEY_ITEM, screenKey, type SocketLike, socketCore, socketUrl } from '../../renderer/src/core/socket-core';
import { flopView } from './fixtures';

/** A socket the test drives: it opens, answers and closes when told. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.drop();
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  drop(): void {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }

  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
}

function setUp() {
  const sockets: FakeSocket[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const core = socketCore('ws://table/socket?key=t', {
    open: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    retryMs: { first: 100, max: 400 },
    setTimer: (callback, ms) => timers.push({ callback, ms }),
  });
  const states: ConnectionState[] = [];
  core.onConnection((state) => states.push(state));
  const socket = (index: number): FakeSocket => {
    const found = sockets[index];
    if (found === undefined) throw new Error(`no socket ${index}`);
    return found;
  };
  return { core, sockets, timers, states, socket };
}

describe('socketUrl', () => {
  it('points at the page’s host with the table’s screen key', () => {
    expect(socketUrl({ protocol: 'http:', host: '10.0.0.5:8080' }, 'a b')).toBe('ws://10.0.0.5:8080/socket?key=a%20b');
    expect(socketUrl({ protocol: 'https:', host: 'table' }, null)).toBe('wss://table/socket?key=');
  });
});

/** A tab's session storage and history, as the page sees them. */
function tab(stored: Record<string, string> = {}) {
  const items = new Map(Object.entries(stored));
  const replaced: string[] = [];
  return {
    items,
    replaced,
    storage: { getItem: (name: string) => items.get(name) ?? null, setItem: (name: string, value: string) => void items.set(name, value) },
    history: { replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => void replaced.push(String(url)) },
  };
}

describe('the screen key (D56)', () => {
  it('is taken from the address’s #key=, kept in the tab’s session storage, and taken out of the address', () => {
    const { items, replaced, storage, history } = tab();
    expect(screenKey({ hash: '#key=abc-_123', pathname: '/', search: '' }, storage, history)).toBe('abc-_123');
    expect(items.get(SCREEN_KEY_ITEM)).toBe('abc-_123');
    expect(replaced).toEqual(['/']);
  });

  it('is found in the tab’s storage after a reload or a restart of the table, the address then holding none', () => {
    const { replaced, storage, history } = tab({ [SCREEN_KEY_ITEM]: 'kept' });
    expect(screenKey({ hash: '', pathname: '/', search: '' }, storage, history)).toBe('kept');
    expect(replaced).toEqual([]);
  });

  it('a new key in the address replaces the kept one (the table’s key was made anew)', () => {
    const { items, storage, history } = tab({ [SCREEN_KEY_ITEM]: 'old' });
    expect(screenKey({ hash: '#key=new', pathname: '/index.html', search: '?lang=de' }, storage, history)).toBe('new');
    expect(items.get(SCREEN_KEY_ITEM)).toBe('new');
  });

  it('none in the address and none kept: none (the socket then refuses the page)', () => {
    const { storage, history } = tab();
    expect(screenKey({ hash: '', pathname: '/', search: '?token=old' }, storage, history)).toBeNull();
    expect(screenKey({ hash: '#key=', pathname: '/', search: '' }, storage, history)).toBeNull();
  });

  it('works where the browser refuses storage: the key lasts as long as the page', () => {
    const { replaced, history } = tab();
    const refusing = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: (): void => {
        throw new Error('SecurityError');
      },
    };
    expect(screenKey({ hash: '#key=k', pathname: '/', search: '' }, refusing, history)).toBe('k');
    expect(replaced).toEqual(['/']);
    expect(screenKey({ hash: '', pathname: '/', search: '' }, refusing, history)).toBeNull();
    expect(screenKey({ hash: '', pathname: '/', search: '' }, null, history)).toBeNull();
  });
});

describe('the WebSocket bridge', () => {
  it('sends requests made before the socket opened once it opens, and matches replies by id', async () => {
    const { core, socket, states } = setUp();
    expect(states).toEqual(['connecting']);
    const view = core.request('table-view', undefined);
    const info = core.request('app-info', undefined);
    expect(socket(0).sent).toEqual([]);
    socket(0).open();
    expect(states).toEqual(['connecting', 'connected']);
    expect(socket(0).sent).toEqual([
      { id: 'r1', name: 'table-view' },
      { id: 'r2', name: 'app-info' },
    ]);
    socket(0).receive({ id: 'r2', ok: true, result: { hardware: 'sim', version: '1' } });
    socket(0).receive({ id: 'r1', ok: false, error: { code: 'internal', words: { en: 'x', de: 'y' } } });
    expect(await info).toEqual({ ok: true, result: { hardware: 'sim', version: '1' } });
    expect(await view).toEqual({ ok: false, error: { code: 'internal', words: { en: 'x', de: 'y' } } });
  });

  it('sends args with the request and hands pushed views to listeners', async () => {
    const { core, socket } = setUp();
    socket(0).open();
    const seen: ViewModel[] = [];
    const stop = core.onView((view) => seen.push(view));
    void core.request('table-submit', { commandId: 'c1', command: { type: 'fold' } });
    expect(socket(0).sent).toEqual([{ id: 'r1', name: 'table-submit', args: { commandId: 'c1', command: { type: 'fold' } } }]);
    const view = flopView();
    socket(0).receive({ push: 'view', view });
    stop();
    socket(0).receive({ push: 'view', view });
    expect(seen).toEqual([view]);
  });

  it('when the socket closes: open requests fail as connection-lost, and it reconnects with growing pauses', async () => {
    const { core, socket, sockets, timers: all, states } = setUp();
    // The reconnect pauses (a request's 8 s answer timer is another timer).
    const timers = { map: <T,>(f: (timer: (typeof all)[number]) => T) => all.filter((timer) => timer.ms !== 8_000).map(f), at: (index: number) => all.filter((timer) => timer.ms !== 8_000).at(index) };
    socket(0).open();
    const open = core.request('table-view', undefined);
    socket(0).drop();
    expect(await open).toMatchObject({ ok: false, error: { code: 'connection-lost' } });
    expect(states.at(-1)).toBe('lost');
    // While lost, a request fails at once rather than hanging.
    expect(await core.request('table-view', undefined)).toMatchObject({ ok: false, error: { code: 'connection-lost' } });
    expect(timers.map((timer) => timer.ms)).toEqual([100]);
    timers.at(0)?.callback();
    expect(sockets).toHaveLength(2);
    socket(1).drop();
    timers.at(1)?.callback();
    socket(2).drop();
    timers.at(2)?.callback();
    socket(3).drop();
    expect(timers.map((timer) => timer.ms)).toEqual([100, 200, 400, 400]);
    timers.at(3)?.callback();
    socket(4).open();
    expect(states.at(-1)).toBe('connected');
    expect(socket(4).url).toBe('ws://table/socket?key=t');
    // A successful open resets the pause.
    socket(4).drop();
    expect(timers.at(-1)?.ms).toBe(100);
  });

  it('a request the table does not answer within 8 seconds fails in words, never silently', async () => {
    const { core, socket, timers } = setUp();
    socket(0).open();
    const waiting = core.request('table-submit', { commandId: 'c1', command: { type: 'check' } });
    const timer = timers.find((candidate) => candidate.ms === 8_000);
    expect(timer).toBeDefined();
    timer?.callback();
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'no-answer', words: { en: 'The table has not answered for 8 seconds: check the table before trying again' } } });
  });
});
