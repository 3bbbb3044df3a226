import { describe, expect, it } from 'vitest';
import type { Reply } from '../../src/api/protocol.js';
import { answerRequest, IpcSenderError } from '../../electron/ipc.js';
import { APP_START_URL, MAX_REQUEST_CHARS } from '../../electron/security.js';

const page = { fromKioskWindow: true, isMainFrame: true, url: APP_START_URL };

/** A core that records what it was asked and answers with the request's id. */
function recordingCore(): { handled: string[]; handle: (text: string) => Reply } {
  const handled: string[] = [];
  return {
    handled,
    handle: (text) => {
      handled.push(text);
      const { id } = JSON.parse(text) as { id: string };
      return { id, ok: true, result: { echoed: id } };
    },
  };
}

describe('felt:request in the main process', () => {
  it('passes the page’s text to the core unchanged and returns the reply as JSON text', () => {
    const core = recordingCore();
    const text = '{"id":"ipc-1","name":"table-view"}';
    const answer = answerRequest(page, text, core.handle);
    expect(core.handled).toEqual([text]);
    expect(JSON.parse(answer)).toEqual({ id: 'ipc-1', ok: true, result: { echoed: 'ipc-1' } });
  });

  it('throws for a sender that is not the kiosk window’s page, and the core never sees it', () => {
    const core = recordingCore();
    for (const sender of [
      { ...page, fromKioskWindow: false },
      { ...page, isMainFrame: false },
      { ...page, url: 'https://evil.example/' },
      { ...page, url: '' },
    ]) {
      expect(() => answerRequest(sender, '{"id":"1","name":"table-view"}', core.handle)).toThrow(IpcSenderError);
    }
    expect(core.handled).toEqual([]);
  });

  it('answers a payload that is not text with a bad-request reply, and the core never sees it', () => {
    const core = recordingCore();
    const answer = JSON.parse(answerRequest(page, { id: '1', name: 'table-view' }, core.handle)) as Reply;
    expect(answer).toMatchObject({ id: null, ok: false, error: { code: 'bad-request' } });
    expect(core.handled).toEqual([]);
  });

  it('answers an oversized payload with a bad-request reply naming the limit', () => {
    const core = recordingCore();
    const answer = JSON.parse(answerRequest(page, 'x'.repeat(MAX_REQUEST_CHARS + 1), core.handle)) as Reply;
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.code).toBe('bad-request');
      expect(answer.error.words.en).toContain(String(MAX_REQUEST_CHARS));
    }
    expect(core.handled).toEqual([]);
  });

  it('turns a core that throws into an internal error reply', () => {
    const answer = JSON.parse(
      answerRequest(page, '{"id":"1","name":"table-view"}', () => {
        throw new Error('boom');
      }),
    ) as Reply;
    expect(answer).toMatchObject({ ok: false, error: { code: 'internal', words: { en: expect.stringContaining('boom') as unknown } } });
  });
});
