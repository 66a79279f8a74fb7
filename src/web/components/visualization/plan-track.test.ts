import { describe, expect, it } from 'vitest';
import { writeOem, type EphemerisState } from '@core/ephemeris/index.ts';
import { gmst } from '@core/time/index.ts';
import { utcMs, type UtcMs } from '@core/units.ts';
import {
  DIMMED_BRIGHTNESS,
  DIMMED_MAX_SIZE,
  EARTH_RADIUS_KM,
  emphasisePair,
  fillPointStyles,
  HIGHLIGHT_COLOURS,
  hexToRgb,
  PAIR_POINT_SIZE,
  temeToScene,
} from '@/components/dashboard/situational-awareness/globe-math';
import { GlobeOverlays } from '@/components/dashboard/situational-awareness/globe-overlays';
import { labelSides, labelTransform } from './pair-labels';
import { PLAN_DENSE_STEP_MS, periodMinutes, planTrackFromOem } from './plan-track';

const TCA = Date.UTC(2026, 10, 27, 9, 16, 54, 872);
// A circular orbit 500 km up at 51.6° (two-body, TEME km and km/s).
const R = 6878.137;
const MU = 398600.8;
const N = Math.sqrt(MU / R ** 3);
const I = (51.6 * Math.PI) / 180;
const PERIOD_MIN = (2 * Math.PI) / N / 60;
function stateAt(t: number): EphemerisState {
  const u = N * ((t - TCA) / 1000);
  const [c, s, ci, si] = [Math.cos(u), Math.sin(u), Math.cos(I), Math.sin(I)];
  return { epoch: utcMs(t), r: [R * c, R * s * ci, R * s * si], v: [-R * N * s, R * N * c * ci, R * N * c * si] };
}
function oem(fromMs: number, toMs: number): string {
  const states: EphemerisState[] = [];
  for (let t = fromMs; t <= toMs; t += 60_000) states.push(stateAt(t));
  return writeOem([{ objectName: 'SAT', objectId: '2026-001A', refFrame: 'TEME', states, interpolation: { method: 'LAGRANGE', degree: 7 } }], {
    creationDate: utcMs(TCA),
    originator: 'TEST',
  });
}

describe('planTrackFromOem', () => {
  const text = oem(TCA - 3 * 3_600_000, TCA + 86_400_000);

  it('samples the post-burn track one period either side of TCA, densely near TCA, in the scene axes at GMST 0', () => {
    expect(periodMinutes(stateAt(TCA).r, stateAt(TCA).v)).toBeCloseTo(PERIOD_MIN, 6);
    const track = planTrackFromOem(text, 3, TCA);
    expect(track.planId).toBe(3);
    expect(track.times[0]).toBeCloseTo(TCA - PERIOD_MIN * 60_000, -1);
    expect(track.times.at(-1)).toBeCloseTo(TCA + PERIOD_MIN * 60_000, -1);
    // Sorted, and every 2 s at TCA.
    for (let k = 1; k < track.times.length; k++) expect(track.times[k]!).toBeGreaterThan(track.times[k - 1]!);
    const k = track.times.indexOf(TCA);
    expect(track.times[k + 1]! - TCA).toBeLessThanOrEqual(PLAN_DENSE_STEP_MS);
    // Each sample: temeToScene at θ = 0 of the state at its time (Lagrange between the 60 s states: well under a metre).
    for (let j = 0; j < track.times.length; j += 37) {
      const want = new Float64Array(3);
      const r = stateAt(track.times[j]!).r;
      temeToScene(r[0], r[1], r[2], 1, 0, want, 0);
      const got = track.points.slice(3 * j, 3 * j + 3);
      expect(Math.hypot(got[0]! - want[0]!, got[1]! - want[1]!, got[2]! - want[2]!) * EARTH_RADIUS_KM).toBeLessThan(0.002);
    }
    expect(track.positionAt(TCA + 86_400_000 + 60_000)).toBeNull();
  });

  it('clips to the ephemeris, and refuses one that does not cover the TCA or is not an OEM', () => {
    const late = planTrackFromOem(oem(TCA - 1_800_000, TCA + 86_400_000), 1, TCA);
    expect(late.times[0]).toBe(TCA - 1_800_000);
    expect(() => planTrackFromOem(oem(TCA + 60_000, TCA + 3_600_000), 1, TCA)).toThrow(/does not cover the TCA/);
    expect(() => planTrackFromOem('CCSDS_OEM_VERS = 3.0\nnonsense\n', 1, TCA)).toThrow(/^line \d+/);
  });

  it("puts the post-burn primary's mark where the OEM puts it at the time shown, turned by that time's GMST as the points are", () => {
    const track = planTrackFromOem(text, 3, TCA);
    const overlays = new GlobeOverlays(1);
    overlays.setPlanTrack(track);
    const t = TCA + 123_456;
    overlays.update(() => null, t);
    const want = new Float64Array(3);
    const r = stateAt(t).r;
    const g = gmst(t as UtcMs);
    temeToScene(r[0], r[1], r[2], Math.cos(g), Math.sin(g), want, 0);
    const at = overlays.planPosition()!;
    expect(Math.hypot(at[0] - want[0]!, at[1] - want[1]!, at[2] - want[2]!) * EARTH_RADIUS_KM).toBeLessThan(0.002);
    expect(overlays.planFigures().planTrack).toMatchObject({ planId: 3, samples: track.times.length });
    // Outside the ephemeris: no mark.
    overlays.update(() => null, TCA + 3 * 86_400_000);
    expect(overlays.planPosition()).toBeNull();
    overlays.setPlanTrack(null);
    expect(overlays.planFigures()).toEqual({ planTrack: null, planPosition: null });
  });
});

