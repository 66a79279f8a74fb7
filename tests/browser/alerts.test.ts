import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CdmImportResponse, ConjunctionListItem, ConjunctionListResponse, MonteCarloCheck } from '../../src/contracts/conjunction-events.ts';
import { SCREENS_DIR, useBrowserSuite } from './harness.ts';
import { CARA_CDM_DIR as CARA_DIR } from '../reference/index.ts';

// The Conjunction Alerts screen and an event's detail (issue 11) against the real server:
// an empty catalogue (it starts fast), the 27 real CARA CDMs behind the Pc test cases
// imported through the API, then the table (status, sort, filters), the detail of the
// 3D-Nc event, the Monte Carlo check of TERRA vs IRIDIUM 33 DEB run from its detail page, and CDM
// upload through the page.

/** TROPICS PATHFINDER vs LINCS (LINCS2 in CARA's CDM), the later of its two approaches: the 3D-Nc event. */
const TROPICS_TCA = '2021-12-20 01:25:35';
const TROPICS_FILE = '000048901_conj_000048903_20211220_012535_20211215_145954.cdm';

/** TERRA vs IRIDIUM 33 DEB (TCA 2021-03-24 15:10:47, Pc 2.1e-2 2D): the event the CARA import made of its CDM. */
async function terraEvent(): Promise<ConjunctionListItem> {
  const terra = await api<ConjunctionListResponse>('/api/conjunctions?status=closed&q=TERRA&limit=5000');
  const event = terra.items.find((item) => item.primaryObject.noradId === 25994 && item.secondaryObject.noradId === 37558 && item.tca.startsWith('2021-03-24T15:10:47'));
  if (!event) throw new Error(`no TERRA vs IRIDIUM 33 DEB event at 2021-03-24 15:10:47: ${JSON.stringify(terra.items)}`);
  return event;
}

/** Column positions of the table (see src/web/components/alerts/conjunction-table.tsx). */
const COL = { id: 0, tca: 1, primary: 3, secondary: 4, pc: 10, risk: 11 } as const;

const web = useBrowserSuite({ app: { env: { DEMO_CATALOG: 'off' } } });

let caraFiles: string[];

