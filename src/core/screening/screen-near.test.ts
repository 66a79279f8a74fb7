/**
 * screenNear against an independent scan: a real pair of the 2023-10-09 catalogue (TECHSAT 1B and
 * NOAA 16 DEB, an approach of 5.7 km on 2023-10-11 by SGP4) with TECHSAT 1B's track after a small
 * along-track burn (core/avoidance, the burned minus unburned propagation added to SGP4): every
 * minimum of the distance below the threshold found by a 1 s scan of the track against satellite.js
 * SGP4 (then golden-section search) is found, at the same time and distance. And with the track equal
 * to SGP4 the screener's own approach comes back unchanged.
 */
import { propagate } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { postBurnTrack } from '../avoidance/post-burn.ts';
import { parseElementSets } from '../elements/parse-element-sets.ts';
import { createSgp4, propagateAt } from '../propagation/sgp4.ts';
import { utcMs } from '../units.ts';
import { screen } from './screen.ts';
import { screenNear, type TrackState } from './screen-near.ts';
import { TECHSAT_PAIR_3LE } from './techsat-pair.test-support.ts';

const THREE_LE = TECHSAT_PAIR_3LE;
const [a, b] = parseElementSets(THREE_LE).sets.map((set) => ({ norad: set.norad, model: createSgp4(set) }));
const day = (h: number) => Date.UTC(2023, 9, 9, h);
const window = { start: utcMs(day(0)), end: utcMs(day(6 * 24)) };
const sgp4Track =
  (model: NonNullable<typeof a>["model"]): TrackState =>
  (t) => {
    const s = propagateAt(model, utcMs(t));
    return s.ok ? { r: [s.r[0], s.r[1], s.r[2]], v: [s.v[0], s.v[1], s.v[2]] } : undefined;
  };

/** Every local minimum below `km` of |track − satellite.js(b)|: 1 s scan, then golden-section. */
function scan(track: TrackState, km: number): { t: number; d: number }[] {
  const dist = (t: number) => {
    const p = track(t)!;
    const s = propagate(b!.model.satrec, new Date(t)) as { position: { x: number; y: number; z: number } };
    return Math.hypot(s.position.x - p.r[0], s.position.y - p.r[1], s.position.z - p.r[2]);
  };
  const out: { t: number; d: number }[] = [];
  let d0 = dist(window.start);
  let d1 = dist(window.start + 1000);
  for (let t = window.start + 2000; t < window.end; t += 1000) {
    const d2 = dist(t);
    if (d1 < d0 && d1 <= d2 && d1 < km + 1) {
      let lo = t - 2000;
      let hi = t;
      const g = (Math.sqrt(5) - 1) / 2;
      while (hi - lo > 1) {
        const x1 = hi - g * (hi - lo);
        const x2 = lo + g * (hi - lo);
        if (dist(Math.round(x1)) < dist(Math.round(x2))) hi = x2;
        else lo = x1;
      }
      const tm = Math.round((lo + hi) / 2);
      if (dist(tm) < km) out.push({ t: tm, d: dist(tm) });
    }
    d0 = d1;
    d1 = d2;
  }
  return out;
}

describe('screenNear', () => {
  it('gives the screener’s own approach back when the track is the element set’s', () => {
    const plain = screen({ primaries: [a!], secondaries: [b!], window, thresholdKm: 10 });
    const near = screenNear({ reference: a!, track: sgp4Track(a!.model), secondaries: [a!, b!], window, thresholdKm: 10 });
    expect(near.maxDeviationKm).toBeLessThan(0.2);
    expect(near.approaches).toHaveLength(plain.approaches.length);
    near.approaches.forEach((x, i) => {
      expect(Math.abs(x.tca - plain.approaches[i]!.tca)).toBeLessThan(5);
      expect(Math.abs(x.missDistanceKm - plain.approaches[i]!.missDistanceKm)).toBeLessThan(1e-3);
    });
  });

  it('finds every approach of a post-burn track that a 1 s scan finds', () => {
    // 2 cm/s along-track, two days into the window: the along-track shift grows to ~3·0.02·4 d ≈ 20 km.
    const track = postBurnTrack(sgp4Track(a!.model), day(48), [0, 0.02, 0], window.end + 3_600_000);
    const near = screenNear({ reference: a!, track, secondaries: [b!], window, thresholdKm: 25 });
    const truth = scan(track, 25);
    expect(truth.length).toBeGreaterThan(0);
    expect(near.maxDeviationKm).toBeGreaterThan(5);
    for (const m of truth) {
      const hit = near.approaches.find((x) => Math.abs(x.tca - m.t) < 2000);
      expect(hit, new Date(m.t).toISOString()).toBeDefined();
      expect(Math.abs(hit!.missDistanceKm - m.d)).toBeLessThan(0.01);
    }
    expect(near.approaches.length).toBe(truth.length);
    // Day-long slices, each screened at its own bound, find the same.
    const sliced = screenNear({ reference: a!, track, secondaries: [b!], window, thresholdKm: 25, sliceMs: 86_400_000 });
    expect(sliced.approaches.map((x) => Math.round(x.tca / 1000))).toEqual(near.approaches.map((x) => Math.round(x.tca / 1000)));
    console.log(`[screen-near.test] ${truth.length} approaches below 25 km; deviation bound ${near.maxDeviationKm.toFixed(1)} km`);
  });
});
