import { describe, expect, it } from 'vitest';
import { SCREENS_DIR, useBrowserSuite } from './harness.ts';

// Routes, top and side navigation, the dashboard header clock, and screenshots
// of the dashboard and the not-found page (spec §2), against the real server.

const TOP_NAV = ['Orbital Drag', 'SDA Dashboard', 'Israeli Satellites', 'Satellite Tracking', 'SST', 'Calc'];

const web = useBrowserSuite({ app: { env: { OPERATOR_LABEL: 'Browser Test Operator', DEMO_CATALOG: 'off' } } });

async function open(path: string): Promise<void> {
  await web.page.goto(`${web.app.baseUrl}${path}`);
  await web.page.getByRole('heading', { level: 1 }).waitFor();
}

async function h1(): Promise<string | null> {
  return web.page.getByRole('heading', { level: 1 }).textContent();
}

async function currentLinks(navName: string): Promise<string[]> {
  const links = web.page.getByRole('navigation', { name: navName }).locator('a[aria-current="page"]');
  return links.allTextContents();
}

describe('routes', () => {
  it.each([
    ['/', 'Space Domain Awareness Platform'],
    ['/dashboard', 'Space Domain Awareness Platform'],
    ['/orbital-drag', 'Orbital Drag Modeling'],
    ['/israeli-satellites', 'Israeli Satellites'],
    ['/tracking', 'Israeli Satellite Tracking'],
    ['/sst', 'Space Surveillance & Tracking (SST)'],
    ['/calc', 'Savings Calculator - Solar Flare Data ROI'],
    ['/alerts', 'Conjunction Alerts'],
    ['/config', 'Configuration'],
    ['/visualization', '3D Visualization'],
  ])('%s renders %s', async (path, title) => {
    await open(path);
    expect(await h1()).toBe(title);
    expect(await web.page.title()).toBe('Data Forge');
  });

  it.each(['/no-such-page'])('%s renders the not-found page', async (path) => {
    await open(path);
    expect(await h1()).toBe('404 Page Not Found');
    expect(await web.page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });

  it('saves a screenshot of the not-found page', async () => {
    await open('/no-such-page');
    await web.page.screenshot({ path: `${SCREENS_DIR}/not-found.png`, fullPage: true });
  });
});

describe('top navigation', () => {
  it('shows the brand and the six buttons in order', async () => {
    await open('/');
    expect(await web.page.getByRole('banner').getByText('Data Forge', { exact: true }).isVisible()).toBe(true);
    const links = web.page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect(await links.allTextContents()).toEqual(TOP_NAV);
  });

  it.each([
    ['/', 'SDA Dashboard'],
    ['/dashboard', 'SDA Dashboard'],
    ['/orbital-drag', 'Orbital Drag'],
    ['/israeli-satellites', 'Israeli Satellites'],
    ['/tracking', 'Satellite Tracking'],
    ['/sst', 'SST'],
    ['/calc', 'Calc'],
  ])('at %s highlights %s', async (path, label) => {
    await open(path);
    expect(await currentLinks('Main')).toEqual([label]);
  });

  it('navigates client-side and moves the highlight', async () => {
    await open('/');
    await web.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SST' }).click();
    await web.page.waitForURL(`${web.app.baseUrl}/sst`);
    expect(await h1()).toBe('Space Surveillance & Tracking (SST)');
    expect(await currentLinks('Main')).toEqual(['SST']);
  });
});

describe('SDA Dashboard', () => {
  it.each(['/', '/dashboard'])('at %s marks Dashboard as the active side-nav entry', async (path) => {
    await open(path);
    const side = web.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
    expect(await side.allTextContents()).toEqual([
      'Dashboard',
      'Conjunction Alerts',
      '3D Visualization',
      'Satellite Tracking',
      'Analytics',
      'Configuration',
    ]);
    expect(await currentLinks('Dashboard')).toEqual(['Dashboard']);
  });

  it('shows the tagline, the System Status lines and the operator label from /api/app-info', async () => {
    await open('/');
    expect(await web.page.getByText('Advanced space threat assessment and orbital intelligence platform').isVisible()).toBe(true);
    const status = web.page.getByRole('region', { name: 'System Status' }).getByRole('listitem');
    expect(await status.allTextContents()).toEqual(['Radar Network Online', 'Data Processing Active', 'Alert System Monitoring']);
    await web.page.getByText('Browser Test Operator').waitFor({ timeout: 5000 });
  });

  it("ticks the 'Last Update' UTC clock", async () => {
    await open('/');
    const clock = web.page.getByText(/^Last Update: \d{2}:\d{2}:\d{2} UTC$/);
    const first = await clock.textContent();
    const deadline = Date.now() + 2500;
    let now = first;
    while (now === first && Date.now() < deadline) {
      await web.page.waitForTimeout(100);
      now = await clock.textContent();
    }
    expect(now).not.toBe(first);
    expect(now).toMatch(/^Last Update: \d{2}:\d{2}:\d{2} UTC$/);
  });

  it('saves a screenshot of the dashboard', async () => {
    await open('/');
    await web.page.getByText('Browser Test Operator').waitFor({ timeout: 5000 });
    await web.page.screenshot({ path: `${SCREENS_DIR}/dashboard.png`, fullPage: true });
  });
});
