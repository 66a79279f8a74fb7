import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectPageErrors, launchChromium, SCREENS_DIR, startApp, type RunningApp } from './harness.ts';
import { CARA_CDM_DIR } from '../reference/index.ts';

// An alert's life from new to closed (issue 29 items 2 and 4), as a new operator meets it in Chromium against the
// real server with accounts: sign in as an operator, import a real CARA CDM on /alerts (its TCA, 2021, has passed:
// the default view is empty and says why, and how many closed alerts it hides), then the same message re-dated so
// its TCA is ahead, opened from /alerts, acknowledged, assigned, assessed, its risk accepted with a comment and
// closed, each step in the event history. Screenshots of the pages go to SCREENS_DIR.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** TERRA vs IRIDIUM 33 DEB, TCA 2021-03-24 15:10:47.417, CARA's Pc 2.117e-2 (FOSTER-1992). */
const CARA_FILE = '000025994_conj_000037558_20210324_151047_20210323_154356.cdm';
const HOUR_MS = 3_600_000;

function addUser(dataDir: string, name: string, role: string, password: string): void {
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

/**
 * The message with every date moved by the same amount so that it was created an hour ago (its TCA, about a day after
 * its creation, is then ahead; the geometry at TCA, the covariances and the Pc stay as they are), and a MESSAGE_ID of
 * its own (the import is idempotent by id).
 */
function redated(kvn: string): string {
  const created = Date.parse(`${/^CREATION_DATE\s*=\s*(\S+)/m.exec(kvn)![1]!}Z`);
  const shiftMs = Date.now() - HOUR_MS - created;
  return kvn
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?/g, (iso) => new Date(Date.parse(`${iso}Z`) + shiftMs).toISOString().replace('Z', ''))
    .replace(/^(MESSAGE_ID\s*=\s*)(\S+)/m, '$1$2_REDATED');
}

let browser: Browser;
let page: Page;
let app: RunningApp;
let dataDir: string;
let errors: string[] = [];
let caraKvn: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dataforge-e2e-lifecycle-'));
  addUser(dataDir, 'ada', 'admin', 'admin-password');
  addUser(dataDir, 'olga', 'operator', 'operator-password');
  addUser(dataDir, 'yossi', 'operator', 'operator-password-2');
  addUser(dataDir, 'vera', 'viewer', 'viewer-password');
  app = await startApp({ dataDir, env: { AUTH: 'on', DEMO_CATALOG: 'off', SCREENING: 'off' } });
  browser = await launchChromium();
  caraKvn = await readFile(join(CARA_CDM_DIR, CARA_FILE), 'utf8');
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1440, height: 1400 } });
  errors = collectPageErrors(page);
});
afterEach(async () => {
  await page?.close();
  // Before sign-in the app's reads answer 401, and the browser logs them.
  expect(errors.filter((text) => !/status of 401/.test(text))).toEqual([]);
});

