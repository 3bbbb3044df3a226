import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { electronBuildOptions } from '../../electron/build.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'dist', 'electron');
const options = electronBuildOptions(ROOT, OUT);

/** Builds in memory (nothing written) and lists the bundle's run-time imports, by output file name. */
async function runtimeImports(entry: 'main' | 'preload'): Promise<Map<string, string[]>> {
  const result = await build({ ...options[entry], write: false, metafile: true, sourcemap: false, logLevel: 'silent' });
  return importsOf(result.metafile);
}

function importsOf(metafile: Metafile): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const [file, output] of Object.entries(metafile.outputs)) imports.set(file.split('/').at(-1) as string, output.imports.map((entry) => entry.path));
  return imports;
}

/** A package name from an import path: `better-sqlite3`, `@scope/name` (subpaths dropped). */
function packageOf(path: string): string {
  const parts = path.split('/');
  return (path.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

describe('the shell’s bundles', () => {
  it('main.js imports at run time only Electron, Node and the production dependencies', async () => {
    const imports = await runtimeImports('main');
    expect([...imports.keys()]).toEqual(['main.js']);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const allowed = new Set(['electron', ...Object.keys(manifest.dependencies ?? {})]);
    const builtins = new Set(builtinModules);
    const found = imports.get('main.js') ?? [];
    expect(found).toContain('electron');
    for (const path of found) {
      const ok = path.startsWith('node:') || builtins.has(path) || allowed.has(packageOf(path));
      expect(ok, `${path}: a packaged kiosk has no such module (devDependencies are left out)`).toBe(true);
    }
    // The core's own code is bundled, not imported from src/ at run time.
    expect(found.filter((path) => path.startsWith('.') || path.includes('/src/'))).toEqual([]);
  });

  it('preload.cjs requires nothing but electron (a sandboxed preload can load little else)', async () => {
    const imports = await runtimeImports('preload');
    expect([...imports.keys()]).toEqual(['preload.cjs']);
    expect(imports.get('preload.cjs')).toEqual(['electron']);
  });

  it('preload.cjs is CommonJS and exposes window.felt', async () => {
    const result = await build({ ...options.preload, write: false, sourcemap: false, logLevel: 'silent' });
    const text = result.outputFiles.find((file) => file.path.endsWith('preload.cjs'))?.text ?? '';
    expect(text).toContain('require("electron")');
    expect(text).not.toMatch(/^\s*(import|export)\s/m);
    expect(text).toMatch(/exposeInMainWorld\(\s*"felt"/);
  });

  it('the pure helpers never load electron at run time (tests load them without its binary)', async () => {
    const glue = new Set(['main.ts', 'preload.ts']);
    const helpers = readdirSync(join(ROOT, 'electron')).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.d.mts') && !glue.has(file));
    expect(helpers).toEqual(expect.arrayContaining(['security.ts', 'options.ts', 'ipc.ts', 'bridge.ts', 'app-protocol.ts', 'channels.ts']));
    const result = await build({
      entryPoints: helpers.map((file) => join(ROOT, 'electron', file)),
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outdir: OUT,
      logLevel: 'silent',
    });
    for (const [file, paths] of importsOf(result.metafile)) expect(paths, file).not.toContain('electron');
  });
});

describe('electron-builder.yml, as electron-builder itself reads and checks it', () => {
  // electron-builder's own loading and schema (app-builder-lib): a key it does not know fails here, not on
  // the build machine that can download Electron.
  const require = createRequire(join(ROOT, 'package.json'));
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
    getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<BuilderConfig>;
    validateConfiguration(config: BuilderConfig, logger: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  type BuilderConfig = {
    extraMetadata: { name: string; main: string };
    files: (string | { filter: string[] })[];
    asarUnpack: string[];
    npmRebuild: boolean;
    linux: { target: string[]; executableName: string };
    deb: { depends: string[] };
  };
  let config: BuilderConfig;
  beforeAll(async () => {
    config = await getConfig(ROOT, null, null);
    await validateConfiguration(config, new DebugLogger(false));
  });

  it('is valid, and a key electron-builder does not know is not', async () => {
    await expect(validateConfiguration({ ...config, deb: { ...config.deb, dependz: [] } } as BuilderConfig, new DebugLogger(false))).rejects.toThrow(/Invalid configuration object/);
  });

  it('starts the app at the main bundle the build writes, as the package felt-kiosk', () => {
    expect(config.extraMetadata).toEqual({ name: 'felt-kiosk', main: 'dist/electron/main.js' });
    expect(options.main.outdir?.endsWith(join('dist', 'electron'))).toBe(true);
    expect(options.main.entryPoints).toHaveProperty('main');
    expect(options.main.format).toBe('esm');
    // Where the table PC's kiosk session looks for it (packaging/debian/kiosk-session).
    expect(config.linux.executableName).toBe('felt-kiosk');
    expect(readFileSync(join(ROOT, 'packaging', 'debian', 'kiosk-session'), 'utf8')).toContain('KIOSK=/opt/Felt/felt-kiosk');
  });

  it('ships the shell and the screens, unpacks the native modules and rebuilds them for Electron', () => {
    // electron-builder keeps the list as a filter.
    expect(config.files.flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.filter))).toEqual(expect.arrayContaining(['dist/electron/**', 'dist/renderer/**', '!dist/**/*.map']));
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/node_modules/better-sqlite3/**', '**/node_modules/node-hid/**', '**/node_modules/@serialport/bindings-cpp/**']));
    expect(config.npmRebuild).toBe(true);
  });

  it('builds an AppImage and a deb whose dependencies keep electron-builder’s defaults and add sound, libusb and the table PC’s package', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    for (const name of ['libgtk-3-0', 'libnotify4', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils', 'libatspi2.0-0', 'libuuid1', 'libsecret-1-0', 'libasound2', 'libusb-1.0-0', 'felt']) {
      expect(config.deb.depends, name).toContain(name);
    }
  });
});
