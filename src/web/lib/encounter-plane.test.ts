import { describe, expect, it } from 'vitest';
import { encounterPlaneLayout, MIN_HBR_PX, type PlotFrame } from '@/lib/encounter-plane';

const FRAME: PlotFrame = { width: 400, height: 300, margin: { top: 10, right: 10, bottom: 40, left: 50 } };
const plane = { missX: 100, missZ: 0, sigmaMajor: 20, sigmaMinor: 10, angle: 0, hardBodyRadius: 15 };

describe('encounter-plane layout', () => {
  it('uses one scale for both axes and keeps everything inside the plot', () => {
    const layout = encounterPlaneLayout(plane, FRAME);
    const { plot } = layout;
    // Origin and miss point sit on one horizontal line, 100 m apart at the one scale.
    expect(layout.miss.y).toBeCloseTo(layout.origin.y);
    expect(layout.miss.x - layout.origin.x).toBeCloseTo(100 * layout.scale);
    // 3σ ellipse (60 m by 30 m) and the hard-body circle fit inside the plot.
    const outer = layout.ellipses.find((ellipse) => ellipse.sigma === 3)!;
    expect(outer.rx).toBeCloseTo(60 * layout.scale);
    expect(outer.ry).toBeCloseTo(30 * layout.scale);
    expect(layout.miss.x + outer.rx).toBeLessThanOrEqual(plot.right + 1e-9);
    expect(layout.origin.x - layout.hardBody.r).toBeGreaterThanOrEqual(plot.left - 1e-9);
    expect(layout.miss.y - outer.ry).toBeGreaterThanOrEqual(plot.top - 1e-9);
    expect(layout.miss.y + outer.ry).toBeLessThanOrEqual(plot.bottom + 1e-9);
    expect(layout.hardBody).toEqual({ r: 15 * layout.scale, enlarged: false });
  });

  it('puts z up and turns the ellipse the other way in SVG', () => {
    const layout = encounterPlaneLayout({ ...plane, missX: 0, missZ: 100, angle: Math.PI / 6 }, FRAME);
    expect(layout.miss.y).toBeLessThan(layout.origin.y);
    expect(layout.ellipses[0]!.rotation).toBeCloseTo(-30);
  });

  it('fits a long, turned ellipse by its true extent', () => {
    const layout = encounterPlaneLayout({ missX: 0, missZ: 0, sigmaMajor: 1000, sigmaMinor: 1, angle: Math.PI / 2, hardBodyRadius: 5 }, FRAME);
    // Standing upright: 3σ = 3000 m up and down must fit the 250 px plot height.
    expect(layout.scale * 6000).toBeLessThanOrEqual(250);
    expect(layout.scale * 6000).toBeGreaterThan(200);
  });

  it(`draws a sub-pixel hard-body circle at ${MIN_HBR_PX} px and says it is enlarged`, () => {
    const layout = encounterPlaneLayout({ missX: 9000, missZ: 200, sigmaMajor: 4400, sigmaMinor: 25, angle: 0.01, hardBodyRadius: 2 }, FRAME);
    expect(layout.hardBody).toEqual({ r: MIN_HBR_PX, enlarged: true });
  });

  it('puts ticks on round metres, the same step on both axes, within the plot', () => {
    const layout = encounterPlaneLayout(plane, FRAME);
    const xValues = layout.xTicks.map((tick) => tick.value);
    const zValues = layout.zTicks.map((tick) => tick.value);
    expect(xValues.length).toBeGreaterThanOrEqual(3);
    expect(zValues.length).toBeGreaterThanOrEqual(2);
    const step = xValues[1]! - xValues[0]!;
    expect([1, 2, 5].some((m) => Math.abs(step / 10 ** Math.floor(Math.log10(step)) - m) < 1e-9)).toBe(true);
    expect(zValues[1]! - zValues[0]!).toBeCloseTo(step);
    expect(xValues).toContain(0);
    for (const tick of layout.xTicks) expect(tick.position).toBeGreaterThanOrEqual(layout.plot.left - 1e-9);
    for (const tick of layout.zTicks) expect(tick.position).toBeLessThanOrEqual(layout.plot.bottom + 1e-9);
    expect(layout.xTicks.find((tick) => tick.value === 0)!.position).toBeCloseTo(layout.origin.x);
  });

  it('survives an empty or broken plane', () => {
    const layout = encounterPlaneLayout({ missX: 0, missZ: 0, sigmaMajor: 0, sigmaMinor: Number.NaN, angle: 0, hardBodyRadius: 0 }, FRAME);
    expect(Number.isFinite(layout.scale)).toBe(true);
    expect(layout.hardBody.r).toBe(MIN_HBR_PX);
  });
});
