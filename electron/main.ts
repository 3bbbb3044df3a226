// The kiosk's main process (bundled to dist/electron/main.js): one fullscreen window, one core. Glue only:
// every decision lives in a module plain Node tests (security.ts, options.ts, ipc.ts, app-protocol.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, type IpcMainInvokeEvent, ipcMain, Menu, protocol, type Session, session, type WebContents } from 'electron';
import { Core } from '../src/api/core.js';
import { defaultDatabasePath, keepTableFilesPrivate, showNewPin } from '../src/api/data-folder.js';
import { hardwareConfigPath } from '../src/hardware/hardware-config.js';
import { newTournamentTable } from '../src/api/tournament-file.js';
import { serveAppRequest, shellPaths } from './app-protocol.js';
import { REQUEST_CHANNEL, VIEW_CHANNEL } from './channels.js';
import { answerRequest } from './ipc.js';
import { hardwareFor, type KioskOptions, parseKioskArguments, userArguments } from './options.js';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, APP_START_URL, type IpcSender, isAllowedNavigation, kioskWindowOptions } from './security.js';

// Only possible before the app is ready, so at the top of the entry module (no top-level await before it).
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

let kioskWindow: BrowserWindow | null = null;

const parsed = parseKioskArguments(userArguments(process.argv, process.defaultApp), { packaged: app.isPackaged });
if (!parsed.ok) {
  fail('Felt: wrong command line', parsed.problem, 2);
} else if (!app.requestSingleInstanceLock()) {
  // Another kiosk holds this table (and its database, exclusively): it comes to the front, this one leaves.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (kioskWindow === null || kioskWindow.isDestroyed()) return;
    if (kioskWindow.isMinimized()) kioskWindow.restore();
    kioskWindow.show();
    kioskWindow.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents));
  const options = parsed.options;
  app
    .whenReady()
    .then(() => start(options))
    .catch((error: unknown) => fail('Felt cannot start', messageOf(error), 1));
}

async function start(options: KioskOptions): Promise<void> {
  const paths = shellPaths(import.meta.url);
  const index = join(paths.renderer, 'index.html');
  if (!existsSync(index)) throw new Error(`${index} is missing: build the renderer first (npm run build)`);
  if (!existsSync(paths.preload)) throw new Error(`${paths.preload} is missing: build the shell first (npm run build)`);

  // The PIN from FELT_FLOOR_PIN keeps it out of the process list (`felt start` passes it that way).
  const floorPin = options.floorPin ?? process.env['FELT_FLOOR_PIN'] ?? null;
  // The kiosk started on its own (not through felt start) keeps the table's files its user's only too.
  keepTableFilesPrivate();
  const dbPath = options.db ?? defaultDatabasePath();
  const core = await Core.open({
    dbPath,
    hardware: hardwareFor(options.hardware, dbPath !== ':memory:' && existsSync(hardwareConfigPath(dbPath))),
    ...(floorPin === null || floorPin === '' ? {} : { floorPin }),
    ...(options.seed === null ? {} : { seed: options.seed }),
    ...(options.tournament === null ? {} : { tableConfig: newTournamentTable(options.tournament, dbPath) }),
  });
  try {
    if (core.notice !== null) console.log(`Felt: ${core.notice}`);
    // Not on the croupier's screen (the PIN guards the floor functions from the table), nor in a journal:
    // on a terminal, else in a file of the table's user's only that the line names (D58).
    if (core.newPin !== null) console.log(`Felt: ${showNewPin(dbPath, core.newPin, process.stdout.isTTY === true)}`);
    lockDownSession(session.defaultSession);
    protocol.handle(APP_SCHEME, (request) => serveAppRequest(request.url, paths.renderer));
    Menu.setApplicationMenu(null);

    const window = new BrowserWindow(kioskWindowOptions(paths.preload, options.devtools));
    kioskWindow = window;
    const connection = core.connect((message) => {
      if (!window.isDestroyed()) window.webContents.send(VIEW_CHANNEL, message.view);
    });
    ipcMain.handle(REQUEST_CHANNEL, (event, payload: unknown) => answerRequest(senderOf(event, window), payload, (text) => connection.handle(text)));

    // A service's stop (systemctl stop, an update) waits for the hand in play, as felt start's does; a second
    // signal quits at once, and the next start takes the hand up from the log.
    let stopAsked = false;
    process.on('SIGTERM', () => {
      if (stopAsked) return app.quit();
      stopAsked = true;
      void core.controller.stopBetweenHands().then(() => app.quit());
    });

    let closed = false;
    app.on('will-quit', () => {
      if (closed) return;
      closed = true;
      ipcMain.removeHandler(REQUEST_CHANNEL);
      connection.close();
      core.close();
    });

    window.once('ready-to-show', () => window.show());
    window.webContents.on('render-process-gone', (_event, details) => {
      console.error(`Felt: the screen's process ended (${details.reason}, exit code ${details.exitCode})`);
      if (details.reason !== 'clean-exit' && !window.isDestroyed()) window.webContents.reload();
    });
    if (options.devtools) window.webContents.openDevTools({ mode: 'detach' });
    window.loadURL(APP_START_URL).catch((error: unknown) => console.error(`Felt: ${APP_START_URL} did not load: ${messageOf(error)}`));
  } catch (error) {
    core.close();
    throw error;
  }
}

/** Every web contents (the kiosk window and anything that might ever appear): no new windows, no webviews, no leaving the app. */
function lockDownContents(contents: WebContents): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.on('will-navigate', (event) => {
    if (!isAllowedNavigation(event.url)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isAllowedNavigation(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url)) event.preventDefault();
  });
}

/** No permission is ever granted (camera, notifications, USB, serial…), and the page never reaches the network. */
function lockDownSession(target: Session): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
  target.setDevicePermissionHandler(() => false);
  target.webRequest.onBeforeRequest({ urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] }, (_details, callback) => callback({ cancel: true }));
}

function senderOf(event: IpcMainInvokeEvent, window: BrowserWindow): IpcSender {
  const frame = event.senderFrame;
  let url = '';
  try {
    url = frame?.url ?? '';
  } catch {
    // The frame went away while its message was on the way: refused below (no URL).
  }
  return {
    fromKioskWindow: !window.isDestroyed() && event.sender.id === window.webContents.id,
    isMainFrame: frame !== null && frame.parent === null,
    url,
  };
}

function fail(title: string, problem: string, code: number): void {
  console.error(`${title}: ${problem}`);
  // Before the app is ready there is no dialog on Linux (Electron would print the same to stderr).
  if (app.isReady()) dialog.showErrorBox(title, problem);
  app.exit(code);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
