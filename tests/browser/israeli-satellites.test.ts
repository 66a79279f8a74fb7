import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IsraeliSatellite } from '../../src/contracts/satellites.ts';
import { SCREENS_DIR, useBrowserSuite } from './harness.ts';

// The Israeli Satellites page (spec §2) against the real GET /api/israeli-satellites.

const CATEGORIES = [
  ['military', 'Military'],
  ['commercial', 'Commercial'],
  ['scientific', 'Scientific'],
] as const;

const web = useBrowserSuite();

let fleet: IsraeliSatellite[];

beforeAll(async () => {
  const res = await fetch(`${web.app.baseUrl}/api/israeli-satellites`);
  expect(res.status).toBe(200);
  fleet = (await res.json()) as IsraeliSatellite[];
});

beforeEach(async () => {
  await web.page.goto(`${web.app.baseUrl}/israeli-satellites`);
  await web.page.getByRole('heading', { level: 1, name: 'Israeli Satellites' }).waitFor();
  await web.page.getByRole('tablist').waitFor({ timeout: 30_000 });
});

function inCategory(category: string): IsraeliSatellite[] {
  return fleet.filter((satellite) => satellite.category.trim().toLowerCase() === category);
}

/** The satellite names on the cards of the visible tab panel. */
async function cardNames(): Promise<string[]> {
  return web.page.getByRole('tabpanel').getByRole('heading', { level: 2 }).allTextContents();
}

describe('Israeli Satellites page', () => {
  it('has a fleet to show', () => {
    expect(fleet.length).toBeGreaterThan(0);
  });

  it('shows the subtitle, and the summary tiles count the API data', async () => {
    expect(await web.page.getByText('Monitoring all active Israeli satellites with real-time orbital data').isVisible()).toBe(true);
    for (const [category, label] of CATEGORIES) {
      const tile = web.page.getByRole('region', { name: label, exact: true });
      expect(await tile.textContent()).toBe(`${label}${inCategory(category).length}`);
    }
    expect(await web.page.getByRole('region', { name: 'Total', exact: true }).textContent()).toBe(`Total${fleet.length}`);
  });

  it('labels the tabs with the API counts', async () => {
    expect(await web.page.getByRole('tab').allTextContents()).toEqual([
      'All Satellites',
      ...CATEGORIES.map(([category, label]) => `${label} (${inCategory(category).length})`),
    ]);
    expect(await web.page.getByRole('tab', { name: 'All Satellites' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows every satellite under All Satellites, and only its category under each other tab', async () => {
    expect(await cardNames()).toEqual(fleet.map((satellite) => satellite.name));
    for (const [category, label] of CATEGORIES) {
      const expected = inCategory(category).map((satellite) => satellite.name);
      await web.page.getByRole('tab', { name: `${label} (${expected.length})` }).click();
      expect(await web.page.getByRole('tab', { name: `${label} (${expected.length})` }).getAttribute('aria-selected')).toBe('true');
      expect(await cardNames()).toEqual(expected);
    }
    await web.page.getByRole('tab', { name: 'All Satellites' }).click();
    expect(await cardNames()).toHaveLength(fleet.length);
  });

  it('shows each satellite’s name, NORAD id and category on its card', async () => {
    const cards = web.page.getByRole('tabpanel').getByRole('region');
    expect(await cards.count()).toBe(fleet.length);
    for (const [index, satellite] of fleet.entries()) {
      const card = cards.nth(index);
      expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe(satellite.name);
      const norad = card.locator('xpath=.//dt[normalize-space()="NORAD ID"]/following-sibling::dd[1]');
      expect(await norad.textContent()).toBe(satellite.noradId);
      expect(await card.getByText(satellite.category, { exact: true }).isVisible()).toBe(true);
      const updated = card.locator('xpath=.//dt[normalize-space()="Last Update"]/following-sibling::dd[1]');
      expect(await updated.textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2} UTC$/);
    }
  });

  it('exports the open tab as CSV: a header with units, then one row per satellite with the API values (issue 14)', async () => {
    const [download] = await Promise.all([web.page.waitForEvent('download'), web.page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^israeli-satellites-\d{8}-\d{4}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const [header = [], ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header.slice(0, 4)).toEqual(['Name', 'NORAD ID', 'COSPAR ID', 'Category']);
    expect(header).toContain('Period (min)');
    expect(rows.map((row) => row[0])).toEqual(fleet.map((satellite) => satellite.name));
    const first = fleet[0]!;
    expect(rows[0]!.slice(0, 2)).toEqual([first.name, first.noradId]);
    expect(Number(rows[0]![header.indexOf('Period (min)')])).toBe(first.period);
  });

  it("opens a satellite's object page from its name (issue 14)", async () => {
    const first = fleet[0]!;
    await web.page.getByRole('tabpanel').getByRole('link', { name: first.name, exact: true }).click();
    await web.page.waitForURL(`**/objects/${first.id}`);
    await web.page.getByRole('heading', { level: 1, name: first.name }).waitFor();
  });

  it('saves a screenshot', async () => {
    await web.page.screenshot({ path: `${SCREENS_DIR}/israeli-satellites.png`, fullPage: true });
  });
});
