import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { json2satrec, sgp4 } from 'satellite.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { CatalogElements, OBJECT_CLASSES } from '../../src/contracts/catalog-elements.ts';
import type { ConjunctionDetail, ConjunctionListResponse } from '../../src/contracts/conjunction-events.ts';
import { gmst } from '../../src/core/time/index.ts';
import type { UtcMs } from '../../src/core/units.ts';
import { EARTH_RADIUS_KM, ommAt, REGIMES, regimeOf, temeToScene, type Regime } from '../../src/web/components/dashboard/situational-awareness/globe-math.ts';
import type { GlobeDebug } from '../../src/web/components/dashboard/situational-awareness/globe-protocol.ts';
import { SCREENS_DIR, useBrowserSuite, waitForDemoCatalog, waitForFirstScreening } from './harness.ts';

// The 3D view in time (/visualization, issue 14 item 3) in Chromium against the real server with
// the 50,000-object demo catalogue (screening over one day, so the first run's conjunctions come
// within a minute or two): the full-screen globe, the clock (play, pause, ×1…×1000, the ±7-day
// slider, Now), the filters, the search and its orbit, the object panel, a shared URL, and
// conjunction mode opened from an event's 'View in 3D'. Positions are checked against satellite.js
// propagation of the feed's element sets at the time shown.

const web = useBrowserSuite({ app: { env: { SCREENING_WINDOW_DAYS: '1' } } });
const FIRST_SCREENING_TIMEOUT_MS = 300_000;

/** The page's window as far as the globe goes (globalThis inside page.evaluate is the page's window). */
interface GlobeWindow {
  __dataforgeGlobe?: GlobeDebug;
}
type Figures = Omit<GlobeDebug, 'screenPosition' | 'setPropagationIntervalMs' | 'objectPosition' | 'orbitPoints'>;

let elements: CatalogElements;
let event: ConjunctionDetail;

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${web.app.baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  await waitForDemoCatalog(web.app);
  elements = CatalogElements.parse(await api('/api/catalog/elements'));
  // The first screening run's conjunctions: one whose two objects are in the catalogue.
  await waitForFirstScreening(web.app, FIRST_SCREENING_TIMEOUT_MS);
  const list = await api<ConjunctionListResponse>('/api/conjunctions?status=all&sort=tca&limit=100');
  const inFeed = new Set(elements.norad);
  const chosen = list.items.find((c) => inFeed.has(c.primaryObject.noradId) && inFeed.has(c.secondaryObject.noradId) && Date.parse(c.tca) > Date.now());
  if (!chosen) throw new Error(`no conjunction of two catalogue objects ahead among ${list.items.length}`);
  event = await api<ConjunctionDetail>(`/api/conjunctions/${chosen.conjunctionId}`);
}, FIRST_SCREENING_TIMEOUT_MS + 120_000);

const page = (): Page => web.page;
const shot = (name: string) => page().screenshot({ path: join(SCREENS_DIR, `visualization-${name}.png`) });

function figures(): Promise<Figures> {
  return page().evaluate(() => {
    const g = (globalThis as unknown as GlobeWindow).__dataforgeGlobe;
    if (!g) throw new Error('no globe');
    const { screenPosition: _s, setPropagationIntervalMs: _p, objectPosition: _o, orbitPoints: _r, ...rest } = g;
    return JSON.parse(JSON.stringify(rest)) as Figures;
  });
}

