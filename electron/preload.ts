// The sandboxed preload (bundled to dist/electron/preload.cjs, CommonJS as sandboxed preloads must be):
// exposes `window.felt`, the CoreBridge, and nothing else. ipcRenderer itself never reaches the page.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge } from './bridge.js';
import { REQUEST_CHANNEL, VIEW_CHANNEL } from './channels.js';

contextBridge.exposeInMainWorld(
  'felt',
  createBridge({
    invoke: (text) => ipcRenderer.invoke(REQUEST_CHANNEL, text),
    subscribe: (listener) => {
      const forward = (_event: IpcRendererEvent, view: unknown): void => listener(view);
      ipcRenderer.on(VIEW_CHANNEL, forward);
      return () => {
        ipcRenderer.removeListener(VIEW_CHANNEL, forward);
      };
    },
  }),
);
