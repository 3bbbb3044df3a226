// Lint rules, and the layer boundaries of docs/architecture.md enforced as import rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Layers nothing pure may reach: I/O, the UI, the live table. */
const IMPURE_LAYERS = ['controller', 'hardware', 'store', 'api', 'server', 'reports', 'cli', 'drivers', 'renderer', 'electron'].flatMap((layer) => [
  `**/${layer}`,
  `**/${layer}/**`,
]);

const pureModule = (what) => ({
  patterns: [
    { group: IMPURE_LAYERS, message: `${what} must stay pure: it may not import I/O, UI or live-table layers.` },
    { group: ['node:*'], message: `${what} must stay pure: no Node built-ins (no I/O, no clock, no randomness).` },
    { regex: '^[^.]', message: `${what} must stay pure: it depends on no packages.` },
  ],
});

/** Electron's binary cannot be downloaded on the build machines: only the shell's two entry files may load it. */
const electronBan = {
  name: 'electron',
  allowTypeImports: true,
  message: 'Only electron/main.ts and electron/preload.ts load electron: everything else must run in plain Node (docs/architecture.md).',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/evaluator/tables.generated.ts', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', performance: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
    rules: {
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use SeededRandom (src/cards/random.ts): every shuffle must replay from its seed.' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The hot path indexes typed arrays with values it has just computed; `!` there is deliberate.
    files: ['src/evaluator/lookup.ts', 'src/evaluator/base64.ts', 'bench/**/*.ts', 'scripts/verify-evaluator.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', pureModule('The engine')] },
  },
  {
    // One hand knows nothing of the table around it: the table's half imports the hand's, never back.
    files: ['src/engine/hand/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...pureModule('The engine').patterns, { group: ['**/table/**', '../table'], message: 'The hand knows nothing of the table around it (src/engine/table/ imports src/engine/hand/, not the other way).' }] },
      ],
    },
  },
  {
    // The simulated session: seeded play through the engine; the CLI prints and writes files.
    files: ['src/sim/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', pureModule('The simulator')] },
  },
  {
    // Hand histories: text in, text out; the CLI does the file I/O.
    files: ['src/phh/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', pureModule('The PHH module')] },
  },
  {
    files: ['src/cards/**/*.ts', 'src/evaluator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...pureModule('Cards and the evaluator').patterns,
            { group: ['**/engine', '**/engine/**'], message: 'Cards and the evaluator know nothing of seats or money.' },
          ],
        },
      ],
    },
  },
  {
    files: ['drivers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/engine/**', '**/src/evaluator/**', '**/src/controller/**'],
              message: 'Drivers speak device words only; the controller maps device events to engine commands.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['electron/main.ts', 'electron/preload.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [electronBan] }] },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            {
              group: ['**/src/**', '!**/src/cards/', '!**/src/cards/**', '!**/src/reports/', '**/src/reports/*', '!**/src/reports/incident-kinds', '!**/src/reports/player-names'],
              allowTypeImports: true,
              message: 'The renderer computes no rule: it imports only types from src/ (and card notation from src/cards/, and the incident kinds\' and players\' words) and shows the view model.',
            },
          ],
        },
      ],
    },
  },
);
