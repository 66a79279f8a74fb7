import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogConjunctionPage, CatalogScreeningList } from '../../src/contracts/catalog-screenings.ts';
import { SCREENS_DIR, useBrowserSuite, waitForDemoCatalog } from './harness.ts';

// Catalogue Screening (/analytics, issue 13) against the real server and its 50,000-object
// demo catalogue: the empty state of a fresh server, a run started from the page's dialog
// (1 h, 5 km) followed by stage and shard until it completes, then its conjunctions sorted by
// Min range and filtered to debris, checked against the API.

/** Screening the whole demo catalogue takes about 40 s here; much longer on a slow machine. */
const RUN_TIMEOUT_MS = 180_000;

/** Column positions of the conjunctions table (src/web/components/analytics/catalog-conjunction-table.tsx). */
const COL = { primary: 0, secondary: 1, tca: 2, miss: 3 } as const;

// No scheduled run: the runs are the ones this file starts.
const web = useBrowserSuite({ app: { env: { CATALOG_SCREENING_HOURS: '0' } } });

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${web.app.baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

// The demo catalogue is generated at the first start: a run needs it loaded.
beforeAll(() => waitForDemoCatalog(web.app), 120_000);

const table = () => web.page.getByRole('table', { name: 'Catalogue conjunctions' });

/** The cell texts of the conjunctions table, row by row. */
async function tableRows(): Promise<string[][]> {
  return table()
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

async function openAnalytics(): Promise<void> {
  await web.page.goto(`${web.app.baseUrl}/analytics`);
  await web.page.getByRole('heading', { level: 1, name: 'Catalogue Screening' }).waitFor();
}

let runId: string;

describe('Catalogue Screening', () => {
  it('starts a run from the empty page, follows it by shard, and shows its conjunctions when it completes', async () => {
    await openAnalytics();
    await web.page.getByRole('heading', { name: 'No catalogue-wide run yet' }).waitFor();
    await web.page.screenshot({ path: `${SCREENS_DIR}/analytics-empty.png`, fullPage: true });

    await web.page.getByRole('button', { name: 'Start run' }).click();
    const dialog = web.page.getByRole('dialog', { name: 'Start a catalogue-wide run' });
    expect(await dialog.getByLabel('Window (hours)').inputValue()).toBe('72');
    expect(await dialog.getByLabel('Threshold (km)').inputValue()).toBe('5');
    await dialog.getByLabel('Window (hours)').fill('1');
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const [run] = await api<CatalogScreeningList>('/api/catalog-screenings?limit=1');
    expect(run).toBeDefined();
    runId = run!.id;
    expect(Date.parse(run!.end) - Date.parse(run!.start)).toBe(3_600_000);
    expect(run!.thresholdKm).toBe(5);

    // While it runs: the overall progress, a row per shard, and Cancel.
    const progress = web.page.getByRole('region', { name: 'Run in progress' });
    await progress.waitFor({ timeout: 30_000 });
    await progress.getByRole('progressbar', { name: 'Run progress' }).waitFor();
    await progress.getByRole('button', { name: 'Cancel run' }).waitFor();
    expect(await progress.getByRole('table', { name: 'Shards' }).locator('tbody tr').count()).toBeGreaterThan(0);
    await web.page.screenshot({ path: `${SCREENS_DIR}/analytics-running.png`, fullPage: true });

    // Completed: the progress goes, the latest run says so, and the table shows.
    await progress.waitFor({ state: 'detached', timeout: RUN_TIMEOUT_MS });
    const latest = web.page.getByRole('region', { name: 'Latest run' });
    await latest.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    await table().waitFor({ timeout: 30_000 });
    const page = await api<CatalogConjunctionPage>(`/api/catalog-screenings/${runId}/conjunctions?sort=pc&limit=50`);
    expect(page.total).toBeGreaterThan(0);
    await web.page.getByText(`rows 1–${Math.min(50, page.total)} of ${page.total.toLocaleString('en-US')}`).waitFor();
    const rows = await tableRows();
    expect(rows).toHaveLength(page.items.length);
    expect(rows.map((row) => row[COL.primary])).toEqual(page.items.map((item) => expect.stringContaining(item.primary.name)));
    await web.page.getByRole('region', { name: 'Conjunctions per day (UTC)' }).waitFor();
  }, RUN_TIMEOUT_MS + 120_000);

  it('sorts by Min range and filters to debris, as the API does', async () => {
    expect(runId, 'the run of the first test').toBeDefined();
    await openAnalytics();
    await table().waitFor({ timeout: 30_000 });

    await web.page.getByRole('group', { name: 'Sort by' }).getByRole('button', { name: 'Min range' }).click();
    await expect.poll(() => new URL(web.page.url()).searchParams.get('sort')).toBe('miss');
    const byMiss = await api<CatalogConjunctionPage>(`/api/catalog-screenings/${runId}/conjunctions?sort=miss&limit=50`);
    await expect.poll(async () => (await tableRows())[0]?.[COL.primary], { timeout: 10_000 }).toContain(byMiss.items[0]!.primary.name);
    const misses = (await tableRows()).map((row) => Number(row[COL.miss]));
    expect(misses).toEqual([...misses].sort((a, b) => a - b));
    expect(misses[0]).toBeCloseTo(byMiss.items[0]!.missDistanceKm, 3);

    await web.page.getByRole('combobox', { name: 'Object type' }).click();
    await web.page.getByRole('option', { name: 'Debris' }).click();
    await expect.poll(() => new URL(web.page.url()).searchParams.get('type')).toBe('debris');
    const debris = await api<CatalogConjunctionPage>(`/api/catalog-screenings/${runId}/conjunctions?sort=miss&type=debris&limit=50`);
    expect(debris.total).toBeGreaterThan(0);
    await web.page.getByText(`rows 1–${Math.min(50, debris.total)} of ${debris.total.toLocaleString('en-US')}`).waitFor({ timeout: 10_000 });
    const rows = await tableRows();
    expect(rows).toHaveLength(debris.items.length);
    // Either object of each pair is debris.
    expect(rows.every((row) => `${row[COL.primary]} ${row[COL.secondary]}`.includes('Debris'))).toBe(true);
    expect(rows.map((row) => row[COL.secondary])).toEqual(debris.items.map((item) => expect.stringContaining(item.secondary.name)));
    // Back at the top, so the sticky top bar is not drawn over the middle of the full-page shot.
    await web.page.evaluate('window.scrollTo(0, 0)');
    await web.page.screenshot({ path: `${SCREENS_DIR}/analytics.png`, fullPage: true });
  }, 60_000);
});
