import type { Reply } from '../src/api/protocol.js';
import { type IpcSender, ipcPayloadProblem, isAllowedSender } from './security.js';

/** Refused: the message did not come from the kiosk window's own page. The renderer's promise rejects. */
export class IpcSenderError extends Error {
  override readonly name = 'IpcSenderError';
}

/**
 * Answers one `felt:request`: the sender must be the kiosk window's top frame showing the app, the
 * payload request text under the size limit; then the core answers it exactly as it answers a WebSocket
 * message (`connection.handle(text)`), and the reply goes back as JSON text. A refused payload gets a
 * `bad-request` reply naming why; a core that throws (a bug) an `internal` one, never silence.
 */
export function answerRequest(sender: IpcSender, payload: unknown, handle: (text: string) => Reply): string {
  if (!isAllowedSender(sender)) {
    throw new IpcSenderError(`felt:request refused: the sender is not the kiosk window's page (${sender.url === '' ? 'no frame' : sender.url})`);
  }
  const problem = ipcPayloadProblem(payload);
  if (problem !== null) return JSON.stringify(refusal('bad-request', problem.en, problem.de));
  let reply: Reply;
  try {
    reply = handle(payload as string);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    reply = refusal('internal', `An internal error stopped the request: ${message}`, `Ein interner Fehler hat die Anfrage gestoppt: ${message}`);
  }
  return JSON.stringify(reply);
}

function refusal(code: string, en: string, de: string): Reply {
  return { id: null, ok: false, error: { code, words: { en, de } } };
}
