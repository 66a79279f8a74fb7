import { gstime, json2satrec, propagate, sgp4, type SatRec } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { filterMask, EARTH_RADIUS_KM, movedToScene, ownerCounts, temeToScene, type FilterColumns, type OmmFields } from './globe-math';
import { ORBIT_SAMPLES, sampleOrbit } from './globe-orbit';

// Element sets as the feed carries them (TLE precision); the epoch has a sub-millisecond part as TLE epochs do.
const EPOCH = Date.UTC(2026, 10, 21, 6, 30, 15) + 0.123;
function omm(name: string, meanMotion: number, e: number, i: number, raan: number, argp: number, m: number, bstar: number): OmmFields {
  return {
    OBJECT_NAME: name,
    OBJECT_ID: '',
    EPOCH: new Date(EPOCH).toISOString(),
    MEAN_MOTION: meanMotion,
    ECCENTRICITY: e,
    INCLINATION: i,
    RA_OF_ASC_NODE: raan,
    ARG_OF_PERICENTER: argp,
    MEAN_ANOMALY: m,
    NORAD_CAT_ID: 1,
    ELEMENT_SET_NO: 999,
    REV_AT_EPOCH: 0,
    BSTAR: bstar,
    MEAN_MOTION_DOT: 0,
    MEAN_MOTION_DDOT: 0,
  };
}
const ORBITS: [string, SatRec][] = [
  ['ISS-like LEO', json2satrec(omm('LEO', 15.50103472, 0.0006703, 51.6416, 247.4627, 130.536, 325.0288, 0.000116), 'i')],
  ['Molniya (deep space, e 0.74)', json2satrec(omm('MOLNIYA', 2.00623, 0.7412, 63.4, 120, 270, 10, 0.0001), 'i')],
  ['GEO', json2satrec(omm('GEO', 1.00271798, 0.0002156, 0.0512, 85.1234, 270.5, 12.25, 0), 'i')],
];

/**
 * satellite.js's own propagate() at time t, in the scene's axes at GMST 0 (what sampleOrbit writes),
 * in doubles. A Date holds whole milliseconds: the state at the millisecond before t is carried on
 * by its velocity over the fraction (a few metres at 7.5 km/s; the rest of the step is 1e-5 m).
 */
function reference(satrec: SatRec, t: number): [number, number, number] {
  const whole = Math.floor(t);
  const pv = propagate(satrec, new Date(whole));
  if (!pv) throw new Error('no position');
  const s = (t - whole) / 1000;
  const out = new Float64Array(3);
  temeToScene(pv.position.x + pv.velocity.x * s, pv.position.y + pv.velocity.y * s, pv.position.z + pv.velocity.z * s, 1, 0, out, 0);
  return [out[0]!, out[1]!, out[2]!];
}

describe('one period of an orbit (globe-orbit.ts)', () => {
  const centre = EPOCH + 3 * 86_400_000 + 1234.5;

  // The samples are Float32 in Earth radii: 1 part in 10^7 of the radius (4 m at GEO), plus propagate()'s Julian-date time (0.05 ms).
  it.each(ORBITS)('%s: every sample is satellite.js propagate() at the sample time, to Float32 precision', (_name, satrec) => {
    const { points, times, periodMin } = sampleOrbit(satrec, EPOCH, centre);
    expect(periodMin).toBeCloseTo((2 * Math.PI) / satrec.no, 12);
    expect(times).toHaveLength(ORBIT_SAMPLES);
    expect(points).toHaveLength(3 * ORBIT_SAMPLES);
    for (let i = 0; i < times.length; i += 7) {
      const want = reference(satrec, times[i]!);
      const km = Math.hypot(points[3 * i]! - want[0], points[3 * i + 1]! - want[1], points[3 * i + 2]! - want[2]) * EARTH_RADIUS_KM;
      expect(km, `sample ${i}`).toBeLessThan(1e-7 * Math.hypot(...want) * EARTH_RADIUS_KM + 0.5e-3);
    }
  });

  it.each(ORBITS)('%s: spans one period centred on the time asked for, so the loop closes', (_name, satrec) => {
    const { points, times, periodMin } = sampleOrbit(satrec, EPOCH, centre);
    const stepMs = (periodMin * 60_000) / ORBIT_SAMPLES;
    expect(times[ORBIT_SAMPLES / 2]).toBeCloseTo(centre, 3);
    expect(times[0]).toBeCloseTo(centre - (periodMin * 60_000) / 2, 3);
    expect(times.at(-1)! + stepMs - times[0]!).toBeCloseTo(periodMin * 60_000, 3);
    // The gap closing the loop is one step like the others (J2 and drag move the orbit a little per revolution).
    const gap = (a: number, b: number) => Math.hypot(points[3 * a]! - points[3 * b]!, points[3 * a + 1]! - points[3 * b + 1]!, points[3 * a + 2]! - points[3 * b + 2]!);
    const steps = Array.from({ length: ORBIT_SAMPLES - 1 }, (_, i) => gap(i, i + 1));
    expect(gap(ORBIT_SAMPLES - 1, 0)).toBeLessThan(Math.max(...steps) * 1.05);
    expect(gap(ORBIT_SAMPLES - 1, 0)).toBeGreaterThan(Math.min(...steps) * 0.5);
  });

  it('leaves out samples SGP4 cannot give (a decayed orbit)', () => {
    const decaying = json2satrec(omm('DECAY', 16.4, 0.001, 51.6, 10, 20, 30, 0.05), 'i');
    const { points, times } = sampleOrbit(decaying, EPOCH, EPOCH + 60 * 86_400_000);
    expect(points.length).toBe(3 * times.length);
    expect(times.length).toBeLessThan(ORBIT_SAMPLES);
  });
});

