import { mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Conjunction,
  ConjunctionAnalysis,
  DashboardStats,
  HighInterestObject,
  Maneuver,
  OperationsEvent,
  RiskItem,
  ThreatAssessment,
  ThreatSummary,
} from '../../src/contracts/operations.ts';
import type { SatelliteRecord } from '../../src/contracts/satellites.ts';
import { collectPageErrors, launchChromium, type RunningApp, SCREENS_DIR, startApp } from './harness.ts';

// The SDA Dashboard (spec §2, §7, §9; DECISIONS.md §7) against the real server
// and the demo catalogue: the continuous screening's first run fills the
// operations data, and every card must show what the API returns.

/** The first screening run of the fleet against the 50,000-object demo catalogue (7-day window). */
const FIRST_SCREENING_TIMEOUT_MS = 300_000;
/** Cards read their data after the stats; give a slow machine time. */
const DATA_TIMEOUT_MS = 20_000;

const CARD_TITLES = [
  'Adversary Conjunction Risk',
  'Space Debris Collision Assessment',
  'Critical Conjunctions',
  'Threat Assessment Overview',
  'Recent Maneuver Detections',
  'High Interest Objects',
  'Live Feed',
  'Conjunction Analysis',
];

let app: RunningApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];
/** Console errors a test expects (the browser logs a failed request, e.g. a 404). */
let expectedErrors: RegExp[];

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${app.baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function waitForFirstScreening(): Promise<DashboardStats> {
  const deadline = Date.now() + FIRST_SCREENING_TIMEOUT_MS;
  for (;;) {
    const stats = await getJson<DashboardStats>('/api/dashboard/stats');
    if (stats.lastScreening !== null) return stats;
    if (stats.screeningStatus === 'failed') throw new Error(`screening failed:\n${app.output()}`);
    if (Date.now() > deadline) throw new Error(`no screening run finished within ${FIRST_SCREENING_TIMEOUT_MS / 1000} s:\n${app.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

beforeAll(async () => {
  app = await startApp({ env: { OPERATOR_LABEL: 'Browser Test Operator' } });
  browser = await launchChromium();
  await mkdir(SCREENS_DIR, { recursive: true });
  await waitForFirstScreening();
}, FIRST_SCREENING_TIMEOUT_MS + 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  pageErrors = collectPageErrors(page);
  expectedErrors = [];
});

afterEach(async () => {
  await page.close();
  expect(pageErrors.filter((text) => !expectedErrors.some((pattern) => pattern.test(text)))).toEqual([]);
});

async function openDashboard(): Promise<void> {
  await page.goto(`${app.baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: 'Space Domain Awareness Platform' }).waitFor();
  await page.getByTestId('dashboard-grid').waitFor({ timeout: DATA_TIMEOUT_MS });
}

function card(title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** The header's four stats badges as the page shows them. */
async function headerBadges(): Promise<string[]> {
  return page.getByText(/^\d+ (Active Alerts|Maneuvers|HIOs|High Threats)$/).allTextContents();
}

function expectedBadges(stats: DashboardStats): string[] {
  return [
    `${stats.activeAlerts} Active Alerts`,
    `${stats.maneuverDetections} Maneuvers`,
    `${stats.highInterestObjects} HIOs`,
    `${stats.threatLevel.critical + stats.threatLevel.high} High Threats`,
  ];
}

/** Page text and API answer read together until they agree (both change as screening runs land). */
async function agrees(read: () => Promise<boolean>): Promise<void> {
  await expect.poll(read, { timeout: DATA_TIMEOUT_MS, interval: 500 }).toBe(true);
}

async function cardText(title: string): Promise<string> {
  return (await card(title).textContent()) ?? '';
}

describe('SDA Dashboard against the real server', () => {
  it('shows the stats in the header badges', async () => {
    await openDashboard();
    await agrees(async () => {
      const stats = await getJson<DashboardStats>('/api/dashboard/stats');
      return JSON.stringify(await headerBadges()) === JSON.stringify(expectedBadges(stats));
    });
    expect(await page.getByText('Loading space threat assessment...').count()).toBe(0);
  });

  it("shows every card's title, three cards in a row on a wide screen", async () => {
    await openDashboard();
    for (const title of CARD_TITLES) {
      await card(title).getByRole('heading', { level: 2, name: title }).waitFor();
    }
    const tops = await Promise.all(CARD_TITLES.map(async (title) => Math.round((await card(title).boundingBox())?.y ?? -1)));
    expect(tops[0]).toBe(tops[1]);
    expect(tops[1]).toBe(tops[2]);
    expect(tops[3]).toBe(tops[4]);
    expect(tops[4]).toBe(tops[5]);
    expect(tops[3]).toBeGreaterThan(tops[0] ?? 0);
    expect(tops[6]).toBeGreaterThan(tops[3] ?? 0);
    expect(tops[7]).toBeGreaterThan(tops[6] ?? 0);
  });

  it('Critical Conjunctions shows the open conjunctions the API returns', async () => {
    await openDashboard();
    await agrees(async () => {
      const conjunctions = await getJson<Conjunction[]>('/api/conjunctions/active');
      const text = await cardText('Critical Conjunctions');
      if (conjunctions.length === 0) return text.includes('No active conjunctions');
      const first = conjunctions[0]!;
      return text.includes(`${conjunctions.length} Active`) && text.includes(first.conjunctionId) && text.includes(first.secondaryObject.name);
    });
  });

  it('Adversary and Debris cards show the scored approaches the API returns', async () => {
    await openDashboard();
    for (const [title, path, empty] of [
      ['Adversary Conjunction Risk', '/api/conjunctions/adversary-risk', 'No potential conjunctions detected'],
      ['Space Debris Collision Assessment', '/api/conjunctions/debris-risk', 'No debris conjunctions detected'],
    ] as const) {
      await agrees(async () => {
        const items = await getJson<RiskItem[]>(path);
        const text = await cardText(title);
        return items.length === 0 ? text.includes(empty) : text.includes(items[0]!.objectName);
      });
    }
  });

  it('Threat Assessment Overview shows the summary counts and the high-priority threats', async () => {
    await openDashboard();
    await agrees(async () => {
      const summary = await getJson<ThreatSummary>('/api/analytics/threat-summary');
      const terms = await card('Threat Assessment Overview').getByRole('term').allTextContents();
      const values = await card('Threat Assessment Overview').getByRole('definition').allTextContents();
      return (
        terms.slice(0, 7).join() === 'Total Objects,Cooperative,Non-Cooperative,Unknown,Adversary,Recent Maneuvers,Anomalous' &&
        values[0] === summary.totalObjects.toLocaleString('en-US') &&
        values[4] === summary.adversaryObjects.toLocaleString('en-US')
      );
    });
    expect((await getJson<ThreatSummary>('/api/analytics/threat-summary')).totalObjects).toBeGreaterThan(0);
    await agrees(async () => {
      const assessments = await getJson<ThreatAssessment[]>('/api/threat-assessments');
      const high = assessments
        .filter((a) => a.threatLevel === 'critical' || a.threatLevel === 'high')
        .sort((a, b) => (a.threatLevel === b.threatLevel ? b.anomalyScore - a.anomalyScore : a.threatLevel === 'critical' ? -1 : 1));
      const list = card('Threat Assessment Overview').getByRole('list', { name: 'High priority threats' });
      if (high.length === 0) return (await cardText('Threat Assessment Overview')).includes('No high priority threats detected');
      const names = await list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
      return JSON.stringify(names) === JSON.stringify(high.slice(0, 3).map((a) => a.satelliteName));
    });
  });

  it('Recent Maneuver Detections shows the last 30 days of the API, at most 5', async () => {
    await openDashboard();
    await agrees(async () => {
      const since = Date.now() - 30 * 86_400_000;
      const recent = (await getJson<Maneuver[]>('/api/maneuvers/recent'))
        .filter((m) => Date.parse(m.detectionTime) >= since)
        .sort((a, b) => Date.parse(b.detectionTime) - Date.parse(a.detectionTime));
      const text = await cardText('Recent Maneuver Detections');
      if (recent.length === 0) return text.includes('No recent maneuvers detected');
      const shown = await card('Recent Maneuver Detections').getByRole('list', { name: 'Recent maneuvers' }).getByRole('listitem').count();
      const more = recent.length > 5 ? text.includes(`View ${recent.length - 5} more detections`) : !text.includes('more detections');
      return shown === Math.min(5, recent.length) && text.includes(recent[0]!.satelliteName) && more;
    });
  });

  it('High Interest Objects lists what the API returns', async () => {
    await openDashboard();
    await agrees(async () => {
      const objects = await getJson<HighInterestObject[]>('/api/high-interest-objects');
      const text = await cardText('High Interest Objects');
      if (objects.length === 0) return text.includes('No high interest objects currently tracked');
      const names = await card('High Interest Objects').getByRole('list', { name: 'High interest objects' }).getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
      return JSON.stringify([...names].sort()) === JSON.stringify(objects.map((o) => o.satelliteName).sort());
    });
  });

  it('Live Feed lists the events', async () => {
    await openDashboard();
    const events = await getJson<OperationsEvent[]>('/api/events');
    expect(events.length).toBeGreaterThan(0);
    await card('Live Feed').getByRole('list', { name: 'Events' }).waitFor({ timeout: DATA_TIMEOUT_MS });
    await agrees(async () => {
      const latest = await getJson<OperationsEvent[]>('/api/events');
      const text = await cardText('Live Feed');
      return text.includes('LIVE') && text.includes(latest[0]!.description);
    });
  });

  it('Conjunction Analysis shows the Primary and Secondary panels and the chart', async () => {
    await openDashboard();
    const analysis = card('Conjunction Analysis');
    await analysis.getByText('Primary Object').first().waitFor({ timeout: DATA_TIMEOUT_MS });
    await analysis.getByText('Secondary Object').first().waitFor();
    await analysis.locator('svg.recharts-surface').first().waitFor({ timeout: DATA_TIMEOUT_MS });
    const res = await fetch(`${app.baseUrl}/api/conjunction/analyze`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ conjunctionId: 'CNJ-2024-001' }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as ConjunctionAnalysis;
    const text = (await analysis.textContent()) ?? '';
    expect(text).toContain(answer.primaryObject.name);
    expect(text).toContain(answer.secondaryObject.name);
    for (const mode of ['Probability', 'Miss Distance', 'Covariance']) {
      expect(await analysis.getByRole('button', { name: mode }).isVisible()).toBe(true);
    }
  });

  it('polls at the spec §9 intervals over 21 s, and never the fleet', async () => {
    const requests: Array<{ path: string; at: number }> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requests.push({ path: url.pathname, at: Date.now() });
    });
    await openDashboard();
    await page.waitForTimeout(21_500);
    const WINDOW_MS = 21_000;
    /** Requests to `path` in the 21 s after its first one. */
    const count = (path: string) => {
      const times = requests.filter((r) => r.path === path).map((r) => r.at);
      const first = times[0];
      return first === undefined ? 0 : times.filter((at) => at - first < WINDOW_MS).length;
    };
    // Initial read plus one per interval: floor(21 / interval) + 1.
    const expected: Array<[string, number]> = [
      ['/api/events', 11],
      ['/api/conjunctions/active', 5],
      ['/api/maneuvers/recent', 5],
      ['/api/high-interest-objects', 5],
      ['/api/analytics/threat-summary', 3],
      ['/api/threat-assessments', 3],
    ];
    const counted = Object.fromEntries(expected.map(([path]) => [path, count(path)]));
    for (const [path, n] of expected) {
      expect(Math.abs((counted[path] ?? 0) - n), `${path}: ${counted[path]} requests, expected ${n} ± 1`).toBeLessThanOrEqual(1);
    }
    // Spec §7: one-time at most on dashboard cards, never polled.
    expect(count('/api/israeli-satellites')).toBeLessThanOrEqual(1);
    // The stats have no poll: read on load, and again only when the data they count changes.
    expect(count('/api/dashboard/stats')).toBeLessThanOrEqual(1 + counted['/api/conjunctions/active']! + counted['/api/maneuvers/recent']!);
  });

  it("adds and removes a high-interest object through the card, and the 'N HIOs' badge follows", async () => {
    await openDashboard();
    const before = await getJson<HighInterestObject[]>('/api/high-interest-objects');
    const watched = new Set(before.map((o) => o.satelliteId));
    const records = await getJson<SatelliteRecord[]>('/api/satellites');
    const target = records.find((record) => !watched.has(Number(record.noradId)));
    if (!target) throw new Error('no catalogue object left to add');
    const hios = card('High Interest Objects');
    await page.getByText(`${before.length} HIOs`, { exact: true }).waitFor({ timeout: DATA_TIMEOUT_MS });

    // A NORAD id the catalogue does not have: the server's message in the form.
    await hios.getByRole('button', { name: 'Add', exact: true }).click();
    const form = hios.getByRole('form', { name: 'Add high interest object' });
    await form.getByLabel('NORAD ID').fill('999999');
    await form.getByLabel('Reason').fill('Browser test');
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/high-interest-objects' && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Add Object' }).click();
    const refusal = await refused;
    expect(refusal.status()).toBeGreaterThanOrEqual(400);
    expect(refusal.status()).toBeLessThan(500);
    expectedErrors.push(new RegExp(`status of ${refusal.status()}`));
    const { message } = (await refusal.json()) as { message: string };
    await form.getByRole('alert').filter({ hasText: message }).waitFor();
    // The sticky top bar would cover the card's title in an element screenshot.
    await hios.screenshot({ path: `${SCREENS_DIR}/dashboard-hio-form.png`, style: 'header.sticky { position: static !important; }' });

    // A real object: created (201), listed with its catalogue name, counted in the header.
    await form.getByLabel('NORAD ID').fill(String(Number(target.noradId)));
    await form.getByLabel('Reason').fill('Browser test: close approach follow-up');
    await form.getByLabel('Special Instructions').fill('Task the next available pass');
    await form.getByLabel('Tracking Frequency (minutes)').fill('30');
    const created = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/high-interest-objects' && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Add Object' }).click();
    expect((await created).status()).toBe(201);
    const body = (await (await created).json()) as HighInterestObject;
    expect(body.addedBy).toBe('Browser Test Operator');
    await page.getByText(`${before.length + 1} HIOs`, { exact: true }).waitFor({ timeout: DATA_TIMEOUT_MS });
    const item = hios.getByRole('listitem', { name: body.satelliteName, exact: true });
    await item.waitFor();
    expect(body.satelliteName).toBe(target.name);
    const itemText = (await item.textContent()) ?? '';
    expect(itemText).toContain('Task the next available pass');
    expect(itemText).toContain('30 min');
    expect(itemText).toContain('Browser Test Operator');
    expect(itemText).toMatch(/on-track|delayed|overdue/);
    await page.screenshot({ path: `${SCREENS_DIR}/dashboard-hio-added.png`, fullPage: true });

    // Removed after the confirmation.
    await hios.getByRole('button', { name: `Remove ${body.satelliteName}`, exact: true }).click();
    await hios.getByRole('group', { name: `Confirm removal of ${body.satelliteName}` }).getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText(`${before.length} HIOs`, { exact: true }).waitFor({ timeout: DATA_TIMEOUT_MS });
    await item.waitFor({ state: 'detached' });
    const after = await getJson<HighInterestObject[]>('/api/high-interest-objects');
    expect(after.map((o) => o.id).sort()).toEqual(before.map((o) => o.id).sort());
  });

  it('fits the screen: no horizontal overflow of the page or a card; screenshots', async () => {
    await openDashboard();
    await card('Conjunction Analysis').locator('svg.recharts-surface').first().waitFor({ timeout: DATA_TIMEOUT_MS });
    await card('Live Feed').getByRole('list', { name: 'Events' }).waitFor({ timeout: DATA_TIMEOUT_MS });
    const overflow = async () =>
      page.locator('section[aria-labelledby]').evaluateAll((sections) => {
        const doc = sections[0]?.ownerDocument;
        const wide = sections.filter((section) => section.scrollWidth > section.clientWidth + 1).map((section) => `${section.querySelector('h2')?.textContent}: ${section.scrollWidth} > ${section.clientWidth}`);
        return { page: (doc?.documentElement.scrollWidth ?? 0) - (doc?.documentElement.clientWidth ?? 0), cards: wide };
      });
    await page.screenshot({ path: `${SCREENS_DIR}/dashboard-full.png`, fullPage: true });
    await page.screenshot({ path: `${SCREENS_DIR}/dashboard-top.png` });
    expect(await overflow()).toEqual({ page: 0, cards: [] });

    await page.setViewportSize({ width: 1024, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENS_DIR}/dashboard-1024.png`, fullPage: true });
    expect(await overflow()).toEqual({ page: 0, cards: [] });
  });
});
