import type { CoreBridge } from '../../../src/api/requests';
import { type Core, keylessCore, steadyCore } from './core';
import { screenKey, socketCore, socketUrl } from './socket-core';

declare global {
  interface Window {
    /** Electron's preload bridge; absent in browser mode. */
    readonly felt?: CoreBridge;
  }
}

/** Electron's preload bridge when there is one, else browser mode's WebSocket to the page's host, with the table's screen key. */
export function selectCore(): Core {
  const bridge = window.felt;
  if (bridge !== undefined) return steadyCore(bridge);
  const key = screenKey(window.location, sessionStorageOrNull(), window.history);
  return key === null ? keylessCore() : socketCore(socketUrl(window.location, key));
}

/** The tab's session storage, or null where the browser refuses it (reading the property can throw). */
function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
