/**
 * Interpolation of OEM segments (oem-interpolate.ts), against outside truths:
 *  - a Keplerian LEO orbit (probability/two-body-universal.ts, Vallado's universal-variable KEPLER,
 *    itself checked against Vallado's worked examples) sampled every 60 s, written by writeOem, read
 *    back and interpolated half-way between the samples: LAGRANGE and HERMITE of degree 7 within 1 mm
 *    of the orbit where the window is centred. writeOem rounds positions to the millimetre (±0.5 mm a
 *    component), so that rounding, not the interpolation, is most of what remains: the same
 *    interpolation of the unrounded samples is within hundredths of a millimetre;
 *  - polynomials: LAGRANGE of degree N reproduces any polynomial of degree N (and not one of degree
 *    N + 1), HERMITE through N + 1 samples any polynomial of degree 2N + 1 (Burden & Faires,
 *    Theorems 3.2 and 3.9: the interpolating polynomial is unique);
 *  - the covariance reported is the one the file gives at or before t (OEMExample3's values).
 */
import { describe, expect, it } from 'vitest';
import { ORBIT_SIZE, propagateOrbit, setOrbit } from '../probability/two-body-universal.ts';
import { utcMs, type UtcMs } from '../units.ts';
import { readOem, writeOem } from './oem.ts';
import { EARTH_KVN, fixture, withLine } from './oem-fixtures.test-support.ts';
import { DEFAULT_OEM_INTERPOLATION, interpolateOemCovariance, interpolateOemSegment } from './oem-interpolate.ts';
import type { OemSegment, OemState } from './oem-model.ts';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const STEP_S = 60;
const COUNT = 121; // two hours, about 1.3 revolutions

/**
 * A LEO orbit: 400 km altitude at t = 0 with 0.05 % more than circular speed (eccentricity ≈ 0.001),
 * inclination 51.6°; μ = 398600.4418 km³/s² (WGS-84, NIMA TR8350.2 Table 3.1). States in km, km/s.
 */
function leo(): (s: number) => { r: [number, number, number]; v: [number, number, number] } {
  const mu = 398600.4418e9;
  const r0 = 6778137;
  const v0 = Math.sqrt(mu / r0) * 1.0005;
  const inc = (51.6 * Math.PI) / 180;
  const orbit = new Float64Array(ORBIT_SIZE);
  setOrbit(orbit, r0, 0, 0, 0, v0 * Math.cos(inc), v0 * Math.sin(inc), mu);
  const out = new Float64Array(6);
  return (s) => {
    propagateOrbit(orbit, s, out, 0);
    return { r: [out[0]! / 1000, out[1]! / 1000, out[2]! / 1000], v: [out[3]! / 1000, out[4]! / 1000, out[5]! / 1000] };
  };
}

const at = (s: number) => utcMs(T0 + s * 1000);
const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('interpolateOemSegment on a LEO orbit sampled every 60 s', () => {
  const orbit = leo();
  const states: OemState[] = Array.from({ length: COUNT }, (_, k) => ({ epoch: at(k * STEP_S), ...orbit(k * STEP_S) }));
  const written = (interpolation?: { method: 'LAGRANGE' | 'HERMITE'; degree: number }) =>
    readOem(writeOem([{ objectName: 'LEO', objectId: '2026-001A', refFrame: 'EME2000', states, ...(interpolation ? { interpolation } : {}) }], { creationDate: utcMs(T0), originator: 'TEST' })).segments[0]!;

  /** Worst position (mm) and velocity (mm/s) errors at the mid-points, where the window of `degree` is centred and where it is not. */
  function midPointErrors(segment: OemSegment, degree: number) {
    const half = Math.floor(degree / 2);
    let centred = 0;
    let ends = 0;
    let velocity = 0;
    for (let k = 0; k < COUNT - 1; k += 1) {
      const s = (k + 0.5) * STEP_S;
      const truth = orbit(s);
      const got = interpolateOemSegment(segment, at(s));
      const e = distance(got.r, truth.r) * 1e6;
      if (k - half >= 0 && k - half + degree <= COUNT - 1) centred = Math.max(centred, e);
      else ends = Math.max(ends, e);
      velocity = Math.max(velocity, distance(got.v, truth.v) * 1e6);
    }
    return { centred, ends, velocity };
  }

  it.each(['LAGRANGE', 'HERMITE'] as const)('%s of degree 7, through writeOem and readOem: within 1 mm where the window is centred', (method) => {
    const segment = written({ method, degree: 7 });
    expect(segment.metadata).toMatchObject({ INTERPOLATION: method, INTERPOLATION_DEGREE: '7' });
    const e = midPointErrors(segment, 7);
    expect(e.centred).toBeLessThan(1);
    // Near the ends the window cannot be centred and amplifies the millimetre rounding more.
    expect(e.ends).toBeLessThan(2);
    expect(e.velocity).toBeLessThan(1); // mm/s
    // The interpolation itself, on the samples before rounding: far below the millimetre.
    const exact = midPointErrors({ ...segment, states }, 7);
    expect(exact.centred).toBeLessThan(0.01);
    expect(exact.ends).toBeLessThan(0.1);
    expect(interpolateOemSegment(segment, at(30))).toMatchObject({ method, degree: 7, frame: 'EME2000' });
  });

  it('uses LAGRANGE of degree 5 when the metadata names no method: a few millimetres at this step', () => {
    const segment = written();
    expect(segment.metadata.INTERPOLATION).toBeUndefined();
    expect(interpolateOemSegment(segment, at(90))).toMatchObject({ method: 'LAGRANGE', degree: 5 });
    expect(DEFAULT_OEM_INTERPOLATION).toEqual({ method: 'LAGRANGE', degree: 5 });
    const e = midPointErrors({ ...segment, states }, 5);
    expect(e.centred).toBeLessThan(5);
    expect(e.ends).toBeLessThan(20);
    // Degree 3 would be metres off: the reason the default is not lower.
    expect(midPointErrors({ ...written({ method: 'LAGRANGE', degree: 3 }), states }, 3).centred).toBeGreaterThan(1000);
  });

  it('returns the data line itself at its epoch', () => {
    const segment = written({ method: 'LAGRANGE', degree: 7 });
    const got = interpolateOemSegment(segment, segment.states[40]!.epoch);
    expect(got.r).toEqual(segment.states[40]!.r);
    expect(got.v).toEqual(segment.states[40]!.v);
    const h = interpolateOemSegment(written({ method: 'HERMITE', degree: 7 }), segment.states[120]!.epoch);
    h.r.forEach((x, i) => expect(x).toBeCloseTo(segment.states[120]!.r[i]!, 9));
    h.v.forEach((x, i) => expect(x).toBeCloseTo(segment.states[120]!.v[i]!, 12));
  });
});

