import { expect as pollExpect } from 'vitest';
import { describe, expect, it } from 'vitest';
import type { SettingsResponse } from '../../src/contracts/settings.ts';
import { readReference, CATALOG_2023 } from '../integration/support/reference.ts';
import { readVendored } from '../reference/index.ts';
import { SCREENS_DIR, useBrowserSuite } from './harness.ts';

// The Configuration screen (issue 14) against the real server on an empty catalogue: file imports
// through the browser (the real 2023-10-09 catalogue, a SATCAT, CelesTrak's SW-All, a CARA CDM)
// with their progress and reports; the fleet and the screening settings changed, kept over a
// reload, and what the API says afterwards; the data sources; the high-interest objects.

const web = useBrowserSuite({ app: { env: { DEMO_CATALOG: 'off', CATALOG_SCREENING_HOURS: '0', SCREENING: 'on' } } });

const catalogue = () => readReference(CATALOG_2023);
/** The first 100 objects of the real catalogue, then one record whose line 1 checksum was changed (lines 301-303). */
function smallFileWithABadRecord(): string {
  const lines = catalogue().split(/\r?\n/);
  const bad = [lines[300]!, `${lines[301]!.slice(0, 68)}${(Number(lines[301]!.slice(68)) + 1) % 10}`, lines[302]!];
  return `${[...lines.slice(0, 300), ...bad].join('\n')}\n`;
}

const importRow = (kind: string) => web.page.locator(`input[type=file][data-kind="${kind}"]`);

async function settings(): Promise<SettingsResponse> {
  return (await (await fetch(`${web.app.baseUrl}/api/settings`)).json()) as SettingsResponse;
}