async function open(path: string): Promise<void> {
  await page().goto(`${web.app.baseUrl}${path}`);
  await page().waitForFunction(() => typeof (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.firstDrawMs === 'number', null, { timeout: 60_000 });
}

/**
 * Pixels of the operational-satellite green (#22c55e family) in a screenshot of the globe's canvas:
 * what the eye sees of the drawn points (the globe, coasts and grid are blue). Decoded in the page
 * with createImageBitmap (the page's CSP allows no data: images).
 */
async function greenPixels(): Promise<number> {
  const png = await page().getByTestId('visualization').locator('canvas').first().screenshot();
  return page().evaluate(async (b64) => {
    // The test program's types are Node's: the page's DOM APIs are named through globalThis.
    interface Bitmap {
      width: number;
      height: number;
    }
    interface Context2d {
      drawImage(image: Bitmap, x: number, y: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
    }
    const dom = globalThis as unknown as {
      createImageBitmap(blob: Blob): Promise<Bitmap>;
      OffscreenCanvas: new (w: number, h: number) => { getContext(kind: '2d'): Context2d };
    };
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await dom.createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const ctx = new dom.OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 1]! > 140 && data[i]! < 120 && data[i + 2]! < 150) n++;
    return n;
  }, png.toString('base64'));
}

const time = () => page().getByRole('region', { name: 'Time' });
const shownTime = async () => (await time().getByRole('status', { name: 'Simulated time' }).textContent()) ?? '';
const utcText = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** Waits until the globe draws the worker's pass of the paused clock's time (positions exact, not moved). */
async function settledAt(t: number): Promise<Figures> {
  await page().waitForFunction((at) => {
    const g = (globalThis as unknown as GlobeWindow).__dataforgeGlobe;
    return g?.positionsTimeMs === at && g.simTimeMs === at;
  }, t, { timeout: 20_000 });
  return figures();
}

/** satellite.js (the feed's element set through json2satrec, as the worker) at t, in scene coordinates at GMST(t). */
function expectedScene(norad: number, t: number): [number, number, number] {
  const i = elements.norad.indexOf(norad);
  const satrec = json2satrec(ommAt(elements, i), 'i');
  const pv = sgp4(satrec, (t - elements.epoch[i]!) / 60_000);
  if (!pv) throw new Error(`no SGP4 position for ${norad}`);
  const g = gmst(t as UtcMs);
  const out = new Float64Array(3);
  temeToScene(pv.position.x, pv.position.y, pv.position.z, Math.cos(g), Math.sin(g), out, 0);
  return [out[0]!, out[1]!, out[2]!];
}

