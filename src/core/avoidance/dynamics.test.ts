/**
 * Two-body + J2 dynamics (dynamics.ts) against outside references: the EGM-96 coefficient the J2
 * constant comes from; the acceleration against the closed forms at the equator and the pole and
 * against a numerical gradient of the J2 potential; two-body motion against the universal-variable
 * solution (Vallado Algorithm 8, probability/two-body-universal.ts); the integrals of motion of the
 * J2 problem (energy with the J2 potential, and h_z, since the field is axially symmetric); and the
 * secular drifts of the node and the perigee against the first-order theory (Vallado eq. 9-41).
 */
import { describe, expect, it } from 'vitest';
import { integrateDop853Dense } from './dop853.ts';
import { EARTH_RADIUS_KM, J2_EARTH, MU_EARTH_KM3_S2, propagateState, twoBodyJ2Derivative } from './dynamics.ts';
import { ORBIT_SIZE, propagateOrbit, setOrbit } from '../probability/two-body-universal.ts';
import { stateFromElements } from '../probability/regimes.test-support.ts';

const MU = MU_EARTH_KM3_S2;
const RE = EARTH_RADIUS_KM;
const J2 = J2_EARTH;
const DAY_S = 86400;
const DEG = Math.PI / 180;

/** An orbit's state in km and km/s from its elements (Vallado Algorithm 10 via the test support, in m). */
function stateKm(aKm: number, e: number, iDeg: number, raanDeg: number, argpDeg: number, nuDeg: number): number[] {
  const s = stateFromElements(aKm * 1e3, e, iDeg, raanDeg, argpDeg, nuDeg);
  return [...s.r, ...s.v].map((x) => x / 1e3);
}

/** The geopotential truncated at J2: U = −μ/r · [1 − J2 (R/r)² P₂(z/r)], P₂(x) = (3x² − 1)/2; km²/s². */
function potential(x: number, y: number, z: number): number {
  const r = Math.hypot(x, y, z);
  return (-MU / r) * (1 - (J2 * (RE / r) ** 2 * ((3 * z * z) / (r * r) - 1)) / 2);
}

const energy = (s: ArrayLike<number>) => 0.5 * (s[3]! ** 2 + s[4]! ** 2 + s[5]! ** 2) + potential(s[0]!, s[1]!, s[2]!);
const angularMomentumZ = (s: ArrayLike<number>) => s[0]! * s[4]! - s[1]! * s[3]!;

function acceleration(position: readonly number[], j2 = true): number[] {
  const out = new Float64Array(6);
  twoBodyJ2Derivative({ j2 })(0, Float64Array.from([...position, 0, 0, 0]), out);
  return [out[3]!, out[4]!, out[5]!];
}

describe('constants', () => {
  it('takes J2 = −√5 C̄₂₀ from the EGM-96 normalised C̄₂₀ = −0.484165371736e-3', () => {
    expect(Math.abs(J2 / (-Math.sqrt(5) * -0.484165371736e-3) - 1)).toBeLessThan(1e-8);
    expect(MU).toBe(398600.4418);
    expect(RE).toBe(6378.137);
  });
});

describe('twoBodyJ2Derivative', () => {
  it('gives −μ/r² (1 + 3/2 J2 (R/r)²) at the equator and −μ/r² (1 − 3 J2 (R/r)²) over the pole', () => {
    // From U at z = 0: −μ/r (1 + J2 (R/r)²/2); at x = y = 0: −μ/r (1 − J2 (R/r)²); a = −dU/dr.
    const r = 7000;
    const eq = acceleration([0, r, 0]);
    expect(eq[1]! / ((-MU / r ** 2) * (1 + 1.5 * J2 * (RE / r) ** 2)) - 1).toBeCloseTo(0, 14);
    expect(Math.abs(eq[0]!)).toBe(0);
    expect(Math.abs(eq[2]!)).toBe(0);
    const pole = acceleration([0, 0, -r]);
    expect(pole[2]! / ((MU / r ** 2) * (1 - 3 * J2 * (RE / r) ** 2)) - 1).toBeCloseTo(0, 14);
    const twoBody = acceleration([0, r, 0], false);
    expect(twoBody[1]! / (-MU / r ** 2) - 1).toBeCloseTo(0, 15);
  });

  it('is the gradient of the J2 potential (central differences)', () => {
    for (const p of [
      [6900, 1200, 2500],
      [-3000, 4000, -5500],
      [100, -7200, 300],
    ]) {
      const a = acceleration(p);
      const h = 1e-3; // km; the O(h²) truncation is ~1e-15 relative here
      for (let k = 0; k < 3; k += 1) {
        const plus = [...p];
        const minus = [...p];
        plus[k]! += h;
        minus[k]! -= h;
        const grad = (potential(plus[0]!, plus[1]!, plus[2]!) - potential(minus[0]!, minus[1]!, minus[2]!)) / (2 * h);
        expect(Math.abs(a[k]! + grad), `${p} component ${k}`).toBeLessThan(1e-9 * Math.hypot(...a));
      }
    }
  });

  it('writes the velocity into the position derivatives', () => {
    const out = new Float64Array(6);
    twoBodyJ2Derivative()(0, Float64Array.of(7000, 0, 0, 0.1, 7.5, -0.2), out);
    expect([out[0], out[1], out[2]]).toEqual([0.1, 7.5, -0.2]);
  });
});

