import { beforeAll, describe, expect, it } from 'vitest';
import type { EphemerisListResponse } from '../../src/contracts/ephemerides.ts';
import type { ObjectDetail } from '../../src/contracts/object-exports.ts';
import { ADVERSARIES, FLEET } from '../../src/core/catalog/index.ts';
import { parseElementSets } from '../../src/core/elements/index.ts';
import { sampleEphemeris, writeOem } from '../../src/core/ephemeris/index.ts';
import { utcMs } from '../../src/core/units.ts';
import { SCREENS_DIR, useBrowserSuite, waitForDemoCatalog } from './harness.ts';

// Operators' own ephemerides through the browser (issue 28, item 7) against the real server and its
// demo catalogue: a real OEM of the fleet's TECHSAT 1B (SGP4 of the element set the server holds,
// every 60 s over a day in EME2000, written by core writeOem) uploaded from /config, with what the
// server read from it and its row in the list (the file downloads as sent); the same file again is
// "already stored"; a broken copy (two data lines swapped: epochs out of order) is refused with the
// line and the reason, and nothing is added; then the object's page lists its ephemeris and offers
// the upload, and a page of an object outside the fleet says ephemerides are for fleet objects.

const web = useBrowserSuite({ app: { env: { CATALOG_SCREENING_HOURS: '0', SCREENING: 'off' } } });

