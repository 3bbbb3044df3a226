import type { Words } from '../evaluator/words.js';
import type { TableController } from '../controller/table-controller.js';
import type { ViewModel } from '../controller/view-model.js';
import { PersistenceError } from '../store/persistence-error.js';
import { parseCommand } from './command-schema.js';

/**
 * One typed message protocol for every shell (Electron's preload, browser mode's WebSocket): a request
 * `{ id, name, args }` gets a reply `{ id, ok: true, result }` or `{ id, ok: false, error }`; views are
 * pushed as `{ push: 'view', view }`. Handlers are named `noun-verb`.
 */
export type Request = { readonly id: string; readonly name: string; readonly args?: unknown };
export type Reply =
  | { readonly id: string; readonly ok: true; readonly result: unknown }
  | { readonly id: string | null; readonly ok: false; readonly error: { readonly code: string; readonly words: Words } };
export type Push = { readonly push: 'view'; readonly view: ViewModel };

type Handler = (args: unknown, controller: TableController) => { ok: true; result: unknown } | { ok: false; code: string; words: Words };

const HANDLERS: Readonly<Record<string, Handler>> = {
  'table-view': (_, controller) => ({ ok: true, result: controller.view() }),
  'table-submit': (args, controller) => {
    const envelope = args as { commandId?: unknown; command?: unknown } | null;
    if (envelope === null || typeof envelope !== 'object' || typeof envelope.commandId !== 'string' || envelope.commandId === '' || envelope.commandId.length > 100 || envelope.commandId.startsWith('#')) {
      return { ok: false, code: 'bad-request', words: { en: "args.commandId: a command needs an id (1–100 characters, not starting with '#')", de: "args.commandId: ein Befehl braucht eine Kennung (1–100 Zeichen, nicht mit '#' am Anfang)" } };
    }
    const parsed = parseCommand(envelope.command);
    if (!parsed.ok) return { ok: false, code: 'bad-request', words: { en: parsed.problem, de: parsed.problem } };
    return { ok: true, result: controller.submit({ id: envelope.commandId, command: parsed.command }) };
  },
};

/** Answers one message (JSON text) for a table; a message that is not a request gets an error naming why. */
export function handleMessage(controller: TableController, text: string): Reply {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return refused(null, 'bad-request', 'the message is not JSON', 'die Nachricht ist kein JSON');
  }
  const request = message as Partial<Request> | null;
  if (request === null || typeof request !== 'object' || typeof request.id !== 'string' || typeof request.name !== 'string') {
    return refused(null, 'bad-request', 'a request needs a string id and name', 'eine Anfrage braucht id und name als Text');
  }
  const handler = Object.hasOwn(HANDLERS, request.name) ? HANDLERS[request.name] : undefined;
  if (handler === undefined) return refused(request.id, 'unknown-request', `'${request.name}' is not a request (${Object.keys(HANDLERS).join(', ')})`, `'${request.name}' ist keine Anfrage`);
  let answer: ReturnType<Handler>;
  try {
    answer = handler(request.args, controller);
  } catch (error) {
    // The table stopped (storage) or a bug surfaced (internal): the sender gets a reply, never silence.
    if (error instanceof PersistenceError) return refused(request.id, 'storage', `The table's log cannot be written: ${error.message}. Nothing was applied; restart the table`, `Das Protokoll des Tisches kann nicht geschrieben werden: ${error.message}. Nichts wurde angewendet; Tisch neu starten`);
    return refused(request.id, 'internal', `An internal error stopped the command: ${(error as Error).message}`, `Ein interner Fehler hat den Befehl gestoppt: ${(error as Error).message}`);
  }
  return answer.ok ? { id: request.id, ok: true, result: answer.result } : { id: request.id, ok: false, error: { code: answer.code, words: answer.words } };
}

function refused(id: string | null, code: string, en: string, de: string): Reply {
  return { id, ok: false, error: { code, words: { en, de } } };
}
