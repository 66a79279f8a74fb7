import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectDetail, ObjectSearchResponse } from '../../src/contracts/object-exports.ts';
import { parseElementSets } from '../../src/core/elements/index.ts';
import { readOem } from '../../src/core/ephemeris/index.ts';
import { SCREENS_DIR, useBrowserSuite, waitForDemoCatalog } from './harness.ts';

// The header search and the object page (issue 14) against the real server and its demo
// catalogue: '/' then a name finds the object, Enter opens its page with identity, state now,
// orbit, element-set history and exports; the export links answer files our readers read back.

const web = useBrowserSuite({ app: { env: { CATALOG_SCREENING_HOURS: '0' } } });

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${web.app.baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

let target: { noradId: number; name: string };

beforeAll(async () => {
  await waitForDemoCatalog(web.app);
  // A payload of the demo catalogue to look for by its name.
  const found = await api<ObjectSearchResponse>('/api/objects?q=ofeq&limit=1');
  const any = found.items[0] ?? (await api<ObjectSearchResponse>('/api/objects?q=a&limit=1')).items[0];
  if (!any) throw new Error('the demo catalogue has no object to search for');
  target = any;
}, 120_000);

describe('the header search and the object page', () => {
  it("finds an object with '/' and its name, and opens its page by keyboard", async () => {
    await web.page.goto(`${web.app.baseUrl}/calc`);
    await web.page.getByRole('heading', { level: 1 }).first().waitFor();
    await web.page.keyboard.press('/');
    const box = web.page.getByRole('combobox', { name: 'Search objects' });
    expect(await box.evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
    await web.page.keyboard.type(target.name);
    const option = web.page.getByRole('option', { name: new RegExp(`^${target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first();
    await option.waitFor();
    await web.page.screenshot({ path: `${SCREENS_DIR}/object-search.png` });
    await web.page.keyboard.press('Enter');
    await web.page.waitForURL(`${web.app.baseUrl}/objects/${target.noradId}`);
    await web.page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    for (const name of ['Identity', 'Now', 'Orbit', 'Ground Track', 'Element-Set History', 'Events', 'Decay', 'Exports']) await web.page.getByRole('region', { name }).waitFor();
    // The map draws the track; the decay forecast arrives once integrated.
    await web.page.getByRole('img', { name: `${target.name} predicted ground track` }).waitFor();
    await web.page.getByRole('region', { name: 'Decay' }).getByText(/^(Re-entry (between|about|from) |No re-entry within|No forecast$)/).waitFor({ timeout: 30_000 });
    await web.page.screenshot({ path: `${SCREENS_DIR}/object-page.png`, fullPage: true });

    // What the page shows is what the API says.
    const detail = await api<ObjectDetail>(`/api/objects/${target.noradId}`);
    const identity = web.page.getByRole('region', { name: 'Identity' });
    expect(await identity.textContent()).toContain(String(detail.noradId));
    const orbit = await web.page.getByRole('region', { name: 'Orbit' }).textContent();
    expect(orbit).toContain(`${detail.orbit.inclinationDeg.toFixed(4)}°`);
  });

  it('downloads the exports the links name: element sets and an OEM our readers read back', async () => {
    await web.page.goto(`${web.app.baseUrl}/objects/${target.noradId}`);
    await web.page.getByRole('region', { name: 'Exports' }).waitFor();
    const elements = await web.page.getByRole('link', { name: 'Download element sets' }).getAttribute('href');
    const tle = await (await fetch(`${web.app.baseUrl}${elements}`)).text();
    const sets = parseElementSets(tle);
    expect(sets.rejected).toEqual([]);
    expect(sets.sets.map((s) => s.norad)).toEqual([target.noradId]);
    const oemHref = await web.page.getByRole('link', { name: 'Download OEM' }).getAttribute('href');
    const res = await fetch(`${web.app.baseUrl}${oemHref}`);
    expect(res.status).toBe(200);
    const oem = readOem(await res.text());
    expect(oem.segments[0]!.metadata.REF_FRAME).toBe('EME2000');
    expect(oem.segments[0]!.states.length).toBe(1441);
  });

  it('says so for an object the catalogue does not hold', async () => {
    // The page's requests for it are answered 404, which Chromium logs.
    web.expectedErrors = [/status of 404/];
    await web.page.goto(`${web.app.baseUrl}/objects/999999`);
    await web.page.getByText('No object 999999 in the catalogue').waitFor();
    await web.page.screenshot({ path: `${SCREENS_DIR}/object-missing.png` });
  });
});
