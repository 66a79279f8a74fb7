import { json2satrec, sgp4 } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { gmst } from '@core/time/index.ts';
import type { UtcMs } from '@core/units.ts';
import { EARTH_RADIUS_KM, temeToScene } from './globe-math';
import { sampleOrbit } from './globe-orbit';
import { GlobeOverlays } from './globe-overlays';

const EPOCH = Date.UTC(2026, 10, 21, 6, 30, 15);
const satrec = json2satrec(
  {
    OBJECT_NAME: 'LEO',
    OBJECT_ID: '',
    EPOCH: new Date(EPOCH).toISOString(),
    MEAN_MOTION: 15.50103472,
    ECCENTRICITY: 0.0006703,
    INCLINATION: 51.6416,
    RA_OF_ASC_NODE: 247.4627,
    ARG_OF_PERICENTER: 130.536,
    MEAN_ANOMALY: 325.0288,
    NORAD_CAT_ID: 7,
    ELEMENT_SET_NO: 999,
    REV_AT_EPOCH: 0,
    BSTAR: 0.000116,
    MEAN_MOTION_DOT: 0,
    MEAN_MOTION_DDOT: 0,
  },
  'i',
);

describe('GlobeOverlays', () => {
  const t = EPOCH + 2 * 86_400_000 + 555;

  it("draws an orbit's samples turned by the GMST of the time shown: each is temeToScene of SGP4 at its time with that GMST", () => {
    const overlays = new GlobeOverlays(1);
    overlays.setHighlights([{ norad: 7, role: 'selected' }]);
    const { points, times, periodMin } = sampleOrbit(satrec, EPOCH, t);
    overlays.setOrbit(7, points, times, periodMin, t);
    overlays.update(() => null, t);
    const drawn = overlays.orbitPoints(7);
    if (!drawn) throw new Error('no orbit');
    const g = gmst(t as UtcMs);
    for (let i = 0; i < drawn.times.length; i += 16) {
      const pv = sgp4(satrec, (drawn.times[i]! - EPOCH) / 60_000);
      if (!pv) throw new Error('no position');
      const want = new Float64Array(3);
      temeToScene(pv.position.x, pv.position.y, pv.position.z, Math.cos(g), Math.sin(g), want, 0);
      const km = Math.hypot(drawn.points[3 * i]! - want[0]!, drawn.points[3 * i + 1]! - want[1]!, drawn.points[3 * i + 2]! - want[2]!) * EARTH_RADIUS_KM;
      expect(km, `sample ${i}`).toBeLessThan(5e-3);
    }
    // The object drawn at t sits on its orbit (the middle sample is its position then).
    expect(drawn.times[128]).toBeCloseTo(t, 3);
    expect(overlays.figures()).toEqual({ highlighted: [7], orbits: [{ norad: 7, samples: 256, periodMin, centreMs: t }], missLine: null });
  });

  it('asks for orbits it lacks or that are a quarter period old, and drops those no longer highlighted', () => {
    const overlays = new GlobeOverlays(1);
    overlays.setHighlights([
      { norad: 7, role: 'primary' },
      { norad: 8, role: 'secondary' },
    ]);
    expect(overlays.orbitsNeeded(t)).toEqual([7, 8]);
    const { points, times, periodMin } = sampleOrbit(satrec, EPOCH, t);
    overlays.setOrbit(7, points, times, periodMin, t);
    expect(overlays.orbitsNeeded(t + 60_000)).toEqual([8]);
    expect(overlays.orbitsNeeded(t + periodMin * 60_000 * 0.3)).toEqual([7, 8]);
    overlays.setHighlights([{ norad: 8, role: 'secondary' }]);
    expect(overlays.orbitPoints(7)).toBeNull();
  });

  it("measures the line between a conjunction's two objects in km", () => {
    const overlays = new GlobeOverlays(1);
    overlays.setHighlights([
      { norad: 1, role: 'primary' },
      { norad: 2, role: 'secondary' },
    ]);
    overlays.setMissPair([1, 2]);
    const at: Record<number, number[]> = { 1: [1.1, 0, 0], 2: [1.1, 3 / EARTH_RADIUS_KM, 4 / EARTH_RADIUS_KM] };
    overlays.update((norad) => at[norad] ?? null, t);
    expect(overlays.figures().missLine?.lengthKm).toBeCloseTo(5, 9);
    overlays.update((norad) => (norad === 1 ? at[1]! : null), t);
    expect(overlays.figures().missLine).toBeNull();
  });
});
