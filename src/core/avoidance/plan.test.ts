/**
 * A burn's effect on the primary's track, against outside truth:
 * - Clohessy–Wiltshire's closed form for a circular orbit (Clohessy & Wiltshire 1960; Vallado,
 *   Fundamentals of Astrodynamics and Applications, 4th ed., §6.8, eqs. 6-66): from a burn Δv at
 *   the reference point, x(τ) = (ẋ₀/n) sin nτ + (2ẏ₀/n)(1 − cos nτ), y(τ) = (2ẋ₀/n)(cos nτ − 1) +
 *   (ẏ₀/n)(4 sin nτ − 3nτ), z(τ) = (ż₀/n) sin nτ (x radial, y along-track, z cross-track): the
 *   −3·Δv_T·τ drift of an along-track burn, and a radial burn that leaves no trace at whole orbits;
 * - an independent two-body propagation (the universal-variable Kepler solution of
 *   probability/two-body-universal.ts, Vallado Algorithm 8) on a circular and an eccentric orbit.
 * And the new encounter: a real CARA event (TERRA vs 37558, Pc 2.1e-2) moved away by a burn.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARA_CDM_DIR } from '../../../tests/reference/index.ts';
import { estimateFromCdm } from '../cdm/message-estimate.ts';
import { readCdm } from '../cdm/read.ts';
import { propagateOrbit, setOrbit, ORBIT_SIZE } from '../probability/two-body-universal.ts';
import type { Vector3 } from '../probability/vector3.ts';
import { MU_EARTH_KM3_S2 } from './dynamics.ts';
import { avoidanceModel, evaluateBurn, type AvoidanceEncounter } from './plan.ts';
import { burnDelta, inertialToRtnVector, numericalTrajectory, rtnToInertialVector, shifted } from './trajectory.ts';

const MU = MU_EARTH_KM3_S2 * 1e9;

/** A state on the orbit (a, e, i, Ω, ω, ν), m and m/s (Vallado Algorithm 10). */
function state(aM: number, e: number, iDeg: number, nuDeg: number): number[] {
  const p = aM * (1 - e * e);
  const nu = (nuDeg * Math.PI) / 180;
  const i = (iDeg * Math.PI) / 180;
  const r = p / (1 + e * Math.cos(nu));
  const k = Math.sqrt(MU / p);
  const rp = [r * Math.cos(nu), r * Math.sin(nu), 0];
  const vp = [-k * Math.sin(nu), k * (e + Math.cos(nu)), 0];
  const rot = (x: number[]) => [x[0]!, x[1]! * Math.cos(i) - x[2]! * Math.sin(i), x[1]! * Math.sin(i) + x[2]! * Math.cos(i)];
  return [...rot(rp), ...rot(vp)];
}

function kepler(s: ArrayLike<number>, tS: number): Float64Array {
  const orbit = new Float64Array(ORBIT_SIZE);
  setOrbit(orbit, s[0]!, s[1]!, s[2]!, s[3]!, s[4]!, s[5]!, MU);
  const out = new Float64Array(6);
  expect(propagateOrbit(orbit, tS, out, 0)).toBe(true);
  return out;
}

