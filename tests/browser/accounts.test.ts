import { spawnSync } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectPageErrors, launchChromium, SCREENS_DIR, startApp, type RunningApp } from './harness.ts';
import { CARA_CDM_DIR } from '../reference/index.ts';

// Sign-in, sign-out, roles and the CSRF and cross-origin refusals (issue 12), in Chromium against
// the real server: one with accounts (AUTH=on, users made with `ssa user add`), one on the
// loopback default without them, and a page on another origin that tries to write to both.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CARA_CDM = join(CARA_CDM_DIR, '000025994_conj_000037558_20210324_151047_20210323_154356.cdm');
const TLE = 'ISS (ZARYA)\n1 25544U 98067A   08264.51782528 -.00002182  00000-0 -11606-4 0  2927\n2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.72125391563537\n';

function addUser(dataDir: string, name: string, role: string, password: string): void {
  // Into the embedded database the server will open (startApp leaves DATABASE_URL out too).
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, ['bin/ssa.js', 'user', 'add', name, '--role', role, '--password-stdin', '--data-dir', dataDir], {
    cwd: repoRoot,
    env,
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`ssa user add ${name} failed: ${result.stderr}`);
}

/** A page of another origin that, opened, posts a text/plain "catalogue" to `target` (a simple request: no preflight). */
function startEvilSite(): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('target') ?? '';
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>evil</title><script>
      fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(TLE)} })
        .then(() => { document.title = 'sent'; }, () => { document.title = 'sent'; });
    </script>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.2', () => {
    const address = server.address();
    resolve({ origin: `http://127.0.0.2:${typeof address === 'object' && address ? address.port : 0}`, server });
  }));
}

let browser: Browser;
let page: Page;
let errors: string[] = [];
let expectedErrors: RegExp[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  errors = collectPageErrors(page);
  expectedErrors = [];
});
afterEach(async () => {
  await page?.close();
  expect(errors.filter((text) => !expectedErrors.some((pattern) => pattern.test(text)))).toEqual([]);
});

describe('a server with accounts (AUTH=on)', () => {
  let app: RunningApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dataforge-e2e-auth-'));
    addUser(dataDir, 'ada', 'admin', 'admin-password');
    addUser(dataDir, 'otto', 'operator', 'operator-password');
    addUser(dataDir, 'vera', 'viewer', 'viewer-password');
    app = await startApp({ dataDir, env: { AUTH: 'on', DEMO_CATALOG: 'off', SCREENING: 'off' } });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function signIn(username: string, password: string) {
    await page.goto(`${app.baseUrl}/alerts`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Data Forge' }).waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Conjunction Alerts' }).waitFor();
  }

  it('shows the login page, refuses a wrong password, signs in to the page asked for, and signs out', async () => {
    // The app's reads before sign-in answer 401; the browser logs them.
    expectedErrors = [/status of 401/];
    await page.goto(`${app.baseUrl}/alerts`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to Data Forge' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENS_DIR}/login.png`, fullPage: true });

    await page.getByLabel('Username').fill('otto');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Wrong username or password' }).textContent()).toBe('Wrong username or password');

    await page.getByLabel('Password').fill('operator-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Conjunction Alerts' }).waitFor();
    const user = page.getByRole('group', { name: 'Signed-in user' });
    expect(await user.textContent()).toBe('ottooperatorSign out');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'dataforge_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    // The dashboard header's operator label is the signed-in user.
    await page.getByRole('link', { name: 'SDA Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Space Domain Awareness Platform' }).waitFor();
    await page.getByRole('banner').getByText('otto', { exact: true }).first().waitFor();
    await page.screenshot({ path: `${SCREENS_DIR}/signed-in.png` });

    await user.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to Data Forge' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in to Data Forge' }).waitFor();
  });

  it("lets an operator upload a CDM (the page sends the CSRF token) and shows a viewer the server's refusal", async () => {
    expectedErrors = [/status of 401/, /status of 403/];
    const cdm = { name: 'terra.cdm', mimeType: 'text/plain', buffer: await readFile(CARA_CDM) };

    await signIn('vera', 'viewer-password');
    await page.getByLabel('CDM files').setInputFiles(cdm);
    const refused = page.getByRole('list', { name: 'Upload results' }).getByRole('listitem', { name: 'terra.cdm' });
    await refused.getByText("Upload failed: This needs the operator role; 'vera' is a viewer").waitFor();
    await page.screenshot({ path: `${SCREENS_DIR}/viewer-refused.png`, fullPage: true });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to Data Forge' }).waitFor();

    await page.getByLabel('Username').fill('otto');
    await page.getByLabel('Password').fill('operator-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Conjunction Alerts' }).waitFor();
    await page.getByLabel('CDM files').setInputFiles(cdm);
    await page.getByRole('list', { name: 'Upload results' }).getByRole('listitem', { name: 'terra.cdm' }).getByText('1 new', { exact: true }).waitFor();
  });

  it('refuses a cookie write without the CSRF token, from the signed-in page itself', async () => {
    expectedErrors = [/status of 401/, /status of 403/];
    await signIn('otto', 'operator-password');
    const answer = await page.evaluate(async (body) => {
      const res = await fetch('/api/catalog/import', { method: 'POST', credentials: 'include', headers: { 'content-type': 'text/plain' }, body });
      return { status: res.status, body: (await res.json()) as { message: string } };
    }, TLE);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/csrf/i);
    const audit = await page.evaluate(async () => (await fetch('/api/audit')).status);
    expect(audit).toBe(403);
  });

  it('lets an admin read the audit log of those writes', async () => {
    expectedErrors = [/status of 401/];
    await signIn('ada', 'admin-password');
    const audit = await page.evaluate(async () => (await (await fetch('/api/audit?limit=200')).json()) as { entries: { actor: string; action: string; status: number }[] });
    expect(audit.entries.some((e) => e.actor === 'otto' && e.action === '/api/cdm/import' && e.status === 200)).toBe(true);
    expect(audit.entries.some((e) => e.actor === 'vera' && e.action === '/api/cdm/import' && e.status === 403)).toBe(true);
    expect(audit.entries.some((e) => e.actor === 'otto' && e.action === '/api/catalog/import' && e.status === 403)).toBe(true);
  });
});

describe('the loopback default without accounts', () => {
  let app: RunningApp;
  let evil: { origin: string; server: Server };

  beforeAll(async () => {
    app = await startApp({ env: { DEMO_CATALOG: 'off', SCREENING: 'off' } });
    evil = await startEvilSite();
  });
  afterAll(async () => {
    evil?.server.close();
    await app?.close();
  });

  it('needs no sign-in, and a page of another origin cannot write to it', async () => {
    await page.goto(`${app.baseUrl}/alerts`);
    await page.getByRole('heading', { level: 1, name: 'Conjunction Alerts' }).waitFor();
    expect(await page.getByRole('group', { name: 'Signed-in user' }).count()).toBe(0);

    const evilPage = await browser.newPage();
    await evilPage.goto(`${evil.origin}/?target=${encodeURIComponent(`${app.baseUrl}/api/catalog/import`)}`);
    await evilPage.waitForFunction("document.title === 'sent'");
    await evilPage.close();

    const audit = (await (await fetch(`${app.baseUrl}/api/audit?limit=10`)).json()) as { entries: { action: string; status: number }[] };
    expect(audit.entries[0]).toMatchObject({ action: '/api/catalog/import', status: 403 });
    const stats = (await (await fetch(`${app.baseUrl}/api/health`)).json()) as { catalog: { objects: number } };
    expect(stats.catalog.objects).toBe(0);
  });
});