describe('interpolateOemSegment on polynomials', () => {
  /** A segment of `count` data lines 60 s apart whose positions are polynomials (coefficients per 300 s), velocities their derivatives, numbers in full. */
  function polynomialSegment(coefficients: readonly (readonly number[])[], count: number, method: string, degree: number): OemSegment {
    const T = 300;
    const value = (c: readonly number[], s: number) => c.reduceRight((acc, a) => acc * (s / T) + a, 0);
    const slope = (c: readonly number[], s: number) => c.slice(1).reduceRight((acc, a, k) => acc * (s / T) + ((k + 1) * a) / T, 0);
    const lines = Array.from({ length: count }, (_, k) => {
      const s = k * 60;
      const numbers = [...coefficients.map((c) => value(c, s)), ...coefficients.map((c) => slope(c, s))];
      return `${new Date(T0 + s * 1000).toISOString().replace('Z', '')} ${numbers.map(String).join(' ')}`;
    });
    const text = [
      'CCSDS_OEM_VERS = 3.0',
      'CREATION_DATE = 2026-03-01T00:00:00',
      'ORIGINATOR = TEST',
      'META_START',
      'OBJECT_NAME = POLY',
      'OBJECT_ID = 2026-001A',
      'CENTER_NAME = EARTH',
      'REF_FRAME = GCRF',
      'TIME_SYSTEM = UTC',
      `START_TIME = ${lines[0]!.split(' ')[0]}`,
      `STOP_TIME = ${lines.at(-1)!.split(' ')[0]}`,
      `INTERPOLATION = ${method}`,
      `INTERPOLATION_DEGREE = ${degree}`,
      'META_STOP',
      ...lines,
    ].join('\n');
    return readOem(text).segments[0]!;
  }
  const truth = (coefficients: readonly (readonly number[])[], s: number) => coefficients.map((c) => c.reduceRight((acc, a) => acc * (s / 300) + a, 0));
  /**
   * Worst position error (km) over off-node instants across the whole segment. "Reproduces" below means
   * to double-precision rounding of values of thousands of km (under 1e-8 km, 10 µm); "not" means off by
   * more than 1e-4 km (10 cm), four orders of magnitude beyond.
   */
  function worst(segment: OemSegment, coefficients: readonly (readonly number[])[]): number {
    let e = 0;
    for (let s = 7.3; s < (segment.states.length - 1) * 60; s += 41.9) e = Math.max(e, distance(interpolateOemSegment(segment, at(s) as UtcMs).r, truth(coefficients, s)));
    return e;
  }
  // Coefficients of x, y, z (km, per power of t / 300 s), values of a few thousand km over the 11 min spanned.
  const degree = (n: number) => [0, 1, 2].map((c) => Array.from({ length: n + 1 }, (_, k) => (k === 0 ? 7000 - 1000 * c : ((-1) ** (k + c) * 900) / (k + 1))));

  it.each([3, 5, 7])('LAGRANGE of degree %i reproduces a polynomial of that degree, and not one of the next', (n) => {
    expect(worst(polynomialSegment(degree(n), 12, 'LAGRANGE', n), degree(n))).toBeLessThan(1e-8);
    expect(worst(polynomialSegment(degree(n + 1), 12, 'LAGRANGE', n), degree(n + 1))).toBeGreaterThan(1e-4);
  });

  it.each([1, 3, 5])('HERMITE through %i + 1 samples reproduces a polynomial of degree 2N + 1, its velocity too', (n) => {
    const c = degree(2 * n + 1);
    const segment = polynomialSegment(c, 12, 'HERMITE', n);
    expect(worst(segment, c)).toBeLessThan(1e-8);
    // The velocity is the polynomial's derivative: compare with a central difference of the truth.
    const s = 200.5;
    const v = interpolateOemSegment(segment, at(s)).v;
    const d = truth(c, s + 1e-3).map((x, i) => (x - truth(c, s - 1e-3)[i]!) / 2e-3);
    v.forEach((x, i) => expect(x).toBeCloseTo(d[i]!, 6));
    expect(worst(polynomialSegment(degree(2 * n + 2), 12, 'HERMITE', n), degree(2 * n + 2))).toBeGreaterThan(1e-4);
  });

  it('LINEAR is the straight line between the two neighbours', () => {
    const segment = polynomialSegment(degree(4), 6, 'LINEAR', 1);
    const got = interpolateOemSegment(segment, at(90));
    const [a, b] = [segment.states[1]!, segment.states[2]!];
    got.r.forEach((x, i) => expect(x).toBeCloseTo((a.r[i]! + b.r[i]!) / 2, 9));
    got.v.forEach((x, i) => expect(x).toBeCloseTo((a.v[i]! + b.v[i]!) / 2, 12));
    expect(got).toMatchObject({ method: 'LAGRANGE', degree: 1 });
  });
});

