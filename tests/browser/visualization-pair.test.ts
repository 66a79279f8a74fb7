import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AvoidancePlan } from '../../src/contracts/avoidance.ts';
import { CatalogElements } from '../../src/contracts/catalog-elements.ts';
import type { ConjunctionDetail, ConjunctionListResponse } from '../../src/contracts/conjunction-events.ts';
import { oemTrack, readOem } from '../../src/core/ephemeris/index.ts';
import { gmst } from '../../src/core/time/index.ts';
import type { UtcMs } from '../../src/core/units.ts';
import {
  DIMMED_MAX_SIZE,
  EARTH_RADIUS_KM,
  HIGHLIGHT_COLOURS,
  hexToRgb,
  PAIR_POINT_SIZE,
  temeToScene,
} from '../../src/web/components/dashboard/situational-awareness/globe-math.ts';
import type { GlobeDebug } from '../../src/web/components/dashboard/situational-awareness/globe-protocol.ts';
import { SCREENS_DIR, useBrowserSuite, waitForDemoCatalog, waitForFirstScreening } from './harness.ts';

// Conjunction mode picks the pair out of the crowd (issue 28 item 7), in Chromium against the real
// server with the 50,000-object demo catalogue (screening over one day, as visualization.test.ts):
// the event's two objects drawn large in their colours, labelled with name and NORAD id where they
// are drawn, every other object dimmed, a legend; leaving the mode restores the catalogue's look.
// Then an avoidance plan of the event (a 0.1 m/s along-track burn 1.5 orbits ahead, screened by the
// server) opened as /visualization?conjunction=…&plan=…: the primary's post-burn track from the
// plan's OEM, its position at TCA where the OEM puts it, in the legend and labelled. Screenshots go
// to SCREENS_DIR (visualization-pair-*.png).

const web = useBrowserSuite({ app: { env: { SCREENING_WINDOW_DAYS: '1' } } });
const FIRST_SCREENING_TIMEOUT_MS = 300_000;
const PLAN_SCREENING_TIMEOUT_MS = 300_000;

interface GlobeWindow {
  __dataforgeGlobe?: GlobeDebug;
}
type Figures = Omit<GlobeDebug, 'screenPosition' | 'setPropagationIntervalMs' | 'objectPosition' | 'orbitPoints' | 'pointStyle'>;

