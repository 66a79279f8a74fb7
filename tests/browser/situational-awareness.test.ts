import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogElements } from '../../src/contracts/catalog-elements.ts';
import { DashboardStats } from '../../src/contracts/operations.ts';
import { countByRegime, REGIMES, type Regime } from '../../src/web/components/dashboard/situational-awareness/globe-math.ts';
import type { GlobeDebug } from '../../src/web/components/dashboard/situational-awareness/globe-protocol.ts';
import { collectPageErrors, launchChromium, quantile, SCREENS_DIR, startApp, type RunningApp } from './harness.ts';

// The SDA Dashboard's Space Situational Awareness card in Chromium against the real server with the
// 50,000-object demo catalogue: the 3D Orbital View draws the whole catalogue (WebGL in software:
// Chromium's SwiftShader under --disable-gpu, no extra switch needed), every control does what spec
// §2/§4/§9 say, and the Satellite Tracking tab shows the tracking card.

let app: RunningApp;
let browser: Browser;
let page: Page;
let errors: string[];
/** HTTP answers ≥ 400 the page got: 'status METHOD path'. */
let failures: string[];
let elements: CatalogElements;
let expected: Record<Regime, number>;

/** The page's window as far as the globe goes (this Node-side program has no DOM types; globalThis is the page's window). */
interface GlobeWindow {
  __dataforgeGlobe?: GlobeDebug;
}

/** The figures the globe exposes (functions left out: they do not cross into Node). */
type Figures = Omit<GlobeDebug, 'screenPosition' | 'setPropagationIntervalMs'>;
const figures = (): Promise<Figures> =>
  page.evaluate(() => {
    const g = (globalThis as unknown as GlobeWindow).__dataforgeGlobe;
    if (!g) throw new Error('no globe');
    const { screenPosition: _s, setPropagationIntervalMs: _p, ...rest } = g;
    return JSON.parse(JSON.stringify(rest)) as Figures;
  });

const card = (): Locator => page.getByRole('region', { name: 'Space Situational Awareness' });
const shot = (name: string) => card().screenshot({ path: join(SCREENS_DIR, `ssa-${name}.png`) });

async function waitForUpdateAfter(count: number): Promise<void> {
  await page.waitForFunction((n) => ((globalThis as unknown as GlobeWindow).__dataforgeGlobe?.updates ?? 0) > n, count, { timeout: 20_000 });
}