describe('propagateState', () => {
  it('with J2 off follows the universal-variable two-body solution over a day (LEO)', () => {
    const s0 = stateKm(7000, 0.001, 98, 30, 40, 10);
    const orbit = new Float64Array(ORBIT_SIZE);
    setOrbit(orbit, s0[0]!, s0[1]!, s0[2]!, s0[3]!, s0[4]!, s0[5]!, MU);
    const ref = new Float64Array(6);
    let worst = 0;
    for (let t = 0; t <= DAY_S; t += 3600) {
      expect(propagateOrbit(orbit, t, ref, 0)).toBe(true);
      const s = propagateState(s0, t, { j2: false });
      worst = Math.max(worst, Math.hypot(s[0]! - ref[0]!, s[1]! - ref[1]!, s[2]! - ref[2]!));
    }
    // Measured 5.7e-7 km (0.6 mm) at the default tolerances (rtol 1e-11, atol 1e-9).
    expect(worst).toBeLessThan(2e-6);
  });

  const orbits = [
    ['LEO 7000 km, 98°', 7000, 0.001, 98],
    ['700 km, 51.6°', RE + 700, 0.001, 51.6],
    ['7500 km, e = 0.05, 51.6°', 7500, 0.05, 51.6],
  ] as const;
  for (const [name, a, e, i] of orbits) {
    it(`with J2 keeps the energy (with the J2 potential) and h_z over a day (${name})`, () => {
      const s0 = stateKm(a, e, i, 30, 40, 10);
      const s = propagateState(s0, DAY_S);
      // Measured: |ΔE/E| 2.7e-12, 2.7e-12, 1.1e-11; |Δh_z/h_z| 1.3e-12, 1.4e-12, 4.3e-12.
      expect(Math.abs(energy(s) / energy(s0) - 1)).toBeLessThan(1e-10);
      expect(Math.abs(angularMomentumZ(s) / angularMomentumZ(s0) - 1)).toBeLessThan(1e-10);
    });
  }

  it('propagates backwards, and refuses bad input', () => {
    const s0 = stateKm(7000, 0.001, 98, 30, 40, 10);
    const back = propagateState(propagateState(s0, 5000), -5000);
    expect(Math.hypot(back[0]! - s0[0]!, back[1]! - s0[1]!, back[2]! - s0[2]!)).toBeLessThan(1e-6);
    expect(() => propagateState(s0.slice(0, 5), 10)).toThrow(RangeError);
    expect(() => propagateState([0, 0, 0, 1, 0, 0], 10)).toThrow(RangeError);
    expect(() => propagateState([...s0.slice(0, 5), Number.NaN], 10)).toThrow(RangeError);
    expect(() => propagateState(s0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

/** Ω, ω, a, e, i of a state (Vallado Algorithm 9, RV2COE): Ω from n̂ = ẑ × h, ω from n̂ and the eccentricity vector. */
function elements(s: ArrayLike<number>): { raan: number; argp: number; a: number; e: number; i: number } {
  const r = [s[0]!, s[1]!, s[2]!];
  const v = [s[3]!, s[4]!, s[5]!];
  const h = [r[1]! * v[2]! - r[2]! * v[1]!, r[2]! * v[0]! - r[0]! * v[2]!, r[0]! * v[1]! - r[1]! * v[0]!];
  const rn = Math.hypot(...r);
  const v2 = v[0]! ** 2 + v[1]! ** 2 + v[2]! ** 2;
  const rv = r[0]! * v[0]! + r[1]! * v[1]! + r[2]! * v[2]!;
  const ev = [0, 1, 2].map((k) => ((v2 - MU / rn) * r[k]! - rv * v[k]!) / MU);
  const e = Math.hypot(...ev);
  const n = [-h[1]!, h[0]!];
  let argp = Math.acos((n[0]! * ev[0]! + n[1]! * ev[1]!) / (Math.hypot(n[0]!, n[1]!) * e));
  if (ev[2]! < 0) argp = 2 * Math.PI - argp;
  return { raan: Math.atan2(n[1]!, n[0]!), argp, a: 1 / (2 / rn - v2 / MU), e, i: Math.acos(h[2]! / Math.hypot(...h)) };
}

/** Mean of angles sampled closely enough that consecutive ones differ by less than π. */
function meanAngle(xs: readonly number[]): number {
  let unwrapped = xs[0]!;
  let sum = 0;
  for (let k = 0; k < xs.length; k += 1) {
    if (k > 0) unwrapped += Math.atan2(Math.sin(xs[k]! - xs[k - 1]!), Math.cos(xs[k]! - xs[k - 1]!));
    sum += unwrapped;
  }
  return sum / xs.length;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** An angle difference brought into (−π, π]. */
const wrap = (x: number) => Math.atan2(Math.sin(x), Math.cos(x));

describe('secular J2 drift over 10 days against the first-order rates (Vallado eq. 9-41)', () => {
  // The osculating elements oscillate at twice the orbital frequency (short-period terms); their mean
  // over one revolution removes that, so the mean over the last revolution minus the mean over the
  // first, over the time between them, is the secular rate. The reference rates use the first
  // revolution's mean a, e, i. Both agree with first-order theory to O(J2) ≈ 0.1 %.
  const cases = [
    // name, a (km), e, i (deg), check ω too (ill-defined when near-circular); measured relative differences
    ['700 km, 98° (Ω: 0.08 %)', RE + 700, 0.001, 98, false],
    ['700 km, 51.6° (Ω: 0.07 %)', RE + 700, 0.001, 51.6, false],
    ['7500 km, e = 0.05, 51.6° (Ω: 0.07 %, ω: 0.13 %)', 7500, 0.05, 51.6, true],
  ] as const;

  for (const [name, aKm, e0, iDeg, checkPerigee] of cases) {
    it(`node${checkPerigee ? ' and perigee' : ''}: ${name}`, () => {
      const s0 = Float64Array.from(stateKm(aKm, e0, iDeg, 30, 40, 10));
      const spanS = 10 * DAY_S;
      const dense = integrateDop853Dense(twoBodyJ2Derivative(), 0, s0, spanS, { rtol: 1e-11, atol: 1e-9 });
      const period = 2 * Math.PI * Math.sqrt(aKm ** 3 / MU);
      const samples = 400;
      const first = Array.from({ length: samples }, (_, k) => elements(dense.at((k / samples) * period)));
      const last = Array.from({ length: samples }, (_, k) => elements(dense.at(spanS - period + (k / samples) * period)));
      const dt = spanS - period;

      const a = mean(first.map((q) => q.a));
      const e = mean(first.map((q) => q.e));
      const i = mean(first.map((q) => q.i));
      const n = Math.sqrt(MU / a ** 3);
      const p = a * (1 - e * e);
      const raanRate = -1.5 * n * J2 * (RE / p) ** 2 * Math.cos(i);
      const argpRate = 0.75 * n * J2 * (RE / p) ** 2 * (4 - 5 * Math.sin(i) ** 2);

      // The drifts stay between 5° and 180° here, so the wrapped difference of the means is the drift.
      const dRaan = wrap(meanAngle(last.map((q) => q.raan)) - meanAngle(first.map((q) => q.raan)));
      expect(Math.abs(raanRate * dt)).toBeGreaterThan(5 * DEG);
      expect(Math.abs(raanRate * dt)).toBeLessThan(Math.PI);
      expect(Math.abs(dRaan / dt / raanRate - 1)).toBeLessThan(0.01);
      if (checkPerigee) {
        const dArgp = wrap(meanAngle(last.map((q) => q.argp)) - meanAngle(first.map((q) => q.argp)));
        expect(Math.abs(argpRate * dt)).toBeGreaterThan(5 * DEG);
        expect(Math.abs(argpRate * dt)).toBeLessThan(Math.PI);
        expect(Math.abs(dArgp / dt / argpRate - 1)).toBeLessThan(0.01);
      }
    });
  }
});
