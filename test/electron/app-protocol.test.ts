import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, resolveAppFile, serveAppRequest, shellPaths } from '../../electron/app-protocol.js';
import { CONTENT_SECURITY_POLICY } from '../../electron/security.js';

let root = '';
let outside = '';

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), 'felt-app-protocol-'));
  root = join(base, 'renderer');
  outside = join(base, 'secret.txt');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./assets/index.js"></script>');
  writeFileSync(join(root, 'assets', 'index.js'), 'console.log("felt")');
  writeFileSync(outside, 'the floor PIN');
});

afterAll(() => {
  rmSync(join(root, '..'), { recursive: true, force: true });
});

describe('the felt://app scheme', () => {
  it('serves index.html for the start URL and for the bare origin, with the CSP header', async () => {
    for (const url of ['felt://app/index.html', 'felt://app/', 'felt://app']) {
      const response = await serveAppRequest(url, root);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.has('access-control-allow-origin'), 'no other origin may read the app').toBe(false);
      expect(await response.text()).toContain('<!doctype html>');
    }
  });

  it('serves the bundle’s assets with their type, ignoring query and hash', async () => {
    const response = await serveAppRequest('felt://app/assets/index.js?v=2#x', root);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('console.log("felt")');
  });

  it.each([
    ['a missing file', 'felt://app/assets/missing.js'],
    ['dot segments', 'felt://app/../secret.txt'],
    ['encoded dot segments', 'felt://app/%2e%2e/secret.txt'],
    ['an encoded slash', 'felt://app/..%2fsecret.txt'],
    ['an encoded backslash and slash', 'felt://app/assets/..%2f..%2fsecret.txt'],
    ['a malformed escape', 'felt://app/%E0%A4%A'],
    ['a NUL byte', 'felt://app/index.html%00.js'],
    ['another host', 'felt://evil/index.html'],
    ['another scheme', 'file:///etc/passwd'],
  ])('answers %s with 404 and the CSP, never a file outside', async (_, url) => {
    const response = await serveAppRequest(url, root);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await response.text()).not.toContain('floor PIN');
  });

  it('resolves only paths inside the renderer', () => {
    expect(resolveAppFile('felt://app/assets/index.js', root)).toBe(join(root, 'assets', 'index.js'));
    expect(resolveAppFile('felt://app/..%2fsecret.txt', root)).toBeNull();
    expect(resolveAppFile('felt://app:1/index.html', root)).toBeNull();
  });

  it('names content types, and unknown ones as bytes', () => {
    expect(contentTypeOf('a/b.CSS')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('font.woff2')).toBe('font/woff2');
    expect(contentTypeOf('data.bin')).toBe('application/octet-stream');
  });
});

describe('the shell’s paths', () => {
  it('are found beside the main bundle, inside or outside an asar', () => {
    expect(shellPaths('file:///opt/Felt/resources/app.asar/dist/electron/main.js')).toEqual({
      preload: '/opt/Felt/resources/app.asar/dist/electron/preload.cjs',
      renderer: '/opt/Felt/resources/app.asar/dist/renderer',
    });
  });
});