beforeAll(async () => {
  await mkdir(SCREENS_DIR, { recursive: true });
  app = await startApp();
  elements = CatalogElements.parse(await (await fetch(`${app.baseUrl}/api/catalog/elements`)).json());
  expected = countByRegime(elements);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  errors = collectPageErrors(page);
  failures = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failures.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  await page.goto(`${app.baseUrl}/`);
  await card().scrollIntoViewIfNeeded({ timeout: 30_000 });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('Space Situational Awareness card', () => {
  it("opens on '3D Orbital View' and draws the whole catalogue, LEO first", async () => {
    expect(await card().getByRole('tab', { name: '3D Orbital View' }).getAttribute('aria-selected')).toBe('true');
    expect(await card().getByRole('tab', { name: 'Satellite Tracking' }).getAttribute('aria-selected')).toBe('false');
    await page.waitForFunction(() => typeof (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.firstDrawMs === 'number', null, { timeout: 60_000 });
    const f = await figures();
    expect(f.total).toBe(elements.count);
    expect(f.total).toBe(50_000);
    expect(expected.LEO + expected.MEO + expected.GEO).toBe(elements.count);
    expect(f.regime).toBe('LEO');
    expect(await card().getByRole('group', { name: 'Orbit regime' }).getByRole('button', { name: 'LEO' }).getAttribute('aria-pressed')).toBe('true');
    for (const r of REGIMES) {
      expect(f.ranges?.[r].count, r).toBe(expected[r]);
      // Every object of the regime is drawn except those SGP4 cannot place now (decayed); those are few.
      expect(f.objectsDrawn[r] + f.failed[r], r).toBe(expected[r]);
      expect(f.failed[r], r).toBeLessThan(expected[r] * 0.01 + 1);
    }
    expect(f.drawRange).toEqual(f.ranges?.LEO);
    await expect.poll(async () => card().getByTestId('globe-status').textContent()).toBe(
      `LEO: ${f.objectsDrawn.LEO.toLocaleString('en-US')} objects drawn of ${elements.count.toLocaleString('en-US')} in the catalogue`,
    );
    console.log(
      `globe: first draw ${f.firstDrawMs?.toFixed(0)} ms after navigation (${f.firstDrawSinceMountMs?.toFixed(0)} ms after mount; ` +
        `fetch ${f.worker.fetchMs.toFixed(0)}, parse ${f.worker.parseMs.toFixed(0)}, SGP4 init ${f.worker.initMs.toFixed(0)}, propagate ${f.worker.propagateMs.toFixed(0)} ms); ` +
        `drawn ${JSON.stringify(f.objectsDrawn)}, failed ${JSON.stringify(f.failed)}`,
    );
    await shot('3d-leo');
  });

  it('keeps updating positions about once a second, each update cheap', async () => {
    const before = (await figures()).updates;
    await waitForUpdateAfter(before + 2);
    const f = await figures();
    expect(f.lastUpdateMs).not.toBeNull();
    // The main thread only swaps in the worker's positions: the typical update fits one 60 Hz
    // frame (16.7 ms), and none comes near the hundreds of ms that propagating the objects there
    // would take. (A 4 ms bound on the worst update failed at 10 ms on a loaded day, and this
    // machine ran 2.5x slower again on 2026-11-29; speed itself is measured by the benchmark.)
    expect(quantile(f.updateSamples, 0.5)).toBeLessThan(16);
    expect(quantile(f.updateSamples, 1)).toBeLessThan(50);
  });

  it('turns the globe 1° every 100 ms', async () => {
    const turned = await page.evaluate(async () => {
      const g = (globalThis as unknown as GlobeWindow).__dataforgeGlobe!;
      const r0 = g.rotationDeg;
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 1000));
      const r1 = g.rotationDeg;
      return { degrees: (r1 - r0 + 360) % 360, ms: performance.now() - t0 };
    });
    // 10°/s, give or take the frame the reading falls in.
    expect(turned.degrees).toBeGreaterThan((turned.ms / 100) * 0.8);
    expect(turned.degrees).toBeLessThan((turned.ms / 100) * 1.2);
  });

  it('shows the stats tiles: Tracked Objects, Daily Screens, and Risk Level LOW', async () => {
    const stats = DashboardStats.parse(await (await fetch(`${app.baseUrl}/api/dashboard/stats`)).json());
    expect(stats.trackedObjects).toBe(50_000);
    const tile = (label: string) => card().getByRole('group', { name: label });
    await expect.poll(async () => tile('Tracked Objects').textContent()).toBe(`Tracked Objects${stats.trackedObjects.toLocaleString('en-US')}`);
    // Daily screens grow while screening runs: the tile shows the stats the page read.
    expect(await tile('Daily Screens').textContent()).toMatch(/^Daily Screens[\d,]+$/);
    expect(await tile('Risk Level').textContent()).toBe('Risk LevelLOW');
  });

  it('filters the points by the orbit selector; each regime draws its whole share of the catalogue', async () => {
    const selector = card().getByRole('group', { name: 'Orbit regime' });
    for (const r of ['MEO', 'GEO', 'LEO'] as const) {
      const before = (await figures()).updates;
      await selector.getByRole('button', { name: r }).click();
      expect(await selector.getByRole('button', { name: r }).getAttribute('aria-pressed')).toBe('true');
      for (const other of REGIMES.filter((o) => o !== r)) expect(await selector.getByRole('button', { name: other }).getAttribute('aria-pressed')).toBe('false');
      await waitForUpdateAfter(before);
      const f = await figures();
      expect(f.regime).toBe(r);
      expect(f.drawRange.count).toBe(expected[r]);
      expect(f.objectsDrawn[r] + f.failed[r]).toBe(expected[r]);
      await expect.poll(async () => card().getByTestId('globe-status').textContent()).toContain(`${r}: ${f.objectsDrawn[r].toLocaleString('en-US')} objects drawn`);
      if (r !== 'LEO') await shot(`3d-${r.toLowerCase()}`);
    }
  });

  it('zooms 0.5 to 2 by 0.1 with the buttons, disabled at the bounds, and resets to 1', async () => {
    const zoomIn = card().getByRole('button', { name: 'Zoom in' });
    const zoomOut = card().getByRole('button', { name: 'Zoom out' });
    const reset = card().getByRole('button', { name: 'Reset zoom' });
    const shown = card().getByRole('status', { name: 'Globe scale' });
    expect(await shown.textContent()).toBe('1.0×');
    const seen: [string | null, number][] = [];
    for (let k = 0; k < 10; k++) {
      await zoomIn.click();
      seen.push([await shown.textContent(), (await figures()).scale]);
    }
    expect(seen).toEqual([1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2].map((s) => [`${s.toFixed(1)}×`, s]));
    expect(await zoomIn.isDisabled()).toBe(true);
    expect(await zoomOut.isDisabled()).toBe(false);
    await shot('3d-zoom-2');
    await reset.click();
    expect(await shown.textContent()).toBe('1.0×');
    expect((await figures()).scale).toBe(1);
    for (let k = 0; k < 5; k++) await zoomOut.click();
    expect(await shown.textContent()).toBe('0.5×');
    expect((await figures()).scale).toBe(0.5);
    expect(await zoomOut.isDisabled()).toBe(true);
    expect(await zoomIn.isDisabled()).toBe(false);
    await shot('3d-zoom-0.5');
    await reset.click();
    expect((await figures()).scale).toBe(1);
  });

  it('names the object under the pointer, and describes the one clicked', async () => {
    // A fleet satellite in LEO that is on the visible side of the globe now.
    const fleet = elements.norad.filter((_, i) => elements.cls[i] === 0);
    // The globe turns until something is hovered, so on a loaded machine the satellite may have moved on
    // between asking where it is and moving the pointer there: ask again and move again until it is named.
    const tooltip = card().getByRole('tooltip');
    let named = false;
    for (let attempt = 0; attempt < 40 && !named; attempt++) {
      let target: { x: number; y: number } | null = null;
      for (const norad of fleet) {
        target = await page.evaluate((n) => (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.screenPosition(n) ?? null, norad);
        if (target) break;
      }
      if (!target) {
        await page.waitForTimeout(500);
        continue;
      }
      await page.mouse.move(target.x, target.y);
      named = await tooltip.waitFor({ timeout: 1_000 }).then(() => true, () => false);
      if (!named) await page.mouse.move(1, 1);
    }
    if (!named) throw new Error('no fleet satellite in view could be hovered');
    const hovered = (await figures()).hovered;
    if (!hovered) throw new Error('nothing hovered');
    // The nearest point to the pointer (often the fleet satellite; in a crowd perhaps a neighbour) is named.
    expect(elements.name[elements.norad.indexOf(hovered.norad)]).toBe(hovered.name);
    // The tooltip names what the globe reports as hovered (in a crowd that may switch between neighbours).
    await expect.poll(async () => {
      const name = (await figures()).hovered?.name;
      return name !== undefined && (await tooltip.textContent()) === name;
    }).toBe(true);

    // The globe holds still while an object is named, so it can be clicked. Point at the named object again
    // first: on a loaded machine the page may have scrolled or the hover moved on to a neighbour meanwhile.
    const again = await page.evaluate((n) => (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.screenPosition(n) ?? null, hovered.norad);
    if (again) await page.mouse.move(again.x, again.y);
    await expect.poll(async () => (await figures()).hovered !== null).toBe(true);
    const held = await page.evaluate(async () => {
      const g = (globalThis as unknown as GlobeWindow).__dataforgeGlobe!;
      const r0 = g.rotationDeg;
      await new Promise((r) => setTimeout(r, 500));
      return { r0, r1: g.rotationDeg, hovered: g.hovered !== null };
    });
    expect(held).toEqual({ r0: held.r0, r1: held.r0, hovered: true });
    await shot('3d-hover');

    // Click where the hovered object is; in a crowd, a neighbour may be nearest.
    let selected: Figures['selected'] = null;
    for (let attempt = 0; attempt < 5 && !selected; attempt++) {
      const at = await page.evaluate((n) => (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.screenPosition(n) ?? null, hovered.norad);
      if (at) await page.mouse.click(at.x, at.y);
      selected = (await figures()).selected;
    }
    if (!selected) throw new Error('nothing selected');
    const panel = card().getByRole('region', { name: 'Selected object' });
    expect(await panel.textContent()).toContain(selected.name);
    expect(await panel.textContent()).toContain(`NORAD ${selected.norad}`);
    expect(elements.name[elements.norad.indexOf(selected.norad)]).toBe(selected.name);
    await shot('3d-selected');
    await page.mouse.move(5, 5);
    await tooltip.waitFor({ state: 'detached', timeout: 5_000 });
    // With nothing named, it turns again.
    const r0 = (await figures()).rotationDeg;
    await expect.poll(async () => (await figures()).rotationDeg, { timeout: 5_000 }).not.toBe(r0);
  });

  it("shows the Israeli Satellite Tracking card on 'Satellite Tracking', and the globe again on '3D Orbital View'", async () => {
    await card().getByRole('tab', { name: 'Satellite Tracking' }).click();
    expect(await card().getByRole('tab', { name: 'Satellite Tracking' }).getAttribute('aria-selected')).toBe('true');
    await card().getByRole('region', { name: 'Israeli Satellite Tracking' }).waitFor({ timeout: 20_000 });
    expect(await card().locator('canvas').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as GlobeWindow).__dataforgeGlobe === undefined)).toBe(true);
    await page.waitForTimeout(1500);
    await shot('tracking');
    await card().getByRole('tab', { name: '3D Orbital View' }).click();
    await page.waitForFunction(() => typeof (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.firstDrawMs === 'number', null, { timeout: 60_000 });
    expect((await figures()).regime).toBe('LEO');
  });

  it('raised no page errors', () => {
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('without WebGL', () => {
  it('says so in the card instead of crashing', async () => {
    const noGl = await launchChromium(['--disable-webgl']);
    try {
      const p = await noGl.newPage({ viewport: { width: 1400, height: 1000 } });
      const pageErrors = collectPageErrors(p);
      await p.goto(`${app.baseUrl}/`);
      const ssa = p.getByRole('region', { name: 'Space Situational Awareness' });
      await ssa.getByRole('alert').filter({ hasText: 'needs WebGL' }).waitFor({ timeout: 30_000 });
      expect(await ssa.getByTestId('globe-status').count()).toBe(0);
      // The rest of the card still works.
      expect(await ssa.getByRole('group', { name: 'Risk Level' }).textContent()).toBe('Risk LevelLOW');
      await ssa.screenshot({ path: join(SCREENS_DIR, 'ssa-no-webgl.png') });
      expect(pageErrors).toEqual([]);
    } finally {
      await noGl.close();
    }
  });
});
