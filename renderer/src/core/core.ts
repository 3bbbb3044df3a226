import type { CoreBridge, WireError } from '../../../src/api/requests';

/** Whether the screen can reach the core: the status bar shows it, and a banner while it is lost. */
/** `no-key`: browser mode opened without the table's screen key (D56): it never connects. */
export type ConnectionState = 'connecting' | 'connected' | 'lost' | 'no-key';

/**
 * What the screens talk to: the core's bridge plus the state of the line to it. Electron's preload bridge
 * is always connected; browser mode's WebSocket can drop and come back.
 */
export interface Core extends CoreBridge {
  /** Calls the listener at once with the current state, then on every change; returns the unsubscribe. */
  onConnection(listener: (state: ConnectionState) => void): () => void;
}

/** The reply a request gets when the line to the core drops before its answer came. */
/** No answer in time: the command may or may not have been applied; the next view tells. */
export const NO_ANSWER: WireError = {
  code: 'no-answer',
  words: {
    en: 'The table has not answered for 8 seconds: check the table before trying again',
    de: 'Der Tisch antwortet seit 8 Sekunden nicht: Tisch prüfen, bevor es erneut versucht wird',
  },
};

export const CONNECTION_LOST: WireError = {
  code: 'connection-lost',
  words: {
    en: 'The connection to the table was lost before the answer came: check the table, then try again',
    de: 'Die Verbindung zum Tisch ging verloren, bevor die Antwort kam: Tisch prüfen, dann erneut versuchen',
  },
};

/** What a request gets from a page that has no key for the table. */
export const NO_KEY: WireError = {
  code: 'no-key',
  words: {
    en: 'This screen has no key for the table: open the address the table printed, or its launcher page',
    de: 'Dieser Bildschirm hat keinen Schlüssel für den Tisch: die Adresse öffnen, die der Tisch ausgab, oder seine Startseite',
  },
};

/**
 * Browser mode without the table's screen key (a bare address, a tab the key was never given to): it does
 * not knock at the table at all, and says so instead of "Connection lost" for ever.
 */
export function keylessCore(): Core {
  return {
    request: () => Promise.resolve({ ok: false, error: NO_KEY }),
    onView: () => () => undefined,
    onConnection(listener) {
      listener('no-key');
      return () => undefined;
    },
  };
}

/** Electron's bridge: a process boundary that does not drop, so always connected. */
export function steadyCore(bridge: CoreBridge): Core {
  return {
    request: (name, args) => bridge.request(name, args),
    onView: (listener) => bridge.onView(listener),
    onConnection(listener) {
      listener('connected');
      return () => undefined;
    },
  };
}
