import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Debian's Chromium (apt package `chromium`); Playwright's own browser download does not work here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `args`: extra Chromium switches for one test's browser (e.g. '--disable-webgl'), after the defaults. */
export async function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...args,
    ],
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  close: () => Promise<void>;
}

/**
 * Starts the real server (`node bin/ssa.js serve`, as `npm start` does) on a
 * free loopback port with a fresh PGlite data directory, and waits for
 * GET /api/health. The web bundle must already be built (`npm run build`;
 * `npm run test:browser` does that first).
 */
export async function startApp(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'dataforge-e2e-')));
  const ownsDataDir = options.dataDir === undefined;
  // No scheduled catalogue-wide run (its first check is 10 minutes after start): a suite's server
  // may live that long, and a 72 h all-vs-all run would load the machine under the other tests.
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', CATALOG_SCREENING_HOURS: '0', ...options.env };
  // Browser tests run on the embedded database unless a test asks otherwise.
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['bin/ssa.js', 'serve'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    output: () => log,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where browser tests leave screenshots for people to look at (outside the repository). */
export const SCREENS_DIR = '/tmp/dataforge-screens';

/**
 * The q-quantile of timing samples by nearest rank (q = 0.5 the median, 1 the worst). Timing
 * tests judge the typical sample: a single slow one on a loaded machine is a garbage collection or
 * another test's browser, not a regression.
 */
export function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/** Waits until the server has its demo catalogue loaded (generated at the first start), up to 90 s. */
export async function waitForDemoCatalog(app: RunningApp): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${app.baseUrl}/api/health`);
    const health = res.ok ? ((await res.json()) as { catalog: { objects: number } }) : undefined;
    if (health && health.catalog.objects > 1000) return;
    if (Date.now() > deadline) throw new Error(`the demo catalogue did not load within 90 s:\n${app.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Waits until the server's first fleet screening run has finished (its conjunctions are stored), up to `timeoutMs`. */
export async function waitForFirstScreening(app: RunningApp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${app.baseUrl}/api/dashboard/stats`);
    const stats = res.ok ? ((await res.json()) as { lastScreening: unknown }) : undefined;
    if (stats && stats.lastScreening !== null) return;
    if (Date.now() > deadline) throw new Error(`no screening run finished within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Console errors and uncaught exceptions of a page (CSP violations show up here too),
 * collected into the returned array as they happen.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export interface BrowserSuiteOptions {
  /** How to start the server (see {@link startApp}). */
  app?: Parameters<typeof startApp>[0];
  /** Extra Chromium switches (see {@link launchChromium}). */
  chromiumArgs?: readonly string[];
}

/** What {@link useBrowserSuite} sets up; read the fields inside tests and hooks. */
export interface BrowserSuite {
  readonly app: RunningApp;
  /** The current test's page (a new one for every test, 1440×900). */
  readonly page: Page;
  /** Console errors the current test expects (e.g. the browser's log of a failed request); empty at the start of each test. */
  expectedErrors: RegExp[];
}

/**
 * Registers the hooks a browser test file shares: before all, start the server and
 * Chromium (and make SCREENS_DIR); before each test, open a fresh page collecting its
 * errors; after each, close it and expect no errors but `expectedErrors`; after all,
 * close Chromium and the server. Hooks the file registers afterwards run after these
 * before hooks (e.g. fetching fixtures, opening the page under test).
 */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp(options.app);
    browser = await launchChromium(options.chromiumArgs);
    await mkdir(SCREENS_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  beforeEach(async () => {
    page = await ready(browser, 'browser').newPage({ viewport: { width: 1440, height: 900 } });
    pageErrors = collectPageErrors(page);
    suite.expectedErrors = [];
  });

  afterEach(async () => {
    await page?.close();
    expect(pageErrors.filter((text) => !suite.expectedErrors.some((pattern) => pattern.test(text)))).toEqual([]);
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useBrowserSuite: ${what} is not set up yet (use it inside tests or hooks)`);
    return value;
  };
  const suite: BrowserSuite = {
    get app() {
      return ready(app, 'app');
    },
    get page() {
      return ready(page, 'page');
    },
    expectedErrors: [],
  };
  return suite;
}
