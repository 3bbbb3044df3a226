import type { CoreBridge } from '../../../src/api/requests';
import { type Core, steadyCore } from './core';
import { socketCore, socketUrl } from './socket-core';

declare global {
  interface Window {
    /** Electron's preload bridge; absent in browser mode. */
    readonly felt?: CoreBridge;
  }
}

/** Electron's preload bridge when there is one, else browser mode's WebSocket to the page's host. */
export function selectCore(): Core {
  const bridge = window.felt;
  return bridge === undefined ? socketCore(socketUrl(window.location)) : steadyCore(bridge);
}
