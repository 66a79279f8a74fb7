import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import rules that keep the bottom layers pure (see ARCHITECTURE.md):
// src/core may import only src/core; src/contracts only src/core, src/contracts and zod.
const ioModules = [
  // Leading '/': gitignore-style patterns would otherwise match a segment anywhere (e.g. '@/queries/events').
  'node:*', '/fs', '/fs/*', '/path', '/os', '/child_process', '/worker_threads', '/http', '/https', '/net',
  '/crypto', '/url', '/stream', '/events', '/process', '/buffer', '/util',
];
const upperLayers = ['**/server/**', '**/web/**', '**/cli/**'];
const frameworks = ['react', 'react-*', 'react/*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'wouter', '@tanstack/*', 'three', 'd3-*', 'recharts'];

// Public faces (issue 15 item 5): outside src/core, a module of src/core (a folder with an index.ts, such as
// src/core/drag or src/core/atmosphere/jb2008) is imported through its index.ts only; src/core/units.ts belongs
// to no module and stays importable, and so do core's *.test-support.ts helpers for tests. Inside src/core the
// modules keep importing each other's files directly (an index importing its own importers would be a cycle).
// scripts/codemods/core-public-faces.mjs rewrites deep imports into imports of the index.
const deepCorePath = String.raw`^(?:\.\.?/(?:[^/]+/)*core|@core)/(?:[^/]+/)+(?!index\.ts$)(?![^/]*\.test-support\.ts$)[^/]+$`;
const deepCoreMessage =
  'Import a module of src/core through its index.ts (../core/<module>/index.ts), not one of its files; export what you need from the index (node scripts/codemods/core-public-faces.mjs rewrites these).';
const deepCoreImports = { regex: deepCorePath, message: deepCoreMessage };
// esquery regexes cannot hold '/': the same pattern with \x2F.
const deepCoreDynamicImports = [
  { selector: `ImportExpression[source.value=/${deepCorePath.replaceAll('/', String.raw`\x2F`)}/]`, message: deepCoreMessage },
];

const pureGlobals = [
  'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'fetch', 'XMLHttpRequest', 'WebSocket',
  'process', 'Buffer', 'require', 'global', 'globalThis', '__dirname', '__filename',
  'setTimeout', 'setInterval', 'setImmediate', 'performance', 'console',
].map((name) => ({ name, message: 'src/core is pure: no I/O, no clock, no host APIs. Pass what you need as an argument.' }));

const pureRules = {
  'no-restricted-globals': ['error', ...pureGlobals],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'src/core has no clock: take the time as an argument.' },
    { object: 'Math', property: 'random', message: 'src/core is deterministic: take a seeded generator as an argument.' },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'src/core has no clock: take the time as an argument.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Every file outside src/core, tests and scripts included; the layer blocks below repeat the pattern
    // because a later no-restricted-imports replaces an earlier one.
    files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
    ignores: ['src/core/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [deepCoreImports] }],
      'no-restricted-syntax': ['error', ...deepCoreDynamicImports],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts', 'src/core/**/*.test-support.ts'],
    rules: {
      ...pureRules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ioModules, message: 'src/core is pure: no I/O or Node APIs.' },
            { group: [...upperLayers, '**/contracts/**'], message: 'src/core is the bottom layer: it imports nothing above it.' },
            { group: [...frameworks, 'zod'], message: 'src/core depends on no framework.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    ignores: ['src/contracts/**/*.test.ts'],
    rules: {
      ...pureRules,
      'no-restricted-syntax': [...pureRules['no-restricted-syntax'], ...deepCoreDynamicImports],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepCoreImports,
            { group: ioModules, message: 'src/contracts is shared by server and browser: no Node APIs.' },
            { group: upperLayers, message: 'src/contracts sits below server, cli and web.' },
            { group: frameworks, message: 'src/contracts depends only on zod and src/core.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepCoreImports,
            { group: ['**/server/**', '**/cli/**', ...ioModules], message: 'The web app talks to the server over HTTP only.' },
            {
              // Climbing out of src/web with '../' into the layers below: use the aliases of vite.config.ts and tsconfig.web.json.
              regex: '^(\\.\\./)+(contracts|core)(/|$)',
              message: "Import src/contracts and src/core through '@contracts/…' and '@core/…', not a relative path.",
            },
          ],
        },
      ],
      // no-restricted-imports does not see import(): the same rule for dynamic imports.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^(\\.\\.\\/)+(contracts|core)(\\/|$)/]',
          message: "Import src/contracts and src/core through '@contracts/…' and '@core/…', not a relative path.",
        },
        ...deepCoreDynamicImports,
      ],
    },
  },
  {
    files: ['src/server/**/*.{ts,mjs}', 'src/cli/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.{js,mjs}', 'bin/**/*.js', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