describe('interpolateOemSegment refuses', () => {
  const useable = readOem(withLine(EARTH_KVN, 12, 'USEABLE_START_TIME = 2026-03-01T00:01:00', 'STOP_TIME = 2026-03-01T00:04:00')).segments[0]!;

  it('instants outside the useable span (USEABLE_START_TIME … STOP_TIME here)', () => {
    expect(() => interpolateOemSegment(useable, utcMs(Date.parse('2026-03-01T00:00:30Z')))).toThrow(
      "2026-03-01T00:00:30.000 is outside the segment's useable span 2026-03-01T00:01:00.000 … 2026-03-01T00:04:00.000",
    );
    expect(() => interpolateOemSegment(useable, utcMs(Date.parse('2026-03-01T00:04:00.001Z')))).toThrow(RangeError);
    expect(interpolateOemSegment(useable, utcMs(Date.parse('2026-03-01T00:04:00Z'))).r).toEqual([6624.134, 1141.056, 1439.174]);
  });

  it('a segment with fewer data lines than the default degree needs, and a method it does not know', () => {
    const noMethod = readOem(withLine(withLine(EARTH_KVN, 14), 13)).segments[0]!;
    expect(() => interpolateOemSegment(noMethod, utcMs(Date.parse('2026-03-01T00:01:30Z')))).toThrow('LAGRANGE of degree 5 needs 6 data lines, the segment has 5');
    const spline = readOem(withLine(EARTH_KVN, 13, 'INTERPOLATION = SPLINE'), { strict: false }).segments[0]!;
    expect(() => interpolateOemSegment(spline, utcMs(Date.parse('2026-03-01T00:01:30Z')))).toThrow('INTERPOLATION SPLINE is not supported');
  });
});

describe('interpolateOemCovariance', () => {
  const segment = readOem(fixture('orekit-OEMExample3.txt'), { strict: false }).segments[2]!;
  const when = (iso: string) => utcMs(Date.parse(iso));

  it("reports the last matrix at or before t, in its own frame, with its age (OEMExample3's last segment)", () => {
    const first = interpolateOemCovariance(segment, when('1996-12-28T21:29:07.267Z'))!;
    expect([first.frame, first.ageMs, first.matrix[0]![0]]).toEqual(['RTN', 0, 3.3313494e-4]);
    const later = interpolateOemCovariance(segment, when('1996-12-29T20:59:59Z'))!;
    expect([later.frame, later.epoch, later.ageMs]).toEqual(['RTN', when('1996-12-28T21:29:07.267Z'), Date.parse('1996-12-29T20:59:59Z') - Date.parse('1996-12-28T21:29:07.267Z')]);
    const second = interpolateOemCovariance(segment, when('1996-12-30T01:00:00Z'))!;
    expect([second.frame, second.epoch, second.ageMs, second.matrix[5]![5]]).toEqual(['EME2000', when('1996-12-29T21:00:00Z'), 4 * 3_600_000, 6.2244443e-10]);
  });

  it('gives none before the first matrix, and refuses instants outside the useable span', () => {
    const [earth] = readOem(EARTH_KVN).segments;
    expect(interpolateOemCovariance(earth!, when('2026-03-01T00:00:59Z'))).toBeUndefined();
    expect(interpolateOemCovariance(earth!, when('2026-03-01T00:02:00Z'))).toMatchObject({ frame: 'RTN', ageMs: 60_000 });
    expect(() => interpolateOemCovariance(segment, when('1996-12-30T01:20:00Z'))).toThrow('outside the segment\'s useable span');
  });
});
