import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { IsraeliSatellite } from '../../src/contracts/satellites.ts';
import { SCREENS_DIR, useBrowserSuite } from './harness.ts';

// The satellite tracking map (spec §2, §5) against the real GET /api/israeli-satellites,
// whose positions the server computes with SGP4 on every request.

const API_PATH = '/api/israeli-satellites';

const web = useBrowserSuite();

function isFleetResponse(response: Response): boolean {
  return new URL(response.url()).pathname === API_PATH && response.request().method() === 'GET';
}

/** Opens /tracking and returns the fleet exactly as the page received it. */
async function openTracking(): Promise<IsraeliSatellite[]> {
  const first = web.page.waitForResponse(isFleetResponse, { timeout: 30_000 });
  await web.page.goto(`${web.app.baseUrl}/tracking`);
  await web.page.getByRole('heading', { level: 1, name: 'Israeli Satellite Tracking' }).waitFor();
  const response = await first;
  expect(response.status()).toBe(200);
  const fleet = (await response.json()) as IsraeliSatellite[];
  await web.page.getByTestId('tracking-map').waitFor();
  return fleet;
}

/** The spec's rule (§5) as the test reads it: both coordinates parse as numbers. */
function numeric(satellite: IsraeliSatellite): boolean {
  return Number.isFinite(Number.parseFloat(satellite.currentPosition.latitude)) && Number.isFinite(Number.parseFloat(satellite.currentPosition.longitude));
}

/** Expected plane coordinates, worked out independently of the app: 1000/360 units per degree. */
function expectedPoint(satellite: IsraeliSatellite): { x: number; y: number } {
  const latitude = Number.parseFloat(satellite.currentPosition.latitude);
  const longitude = Number.parseFloat(satellite.currentPosition.longitude);
  return { x: ((longitude + 180) / 360) * 1000, y: ((90 - latitude) / 180) * 500 };
}

async function markerPoint(id: number): Promise<{ x: number; y: number }> {
  const marker = web.page.locator(`[data-testid="satellite-marker"][data-satellite-id="${id}"]`);
  return { x: Number(await marker.getAttribute('data-x')), y: Number(await marker.getAttribute('data-y')) };
}

/** Every plotted marker within 1 px of where `fleet` puts it. */
async function matchesFleet(fleet: IsraeliSatellite[]): Promise<boolean> {
  for (const satellite of fleet.filter(numeric)) {
    const actual = await markerPoint(satellite.id);
    const expected = expectedPoint(satellite);
    if (Math.abs(actual.x - expected.x) > 1 || Math.abs(actual.y - expected.y) > 1) return false;
  }
  return true;
}

describe('Satellite tracking page', () => {
  it('draws the map on a 1000x500 plane across the page width, with the legend', async () => {
    await openTracking();
    const map = web.page.getByTestId('tracking-map');
    expect(await map.getAttribute('viewBox')).toBe('0 0 1000 500');
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    expect(box.width).toBeGreaterThan(1000);
    expect(box.width / box.height).toBeCloseTo(2, 1);
    expect(await web.page.getByRole('list', { name: 'Legend' }).getByRole('listitem').allTextContents()).toEqual(['Military', 'Commercial', 'Scientific']);
  });

  it('draws one marker per satellite with numeric coordinates, named after it', async () => {
    const fleet = await openTracking();
    const plotted = fleet.filter(numeric);
    expect(plotted.length).toBeGreaterThan(0);
    const markers = web.page.getByTestId('satellite-marker');
    expect(await markers.count()).toBe(plotted.length);
    for (const satellite of plotted) {
      const marker = web.page.locator(`[data-testid="satellite-marker"][data-satellite-id="${satellite.id}"]`);
      expect(await marker.getAttribute('role')).toBe('img');
      expect(await marker.getAttribute('aria-label')).toBe(satellite.name);
      expect(await marker.textContent()).toContain(satellite.name);
    }
  });

  it('places each marker within 1 px of the projection of the API latitude and longitude', async () => {
    const fleet = await openTracking();
    // The page renders the response it received; give React a moment, then compare.
    await expect.poll(() => matchesFleet(fleet), { timeout: 2000, interval: 100 }).toBe(true);
  });

  it('moves a LEO satellite between polls, to the position of the next response', async () => {
    const fleet = await openTracking();
    const leo = fleet.filter(numeric).find((satellite) => Number.parseFloat(satellite.currentPosition.altitude) < 2000);
    if (!leo) throw new Error('the fleet has no LEO satellite with numeric coordinates');
    await expect.poll(() => matchesFleet(fleet), { timeout: 2000, interval: 100 }).toBe(true);
    const before = await markerPoint(leo.id);

    const next = await web.page.waitForResponse(isFleetResponse, { timeout: 8000 });
    const nextFleet = (await next.json()) as IsraeliSatellite[];
    await expect.poll(() => matchesFleet(nextFleet), { timeout: 2000, interval: 100 }).toBe(true);
    const after = await markerPoint(leo.id);
    expect(after.x !== before.x || after.y !== before.y).toBe(true);
  });

  it('saves a screenshot', async () => {
    await openTracking();
    // Let the markers settle and one poll glide them.
    await web.page.waitForTimeout(1000);
    await web.page.screenshot({ path: `${SCREENS_DIR}/tracking.png`, fullPage: true });
  });
});