describe('the burn’s effect against Clohessy–Wiltshire (circular orbit, two-body)', () => {
  const a = 7000e3;
  const n = Math.sqrt(MU / a ** 3);
  const period = (2 * Math.PI) / n;
  const s0 = state(a, 0, 51.6, 0);
  const reference = numericalTrajectory(s0, 0, 0, 3 * period, { j2: false });
  const burnS = 100;
  const cw = (dv: Vector3, tau: number): Vector3 => {
    const [xd, yd, zd] = dv;
    const s = Math.sin(n * tau);
    const c = Math.cos(n * tau);
    return [(xd / n) * s + ((2 * yd) / n) * (1 - c), ((2 * xd) / n) * (c - 1) + (yd / n) * (4 * s - 3 * n * tau), (zd / n) * s];
  };
  const rtnDelta = (dvRtn: Vector3, tau: number): Vector3 => {
    const dv = rtnToInertialVector(reference(burnS), dvRtn);
    const d = burnDelta(reference, burnS, dv, burnS + 2.5 * period, { j2: false })(burnS + tau);
    return inertialToRtnVector(reference(burnS + tau), [d[0]!, d[1]!, d[2]!]);
  };

  it('drifts −3·Δv_T·τ along-track after an along-track burn, and rises 4Δv_T/n at half an orbit', () => {
    const dvT = 0.01;
    for (const tau of [0.25 * period, 0.5 * period, period, 2 * period]) {
      const got = rtnDelta([0, dvT, 0], tau);
      const want = cw([0, dvT, 0], tau);
      // Linear theory: agreement to the neglected (displacement/a)² terms, well under 0.1 %.
      for (let k = 0; k < 3; k += 1) expect(Math.abs(got[k]! - want[k]!), `τ=${tau} axis ${k}`).toBeLessThan(1e-3 * Math.hypot(...want) + 1e-3);
    }
    // At whole orbits the radial offset is back to zero and the along-track drift is −3·Δv_T·τ.
    const one = rtnDelta([0, dvT, 0], period);
    expect(one[1]).toBeCloseTo(-3 * dvT * period, 0);
    expect(Math.abs(one[0]!)).toBeLessThan(0.01);
  });

  it('leaves no trace of a radial burn at whole orbits, and follows the CW ellipse between', () => {
    const dvR = 0.01;
    for (const tau of [0.25 * period, 0.5 * period, 0.75 * period]) {
      const got = rtnDelta([dvR, 0, 0], tau);
      const want = cw([dvR, 0, 0], tau);
      for (let k = 0; k < 3; k += 1) expect(Math.abs(got[k]! - want[k]!), `τ=${tau} axis ${k}`).toBeLessThan(1e-3 * Math.hypot(...want) + 1e-3);
    }
    for (const orbits of [1, 2]) {
      const got = rtnDelta([dvR, 0, 0], orbits * period);
      expect(Math.hypot(...got), `${orbits} orbits`).toBeLessThan(0.02);
    }
  });

  it('swings a cross-track burn as (Δv_N/n) sin nτ', () => {
    const tau = 0.25 * period;
    const got = rtnDelta([0, 0, 0.01], tau);
    expect(got[2]).toBeCloseTo(0.01 / n, 2);
  });
});

describe('the post-burn track against an independent two-body propagation', () => {
  for (const [name, a, e] of [
    ['circular LEO', 7000e3, 0],
    ['eccentric (e = 0.5)', 20000e3, 0.5],
  ] as const) {
    it(`${name}: the reference plus the burn’s effect equals Kepler from the burned state to a millimetre`, () => {
      const s0 = state(a, e, 30, 40);
      const period = 2 * Math.PI * Math.sqrt(a ** 3 / MU);
      const reference = numericalTrajectory(s0, 0, -2 * period, 0.5 * period, { j2: false });
      const burnS = -1.3 * period;
      const dvRtn: Vector3 = [0.05, -0.12, 0.03];
      const dv = rtnToInertialVector(reference(burnS), dvRtn);
      const track = shifted(reference, burnDelta(reference, burnS, dv, 0.5 * period, { j2: false }));
      // Independently: the reference state at the burn by Kepler from t = 0, the Δv added, then Kepler on.
      const atBurn = kepler(s0, burnS);
      for (let i = 0; i < 3; i += 1) atBurn[3 + i] = atBurn[3 + i]! + dv[i]!;
      for (const t of [-period, -0.2 * period, 0, 0.4 * period]) {
        const want = kepler(atBurn, t - burnS);
        const got = track(t);
        expect(Math.hypot(got[0]! - want[0]!, got[1]! - want[1]!, got[2]! - want[2]!), `${name} t=${t}`).toBeLessThan(1e-3);
        expect(Math.hypot(got[3]! - want[3]!, got[4]! - want[4]!, got[5]! - want[5]!), `${name} t=${t}`).toBeLessThan(1e-6);
      }
    });
  }
});