describe('points moved between passes (movedToScene, the vertex shader’s arithmetic)', () => {
  const satrec = ORBITS[0]![1];
  const t0 = EPOCH + 86_400_000;
  const pass = (t: number) => {
    const pv = sgp4(satrec, (t - EPOCH) / 60_000);
    if (!pv) throw new Error('no position');
    const src = new Float32Array(6);
    temeToScene(pv.position.x, pv.position.y, pv.position.z, 1, 0, src, 0);
    const s = 1 / EARTH_RADIUS_KM / 1000;
    src.set([pv.velocity.x * s, pv.velocity.z * s, -pv.velocity.y * s], 3);
    return src;
  };
  const earthFixed = (t: number) => {
    const pv = sgp4(satrec, (t - EPOCH) / 60_000);
    if (!pv) throw new Error('no position');
    const g = gstime(new Date(t));
    const out = new Float64Array(3);
    temeToScene(pv.position.x, pv.position.y, pv.position.z, Math.cos(g), Math.sin(g), out, 0);
    return out;
  };
  const moved = (src: Float32Array, dt: number, t: number) => {
    const g = gstime(new Date(t));
    const out = new Float64Array(3);
    movedToScene(src, 0, dt, Math.cos(g), Math.sin(g), out, 0);
    return out;
  };
  const km = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!) * EARTH_RADIUS_KM;

  it('is the pass turned to Earth-fixed by GMST at the pass time (dt = 0)', () => {
    expect(km(moved(pass(t0), 0, t0), earthFixed(t0))).toBeLessThan(2e-3);
  });

  it('follows SGP4 within 10 m after 10 s, 0.2 km after 100 s, 1.5 km after 200 s (×1000 between passes)', () => {
    const src = pass(t0);
    const off = (dt: number) => km(moved(src, dt, t0 + dt), earthFixed(t0 + dt));
    expect(off(10_000)).toBeLessThan(0.01);
    expect(off(100_000)).toBeLessThan(0.2);
    expect(off(200_000)).toBeLessThan(1.5);
    expect(off(300_000)).toBeLessThan(6);
    expect(off(-60_000)).toBeLessThan(0.1);
    // It did move: 150 s along a LEO orbit is over 1,000 km.
    expect(km(moved(src, 150_000, t0 + 150_000), earthFixed(t0))).toBeGreaterThan(1000);
  });

  it('leaves a point without a position at the origin', () => {
    const out = new Float64Array(3);
    movedToScene(new Float32Array(6), 0, 50_000, 1, 0, out, 0);
    expect([...out]).toEqual([0, 0, 0]);
  });
});

describe('filters (filterMask)', () => {
  // Draw order: 3 LEO, 1 MEO, 2 GEO; types by class code (1 payload, 2 rocket_body, 3 debris, 4 unknown).
  const columns: FilterColumns = {
    count: 6,
    ranges: { LEO: { start: 0, count: 3 }, MEO: { start: 3, count: 1 }, GEO: { start: 4, count: 2 } },
    objectType: new Uint8Array([1, 3, 2, 1, 1, 4]),
    owner: new Int32Array([0, 1, -1, 0, 2, 1]),
    owners: ['CIS', 'PRC', 'US'],
  };
  const classes = ['fleet', 'payload', 'rocket_body', 'debris', 'unknown'];
  const all = { regimes: ['LEO', 'MEO', 'GEO'] as const, types: ['payload', 'rocket_body', 'debris', 'unknown'], owner: null };

  it('shows everything without a restriction', () => {
    const { mask, shown } = filterMask(columns, all, classes);
    expect([...mask]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(shown).toBe(6);
  });

  it('keeps the regimes, types and owner asked for, together', () => {
    expect([...filterMask(columns, { ...all, regimes: ['GEO'] }, classes).mask]).toEqual([0, 0, 0, 0, 1, 1]);
    expect([...filterMask(columns, { ...all, types: ['payload'] }, classes).mask]).toEqual([1, 0, 0, 1, 1, 0]);
    expect([...filterMask(columns, { ...all, owner: 'CIS' }, classes).mask]).toEqual([1, 0, 0, 1, 0, 0]);
    expect(filterMask(columns, { regimes: ['LEO', 'MEO'], types: ['payload'], owner: 'CIS' }, classes)).toEqual({ mask: new Uint8Array([1, 0, 0, 1, 0, 0]), shown: 2 });
    expect(filterMask(columns, { ...all, owner: 'NOBODY' }, classes).shown).toBe(0);
  });

  it('lists the owners by how many objects they have', () => {
    expect(ownerCounts(columns.owner, columns.owners)).toEqual([
      { owner: 'CIS', count: 2 },
      { owner: 'PRC', count: 2 },
      { owner: 'US', count: 1 },
    ]);
  });
});
