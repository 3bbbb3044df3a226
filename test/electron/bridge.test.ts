import { describe, expect, it } from 'vitest';
import type { ViewModel } from '../../src/controller/view-model.js';
import { type BridgeTransport, createBridge, readReply } from '../../electron/bridge.js';

/** A fake channel: records the sent texts, answers with `answer`, pushes views on demand. */
function fakeTransport(answer: (text: string) => Promise<unknown>): BridgeTransport & { sent: string[]; push(view: unknown): void; listeners: number } {
  const listeners = new Set<(view: unknown) => void>();
  const sent: string[] = [];
  return {
    sent,
    get listeners() {
      return listeners.size;
    },
    push: (view) => {
      for (const listener of listeners) listener(view);
    },
    invoke: (text) => {
      sent.push(text);
      return answer(text);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const echo = (text: string): Promise<unknown> => {
  const { id, name } = JSON.parse(text) as { id: string; name: string };
  return Promise.resolve(JSON.stringify({ id, ok: true, result: { name } }));
};

describe('window.felt', () => {
  it('sends {id, name, args} as JSON text, a new id each time', async () => {
    const transport = fakeTransport(echo);
    const felt = createBridge(transport);
    await felt.request('floor-unlock', { staff: '1', pin: '4711' });
    await felt.request('table-view', undefined);
    const [first, second] = transport.sent.map((text) => JSON.parse(text) as { id: string; name: string; args?: unknown });
    expect(first).toMatchObject({ name: 'floor-unlock', args: { staff: '1', pin: '4711' } });
    expect(second).toMatchObject({ name: 'table-view' });
    expect(second).not.toHaveProperty('args');
    expect(first?.id).not.toBe(second?.id);
  });

  it('resolves with the reply, without the id', async () => {
    const felt = createBridge(fakeTransport(echo));
    expect(await felt.request('app-info', undefined)).toEqual({ ok: true, result: { name: 'app-info' } });
  });

  it('passes a refusal through with its code and words', async () => {
    const refusal = { id: 'ipc-1', ok: false, error: { code: 'not-actors-turn', words: { en: 'Seat 4 is not to act', de: 'Platz 4 ist nicht am Zug' } } };
    const felt = createBridge(fakeTransport(() => Promise.resolve(JSON.stringify(refusal))));
    expect(await felt.request('table-view', undefined)).toEqual({ ok: false, error: refusal.error });
  });

  it('never rejects: a broken channel becomes an ipc error reply', async () => {
    const felt = createBridge(fakeTransport(() => Promise.reject(new Error('refused: not the kiosk window'))));
    const reply = await felt.request('table-view', undefined);
    expect(reply).toMatchObject({ ok: false, error: { code: 'ipc' } });
    if (!reply.ok) expect(reply.error.words.en).toContain('refused: not the kiosk window');
  });

  it('refuses args that cannot be JSON without sending anything', async () => {
    const transport = fakeTransport(echo);
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    const reply = await createBridge(transport).request('floor-unlock', cyclic as unknown as { staff: string; pin: string });
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(transport.sent).toEqual([]);
  });

  it('delivers pushed views until unsubscribed', () => {
    const transport = fakeTransport(echo);
    const felt = createBridge(transport);
    const seen: unknown[] = [];
    const unsubscribe = felt.onView((view) => seen.push(view));
    transport.push({ handNumber: 1 });
    unsubscribe();
    transport.push({ handNumber: 2 });
    expect(seen).toEqual([{ handNumber: 1 }]);
    expect(transport.listeners).toBe(0);
  });

  it('is a plain object of functions (contextBridge drops prototypes)', () => {
    const felt = createBridge(fakeTransport(echo));
    expect(Object.getPrototypeOf(felt)).toBe(Object.prototype);
    expect(Object.keys(felt).sort()).toEqual(['onView', 'request']);
    for (const value of Object.values(felt)) expect(typeof value).toBe('function');
  });
});

describe('reading a reply', () => {
  it.each([
    ['not text', { ok: true, result: 1 }],
    ['not JSON', '{ok:'],
    ['not an object', '"yes"'],
    ['no ok', '{"id":"1","result":{}}'],
    ['an error without words', '{"id":"1","ok":false,"error":{"code":"x"}}'],
    ['an error with half the words', '{"id":"1","ok":false,"error":{"code":"x","words":{"en":"no"}}}'],
  ])('calls a reply that is %s unreadable', (_, text) => {
    expect(readReply(text)).toMatchObject({ ok: false, error: { code: 'bad-reply' } });
  });

  it('keeps a view result as sent', () => {
    const view = { prompt: { kind: 'deal' } } as unknown as ViewModel;
    expect(readReply<'table-view'>(JSON.stringify({ id: '1', ok: true, result: view }))).toEqual({ ok: true, result: view });
  });
});