beforeAll(async () => {
  caraFiles = (await readdir(CARA_DIR)).filter((name) => name.endsWith('.cdm')).sort();
  expect(caraFiles).toHaveLength(27);
  for (const name of caraFiles) {
    const res = await fetch(`${web.app.baseUrl}/api/cdm/import?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: await readFile(join(CARA_DIR, name), 'utf8'),
    });
    expect(res.status, `import of ${name}`).toBe(200);
    const result = (await res.json()) as CdmImportResponse;
    expect(result.rejected, `rejected messages of ${name}`).toEqual([]);
    expect(result.imported.length + result.duplicates.length, `messages of ${name}`).toBe(1);
  }
});

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${web.app.baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Tall enough that the virtualised table has all 27 rows in the DOM (70vh of 2,200 px). */
async function openAlerts(path = '/alerts'): Promise<void> {
  await web.page.setViewportSize({ width: 1440, height: 2200 });
  await web.page.goto(`${web.app.baseUrl}${path}`);
  await web.page.getByRole('heading', { level: 1, name: 'Conjunction Alerts' }).waitFor();
}

const table = () => web.page.getByRole('table', { name: 'Conjunctions' });

/** The cell texts of the rows the table has in the DOM, in row order. */
async function tableRows(): Promise<string[][]> {
  const rows: { index: number; cells: string[] }[] = await table()
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        index: Number(tr.getAttribute('aria-rowindex')),
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      })),
    );
  return rows.sort((a, b) => a.index - b.index).map((row) => row.cells);
}

/** Waits until the table shows `count` rows that all pass `check`, and returns them. */
async function rowsWhen(count: number, check: (row: string[]) => boolean = () => true): Promise<string[][]> {
  await expect
    .poll(async () => {
      const rows = await tableRows();
      return rows.length === count && rows.every(check);
    }, { timeout: 10_000 })
    .toBe(true);
  return tableRows();
}

/** '2.12e-2 2D' → 0.0212. */
function pcOf(row: string[]): number {
  return Number(row[COL.pc]?.split(' ')[0]);
}

async function sortHeader(name: string): Promise<string | null> {
  return web.page.getByRole('columnheader', { name }).getAttribute('aria-sort');
}

/** [term, definition] of every field of the region `name`. */
async function fields(name: string): Promise<Record<string, string>> {
  const pairs: [string, string][] = await web.page
    .getByRole('region', { name })
    .locator('dl > div')
    .evaluateAll((divs) => divs.map((div) => [div.querySelector('dt')?.textContent ?? '', div.querySelector('dd')?.textContent ?? '']));
  return Object.fromEntries(pairs);
}

describe('Conjunction Alerts', () => {
  it('lists the 27 imported events under Closed, sorted by TCA', async () => {
    await openAlerts();
    // Their TCAs are in 2020-2023: nothing is open, and with no filter set the list says so.
    await web.page.getByText('No open conjunctions', { exact: true }).waitFor();
    await web.page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Closed' }).click();
    await web.page.getByRole('heading', { name: 'Closed Conjunctions' }).waitFor();
    await web.page.getByText('27 conjunctions').waitFor();
    expect(new URL(web.page.url()).search).toBe('?status=closed');
    const rows = await rowsWhen(27);
    const tcas = rows.map((row) => row[COL.tca] ?? '');
    expect(tcas).toEqual([...tcas].sort());
    expect(tcas.every((tca) => /^202[0-3]-/.test(tca))).toBe(true);
    expect(await sortHeader('TCA (UTC)')).toBe('ascending');
    const listed = await api<ConjunctionListResponse>('/api/conjunctions?status=closed&sort=tca&limit=5000');
    expect(rows.map((row) => row[COL.id])).toEqual(listed.items.map((item) => item.conjunctionId));
    await web.page.screenshot({ path: `${SCREENS_DIR}/alerts-closed.png`, fullPage: true });
  });

  it('sorts by Pc, highest first: TERRA vs IRIDIUM 33 DEB (Pc 2.1e-2, TCA in 2021) leads', async () => {
    await openAlerts('/alerts?status=closed');
    await rowsWhen(27);
    // One click: Pc sorts highest first.
    await web.page.getByRole('button', { name: 'Pc', exact: true }).click();
    await expect.poll(() => sortHeader('Pc')).toBe('descending');
    expect(new URL(web.page.url()).searchParams.get('sort')).toBe('-pc');
    await expect.poll(async () => (await tableRows())[0]?.[COL.primary]).toBe('TERRA');
    const sorted = await rowsWhen(27);
    const first = sorted[0]!;
    expect(first[COL.secondary]).toBe('IRIDIUM 33 DEB');
    expect(first[COL.id]).toMatch(/^CNJ-2021-\d+$/);
    expect(pcOf(first)).toBeCloseTo(2.1e-2, 3);
    const pcs = sorted.map(pcOf).filter((pc) => !Number.isNaN(pc));
    expect(pcs).toEqual([...pcs].sort((a, b) => b - a));
  });

  it('filters by risk: Critical shows only the critical events', async () => {
    await openAlerts('/alerts?status=closed');
    await rowsWhen(27);
    await web.page.getByRole('group', { name: 'Risk' }).getByRole('button', { name: 'Critical' }).click();
    const critical = await api<ConjunctionListResponse>('/api/conjunctions?status=closed&risk=critical&limit=5000');
    expect(critical.total).toBeGreaterThan(0);
    const rows = await rowsWhen(critical.total, (row) => row[COL.risk] === 'CRITICAL');
    expect(rows.map((row) => row[COL.id]).sort()).toEqual(critical.items.map((item) => item.conjunctionId).sort());
    expect(new URL(web.page.url()).searchParams.get('risk')).toBe('critical');
    await web.page.getByRole('button', { name: 'Clear filters' }).click();
    await rowsWhen(27);
  });

  it("searches 'TROPICS' and opens the 3D-Nc event of TROPICS PATHFINDER vs LINCS", async () => {
    await openAlerts('/alerts?status=closed');
    await rowsWhen(27);
    await web.page.getByRole('searchbox', { name: 'Object or owner' }).fill('TROPICS');
    const rows = await rowsWhen(2, (row) => row[COL.primary] === 'TROPICS PATHFINDER' && (row[COL.secondary] ?? '').startsWith('LINCS'));
    expect(new URL(web.page.url()).searchParams.get('q')).toBe('TROPICS');
    const event = rows.find((row) => row[COL.tca] === TROPICS_TCA);
    if (!event) throw new Error(`no TROPICS PATHFINDER vs LINCS row with TCA ${TROPICS_TCA}: ${JSON.stringify(rows)}`);
    const conjunctionId = event[COL.id]!;
    await table().getByRole('link', { name: conjunctionId, exact: true }).click();
    await web.page.waitForURL(`${web.app.baseUrl}/alerts/${conjunctionId}`);
    await web.page.getByRole('heading', { level: 1, name: `Conjunction ${conjunctionId}` }).waitFor();
    await web.page.getByRole('region', { name: 'Assessment' }).waitFor();

    const numbers = await fields('Assessment');
    expect(numbers['TCA (UTC)']).toBe('2021-12-20 01:25:35.287');
    expect(numbers['Collision probability']).toMatch(/ 3D$/);
    expect(numbers.Method).toMatch(/3D-Nc/);
    const pc = Number(/^(\S+)/.exec(numbers['Collision probability'] ?? '')?.[1]);
    expect(pc).toBeGreaterThan(0.9e-5);
    expect(pc).toBeLessThan(1.1e-5);
    const pc2d = Number(/^(\S+)/.exec(numbers['2D Pc (Foster)'] ?? '')?.[1]);
    expect(pc2d).toBeGreaterThan(3.5e-168);
    expect(pc2d).toBeLessThan(4.3e-168);
    expect(Number(/^(\S+)/.exec(numbers['3D Pc (Hall 3D-Nc)'] ?? '')?.[1])).toBeCloseTo(pc, 12);
    // CARA's Pc2D_Hall for this event: 6.456e-166 (pc_cases.json nc2d_hall); 2D-Nc is flagged (extended, inaccurate), so 3D-Nc gives the Pc.
    const nc2d = Number(/^(\S+)/.exec(numbers['2D-Nc Pc (Hall)'] ?? '')?.[1]);
    expect(Math.abs(nc2d / 6.455831374789619e-166 - 1)).toBeLessThan(5e-3);

    const method = web.page.getByRole('region', { name: 'Pc Method' });
    await method.getByRole('region', { name: '2D-Pc usage tests' }).getByText(/^Long encounter:/).waitFor();
    await method.getByRole('region', { name: '2D-Nc usage tests' }).getByText(/^The collision rate lasts/).waitFor();
    expect(await web.page.getByRole('region', { name: 'Encounter Plane' }).getByRole('img', { name: /^Encounter plane to scale/ }).locator('ellipse').count()).toBe(2);
    // The chart is drawn: its Pc axis shows the decades around Pc 1.01e-5, and both series are in the legend.
    const history = web.page.getByRole('region', { name: 'Estimate History' }).getByRole('figure', { name: /^Pc \(log scale\) and miss distance/ });
    for (const tick of ['1e-6', '1e-5', '1e-4']) await history.getByText(tick, { exact: true }).waitFor();
    expect(await history.getByRole('list', { name: 'Legend' }).getByRole('listitem').allTextContents()).toEqual(['Pc', 'Miss distance']);

    await web.page.getByRole('region', { name: 'Monte Carlo check' }).getByText('No Monte Carlo check has been run for this event yet.').waitFor();

    const cdm = web.page.getByRole('listitem', { name: `CDM ${TROPICS_FILE.replace(/\.cdm$/, '')}` });
    await cdm.getByRole('button', { name: /^View CDM / }).click();
    const text = cdm.locator('pre');
    await text.getByText(/OBJECT_NAME\s+= TROPICS PATHFINDER/).waitFor();
    expect(await text.textContent()).toContain('CCSDS_CDM_VERS');
    expect(await cdm.getByRole('link', { name: /^Download CDM / }).getAttribute('href')).toMatch(/^\/api\//);
    await web.page.screenshot({ path: `${SCREENS_DIR}/alert-detail.png`, fullPage: true });

    // Back to the view the event was opened from: closed events, the search kept.
    await web.page.getByRole('link', { name: 'Back to Conjunction Alerts' }).click();
    await web.page.waitForURL(`${web.app.baseUrl}/alerts?status=closed&q=TROPICS`);
    await rowsWhen(2, (row) => row[COL.primary] === 'TROPICS PATHFINDER');
    expect(await web.page.getByRole('searchbox', { name: 'Object or owner' }).inputValue()).toBe('TROPICS');
  });

  it('runs the Monte Carlo check of TERRA vs IRIDIUM 33 DEB from its detail page: Pc 2.1e-2 to ±5 %, beside the 2D value', async () => {
    const event = await terraEvent();
    const analytic = event.collisionProbability!;
    expect(analytic).toBeCloseTo(2.1e-2, 3);
    await web.page.setViewportSize({ width: 1440, height: 1600 });
    await web.page.goto(`${web.app.baseUrl}/alerts/${event.conjunctionId}`);
    const card = web.page.getByRole('region', { name: 'Monte Carlo check' });
    await card.getByText('No Monte Carlo check has been run for this event yet.').waitFor();
    await card.getByRole('button', { name: 'Run Monte Carlo check' }).click();
    // Running: the progress of trials against CARA's cap (3.7e7), re-read every second.
    await card.getByRole('progressbar', { name: 'Monte Carlo progress' }).waitFor();
    await card.getByText(/^[\d,]+ of 37,000,000 trials, [\d,]+ hits?$/).waitFor();
    // The server stops once the 95 % interval is ±5 % of the Pc: about 1e5 trials at Pc 2e-2.
    const verdict = card.getByText(/^The analytic Pc lies (inside|outside) the 95 % interval\.$/);
    await verdict.waitFor({ timeout: 120_000 });
    expect(await card.getByRole('progressbar').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Run Monte Carlo check' }).isEnabled()).toBe(true);

    const check = await api<MonteCarloCheck>(`/api/conjunctions/${event.conjunctionId}/monte-carlo`);
    expect(check).toMatchObject({ status: 'completed', maxSamples: 37_000_000, seed: 1, analyticMethod: 'pc2d', error: null, result: { stoppedBy: 'precision', confidence: 0.95 } });
    const { pc, lower, upper } = check.result!;
    expect(pc).toBeGreaterThan(1.8e-2);
    expect(pc).toBeLessThan(2.4e-2);
    expect((upper - lower) / 2 / pc).toBeLessThanOrEqual(0.05);
    expect(check.samples).toBeLessThan(1_000_000);
    const shown = await fields('Monte Carlo result');
    const sci = (x: number) => x.toExponential(2);
    expect(shown).toEqual({
      'Pc (Monte Carlo)': sci(pc),
      '95 % interval': `${sci(lower)} – ${sci(upper)}`,
      Trials: check.samples.toLocaleString('en-US'),
      Hits: check.hits.toLocaleString('en-US'),
      Window: expect.stringMatching(/^−[\d,.]+ s to \+[\d,.]+ s from TCA$/),
      Stopped: 'At ±5 % of the Pc (precision reached)',
    });
    expect(await fields('Analytic Pc')).toEqual({ 'Analytic Pc (the event’s)': `${sci(analytic)} 2D` });
    const inside = analytic >= lower && analytic <= upper;
    expect(await verdict.textContent()).toBe(`The analytic Pc lies ${inside ? 'inside' : 'outside'} the 95 % interval.`);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: '/tmp/mc-card.png' });
    await web.page.screenshot({ path: `${SCREENS_DIR}/alert-detail-monte-carlo.png`, fullPage: true });
  });

  it('uploads CDM files through the page: imported, then a duplicate, and a bad file rejected', async () => {
    // A later CARA message of the TERRA vs IRIDIUM 33 DEB event (new MESSAGE_ID and creation date).
    const original = await readFile(join(CARA_DIR, '000025994_conj_000037558_20210324_151047_20210323_154356.cdm'), 'utf8');
    const later = original
      .replace(/^(MESSAGE_ID\s*=\s*)(\S+)/m, '$1$2_BROWSER_TEST')
      .replace(/^(CREATION_DATE\s*=\s*)\S+/m, '$12021-03-23T20:00:00.000');
    expect(later).not.toBe(original);
    const upload = { name: 'terra-later.cdm', mimeType: 'text/plain', buffer: Buffer.from(later) };

    // The event the CARA import made of the original message: a later message of the same source updates it.
    const event = await terraEvent();
    expect(event.source).toBe('CARA');

    await openAlerts('/alerts?status=closed');
    const input = web.page.getByLabel('CDM files');
    const results = web.page.getByRole('list', { name: 'Upload results' });

    await input.setInputFiles(upload);
    const first = results.getByRole('listitem', { name: 'terra-later.cdm' }).first();
    await first.getByText('1 updated', { exact: true }).waitFor();
    const imported = first.getByRole('list', { name: 'Imported' });
    await imported.getByText('(updated)', { exact: true }).waitFor();
    const link = imported.getByRole('link');
    expect(await link.textContent()).toBe(event.conjunctionId);
    expect(await link.getAttribute('href')).toBe(`/alerts/${event.conjunctionId}`);

    await input.setInputFiles(upload);
    await expect.poll(() => results.getByRole('listitem', { name: 'terra-later.cdm' }).count()).toBe(2);
    await results.getByRole('listitem', { name: 'terra-later.cdm' }).first().getByText('1 duplicate', { exact: true }).waitFor();

    // The browser logs the 400 of a file that holds no CDM.
    web.expectedErrors = [/status of 400/];
    await input.setInputFiles({ name: 'hello.cdm', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    const bad = results.getByRole('listitem', { name: 'hello.cdm' });
    await bad.getByText(/Rejected/).first().waitFor();
    await web.page.screenshot({ path: `${SCREENS_DIR}/alerts-upload.png`, fullPage: true });
  });
});