describe('/config', () => {
  it('imports element-set files with a report: added, already present, rejected with line and reason', async () => {
    await web.page.goto(`${web.app.baseUrl}/config`);
    await web.page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    web.expectedErrors = [];
    await importRow('elements').setInputFiles({ name: 'first-100.tle', mimeType: 'text/plain', buffer: Buffer.from(smallFileWithABadRecord()) });
    const report = web.page.getByRole('region', { name: 'Import report: first-100.tle' });
    await report.waitFor({ timeout: 30_000 });
    const figures = async () => (await report.locator('dd').allTextContents()).map((t) => t.trim());
    expect(await figures()).toEqual(['100', '0', '1']);
    const rejected = report.getByRole('table', { name: 'Rejected records: first-100.tle' });
    const row = (await rejected.locator('tbody tr').first().locator('td').allTextContents()).map((t) => t.trim());
    expect(row[0]).toMatch(/^30[1-3]$/);
    expect(row[2]).toMatch(/checksum/i);
    await web.page.screenshot({ path: `${SCREENS_DIR}/config-import-report.png`, fullPage: true });

    // The whole catalogue: sent, then the server reads and stores it (a status says so), then the report.
    await importRow('elements').setInputFiles({ name: 'full_catalog_3le_2023-10-09.txt', mimeType: 'text/plain', buffer: Buffer.from(catalogue()) });
    await web.page.getByRole('status').filter({ hasText: /full_catalog_3le_2023-10-09\.txt/ }).first().waitFor();
    const full = web.page.getByRole('region', { name: 'Import report: full_catalog_3le_2023-10-09.txt' });
    await full.waitFor({ timeout: 120_000 });
    // The 100 objects of the first file are there already (same epochs); the bad record's object comes now.
    expect((await full.locator('dd').allTextContents()).map((t) => t.trim())).toEqual(['26,040', '100', '0']);
  }, 180_000);

  it('imports a SATCAT, space weather and a CDM through the page', async () => {
    await web.page.goto(`${web.app.baseUrl}/config`);
    await web.page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    const satcat = `OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,ORBIT_CENTER,ORBIT_TYPE
ISS (ZARYA),1998-067A,25544,PAY,+,ISS,1998-11-20,TYMSC,,92.9,51.64,422,418,399.0524,,EA,ORB
`;
    await importRow('satcat').setInputFiles({ name: 'satcat.csv', mimeType: 'text/csv', buffer: Buffer.from(satcat) });
    const satcatReport = web.page.getByRole('region', { name: 'Import report: satcat.csv' });
    await satcatReport.waitFor();
    // ISS is held (from the catalogue): its metadata updated, nothing added.
    expect((await satcatReport.locator('dd').allTextContents()).map((t) => t.trim())).toEqual(['0', '1', '0', '0']);

    await importRow('space-weather').setInputFiles({ name: 'SW-All_1998-2026.csv', mimeType: 'text/csv', buffer: Buffer.from(readReference('spaceweather/SW-All_1998-2026.csv')) });
    const sw = web.page.getByRole('region', { name: 'Import report: SW-All_1998-2026.csv' });
    await sw.waitFor({ timeout: 60_000 });
    expect(await sw.textContent()).toContain('celestrak-sw-all');

    const cdmName = 'cara_000025994_conj_000037558_20210324_151047_20210323_154356.cdm';
    await importRow('cdm').setInputFiles({ name: cdmName, mimeType: 'text/plain', buffer: Buffer.from(readVendored(`cdm/${cdmName}`)) });
    const cdm = web.page.getByRole('region', { name: `Import report: ${cdmName}` });
    await cdm.waitFor({ timeout: 30_000 });
    expect((await cdm.locator('dd').allTextContents()).map((t) => t.trim())).toEqual(['1', '0', '0', '0']);

    // A file that is none of them: refused with the server's reason.
    web.expectedErrors = [/status of 400/];
    await importRow('elements').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello\n') });
    const refused = web.page.getByRole('region', { name: 'Import report: notes.txt' });
    await refused.getByText('notes.txt: refused').waitFor();
    await web.page.screenshot({ path: `${SCREENS_DIR}/config-imports.png`, fullPage: true });
  }, 120_000);

  it('adds the ISS to the fleet and changes the threshold; both are kept over a reload and the API says so', async () => {
    await web.page.goto(`${web.app.baseUrl}/config`);
    const form = web.page.getByRole('form', { name: 'Add to the fleet' });
    await form.getByLabel('NORAD id or owner code').fill('25544');
    await form.getByRole('button', { name: 'Add' }).click();
    const members = web.page.getByRole('table', { name: 'Fleet members' });
    const link = members.getByRole('link', { name: 'ISS (ZARYA)' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/objects/25544');

    const threshold = web.page.getByLabel('Threshold (km)');
    await threshold.fill('150');
    await web.page.getByText('The threshold must be at most 100').waitFor();
    expect(await web.page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await threshold.fill('2.5');
    await web.page.getByRole('button', { name: 'Save' }).click();
    await web.page.getByText(/^Changed here · SCREENING_THRESHOLD_KM=5 in the environment$/).waitFor();

    await web.page.reload();
    await web.page.getByRole('table', { name: 'Fleet members' }).getByRole('link', { name: 'ISS (ZARYA)' }).waitFor();
    expect(await web.page.getByLabel('Threshold (km)').inputValue()).toBe('2.5');
    const body = await settings();
    expect(body.effective.fleet.noradIds).toEqual([25544]);
    expect(body.effective.screening.thresholdKm).toBe(2.5);
    await pollExpect.poll(async () => ((await (await fetch(`${web.app.baseUrl}/api/israeli-satellites`)).json()) as { noradId: string }[]).map((s) => s.noradId)).toContain('25544');
    await web.page.screenshot({ path: `${SCREENS_DIR}/config-settings.png`, fullPage: true });
  });

  it('lists the data sources, all off on an air-gapped server, and the high-interest objects with their editor', async () => {
    await web.page.goto(`${web.app.baseUrl}/config`);
    const sources = web.page.getByRole('list', { name: 'Data sources' });
    await sources.waitFor();
    for (const name of ['CelesTrak', 'Space-Track', 'NOAA SWPC']) expect(await sources.getByRole('listitem', { name, exact: true }).getByText('Off', { exact: true }).count()).toBe(1);
    await web.page.getByRole('button', { name: 'Add' }).last().click();
    const hio = web.page.getByRole('form', { name: 'Add high interest object' });
    await hio.getByLabel('NORAD ID').fill('25544');
    await hio.getByLabel('Reason').fill('Crewed station');
    await hio.getByRole('button', { name: 'Add Object' }).click();
    await web.page.getByRole('list', { name: 'High interest objects' }).getByRole('listitem', { name: 'ISS (ZARYA)' }).waitFor();
  });
});
