// Runs the built main bundle against the Electron stub and prints what happened as one JSON line.
// usage: node drive-main.mjs MAIN_JS [KIOSK ARGUMENTS…]
import { register } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';

register('./electron-hooks.mjs', import.meta.url);
const [main, ...kioskArguments] = process.argv.slice(2);
process.argv = ['/usr/lib/electron/electron', main, ...kioskArguments];
process.defaultApp = true;

await import(main);
const stub = globalThis.feltElectronStub;
stub.makeReady();
await sleep(20);

const result = { log: stub.log };
const request = stub.handlers.get('felt:request');
if (stub.window !== null && request !== undefined) {
  const contents = stub.window.webContents;
  const page = { sender: contents, senderFrame: contents.mainFrame };
  const attempt = (event, payload) => {
    try {
      return { reply: JSON.parse(request(event, payload)) };
    } catch (error) {
      return { thrown: error.message };
    }
  };
  result.appInfo = attempt(page, JSON.stringify({ id: 'a', name: 'app-info' }));
  result.notText = attempt(page, { id: 'b', name: 'app-info' });
  result.otherWindow = attempt({ sender: { id: 99 }, senderFrame: contents.mainFrame }, JSON.stringify({ id: 'c', name: 'app-info' }));
  result.subframe = attempt({ sender: contents, senderFrame: { parent: contents.mainFrame, url: 'felt://app/index.html' } }, JSON.stringify({ id: 'd', name: 'app-info' }));
  result.simDeal = attempt(page, JSON.stringify({ id: 'f', name: 'sim-deal' }));
  result.sit = attempt(page, JSON.stringify({ id: 'e', name: 'table-submit', args: { commandId: 'smoke-1', command: { type: 'sit', seat: 1, name: 'Ann', buyIn: 1000 } } }));
  result.pushed = contents.sent.map(([channel]) => channel);
  const navigate = (event, url) => {
    let prevented = false;
    contents.emit(event, { url, preventDefault: () => (prevented = true) });
    return prevented;
  };
  result.prevented = {
    outside: navigate('will-navigate', 'https://example.com/'),
    inside: navigate('will-navigate', 'felt://app/index.html#/reports'),
    redirect: navigate('will-redirect', 'file:///etc/passwd'),
    frame: navigate('will-frame-navigate', 'felt://other/'),
  };
  const response = await stub.protocolHandler({ url: 'felt://app/index.html' });
  result.served = { status: response.status, csp: response.headers.get('content-security-policy'), body: await response.text() };
  (await import('electron')).app.quit();
  result.afterQuit = stub.handlers.has('felt:request');
}
process.stdout.write(`${JSON.stringify(result)}\n`);