const km = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) * EARTH_RADIUS_KM;
const objectPosition = (norad: number) =>
  page().evaluate((n) => (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.objectPosition(n) ?? null, norad);
const screenPosition = (norad: number) =>
  page().evaluate((n) => (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.screenPosition(n) ?? null, norad);

/** How many feed objects a filter shows (the scene's own count must agree). */
function expectedShown(filter: { regimes: Regime[]; types: string[]; owner: string | null }): number {
  let n = 0;
  for (let i = 0; i < elements.count; i++) {
    if (!filter.regimes.includes(regimeOf(elements.meanMotion[i]!, elements.eccentricity[i]!))) continue;
    if (!filter.types.includes(OBJECT_CLASSES[elements.type[i]!]!)) continue;
    const owner = elements.owner[i]! < 0 ? null : elements.owners[elements.owner[i]!]!;
    if (filter.owner !== null && owner !== filter.owner) continue;
    n += 1;
  }
  return n;
}
const ALL_TYPES = ['payload', 'rocket_body', 'debris', 'unknown'];

describe('/visualization', () => {
  it('draws the whole catalogue on a full-screen globe, at now, playing at ×1', async () => {
    await open('/visualization');
    const f = await figures();
    expect(f.total).toBe(50_000);
    expect(f.drawRange).toEqual({ start: 0, count: 50_000 });
    expect(f.shownCount).toBe(50_000);
    await page().waitForFunction(() => {
      const drawn = (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.shownDrawn;
      return typeof drawn === 'number';
    });
    const drawn = (await figures()).shownDrawn!;
    expect(drawn).toBeGreaterThan(49_000);
    await expect.poll(async () => page().getByTestId('globe-status').textContent()).toBe(`${drawn.toLocaleString('en-US')} objects shown of 50,000 in the catalogue`);
    // Full screen: the canvas fills the window under the top bar, beside the side navigation (issue 29).
    const canvas = await page().locator('canvas').boundingBox();
    const viewport = page().viewportSize()!;
    const panel = await page().getByTestId('side-panel').boundingBox();
    expect(canvas?.x).toBe(panel!.x + panel!.width);
    expect(canvas?.width).toBe(viewport.width - panel!.width);
    expect(Math.round((canvas?.y ?? 0) + (canvas?.height ?? 0))).toBe(viewport.height);
    expect(canvas!.height).toBeGreaterThan(viewport.height - 80);
    expect(Math.abs((f.simTimeMs ?? 0) - Date.now())).toBeLessThan(5_000);
    expect(await time().getByRole('button', { name: '×1', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page().url()).search).toBe('');
    await shot('now');
  });

  it('plays at the chosen speed, ×1000 and ×60, and stands still when paused', async () => {
    await open('/visualization');
    for (const rate of [1000, 60]) {
      await time().getByRole('button', { name: `×${rate}`, exact: true }).click();
      expect(await time().getByRole('button', { name: `×${rate}`, exact: true }).getAttribute('aria-pressed')).toBe('true');
      const before = await figures();
      // Read in animation frames, after the globe's own: the simulated time each frame was drawn for, and the wall clock then.
      const measured = await page().evaluate(async () => {
        const g = (globalThis as unknown as GlobeWindow).__dataforgeGlobe!;
        const raf = (globalThis as unknown as { requestAnimationFrame: (callback: () => void) => number }).requestAnimationFrame.bind(globalThis);
        const first = await new Promise<{ sim: number; wall: number; updates: number }>((resolve) =>
          raf(() => resolve({ sim: g.simTimeMs!, wall: Date.now(), updates: g.updates })),
        );
        await new Promise((r) => setTimeout(r, 2000));
        const last = await new Promise<{ sim: number; wall: number; updates: number }>((resolve) =>
          raf(() => resolve({ sim: g.simTimeMs!, wall: Date.now(), updates: g.updates })),
        );
        return { sim: last.sim - first.sim, wall: last.wall - first.wall, updates: last.updates - first.updates, pass: g.positionsTimeMs! };
      });
      // Simulated time runs at the rate, and the worker propagates every 100 ms, not once a second.
      expect(measured.sim / measured.wall).toBeGreaterThan(rate * 0.97);
      expect(measured.sim / measured.wall).toBeLessThan(rate * 1.03);
      expect(measured.updates).toBeGreaterThan(6);
      expect(measured.pass - before.simTimeMs!).toBeGreaterThan(rate * 1000);
    }
    await shot('playing-x60');
    await time().getByRole('button', { name: 'Pause' }).click();
    const paused = (await figures()).clock.epochMs;
    const f = await settledAt(paused);
    await page().waitForTimeout(1000);
    expect((await figures()).simTimeMs).toBe(paused);
    expect(await shownTime()).toBe(utcText(f.simTimeMs!));
    expect(new URL(page().url()).searchParams.get('paused')).toBe('1');
    expect(new URL(page().url()).searchParams.get('speed')).toBe('60');
    expect(Date.parse(new URL(page().url()).searchParams.get('t')!)).toBe(paused);
    await time().getByRole('button', { name: 'Play' }).click();
    await expect.poll(async () => (await figures()).simTimeMs! > paused + 60_000).toBe(true);
  });

  it('moves in time with the slider within ±7 days, and comes back with Now', async () => {
    await open('/visualization');
    await time().getByRole('button', { name: 'Pause' }).click();
    const slider = time().getByRole('slider', { name: 'Time within ±7 days' });
    const min = Number(await slider.getAttribute('min'));
    const max = Number(await slider.getAttribute('max'));
    expect(max - min).toBe(14 * 86_400_000);
    expect(Math.abs((min + max) / 2 - Date.now())).toBeLessThan(60_000);
    const target = min + 60_000 * Math.round((3 * 86_400_000 + 3_600_000) / 60_000);
    await slider.fill(String(target));
    await settledAt(target);
    expect(await shownTime()).toBe(utcText(target));
    await expect.poll(async () => page().getByTestId('time-offset').textContent()).toMatch(/^\d+ d \d+ h ago · paused$/);
    await shot('slider');
    // The far end is +7 days, and the slider goes no further.
    await slider.fill(String(max));
    await slider.press('ArrowRight');
    expect((await settledAt(max)).simTimeMs).toBe(max);
    // Playing past the end stops there.
    await time().getByRole('button', { name: '×1000', exact: true }).click();
    await time().getByRole('button', { name: 'Play' }).click();
    await expect.poll(async () => (await figures()).clock, { timeout: 5_000 }).toMatchObject({ epochMs: max, playing: false });
    await time().getByRole('button', { name: 'Play' }).waitFor();

    await time().getByRole('button', { name: 'Now' }).click();
    const f = await figures();
    expect(f.clock).toMatchObject({ rate: 1, playing: true });
    expect(Math.abs(f.simTimeMs! - Date.now())).toBeLessThan(5_000);
    await expect.poll(() => new URL(page().url()).search).toBe('');
    await expect.poll(async () => page().getByTestId('time-offset').textContent()).toBe('now · playing ×1');
  });

  it('filters by regime, object type and owner: the counts drawn change to match the catalogue', async () => {
    await open('/visualization');
    const filters = page().getByRole('region', { name: 'Filters' });
    const expectCounts = async (filter: { regimes: Regime[]; types: string[]; owner: string | null }) => {
      const want = expectedShown(filter);
      await expect.poll(async () => (await figures()).shownCount).toBe(want);
      await expect.poll(async () => {
        const f = await figures();
        return f.shownDrawn !== null && f.shownDrawn <= want && f.shownDrawn >= want * 0.99 - 5;
      }).toBe(true);
      const drawn = (await figures()).shownDrawn!;
      await expect.poll(async () => page().getByTestId('globe-status').textContent()).toBe(`${drawn.toLocaleString('en-US')} objects shown of 50,000 in the catalogue`);
      return want;
    };
    await expect.poll(async () => (await figures()).shownDrawn).not.toBeNull();
    const allGreen = await greenPixels();
    expect(allGreen).toBeGreaterThan(1000);
    await filters.getByRole('button', { name: 'LEO' }).click();
    const noLeo = await expectCounts({ regimes: ['MEO', 'GEO'], types: ALL_TYPES, owner: null });
    expect(noLeo).toBeLessThan(10_000);
    await shot('filter-meo-geo');
    await filters.getByRole('button', { name: 'LEO' }).click();
    await filters.getByRole('button', { name: 'Debris' }).click();
    const noDebris = await expectCounts({ regimes: [...REGIMES], types: ['payload', 'rocket_body', 'unknown'], owner: null });
    expect(noDebris).toBeLessThan(40_000);
    await filters.getByRole('combobox', { name: 'Owner' }).click();
    await page().getByRole('option', { name: /^PRC \(/ }).click();
    const prc = await expectCounts({ regimes: [...REGIMES], types: ['payload', 'rocket_body', 'unknown'], owner: 'PRC' });
    expect(prc).toBeGreaterThan(0);
    expect(prc).toBeLessThan(noDebris);
    // What is filtered out is not drawn at all (not even as a 1 px point): about 2 % of the objects, so far fewer green pixels.
    expect(await greenPixels()).toBeLessThan(allGreen * 0.25);
    expect(new URL(page().url()).searchParams.get('owner')).toBe('PRC');
    expect(new URL(page().url()).searchParams.get('types')).toBe('payload,rocket_body,unknown');
    await shot('filter-prc');
  });

  it('finds an object with the search, rings it and draws its orbit: both where satellite.js puts them', async () => {
    await open('/visualization?paused=1');
    const f0 = await settledAt((await figures()).clock.epochMs);
    const t = f0.simTimeMs!;
    const norad = event.primaryObject.noradId;
    const name = event.primaryObject.name;
    await page().getByRole('combobox', { name: 'Find an object' }).fill(name);
    await page().getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().click();
    await page().getByRole('region', { name: 'Selected object' }).getByText(name, { exact: true }).waitFor();
    await expect.poll(async () => (await figures()).orbits.map((o) => o.norad)).toEqual([norad]);
    const f = await figures();
    expect(f.highlighted).toEqual([norad]);
    expect(f.selected?.norad).toBe(norad);
    expect(new URL(page().url()).searchParams.get('object')).toBe(String(norad));
    // The object where SGP4 puts it at the time shown, within a kilometre (Float32 positions: metres).
    const at = await objectPosition(norad);
    expect(km(at!, expectedScene(norad, t))).toBeLessThan(1);
    // The orbit: one period around that time, every sample turned by the GMST of the time shown.
    const orbit = await page().evaluate((n) => (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.orbitPoints(n) ?? null, norad);
    if (!orbit) throw new Error('no orbit');
    expect(orbit.times.length).toBe(256);
    const g = gmst(t as UtcMs);
    const i = elements.norad.indexOf(norad);
    const satrec = json2satrec(ommAt(elements, i), 'i');
    for (let k = 0; k < orbit.times.length; k += 32) {
      const pv = sgp4(satrec, (orbit.times[k]! - elements.epoch[i]!) / 60_000);
      if (!pv) throw new Error('no SGP4 position');
      const want = new Float64Array(3);
      temeToScene(pv.position.x, pv.position.y, pv.position.z, Math.cos(g), Math.sin(g), want, 0);
      expect(km(orbit.points.slice(3 * k, 3 * k + 3), want), `orbit sample ${k}`).toBeLessThan(1);
    }
    // The object sits on its orbit: its middle sample is the object now.
    expect(km(orbit.points.slice(3 * 128, 3 * 128 + 3), at!)).toBeLessThan(1);
    // The camera turned to it: it is on screen.
    const onScreen = await screenPosition(norad);
    expect(onScreen).not.toBeNull();
    await shot('search-orbit');
  });

  it("opens the clicked object's panel, whose link leads to the object's page", async () => {
    await open('/visualization?paused=1');
    await settledAt((await figures()).clock.epochMs);
    // An object in view: the first of the feed the screen shows.
    let target: { norad: number; at: { x: number; y: number } } | null = null;
    for (let i = 0; i < elements.count && !target; i += 97) {
      const at = await screenPosition(elements.norad[i]!);
      if (at && at.x > 300 && at.x < 1100 && at.y > 150 && at.y < 700) target = { norad: elements.norad[i]!, at };
    }
    if (!target) throw new Error('no object in view');
    await page().mouse.click(target.at.x, target.at.y);
    const picked = (await figures()).selected;
    if (!picked) throw new Error('nothing selected');
    const panel = page().getByRole('region', { name: 'Selected object' });
    await panel.getByText(picked.name, { exact: true }).waitFor();
    expect(await panel.textContent()).toContain(`NORAD ID${picked.norad}`);
    await shot('selected');
    const link = panel.getByRole('link', { name: 'Open object page' });
    expect(await link.getAttribute('href')).toBe(`/objects/${picked.norad}`);
    await link.click();
    await page().waitForURL(`${web.app.baseUrl}/objects/${picked.norad}`);
    await page().getByRole('heading', { level: 1, name: picked.name }).waitFor();
  });

  it('restores a shared view from its URL: object, time, speed and filters', async () => {
    const norad = event.secondaryObject.noradId;
    const t = Date.parse(event.tca) + 1_234_567;
    await open(`/visualization?object=${norad}&t=${new Date(t).toISOString()}&speed=300&paused=1&types=payload,debris`);
    const f = await settledAt(t);
    expect(f.clock).toMatchObject({ epochMs: t, rate: 300, playing: false });
    expect(await shownTime()).toBe(utcText(t));
    expect(await time().getByRole('button', { name: '×300', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await time().getByRole('button', { name: 'Play' }).isVisible()).toBe(true);
    expect(await page().getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'Rocket body' }).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await figures()).selected?.norad).toBe(norad);
    expect(km((await objectPosition(norad))!, expectedScene(norad, t))).toBeLessThan(1);
    await page().getByRole('region', { name: 'Selected object' }).getByText(event.secondaryObject.name, { exact: true }).waitFor();
    expect(await screenPosition(norad)).not.toBeNull();
    await shot('shared-url');
  });

  it("opens conjunction mode from the event's 'View in 3D': at TCA, both orbits and the miss vector", async () => {
    await page().goto(`${web.app.baseUrl}/alerts/${event.conjunctionId}`);
    await page().getByRole('heading', { level: 1, name: `Conjunction ${event.conjunctionId}` }).waitFor();
    await page().getByRole('link', { name: 'View in 3D' }).waitFor();
    await shot('from-alert-detail');
    await page().getByRole('link', { name: 'View in 3D' }).click();
    await page().waitForURL(/\/visualization\?conjunction=/);
    await page().waitForFunction(() => typeof (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.firstDrawMs === 'number', null, { timeout: 60_000 });
    const tca = Date.parse(event.tca);
    const panel = page().getByRole('region', { name: `Conjunction ${event.conjunctionId}` });
    await panel.waitFor();
    const f = await settledAt(tca);
    // The time shown is the event's TCA.
    expect(f.simTimeMs).toBe(tca);
    expect(await shownTime()).toBe(utcText(tca));
    expect(await panel.textContent()).toContain(event.tca.replace('T', ' ').replace('Z', ''));
    const { primary, secondary } = { primary: event.primaryObject.noradId, secondary: event.secondaryObject.noradId };
    expect(f.highlighted).toEqual([primary, secondary]);
    await expect.poll(async () => (await figures()).orbits.map((o) => o.norad).sort()).toEqual([primary, secondary].sort());
    // Both objects where SGP4 puts them at TCA; the line between them is the miss vector the screening found.
    const a = (await objectPosition(primary))!;
    const b = (await objectPosition(secondary))!;
    expect(km(a, expectedScene(primary, tca))).toBeLessThan(1);
    expect(km(b, expectedScene(secondary, tca))).toBeLessThan(1);
    const missKm = event.missDistance / 1000;
    const line = (await figures()).missLine;
    expect(line).toMatchObject({ from: primary, to: secondary });
    expect(Math.abs(line!.lengthKm - missKm)).toBeLessThan(0.02);
    expect(Math.abs(km(expectedScene(primary, tca), expectedScene(secondary, tca)) - missKm)).toBeLessThan(0.02);
    await expect.poll(async () => panel.getByTestId('miss-line').textContent()).toMatch(/^Miss vector at TCA: [\d,]+\.\d m as drawn$/);
    const drawnM = Number((await panel.getByTestId('miss-line').textContent())!.match(/: ([\d,.]+) m/)![1]!.replace(/,/g, ''));
    expect(Math.abs(drawnM - event.missDistance)).toBeLessThan(20);
    // Zoomed to the encounter: both rings on screen, far enough apart to see the line between them.
    await page().waitForTimeout(300);
    const pa = await screenPosition(primary);
    const pb = await screenPosition(secondary);
    expect(pa).not.toBeNull();
    expect(pb).not.toBeNull();
    expect(Math.hypot(pa!.x - pb!.x, pa!.y - pb!.y)).toBeGreaterThan(30);
    expect(new URL(page().url()).searchParams.get('conjunction')).toBe(event.conjunctionId);
    await shot('conjunction');
  });
});
