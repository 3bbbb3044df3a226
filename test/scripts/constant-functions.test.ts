import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { constantFunctions, decodeMappings, encodeMappings } from '../../scripts/constant-functions.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

/** The module's exports, run from its text. */
async function run(code: string): Promise<Record<string, unknown>> {
  return (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;
}

describe('constant functions (scripts/constant-functions.mjs, run by npm run build)', () => {
  it('makes top-level functions constants defined before the code that may call them at load', async () => {
    const code = [
      'import { sep } from "node:path";',
      'var answer = later();',
      'function later() {',
      '  return helper() + 1;',
      '}',
      'async function waited() {',
      '  return answer;',
      '}',
      'function* counted() {',
      '  yield sep.length;',
      '}',
      'export { answer, counted, later, waited };',
      '',
    ].join('\n');
    const result = constantFunctions(code + 'function helper() {\n  return 41;\n}\n', null);
    expect(result.functions).toBe(4);
    const lines = result.code.split('\n');
    expect(lines[0]).toBe('import { sep } from "node:path";');
    expect(lines.slice(1, 4)).toEqual(['const later = function later() {', '  return helper() + 1;', '};']);
    expect(result.code).toContain('const waited = async function waited() {');
    expect(result.code).toContain('const counted = function* counted() {');
    expect(result.code).not.toMatch(/^function/m);
    const module = await run(result.code);
    expect(module.answer).toBe(42);
    expect(await (module.waited as () => Promise<number>)()).toBe(42);
    expect([...(module.counted as () => Iterable<number>)()]).toEqual([1]);
    expect((module.later as () => number).name).toBe('later');
  });

  it('leaves alone what is not a top-level declaration on lines of its own', () => {
    const code = [
      'var text = `',
      'function inTemplate() {',
      '}',
      '`;',
      'var f = function expression() {',
      '};',
      'export function exported() {',
      '}',
      'var g = () => {',
      '  function nested() {',
      '  }',
      '  return nested;',
      '};',
      'var h = 1; function sharesALine() {',
      '}',
      '',
    ].join('\n');
    expect(constantFunctions(code, null)).toEqual({ code, map: null, functions: 0 });
  });

  it('refuses a file that does not parse, and leaves one whose lines TypeScript would count otherwise', () => {
    expect(() => constantFunctions('function f( {\n}\n', null, 'broken.js')).toThrow("constant functions: broken.js does not parse: ')' expected");
    // A raw template may hold U+2028, a line break to TypeScript and not to a split at '\n'.
    for (const odd of ['\u2028', '\u2029', '\r']) {
      const code = `var t = String.raw\`a${odd}b\`;\nfunction f() {\n  return t;\n}\n`;
      expect(constantFunctions(code, null)).toEqual({ code, map: null, functions: 0 });
    }
  });

  it('moves the source map with the lines, every generated token still mapped to its source', async () => {
    const source = [
      'export const table = settle({ seats: 6 });',
      'export function settle(config: { seats: number }): { seats: number } {',
      '  return Object.freeze({ ...config, seats: double(config.seats) / 2 });',
      '}',
      'function double(value: number): number {',
      '  const twice = value * 2;',
      '  return twice;',
      '}',
    ].join('\n');
    const output = await build({ stdin: { contents: source, loader: 'ts', sourcefile: 'table.ts' }, bundle: true, format: 'esm', sourcemap: 'external', write: false, outfile: 'out.js', logLevel: 'silent' });
    const code = output.outputFiles.find((file) => file.path.endsWith('.js'))?.text ?? '';
    const map = output.outputFiles.find((file) => file.path.endsWith('.map'))?.text ?? '';
    const result = constantFunctions(code, map);
    expect(result.functions).toBe(2);
    // Each mapping as the source place it names and the generated text it points at (up to a line's
    // end, where a moved function's last line gained a semicolon).
    const tokens = (text: string, json: string): string[] => {
      const lines = text.split('\n');
      return decodeMappings((JSON.parse(json) as { mappings: string }).mappings)
        .flatMap((segments, line) => segments.map(([column = 0, ...place]) => `${place.join(':')} ${(lines[line] ?? '').slice(column, column + 8).replace(/;$/, '')}`))
        .sort();
    };
    expect(tokens(result.code, result.map as string)).toEqual(tokens(code, map));
    expect(tokens(code, map).length).toBeGreaterThan(10);
    expect(((await run(result.code)) as { table: unknown }).table).toEqual({ seats: 6 });
  });

  it('encodes mappings back to the text it decoded', () => {
    const mappings = ';;AAAA,SAAS,CAAC;AACV,IAAI,GAAA,yBAAyB,EAAE;;AAE/B,gBAAgB';
    expect(encodeMappings(decodeMappings(mappings))).toBe(mappings);
    expect(decodeMappings('AAAA,IAAgB')).toEqual([[[0, 0, 0, 0], [4, 0, 0, 16]]]);
  });

  it('is applied to the build: no top-level function declaration is left, no chunks import each other round, and every chunk loads', () => {
    const chunks = readdirSync(join(ROOT, 'dist', 'chunks')).filter((name) => name.endsWith('.js'));
    // A declaration can be called through an import cycle before its module has run; a constant cannot.
    const imports = new Map(chunks.map((name) => [name, [...readFileSync(join(ROOT, 'dist', 'chunks', name), 'utf8').matchAll(/(?:from |import\(?)\s*"\.\/([\w-]+\.js)"/g)].map((match) => match[1] as string)]));
    const finished = new Set<string>();
    const cycleFrom = (name: string, path: readonly string[]): string | null => {
      if (path.includes(name)) return [...path, name].join(' → ');
      if (finished.has(name)) return null;
      for (const next of imports.get(name) ?? []) {
        const cycle = cycleFrom(next, [...path, name]);
        if (cycle !== null) return cycle;
      }
      finished.add(name);
      return null;
    };
    for (const name of chunks) expect(cycleFrom(name, [])).toBeNull();
    expect([...imports.values()].flat().length).toBeGreaterThan(20);
    const bundles = [...readdirSync(join(ROOT, 'dist')).filter((name) => name.endsWith('.js')), ...chunks.map((name) => `chunks/${name}`), 'electron/main.js'];
    for (const bundle of bundles) expect(readFileSync(join(ROOT, 'dist', bundle), 'utf8'), bundle).not.toMatch(/^(async )?function\*? /m);
    // Loading runs each chunk's top-level code: a function used before its constant is defined throws.
    const load = spawnSync(process.execPath, ['--input-type=module', '-e', `await Promise.all(${JSON.stringify(chunks)}.map((name) => import('./dist/chunks/' + name)));`], { cwd: ROOT, encoding: 'utf8' });
    expect(load.stderr).toBe('');
    expect(load.status).toBe(0);
  });
});
