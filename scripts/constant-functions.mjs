// A bundle's top-level function declarations made constants: `function f(…) {…}` becomes
// `const f = function f(…) {…};`, moved up to just after the imports, with the source map moved along.
//
// Why: esbuild writes every top-level binding of a bundle as a `var` or a function declaration, and both
// are mutable. So at every call V8's optimizing compiler inlines, the code it makes first loads the
// function from the module's scope and checks that it is still the function it inlined; a `const`'s value
// it knows. About 7 % of the engine's instructions a hand (docs/performance.md, "Twelfth pass").
// Moved up because a declaration is hoisted and a constant is not: code at the top level of the bundle
// may call a function written below it, and with every function defined before any other statement it
// still can. Only what runs no code moves: a function's definition.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import ts from 'typescript';

/**
 * `code` with its top-level function declarations as constants, and `map` (a source map's JSON, or null)
 * with the same lines moved. A declaration that does not start a line and end one (never so in esbuild's
 * output) is left as it is.
 * @param {string} code
 * @param {string | null} map
 * @param {string} [name] the file's name, for the build's errors
 * @returns {{ code: string, map: string | null, functions: number }}
 */
export function constantFunctions(code, map, name = 'bundle.js') {
  // Lines are cut at '\n', as esbuild writes them; TypeScript also counts '\r', U+2028 and U+2029 (which a
  // raw template may hold), and the two counts must agree: such a file is left as it is.
  if (/[\r\u2028\u2029]/.test(code)) return { code, map, functions: 0 };
  const file = parsed(code, name);
  const lines = code.split('\n');
  /** @type {{ first: number, last: number, name: string }[]} */
  const moved = [];
  let insertAt = -1;
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    const start = statement.getStart(file);
    const first = file.getLineAndCharacterOfPosition(start);
    if (insertAt < 0) insertAt = first.line;
    if (!movable(statement, code, first.character)) continue;
    moved.push({ first: first.line, last: file.getLineAndCharacterOfPosition(statement.end).line, name: statement.name.text });
  }
  if (moved.length === 0) return { code, map, functions: 0 };

  // The new order of the old lines, and the columns each new line's first part moved right by.
  const order = [];
  const shift = new Map();
  for (let line = 0; line < insertAt; line++) order.push(line);
  const inMoved = new Set();
  for (const { first, last, name: functionName } of moved) {
    const prefix = `const ${functionName} = `;
    lines[first] = prefix + lines[first];
    lines[last] += ';';
    shift.set(first, prefix.length);
    for (let line = first; line <= last; line++) {
      order.push(line);
      inMoved.add(line);
    }
  }
  for (let line = insertAt; line < lines.length; line++) if (!inMoved.has(line)) order.push(line);
  const result = order.map((line) => lines[line]).join('\n');
  // The same statements, only reordered: anything else is a fault of this transform, and stops the build.
  if (parsed(result, name).statements.length !== file.statements.length) throw new Error(`constant functions: ${name} lost or gained a statement`);
  return { code: result, map: map === null ? null : movedMap(map, order, shift, lines.length), functions: moved.length };
}

/** The file's syntax tree; a file that does not parse cleanly is refused, not guessed at. */
function parsed(code, name) {
  const file = ts.createSourceFile(name, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const problem = file.parseDiagnostics?.[0];
  if (problem !== undefined) throw new Error(`constant functions: ${name} does not parse: ${ts.flattenDiagnosticMessageText(problem.messageText, ' ')}`);
  return file;
}

/** A named function declaration, on lines of its own, without `export` (esbuild exports by a list). */
function movable(statement, code, column) {
  if (!ts.isFunctionDeclaration(statement) || statement.name === undefined || statement.body === undefined) return false;
  if ((statement.modifiers ?? []).some((modifier) => modifier.kind !== ts.SyntaxKind.AsyncKeyword)) return false;
  return column === 0 && (statement.end === code.length || code[statement.end] === '\n');
}

/** The source map with its generated lines in `order`, and columns moved right where `shift` says. */
function movedMap(json, order, shift, lineCount) {
  const map = JSON.parse(json);
  const lines = decodeMappings(map.mappings);
  while (lines.length < lineCount) lines.push([]);
  map.mappings = encodeMappings(
    order.map((line) => {
      const by = shift.get(line) ?? 0;
      return by === 0 ? lines[line] : lines[line].map(([column, ...rest]) => [column + by, ...rest]);
    }),
  );
  return JSON.stringify(map);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Source map v3 mappings as absolute segments, a list per generated line: [column] or [column, source,
 * line, column] or with a name index after. In the text each field counts from the previous segment's
 * (the column from the line's previous one only).
 * @param {string} mappings
 * @returns {number[][][]}
 */
export function decodeMappings(mappings) {
  const lines = [];
  const state = [0, 0, 0, 0];
  for (const text of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const part of text === '' ? [] : text.split(',')) {
      const values = decodeVlq(part);
      column += values[0];
      const segment = [column];
      for (let field = 1; field < values.length; field++) {
        state[field - 1] += values[field];
        segment.push(state[field - 1]);
      }
      segments.push(segment);
    }
    lines.push(segments);
  }
  return lines;
}

/** `decodeMappings` undone. @param {number[][][]} lines */
export function encodeMappings(lines) {
  const state = [0, 0, 0, 0];
  return lines
    .map((segments) => {
      let column = 0;
      return segments
        .map((segment) => {
          let text = encodeVlq(segment[0] - column);
          column = segment[0];
          for (let field = 1; field < segment.length; field++) {
            text += encodeVlq(segment[field] - state[field - 1]);
            state[field - 1] = segment[field];
          }
          return text;
        })
        .join(',');
    })
    .join(';');
}

function decodeVlq(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`'${char}' is not a source map digit`);
    value += (digit & 31) * 2 ** shift;
    shift += 5;
    if ((digit & 32) === 0) {
      values.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeVlq(number) {
  let value = number < 0 ? -number * 2 + 1 : number * 2;
  let text = '';
  do {
    const digit = value % 32;
    value = Math.floor(value / 32);
    text += BASE64[value > 0 ? digit | 32 : digit];
  } while (value > 0);
  return text;
}

/**
 * Writes esbuild's in-memory output (`write: false`), each JavaScript file with its functions made
 * constants and its source map moved along with them.
 * @param {{ path: string, text: string, contents: Uint8Array }[]} outputFiles
 */
export function writeWithConstantFunctions(outputFiles) {
  const maps = new Map(outputFiles.filter((file) => file.path.endsWith('.map')).map((file) => [file.path, file.text]));
  for (const file of outputFiles) {
    if (file.path.endsWith('.map')) continue;
    mkdirSync(dirname(file.path), { recursive: true });
    if (!/\.m?js$/.test(file.path)) {
      writeFileSync(file.path, file.contents);
      continue;
    }
    const mapPath = `${file.path}.map`;
    const result = constantFunctions(file.text, maps.get(mapPath) ?? null, file.path);
    writeFileSync(file.path, result.code);
    if (result.map !== null) {
      writeFileSync(mapPath, result.map);
      maps.delete(mapPath);
    }
  }
  // Maps of files that are not JavaScript (none from these builds), as esbuild wrote them.
  for (const [path, text] of maps) writeFileSync(path, text);
}