const TECHSAT = FLEET.find((f) => f.name === 'TECHSAT 1B')!;
const OUTSIDE = ADVERSARIES[0]!;
const FILE = 'techsat-1b.oem';
const BROKEN = 'techsat-1b-swapped.oem';
/** The whole minute after now: the demo's element sets are within a day before it. */
const T0 = Math.ceil(Date.now() / 60_000) * 60_000;
const DAY = 86_400_000;

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${web.app.baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** '2026-11-27 08:00:00': the page's UTC format (lib/conjunction-format formatUtcDateTime). */
const shown = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

let techsat: ObjectDetail;
let oem: string;
/** The broken copy, the line the server names and the line before it. */
let broken: { text: string; line: number; before: number };

beforeAll(async () => {
  await waitForDemoCatalog(web.app);
  techsat = await api<ObjectDetail>(`/api/objects/${TECHSAT.norad}`);
  expect(techsat.fleet).toBe(true);
  const tle = await (await fetch(`${web.app.baseUrl}/api/objects/${TECHSAT.norad}/elements?format=3le&history=false`)).text();
  const set = parseElementSets(tle).sets[0]!;
  const ephemeris = sampleEphemeris(set, utcMs(T0), utcMs(T0 + DAY), 60, 'EME2000');
  expect(ephemeris.stoppedAt).toBeUndefined();
  oem = writeOem([{ objectName: TECHSAT.name, objectId: TECHSAT.cosparId, refFrame: 'EME2000', states: ephemeris.states, interpolation: { method: 'LAGRANGE', degree: 7 } }], {
    creationDate: utcMs(T0 - 3_600_000),
    originator: 'ISA OPS',
  });
  // The 10th and 11th data lines swapped (the first follows META_STOP and a blank line).
  const lines = oem.split('\n');
  const before = lines.indexOf('META_STOP') + 1 + 11;
  [lines[before - 1], lines[before]] = [lines[before]!, lines[before - 1]!];
  broken = { text: lines.join('\n'), line: before + 1, before };
}, 120_000);

describe('operator ephemerides', () => {
  it('uploads an OEM of a fleet object from /config, shows what was read and lists it; the same file again is already stored; a broken one is refused with its line', async () => {
    await web.page.setViewportSize({ width: 1440, height: 1200 });
    await web.page.goto(`${web.app.baseUrl}/config`);
    const card = web.page.getByRole('region', { name: 'Operator ephemerides' });
    await card.getByText('No ephemeris is stored yet.').waitFor();
    const upload = card.getByRole('button', { name: 'Upload' });
    expect(await upload.isDisabled()).toBe(true);

    await card.getByLabel('OEM file').setInputFiles({ name: FILE, mimeType: 'text/plain', buffer: Buffer.from(oem) });
    await upload.click();
    const summary = card.getByRole('region', { name: `Upload result: ${FILE}` });
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.locator('p').first().textContent()).toBe(`${FILE}stored`);
    const terms = await summary.locator('dt').allTextContents();
    const values = (await summary.locator('dd').allTextContents()).map((t) => t.trim());
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Object: `${techsat.name}${TECHSAT.cosparId}`,
      'NORAD ID': String(TECHSAT.norad),
      Frame: 'EME2000',
      'Usable span (UTC)': `${shown(T0)} – ${shown(T0 + DAY)}`,
      States: '1,441',
      Covariances: '0',
      Originator: 'ISA OPS',
    });
    await card.screenshot({ path: `${SCREENS_DIR}/ephemeris-upload-summary.png` });

    // The list: the new row, its file as sent.
    const table = card.getByRole('table', { name: 'Stored ephemerides' });
    const download = table.getByRole('link', { name: `Download ${FILE}` });
    await download.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    const cells = (await rows.first().locator('td').allTextContents()).map((t) => t.trim());
    expect(cells.slice(1, 5)).toEqual([shown(T0), shown(T0 + DAY), '1,441', '0']);
    const stored = (await api<EphemerisListResponse>(`/api/ephemerides?norad=${TECHSAT.norad}`)).ephemerides;
    expect(stored).toHaveLength(1);
    expect(await download.getAttribute('href')).toBe(`/api/ephemerides/${stored[0]!.id}/file`);
    expect(cells[5]).toBe(stored[0]!.importedBy);
    expect(await (await fetch(`${web.app.baseUrl}${stored[0]!.fileUrl}`)).text()).toBe(oem);

    // The same file again: already stored, nothing added.
    await card.getByLabel('OEM file').setInputFiles({ name: FILE, mimeType: 'text/plain', buffer: Buffer.from(oem) });
    await upload.click();
    await summary.getByText('The same file is stored for this object already', { exact: false }).waitFor();
    expect(await summary.locator('p').first().textContent()).toBe(`${FILE}already stored`);

    // Epochs out of order: refused, the server's line and reason shown as it says them.
    web.expectedErrors = [/status of 400/];
    await card.getByLabel('OEM file').setInputFiles({ name: BROKEN, mimeType: 'text/plain', buffer: Buffer.from(broken.text) });
    await upload.click();
    const alert = card.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      `${BROKEN} was refused; nothing was storedNot a usable OEM: line ${broken.line}: the epoch is earlier than the one on line ${broken.before}: data lines must be in increasing time order`,
    );
    expect(await summary.count()).toBe(0);
    expect(await rows.count()).toBe(1);
    expect((await api<EphemerisListResponse>('/api/ephemerides')).ephemerides).toHaveLength(1);
    await card.scrollIntoViewIfNeeded();
    await web.page.screenshot({ path: `${SCREENS_DIR}/ephemeris-upload-config.png`, fullPage: true });
  }, 120_000);

  it("lists the ephemeris on the fleet object's page, and says on another object's page that ephemerides are for fleet objects", async () => {
    await web.page.setViewportSize({ width: 1440, height: 1200 });
    await web.page.goto(`${web.app.baseUrl}/objects/${TECHSAT.norad}`);
    const card = web.page.getByRole('region', { name: 'Operator ephemerides' });
    const table = card.getByRole('table', { name: 'Stored ephemerides' });
    await table.getByRole('link', { name: `Download ${FILE}` }).waitFor({ timeout: 30_000 });
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await card.getByLabel('OEM file').count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await web.page.screenshot({ path: `${SCREENS_DIR}/ephemeris-upload-object.png` });

    const outside = await api<ObjectDetail>(`/api/objects/${OUTSIDE.norad}`);
    expect(outside.fleet).toBe(false);
    await web.page.goto(`${web.app.baseUrl}/objects/${OUTSIDE.norad}`);
    const other = web.page.getByRole('region', { name: 'Operator ephemerides' });
    await other.getByText(`No ephemeris of ${outside.name} is stored.`).waitFor({ timeout: 30_000 });
    await other.getByText(`Ephemerides are for fleet objects: ${outside.name} is not in the fleet.`, { exact: false }).waitFor();
    expect(await other.getByLabel('OEM file').count()).toBe(0);
  }, 60_000);
});