async function signIn(username: string, password: string): Promise<void> {
  await page.goto(`${app.baseUrl}/alerts`);
  await page.getByRole('heading', { level: 1, name: 'Sign in to Data Forge' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Conjunction Alerts' }).waitFor();
}

/** Uploads `text` as `name` on /alerts and returns the event id the result links to. */
async function upload(name: string, text: string): Promise<string> {
  await page.getByLabel('CDM files').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  const result = page.getByRole('list', { name: 'Upload results' }).getByRole('listitem', { name });
  const link = result.getByRole('list', { name: 'Imported' }).getByRole('link');
  await link.waitFor();
  return (await link.textContent()) ?? '';
}

const handling = () => page.getByRole('region', { name: 'Alert handling' });
const moves = () => handling().getByRole('group', { name: 'Move the alert' }).getByRole('button');
const history = () => page.getByRole('list', { name: 'Event history' });

/** Clicks the move `label` (with `comment` typed first) and waits for the alert status badge to read `after`. */
async function move(label: string, after: string, comment?: string): Promise<void> {
  if (comment) await handling().getByRole('textbox', { name: 'Comment' }).fill(comment);
  await moves().getByText(label, { exact: true }).click();
  await handling().locator('[data-alert-status]').getByText(after, { exact: true }).waitFor();
}

describe('an alert from new to closed, as a new operator (issue 29)', () => {
  it('says what the default view hides when a CDM for a past TCA is imported', async () => {
    await signIn('olga', 'operator-password');
    const id = await upload(CARA_FILE, caraKvn);
    expect(id).toMatch(/^CNJ-2021-\d+$/);
    // The TCA has passed: the alert is closed at once, and the default (open) view says it hides it.
    await page.goto(`${app.baseUrl}/alerts`);
    await page.getByText('No open conjunctions').waitFor();
    const hint = page.getByTestId('hidden-closed');
    await hint.getByText('Showing open alerts (default). 1 closed alert hidden.').waitFor();
    expect(await hint.textContent()).toContain('closed at once');
    await page.screenshot({ path: `${SCREENS_DIR}/alerts-hidden-closed.png`, fullPage: true });
    await hint.getByRole('button', { name: 'Show all' }).click();
    await page.waitForURL(`${app.baseUrl}/alerts?status=all`);
    const row = page.getByRole('table', { name: 'Conjunctions' }).getByRole('row').filter({ hasText: id });
    await row.waitFor();
    expect(await row.textContent()).toContain('Closed');
    // Its detail: closed (TCA passed), no move open, the CDM's own quality beside ours.
    await row.getByRole('link', { name: id }).click();
    await handling().waitFor();
    await handling().getByText('No move is open from Closed.').waitFor();
    const quality = page.getByRole('region', { name: 'CDM quality' });
    await quality.waitFor();
    expect(await quality.textContent()).toContain("CARA's Pc");
    expect(await quality.textContent()).toContain('FOSTER-1992');
    await page.screenshot({ path: `${SCREENS_DIR}/alert-detail-closed.png`, fullPage: true });
  });

  it('acknowledges, assigns, starts the assessment, accepts the risk with a comment and closes, each step in the history', async () => {
    await signIn('olga', 'operator-password');
    const id = await upload('terra-redated.cdm', redated(caraKvn));
    // Open it from /alerts, as an operator would: the default view lists it as New.
    await page.goto(`${app.baseUrl}/alerts`);
    const row = page.getByRole('table', { name: 'Conjunctions' }).getByRole('row').filter({ hasText: id });
    await row.waitFor();
    expect(await row.textContent()).toContain('New');
    await page.screenshot({ path: `${SCREENS_DIR}/alerts-lifecycle.png`, fullPage: true });
    await row.getByRole('link', { name: id }).click();
    await page.getByRole('heading', { level: 1, name: `Conjunction ${id}` }).waitFor();
    await handling().locator('[data-alert-status]').getByText('New', { exact: true }).waitFor();
    // The side navigation is here too, Conjunction Alerts active.
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).locator('a[aria-current="page"]').allTextContents()).toEqual(['Conjunction Alerts']);

    await move('Acknowledge', 'Acknowledged');
    await handling().getByRole('combobox', { name: 'Assignee' }).fill('yossi');
    await handling().getByRole('button', { name: 'Assign', exact: true }).click();
    await handling().locator('dd').getByText('yossi', { exact: true }).waitFor();
    await move('Start assessment', 'Assessing');
    await move('Accept risk', 'Risk accepted', 'Pc 2.1e-2 but the secondary is a small fragment; owner consulted');
    await handling().locator('dt:text-is("Decision") + dd').getByText('Risk accepted', { exact: true }).waitFor();
    await move('Close', 'Closed');

    // The history: every step with its actor, the move from → to, and the comment as written.
    const transitions = await history().getByTestId('log-transition').allTextContents();
    expect(transitions).toEqual(expect.arrayContaining(['(New → Acknowledged)', '(Acknowledged → Assessing)', '(Assessing → Risk accepted)', '(Risk accepted → Closed)']));
    const entries = await history().getByRole('listitem').allTextContents();
    expect(entries.some((text) => text.includes('olga') && text.includes('yossi'))).toBe(true);
    expect(entries.some((text) => text.includes('(Assessing → Risk accepted)') && text.includes('Pc 2.1e-2 but the secondary is a small fragment; owner consulted'))).toBe(true);
    expect(entries.filter((text) => text.includes('by olga')).length).toBeGreaterThanOrEqual(5);
    await page.screenshot({ path: `${SCREENS_DIR}/alert-detail-lifecycle.png`, fullPage: true });

    // /alerts: closed now, so hidden by the default view, which says so.
    await page.goto(`${app.baseUrl}/alerts`);
    await page.getByTestId('hidden-closed').getByText('Showing open alerts (default). 2 closed alerts hidden.').waitFor();
  });

  it('shows a viewer the state and no controls', async () => {
    await signIn('vera', 'viewer-password');
    await page.goto(`${app.baseUrl}/alerts?status=all`);
    const link = page.getByRole('table', { name: 'Conjunctions' }).getByRole('link', { name: /^CNJ-/ }).first();
    await link.click();
    await handling().getByText(/Viewers can follow the alert/).waitFor();
    expect(await handling().getByRole('button').count()).toBe(0);
  });
});
