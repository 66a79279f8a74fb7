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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
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
      ],
    },
  },
  {
    files: ['src/server/**/*.{ts,mjs}', 'src/cli/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.{js,mjs}', 'bin/**/*.js', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