describe('emphasisePair', () => {
  it('draws the pair large in its colours and every other point darker and smaller', () => {
    const cls = Uint8Array.from([1, 3, 0, 1]);
    const norad = Int32Array.from([11, 12, 13, 14]);
    const colours = new Uint8Array(12);
    const sizes = new Float32Array(4);
    fillPointStyles(cls, norad, new Set(), new Set(), colours, sizes);
    const before = { colours: colours.slice(), sizes: sizes.slice() };
    emphasisePair(colours, sizes, [
      { index: 1, colour: HIGHLIGHT_COLOURS.primary },
      { index: 3, colour: HIGHLIGHT_COLOURS.secondary },
      { index: -1, colour: HIGHLIGHT_COLOURS.secondary },
    ]);
    expect([...colours.slice(3, 6)]).toEqual(hexToRgb(HIGHLIGHT_COLOURS.primary));
    expect([...colours.slice(9, 12)]).toEqual(hexToRgb(HIGHLIGHT_COLOURS.secondary));
    expect(sizes[1]).toBe(PAIR_POINT_SIZE);
    expect(sizes[3]).toBe(PAIR_POINT_SIZE);
    for (const k of [0, 2]) {
      for (let c = 0; c < 3; c++) expect(colours[3 * k + c]).toBe(Math.round(before.colours[3 * k + c]! * DIMMED_BRIGHTNESS));
      expect(sizes[k]).toBeLessThan(before.sizes[k]!);
      expect(sizes[k]).toBeLessThanOrEqual(DIMMED_MAX_SIZE);
    }
  });
});

describe('pair labels', () => {
  it('go on opposite sides, the upper object above; the plan beside its mark, away from the primary', () => {
    expect(labelSides({ primary: { x: 0, y: 100 }, secondary: { x: 5, y: 50 }, plan: { x: 10, y: 100 } })).toEqual({ primary: 'below', secondary: 'above', plan: 'right' });
    expect(labelSides({ primary: { x: 0, y: 50 }, secondary: { x: 5, y: 100 }, plan: { x: -10, y: 50 } })).toEqual({ primary: 'above', secondary: 'below', plan: 'left' });
    expect(labelSides({ primary: { x: 0, y: 50 }, secondary: { x: 0, y: 50.2 }, plan: null })).toMatchObject({ primary: 'above', secondary: 'below' });
    expect(labelSides({ primary: null, secondary: { x: 0, y: 50 }, plan: null })).toMatchObject({ secondary: 'above' });
    expect(labelTransform(10, 20.25, 'right')).toBe('translate(10.0px, 20.3px) translate(12px, -50%)');
  });
});
