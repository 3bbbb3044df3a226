import type { BrowserWindowConstructorOptions, CustomScheme, WebPreferences } from 'electron';
import type { Words } from '../src/evaluator/words.js';
import { CONTENT_SECURITY_POLICY } from '../src/api/content-security-policy.js';

/**
 * The kiosk's hardening as data and pure checks, so plain Node tests what main.ts applies. Only type
 * imports from 'electron' here: they vanish at compile time, and loading this module never loads Electron.
 */

/** The renderer is served from `felt://app/…` (main.ts registers the scheme before the app is ready). */
export const APP_SCHEME = 'felt';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/**
 * `standard` gives the scheme a real origin (so 'self' and relative URLs work), `secure` makes pages on
 * it a secure context, `supportFetchAPI` lets the page fetch its own files, `corsEnabled` lets Vite's
 * `<script type="module" crossorigin>` load in CORS mode (same origin; no response ever allows another
 * origin). Nothing bypasses the CSP, no service worker.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, bypassCSP: false, allowServiceWorkers: false, stream: false },
};

/** The page's policy: the same in the kiosk as in browser mode (src/api/content-security-policy.ts). */
export { CONTENT_SECURITY_POLICY };

/** Headers on every response of the app scheme. */
export const RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** The renderer's process: isolated, sandboxed, no Node; the preload is its only door to the core. */
export function hardenedWebPreferences(preload: string, devTools: boolean): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
    devTools,
  };
}

/** The croupier's window: kiosk and fullscreen, no menu bar; shown once its first paint is ready. */
export function kioskWindowOptions(preload: string, devTools: boolean): BrowserWindowConstructorOptions {
  return {
    title: 'Felt',
    kiosk: true,
    fullscreen: true,
    autoHideMenuBar: true,
    show: false,
    backgroundColor: '#0f3d2e',
    webPreferences: hardenedWebPreferences(preload, devTools),
  };
}

/**
 * Whether the window may go to `url`: only pages of the app itself (`felt://app/…`), never with user
 * names or a port. An unparsable URL is refused. Chromium canonicalises a standard scheme's host to lower
 * case before it asks, so any other spelling is refused too.
 */
export function isAllowedNavigation(url: string, appOrigin: string = APP_ORIGIN): boolean {
  const target = parse(url);
  const app = parse(appOrigin);
  if (target === null || app === null) return false;
  return target.protocol === app.protocol && target.host === app.host && target.host !== '' && target.username === '' && target.password === '';
}

/** Where an IPC message came from, as main.ts reads it off the event. */
export type IpcSender = {
  /** The sender is our kiosk window's web contents (not another window, not a webview). */
  readonly fromKioskWindow: boolean;
  /** The sending frame is the top frame (not an iframe). */
  readonly isMainFrame: boolean;
  /** The sending frame's URL. */
  readonly url: string;
};

/** Only the kiosk window's top frame, showing the app, may talk to the core. */
export function isAllowedSender(sender: IpcSender, appOrigin: string = APP_ORIGIN): boolean {
  return sender.fromKioskWindow && sender.isMainFrame && isAllowedNavigation(sender.url, appOrigin);
}

/** The longest request text the core accepts over IPC (a command is a few hundred characters). */
export const MAX_REQUEST_CHARS = 64 * 1024;

/** Why an IPC payload is refused (in both languages), or null when it is request text the core may read. */
export function ipcPayloadProblem(payload: unknown): Words | null {
  if (typeof payload !== 'string') {
    const kind = payload === null ? 'null' : typeof payload;
    return { en: `a request is JSON text, not ${kind}`, de: `eine Anfrage ist JSON-Text, nicht ${kind}` };
  }
  if (payload.length > MAX_REQUEST_CHARS) {
    return {
      en: `a request is at most ${MAX_REQUEST_CHARS} characters (this one has ${payload.length})`,
      de: `eine Anfrage hat höchstens ${MAX_REQUEST_CHARS} Zeichen (diese hat ${payload.length})`,
    };
  }
  return null;
}

export function isAllowedIpc(payload: unknown): payload is string {
  return ipcPayloadProblem(payload) === null;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
