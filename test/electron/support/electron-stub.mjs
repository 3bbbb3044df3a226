// A stand-in for the parts of Electron that electron/main.ts calls, recording what it is asked to do.
// Only the main-process smoke test loads it (through electron-hooks.mjs), in a child process.
import { EventEmitter } from 'node:events';

const log = [];
let ready = false;
let markReady = () => {};
const whenReady = new Promise((resolve) => {
  markReady = resolve;
});

class WebContents extends EventEmitter {
  id = 7;
  sent = [];
  mainFrame = { parent: null, url: 'felt://app/index.html' };
  send(channel, value) {
    this.sent.push([channel, value]);
  }
  setWindowOpenHandler(handler) {
    log.push({ windowOpen: handler({ url: 'https://example.com/' }) });
  }
  reload() {
    log.push({ reload: true });
  }
  openDevTools() {
    log.push({ devtools: true });
  }
}

class App extends EventEmitter {
  // A packaged kiosk when the test says so (its command line is checked more strictly).
  isPackaged = process.env.FELT_STUB_PACKAGED === '1';
  isReady() {
    return ready;
  }
  whenReady() {
    return whenReady;
  }
  requestSingleInstanceLock() {
    log.push({ lock: true });
    return true;
  }
  quit() {
    log.push({ quit: true });
    this.emit('will-quit');
  }
  exit(code) {
    log.push({ exit: code });
  }
}

export const app = new App();

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => log.push({ privileged: schemes, beforeReady: !ready }),
  handle: (scheme, handler) => {
    log.push({ handle: scheme });
    stub.protocolHandler = handler;
  },
};

export const dialog = { showErrorBox: (title, content) => log.push({ errorBox: `${title}: ${content}` }) };
export const Menu = { setApplicationMenu: (menu) => log.push({ menu }) };

const handlers = new Map();
export const ipcMain = {
  handle: (channel, handler) => {
    handlers.set(channel, handler);
    log.push({ ipc: channel });
  },
  removeHandler: (channel) => {
    handlers.delete(channel);
    log.push({ ipcRemoved: channel });
  },
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler) => handler(null, 'media', (granted) => log.push({ permissionRequest: granted })),
    setPermissionCheckHandler: (handler) => log.push({ permissionCheck: handler(null, 'media', 'felt://app', {}) }),
    setDevicePermissionHandler: (handler) => log.push({ devicePermission: handler({}) }),
    webRequest: {
      onBeforeRequest: (filter, handler) => handler({ url: 'https://example.com/' }, (answer) => log.push({ webRequest: filter.urls, answer })),
    },
  },
};

export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.webContents = new WebContents();
    app.emit('web-contents-created', {}, this.webContents);
    log.push({ window: options });
    stub.window = this;
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  show() {}
  focus() {}
  restore() {}
  loadURL(url) {
    log.push({ load: url });
    return Promise.resolve();
  }
}

/** The test's handle on the stub: what was logged, the IPC handlers, the window, and the ready switch. */
export const stub = {
  log,
  handlers,
  window: null,
  protocolHandler: null,
  makeReady: () => {
    ready = true;
    log.push({ appReady: true });
    markReady();
  },
};
globalThis.feltElectronStub = stub;