describe('evaluateBurn on a real CARA event', () => {
  // TERRA (25994) vs 37558, TCA 2021-03-24T15:10:47Z, Pc 2.12e-2 (CARA; pc_cases.json).
  const cdm = readCdm(readFileSync(`${CARA_CDM_DIR}000025994_conj_000037558_20210324_151047_20210323_154356.cdm`, 'utf8'));
  const e = estimateFromCdm(cdm, { defaultHbrM: 20 });
  const encounter: AvoidanceEncounter = {
    primary: { rM: e.primary.rM, vMPerS: e.primary.vMPerS, cov: e.primary.covariance },
    secondary: { rM: e.secondary.rM, vMPerS: e.secondary.vMPerS, cov: e.secondary.covariance },
    hbrM: e.hbrM,
  };
  const model = avoidanceModel(encounter, { maxLeadS: 3 * 6000 });

  it('reproduces the event without a burn: same TCA, miss and Pc', () => {
    const none = evaluateBurn(model, { leadS: 3000, dvRtnMps: [0, 0, 0] });
    expect(Math.abs(none.tcaShiftS)).toBeLessThan(1e-3);
    expect(Math.abs(none.missM - e.missM)).toBeLessThan(0.05);
    expect(none.assessment.method).toBe(e.assessment.method);
    expect(Math.abs(none.assessment.collisionProbability! / e.assessment.collisionProbability! - 1)).toBeLessThan(1e-4);
  });

  it('moves the pair apart with an along-track burn an orbit ahead, and says how far in RTN', () => {
    const period = model.periodS;
    const out = evaluateBurn(model, { leadS: 1.5 * period, dvRtnMps: [0, 0.1, 0] });
    // CW: a 0.1 m/s along-track burn 1.5 orbits ahead moves the primary ~3·0.1·τ ≈ 2.7 km along-track
    // and 4·0.1/n ≈ 0.4 km radially at TCA; the encounter-plane miss grows by the radial part mostly.
    expect(out.missM).toBeGreaterThan(e.missM + 100);
    expect(out.assessment.collisionProbability!).toBeLessThan(1e-6);
    expect(out.interior).toBe(true);
    expect(Math.abs(out.tcaShiftS)).toBeLessThan(2);
    expect(Math.hypot(...out.missRtnM)).toBeCloseTo(out.missM, 6);
  });

  it('widens the primary’s covariance with a burn-execution error', () => {
    const burn = { leadS: 1.5 * model.periodS, dvRtnMps: [0, 0.05, 0] as Vector3 };
    const plain = evaluateBurn(model, burn);
    const sloppy = evaluateBurn(model, burn, { executionError: { magnitudeFraction: 0.1, pointingRad: (2 * Math.PI) / 180 } });
    expect(sloppy.missM).toBeCloseTo(plain.missM, 6);
    // The in-track variance grows by about (3·σ·τ)² with σ = 10 % of 0.05 m/s.
    const grown = sloppy.primary.cov[0]![0]! + sloppy.primary.cov[1]![1]! + sloppy.primary.cov[2]![2]! - (plain.primary.cov[0]![0]! + plain.primary.cov[1]![1]! + plain.primary.cov[2]![2]!);
    const tau = 1.5 * model.periodS;
    expect(grown).toBeGreaterThan(0.5 * (3 * 0.005 * tau) ** 2);
    expect(grown).toBeLessThan(3 * ((3 * 0.005 * tau) ** 2 + (3 * 0.05 * Math.tan((2 * Math.PI) / 180) * tau) ** 2 + (4 * 0.05 * 0.035 * tau) ** 2));
  });

  it('plans a late burn: the TCA search window reaches before a burn 10 minutes ahead', () => {
    const late = avoidanceModel(encounter, { maxLeadS: 600 });
    const out = evaluateBurn(late, { leadS: 600, dvRtnMps: [0.5, 0, 0] });
    // 10 minutes of a 0.5 m/s radial burn: (Δv/n) sin nτ ≈ 0.29 km radially at TCA (CW).
    expect(Math.abs(out.missRtnM[0] - e.radialM)).toBeGreaterThan(200);
    expect(out.interior).toBe(true);
  });

  it('refuses a burn outside the modelled span or a non-finite Δv', () => {
    expect(() => evaluateBurn(model, { leadS: 4 * 6000, dvRtnMps: [0, 0.1, 0] })).toThrow(RangeError);
    expect(() => evaluateBurn(model, { leadS: 0, dvRtnMps: [0, 0.1, 0] })).toThrow(RangeError);
    expect(() => evaluateBurn(model, { leadS: 100, dvRtnMps: [0, Number.NaN, 0] })).toThrow(RangeError);
  });
});
