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
          setupFiles: ['src/web/test/setup.ts'],
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
