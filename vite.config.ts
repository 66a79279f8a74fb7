import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
// '@/…' is the web app itself; '@contracts/…' and '@core/…' are the layers below it that the web app may import
// (tsconfig.web.json's paths say the same; eslint refuses relative imports of them from src/web).
const webAlias = {
  '@': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@contracts': fileURLToPath(new URL('./src/contracts', import.meta.url)),
  '@core': fileURLToPath(new URL('./src/core', import.meta.url)),
};

/** Web tests that use vi.mock: they run isolated, the others share one module graph per worker. */
const WEB_MOCKING_TESTS = [
  'src/web/components/dashboard/satellite-tracking/israeli-satellite-tracking-card.test.tsx',
  'src/web/components/dashboard/situational-awareness/situational-awareness-card.test.tsx',
  'src/web/pages/visualization.test.tsx',
];

// One config for the web build (root src/web → dist/web) and for every test
// project. `npm run dev` serves the web app with hot reload and proxies /api to
// a server started separately with `npm start` (or `npx ssa serve`).
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  resolve: { alias: webAlias },
  // ES-module workers: the globe worker imports satellite.js, whose index holds a top-level await (its WASM bulk propagator).
  worker: { format: 'es' },
  build: {
    outDir: `${root}/dist/web`,
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? '5000'}` },
  },
  test: {
    root,
    globalSetup: ['tests/require-reference.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root,
          environment: 'node',
          include: ['src/core/**/*.test.ts', 'src/contracts/**/*.test.ts', 'src/server/**/*.test.ts', 'src/cli/**/*.test.ts'],
          // Reference sweeps (every pc_cases 3D-Nc case, the SGP4 suite) take seconds; on a loaded
          // two-core CI machine 5 s is too close. Speed is measured by `npm run bench`, not here.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root,
          environment: 'jsdom',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          exclude: WEB_MOCKING_TESTS,
          setupFiles: ['src/web/test/setup.ts'],
          // Testing Library waits up to 3 s (setup.ts); a test of several such steps on a loaded two-core machine needs more than 5 s.
          testTimeout: 15_000,
          // One jsdom and one React/Recharts/Radix import per worker instead of per file: the
          // files clean up after each test (setup.ts), and this halves the project's time on two cores.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Files that replace modules with vi.mock need a module graph of their own.
          name: 'web-isolated',
          root,
          environment: 'jsdom',
          include: WEB_MOCKING_TESTS,
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          root,
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          root,
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
