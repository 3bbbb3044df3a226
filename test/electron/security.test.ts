import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  APP_SCHEME_PRIVILEGES,
  APP_START_URL,
  CONTENT_SECURITY_POLICY,
  hardenedWebPreferences,
  ipcPayloadProblem,
  isAllowedIpc,
  isAllowedNavigation,
  isAllowedSender,
  kioskWindowOptions,
  MAX_REQUEST_CHARS,
  RESPONSE_HEADERS,
} from '../../electron/security.js';

/** `directive → sources` of a policy string. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') {
      expect(map.has(name), `${name} appears twice`).toBe(false);
      map.set(name, sources);
    }
  }
  return map;
}

describe('the Content-Security-Policy', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  it('allows no inline code, no eval, no wildcard and no remote source anywhere', () => {
    for (const [name, sources] of policy) {
      for (const source of sources) {
        expect(source, `${name} ${source}`).not.toMatch(/unsafe-|\*|^https?:|^wss?:|^blob:|^filesystem:/);
      }
    }
  });

  it('lets scripts, styles and connections come only from the app itself', () => {
    for (const name of ['default-src', 'script-src', 'style-src', 'connect-src']) expect(policy.get(name), name).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
  });

  it('forbids plug-ins, base rewriting, framing and form posts', () => {
    for (const name of ['object-src', 'base-uri', 'frame-ancestors', 'form-action']) expect(policy.get(name), name).toEqual(["'none'"]);
  });

  it('goes out as a header on every response, with nosniff', () => {
    expect(RESPONSE_HEADERS['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(RESPONSE_HEADERS['x-content-type-options']).toBe('nosniff');
  });
});

describe('the window', () => {
  it('isolates and sandboxes the page, without Node anywhere', () => {
    const preferences = hardenedWebPreferences('/opt/felt/dist/electron/preload.cjs', false);
    expect(preferences).toMatchObject({
      preload: '/opt/felt/dist/electron/preload.cjs',
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
      devTools: false,
    });
  });

  it('has developer tools only when asked for', () => {
    expect(hardenedWebPreferences('/p.cjs', false).devTools).toBe(false);
    expect(hardenedWebPreferences('/p.cjs', true).devTools).toBe(true);
  });

  it('is a kiosk: fullscreen, no menu bar, shown when ready, hardened', () => {
    const options = kioskWindowOptions('/p.cjs', false);
    expect(options).toMatchObject({ kiosk: true, fullscreen: true, autoHideMenuBar: true, show: false });
    expect(options.webPreferences).toEqual(hardenedWebPreferences('/p.cjs', false));
  });

  it('serves the app from a standard, secure scheme that does not bypass the policy', () => {
    expect(APP_START_URL.startsWith(`${APP_ORIGIN}/`)).toBe(true);
    expect(APP_SCHEME_PRIVILEGES.scheme).toBe(new URL(APP_ORIGIN).protocol.replace(':', ''));
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({ standard: true, secure: true, bypassCSP: false, allowServiceWorkers: false });
  });
});

describe('navigation', () => {
  it('stays inside the app', () => {
    expect(isAllowedNavigation(APP_START_URL)).toBe(true);
    expect(isAllowedNavigation('felt://app/')).toBe(true);
    expect(isAllowedNavigation('felt://app/index.html#/reports')).toBe(true);
    expect(isAllowedNavigation('felt://app/assets/index-3f2a.js?x=1')).toBe(true);
  });

  it.each([
    ['another host of the scheme', 'felt://evil/index.html'],
    ['a host that only starts like the app', 'felt://app.evil.example/'],
    ['user information naming the app', 'felt://app@evil/'],
    ['user information before the app', 'felt://user:secret@app/'],
    ['a port', 'felt://app:8080/'],
    ['the web', 'https://app/index.html'],
    ['a local file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['about:blank', 'about:blank'],
    ['no URL at all', 'not a url'],
    ['an empty string', ''],
  ])('refuses %s', (_, url) => {
    expect(isAllowedNavigation(url)).toBe(false);
  });

  it('compares with the origin it is given', () => {
    expect(isAllowedNavigation('other://screen/x', 'other://screen')).toBe(true);
    expect(isAllowedNavigation(APP_START_URL, 'other://screen')).toBe(false);
    expect(isAllowedNavigation(APP_START_URL, 'not an origin')).toBe(false);
  });
});

describe('who may talk to the core', () => {
  const page = { fromKioskWindow: true, isMainFrame: true, url: APP_START_URL };

  it('the kiosk window’s top frame showing the app', () => {
    expect(isAllowedSender(page)).toBe(true);
  });

  it('nobody else', () => {
    expect(isAllowedSender({ ...page, fromKioskWindow: false })).toBe(false);
    expect(isAllowedSender({ ...page, isMainFrame: false })).toBe(false);
    expect(isAllowedSender({ ...page, url: 'https://evil.example/' })).toBe(false);
    expect(isAllowedSender({ ...page, url: '' })).toBe(false);
  });
});

describe('IPC payloads', () => {
  it('accept request text up to the limit', () => {
    expect(isAllowedIpc('{"id":"1","name":"table-view"}')).toBe(true);
    expect(isAllowedIpc('x'.repeat(MAX_REQUEST_CHARS))).toBe(true);
  });

  it.each([
    ['an object', { id: '1', name: 'table-view' }, 'object'],
    ['a number', 42, 'number'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['bytes', new Uint8Array([123, 125]), 'object'],
  ])('refuse %s, saying what came', (_, payload, kind) => {
    expect(isAllowedIpc(payload)).toBe(false);
    expect(ipcPayloadProblem(payload)?.en).toContain(kind);
  });

  it('refuse text over the limit, with both lengths in the reason', () => {
    const payload = 'x'.repeat(MAX_REQUEST_CHARS + 1);
    expect(isAllowedIpc(payload)).toBe(false);
    const problem = ipcPayloadProblem(payload);
    expect(problem?.en).toContain(String(MAX_REQUEST_CHARS));
    expect(problem?.en).toContain(String(MAX_REQUEST_CHARS + 1));
    expect(problem?.de).toContain(String(MAX_REQUEST_CHARS + 1));
  });
});