let elements: CatalogElements;
let event: ConjunctionDetail;
let plan: AvoidancePlan;

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${web.app.baseUrl}${path}`, init);
  expect(res.status, `${path}: ${res.status === 200 || res.status === 202 ? '' : await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

beforeAll(async () => {
  await waitForDemoCatalog(web.app);
  elements = CatalogElements.parse(await api('/api/catalog/elements'));
  await waitForFirstScreening(web.app, FIRST_SCREENING_TIMEOUT_MS);
  const list = await api<ConjunctionListResponse>('/api/conjunctions?status=all&sort=tca&limit=100');
  const inFeed = new Set(elements.norad);
  // A conjunction of two catalogue objects a while ahead (the burn 1.5 orbits before it), in LEO.
  const chosen = list.items.find((c) => inFeed.has(c.primaryObject.noradId) && inFeed.has(c.secondaryObject.noradId) && Date.parse(c.tca) > Date.now() + 600_000);
  if (!chosen) throw new Error(`no conjunction of two catalogue objects ahead among ${list.items.length}`);
  event = await api<ConjunctionDetail>(`/api/conjunctions/${chosen.conjunctionId}`);

  // An avoidance plan of the event, screened by the server against the whole catalogue over a day.
  const i = elements.norad.indexOf(event.primaryObject.noradId);
  const periodS = 86_400 / elements.meanMotion[i]!;
  const plansPath = `/api/conjunctions/${event.conjunctionId}/plans`;
  const started = await api<AvoidancePlan>(plansPath, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ leadS: Math.round(1.5 * periodS), dvRtnMps: [0, 0.1, 0], windowDays: 1 }),
  });
  const planDeadline = Date.now() + PLAN_SCREENING_TIMEOUT_MS;
  for (;;) {
    const found = (await api<AvoidancePlan[]>(plansPath)).find((p) => p.id === started.id);
    if (found && found.status !== 'screening') {
      plan = found;
      break;
    }
    if (Date.now() > planDeadline) throw new Error(`plan ${started.id} not screened within ${PLAN_SCREENING_TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  expect(plan.status, plan.error ?? '').toBe('screened');
}, FIRST_SCREENING_TIMEOUT_MS + PLAN_SCREENING_TIMEOUT_MS + 120_000);

const page = (): Page => web.page;
const shot = (name: string) => page().screenshot({ path: join(SCREENS_DIR, `visualization-pair-${name}.png`) });

function figures(): Promise<Figures> {
  return page().evaluate(() => {
    const g = (globalThis as unknown as GlobeWindow).__dataforgeGlobe;
    if (!g) throw new Error('no globe');
    const { screenPosition: _s, setPropagationIntervalMs: _p, objectPosition: _o, orbitPoints: _r, pointStyle: _t, ...rest } = g;
    return JSON.parse(JSON.stringify(rest)) as Figures;
  });
}

const screenPosition = (norad: number) => page().evaluate((n) => (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.screenPosition(n) ?? null, norad);
const pointStyle = (norad: number) => page().evaluate((n) => (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.pointStyle(n) ?? null, norad);

async function openAtTca(path: string): Promise<Figures> {
  await page().goto(`${web.app.baseUrl}${path}`);
  await page().waitForFunction(() => typeof (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.firstDrawMs === 'number', null, { timeout: 60_000 });
  const tca = Date.parse(event.tca);
  await page().waitForFunction(
    (at) => {
      const g = (globalThis as unknown as GlobeWindow).__dataforgeGlobe;
      return g?.positionsTimeMs === at && g.simTimeMs === at;
    },
    tca,
    { timeout: 30_000 },
  );
  return figures();
}

const km = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) * EARTH_RADIUS_KM;

/** The label's box lies on its side of the point (client px), LABEL_GAP_PX (12) from it. */
async function expectLabelBeside(testId: string, point: { x: number; y: number }): Promise<void> {
  const label = page().getByTestId(testId);
  await expect.poll(async () => label.evaluate((el) => (el as unknown as { style: { visibility: string } }).style.visibility)).toBe('visible');
  const side = await label.getAttribute('data-side');
  const box = (await label.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const near = (a: number, b: number) => expect(Math.abs(a - b), `${testId} ${side}: ${a} vs ${b}`).toBeLessThan(2.5);
  if (side === 'above') {
    near(cx, point.x);
    near(box.y + box.height, point.y - 12);
  } else if (side === 'below') {
    near(cx, point.x);
    near(box.y, point.y + 12);
  } else if (side === 'right') {
    near(box.x, point.x + 12);
    near(cy, point.y);
  } else {
    near(box.x + box.width, point.x - 12);
    near(cy, point.y);
  }
}

const isDimmed = (style: { colour: number[]; size: number } | null) => style !== null && style.size <= DIMMED_MAX_SIZE && Math.max(...style.colour) <= Math.round(255 * 0.3) + 1;

describe('/visualization conjunction mode: the pair apart from the crowd', () => {
  it('draws the pair large in its colours, labelled with name and NORAD id, the rest dimmed, with a legend; leaving restores the normal look', async () => {
    const { primaryObject: p, secondaryObject: s } = event;
    const f = await openAtTca(`/visualization?conjunction=${event.conjunctionId}`);
    expect(f.dimmed).toBe(true);
    expect(f.highlighted).toEqual([p.noradId, s.noradId]);

    // The legend says which colour is which.
    const legend = page().getByRole('region', { name: 'Conjunction legend' });
    expect(await legend.getByTestId('legend-primary').textContent()).toBe(`Primary: ${p.name} (${p.noradId})`);
    expect(await legend.getByTestId('legend-secondary').textContent()).toBe(`Secondary: ${s.name} (${s.noradId})`);
    expect(await legend.textContent()).toContain('Other objects, dimmed');
    expect(await page().getByRole('list', { name: 'Legend' }).count()).toBe(0);

    // The pair's points: large, in the primary's and the secondary's colours; every other point dimmed.
    expect(await pointStyle(p.noradId)).toEqual({ colour: hexToRgb(HIGHLIGHT_COLOURS.primary), size: PAIR_POINT_SIZE });
    expect(await pointStyle(s.noradId)).toEqual({ colour: hexToRgb(HIGHLIGHT_COLOURS.secondary), size: PAIR_POINT_SIZE });
    const others = elements.norad.filter((n) => n !== p.noradId && n !== s.noradId).filter((_, k) => k % 997 === 0);
    for (const n of others) expect(isDimmed(await pointStyle(n)), `object ${n}: ${JSON.stringify(await pointStyle(n))}`).toBe(true);

    // Zoomed to the encounter: each label beside its object, name and NORAD id.
    await page().waitForTimeout(500);
    const labelP = page().getByTestId('pair-label-primary');
    const labelS = page().getByTestId('pair-label-secondary');
    expect(await labelP.textContent()).toBe(`${p.name} NORAD ${p.noradId}`);
    expect(await labelS.textContent()).toBe(`${s.name} NORAD ${s.noradId}`);
    await expectLabelBeside('pair-label-primary', (await screenPosition(p.noradId))!);
    await expectLabelBeside('pair-label-secondary', (await screenPosition(s.noradId))!);
    // The two labels do not cover each other.
    const [a, b] = [(await labelP.boundingBox())!, (await labelS.boundingBox())!];
    expect(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y).toBe(true);
    await shot('tca');

    // The whole globe: the pair (one spot at this scale) is still the one thing that stands out, and still labelled.
    await page().getByRole('button', { name: 'Reset view' }).click();
    await page().waitForTimeout(800);
    const atP = await screenPosition(p.noradId);
    expect(atP, 'the primary on the near side of the globe after Reset view').not.toBeNull();
    await expectLabelBeside('pair-label-primary', atP!);
    await expectLabelBeside('pair-label-secondary', (await screenPosition(s.noradId))!);
    await shot('globe');

    // Leaving conjunction mode: the catalogue's colours and sizes again, no labels, the normal legend.
    await page().getByRole('button', { name: 'Leave conjunction mode' }).click();
    await expect.poll(async () => (await figures()).dimmed).toBe(false);
    for (const n of others.slice(0, 10)) expect(isDimmed(await pointStyle(n)), `object ${n} after leaving`).toBe(false);
    expect((await pointStyle(p.noradId))!.size).toBeLessThan(PAIR_POINT_SIZE);
    expect(await page().getByTestId('pair-labels').count()).toBe(0);
    expect(await page().getByRole('region', { name: 'Conjunction legend' }).count()).toBe(0);
    await page().getByRole('list', { name: 'Legend' }).waitFor();
    await shot('left');
  });

  it("after a plan: the primary's post-burn track from the plan's OEM, its position at TCA where the OEM puts it, in the legend and labelled", async () => {
    const tca = Date.parse(event.tca);
    await openAtTca(`/visualization?conjunction=${event.conjunctionId}&plan=${plan.id}`);
    const legend = page().getByRole('region', { name: 'Conjunction legend' });
    const dv = `${Number(plan.burn.dvMps.toPrecision(3))} m/s`;
    await expect.poll(async () => legend.getByTestId('legend-plan').textContent(), { timeout: 30_000 }).toBe(`After plan ${plan.id} (burn ${dv}): the primary's track, ±1 orbit around TCA`);
    await expect.poll(async () => (await figures()).planTrack?.planId).toBe(plan.id);
    const f = await figures();
    const track = f.planTrack!;
    expect(track.samples).toBeGreaterThan(2 * 256);
    // ±1 orbit (the primary's period) around TCA.
    const periodMs = 86_400_000 / elements.meanMotion[elements.norad.indexOf(event.primaryObject.noradId)]!;
    expect(Math.abs(tca - track.startMs - periodMs)).toBeLessThan(0.02 * periodMs);
    expect(Math.abs(track.endMs - tca - periodMs)).toBeLessThan(0.02 * periodMs);

    // The post-burn primary at TCA where the OEM puts it (TEME km turned by GMST, as the SGP4 positions are).
    const oem = oemTrack(readOem(await (await fetch(`${web.app.baseUrl}${plan.oemUrl}`)).text()));
    const r = oem.state(tca)!.r;
    const g = gmst(tca as UtcMs);
    const want = new Float64Array(3);
    temeToScene(r[0], r[1], r[2], Math.cos(g), Math.sin(g), want, 0);
    expect(km(f.planPosition!, want)).toBeLessThan(0.01);
    // Apart from the primary without the burn: the burn moved it.
    const before = await page().evaluate((n) => (globalThis as unknown as GlobeWindow).__dataforgeGlobe?.objectPosition(n) ?? null, event.primaryObject.noradId);
    expect(km(f.planPosition!, before!)).toBeGreaterThan(0.05);

    const panel = page().getByRole('region', { name: `Conjunction ${event.conjunctionId}` });
    expect(await panel.getByTestId('plan-burn').textContent()).toMatch(new RegExp(`^Burn ${dv.replace('.', '\\.')}, \\d+ h( \\d+ min)? before TCA`));
    expect(await panel.getByTestId('plan-state').textContent()).toContain("The primary's post-burn track is drawn");
    expect(new URL(page().url()).searchParams.get('plan')).toBe(String(plan.id));

    // Its label, beside its mark, once the camera has taken it in.
    await page().waitForTimeout(500);
    expect(await page().getByTestId('pair-label-plan').textContent()).toBe(`${event.primaryObject.name} after plan ${plan.id}`);
    const at = (await figures()).pairScreen?.plan;
    expect(at).toBeTruthy();
    const canvas = (await page().locator('canvas').boundingBox())!;
    await expectLabelBeside('pair-label-plan', { x: canvas.x + at!.x, y: canvas.y + at!.y });
    await shot('plan');
  });
});
