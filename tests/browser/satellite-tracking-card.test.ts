import { mkdir } from 'node:fs/promises';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IsraeliSatellite } from '../../src/contracts/satellites.ts';
import { collectPageErrors, launchChromium, type RunningApp, SCREENS_DIR, startApp } from './harness.ts';

// The Israeli Satellite Tracking card (spec §2) in the dashboard's Space Situational Awareness
// card, against the real server: positions from SGP4 (GET /api/israeli-satellites) and the
// predicted ground tracks (GET /api/israeli-satellites/ground-tracks).

const FLEET_PATH = '/api/israeli-satellites';

let app: RunningApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  // The demo catalogue holds the fleet; continuous screening is not what this test looks at.
  app = await startApp({ env: { SCREENING: 'off' } });
  browser = await launchChromium();
  await mkdir(SCREENS_DIR, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  pageErrors = collectPageErrors(page);
});

afterEach(async () => {
  await page.close();
  expect(pageErrors).toEqual([]);
});

const isFleet = (response: Response) => new URL(response.url()).pathname === FLEET_PATH && response.request().method() === 'GET';

function numeric(s: IsraeliSatellite): boolean {
  return Number.isFinite(Number.parseFloat(s.currentPosition.latitude)) && Number.isFinite(Number.parseFloat(s.currentPosition.longitude));
}

/** Where the equirectangular 1000×500 plane puts a latitude and longitude, worked out here independently of the app. */
function expectedPoint(s: IsraeliSatellite): { x: number; y: number } {
  const latitude = Number.parseFloat(s.currentPosition.latitude);
  const longitude = Number.parseFloat(s.currentPosition.longitude);
  return { x: ((longitude + 180) / 360) * 1000, y: ((90 - latitude) / 180) * 500 };
}

/** Opens the dashboard's Satellite Tracking tab and returns the fleet the card received. */
async function openCard(): Promise<IsraeliSatellite[]> {
  await page.goto(`${app.baseUrl}/`);
  const fleetResponse = page.waitForResponse(isFleet, { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Satellite Tracking' }).click();
  const fleet = (await (await fleetResponse).json()) as IsraeliSatellite[];
  await page.getByText('Israeli Satellite Tracking', { exact: true }).waitFor();
  await page.getByTestId('tracking-map').waitFor({ timeout: 30_000 });
  return fleet;
}

describe('Israeli Satellite Tracking card', () => {
  it("is labelled with its real source and opens on Real Position, with the map, legend and 'Active Satellites (n)'", async () => {
    const fleet = await openCard();
    await expect.poll(() => page.getByText('Live SGP4 Data', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('tab', { name: 'Real Position' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText(`Active Satellites (${fleet.length})`, { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Legend' }).first().getByRole('listitem').allTextContents()).toEqual(['Military', 'Commercial', 'Scientific']);
    await page.getByTestId('tracking-map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS_DIR}/tracking-card-real-position.png`, fullPage: false });
  });

  it('puts each marker within 1 px of the projection of the latitude and longitude the API gave', async () => {
    const fleet = await openCard();
    const plotted = fleet.filter(numeric);
    expect(plotted.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('satellite-marker').count()).toBe(plotted.length);
    const offBy = async () => {
      let worst = 0;
      for (const s of plotted) {
        const marker = page.locator(`[data-testid="satellite-marker"][data-satellite-id="${s.id}"]`);
        const x = Number(await marker.getAttribute('data-x'));
        const y = Number(await marker.getAttribute('data-y'));
        const e = expectedPoint(s);
        worst = Math.max(worst, Math.abs(x - e.x), Math.abs(y - e.y));
      }
      return worst;
    };
    await expect.poll(offBy, { timeout: 3000, interval: 100 }).toBeLessThanOrEqual(1);
  });

  it('Altitudes: one point per satellite, the zone labels and a tooltip naming the satellite', async () => {
    const fleet = await openCard();
    await page.getByRole('tab', { name: 'Altitudes' }).click();
    await page.getByTestId('altitude-chart').waitFor();
    expect(await page.getByTestId('altitude-point').count()).toBe(fleet.filter((s) => s.currentPosition.altitude !== '').length);
    const chart = page.getByTestId('altitude-chart');
    for (const zone of ['LEO', 'MEO', 'GEO']) expect(await chart.textContent()).toContain(zone);
    // Focus shows the same tooltip as hovering (keyboard users get it too); it names the satellite.
    const first = page.getByTestId('altitude-point').first();
    const label = (await first.getAttribute('aria-label')) ?? '';
    const name = label.split(':')[0] ?? '';
    expect(fleet.map((s) => s.name)).toContain(name);
    await first.focus();
    const tooltipId = await first.getAttribute('aria-describedby');
    expect(tooltipId).toBeTruthy();
    expect(await page.locator(`[id="${tooltipId}"]`).textContent()).toContain(name);
    await page.getByTestId('altitude-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS_DIR}/tracking-card-altitudes.png`, fullPage: false });
  });

  it("Orbits: 'Predicted Orbital Trajectories - Next 2 Hours' with a predicted track per satellite", async () => {
    const fleet = await openCard();
    const tracks = page.waitForResponse((r) => new URL(r.url()).pathname === `${FLEET_PATH}/ground-tracks`, { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Orbits' }).click();
    expect((await tracks).status()).toBe(200);
    await page.getByText('Predicted Orbital Trajectories - Next 2 Hours').waitFor();
    await page.getByTestId('orbits-map').waitFor();
    await expect.poll(() => page.getByTestId('ground-track').count()).toBe(fleet.filter(numeric).length);
    await page.getByTestId('orbits-map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS_DIR}/tracking-card-orbits.png`, fullPage: false });
  });

  it('reloads the page with the refresh button', async () => {
    await openCard();
    const reloaded = page.waitForEvent('framenavigated', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await reloaded;
    await page.getByRole('tab', { name: 'Satellite Tracking' }).waitFor();
  });
});
