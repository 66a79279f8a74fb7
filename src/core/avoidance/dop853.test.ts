/**
 * DOP853 (dop853.ts) against outside references: the closed forms of y′ = y and of the harmonic
 * oscillator; Kepler orbits against the universal-variable two-body solution (Vallado Algorithm 8,
 * probability/two-body-universal.ts), a method that shares nothing with a Runge–Kutta integrator;
 * its dense output against the closed form and against integrations that stop at the same times;
 * a round trip forwards and back; and its refusals of bad input.
 */
import { describe, expect, it } from 'vitest';
import { integrateDop853, integrateDop853Dense, type Derivative } from './dop853.ts';
import { ORBIT_SIZE, propagateOrbit, setOrbit } from '../probability/two-body-universal.ts';
import { stateFromElements } from '../probability/regimes.test-support.ts';

const MU_KM3_S2 = 398600.4418; // EGM-96 / WGS-84, as the brief and probability/equinoctial.ts

const exponential: Derivative = (_t, y, dydt) => {
  dydt[0] = y[0]!;
};

/** y″ = −ω² y as a first-order system [y, y′]. */
const oscillator =
  (omega: number): Derivative =>
  (_t, y, dydt) => {
    dydt[0] = y[1]!;
    dydt[1] = -omega * omega * y[0]!;
  };

/** Two-body gravity, km and s. */
const kepler: Derivative = (_t, y, dydt) => {
  const r = Math.hypot(y[0]!, y[1]!, y[2]!);
  const k = -MU_KM3_S2 / (r * r * r);
  dydt[0] = y[3]!;
  dydt[1] = y[4]!;
  dydt[2] = y[5]!;
  dydt[3] = k * y[0]!;
  dydt[4] = k * y[1]!;
  dydt[5] = k * y[2]!;
};

/** An orbit's state in km and km/s from its elements (Vallado Algorithm 10 via the test support, in m). */
function stateKm(aKm: number, e: number, iDeg: number, raanDeg: number, argpDeg: number, nuDeg: number): Float64Array {
  const s = stateFromElements(aKm * 1e3, e, iDeg, raanDeg, argpDeg, nuDeg);
  return Float64Array.from([...s.r, ...s.v].map((x) => x / 1e3));
}

/**
 * The universal-variable solution at increasing times from one orbit buffer: propagateOrbit starts
 * Newton's iteration from its last solution, and from t = 0 its first guess for a time several
 * revolutions away on an eccentric orbit is too poor to converge.
 */
function universalKm(y0: Float64Array, times: readonly number[]): Float64Array[] {
  const orbit = new Float64Array(ORBIT_SIZE);
  setOrbit(orbit, y0[0]!, y0[1]!, y0[2]!, y0[3]!, y0[4]!, y0[5]!, MU_KM3_S2);
  return times.map((t) => {
    const out = new Float64Array(6);
    expect(propagateOrbit(orbit, t, out, 0), `Kepler solution at t = ${t}`).toBe(true);
    return out;
  });
}

const positionDiff = (a: Float64Array, b: Float64Array) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('DOP853 against closed forms', () => {
  it('integrates y′ = y to e^t at the tolerance level', () => {
    for (const tol of [1e-6, 1e-9, 1e-12]) {
      const res = integrateDop853(exponential, 0, Float64Array.of(1), 10, { rtol: tol, atol: tol });
      const relErr = Math.abs(res.y[0]! / Math.exp(10) - 1);
      // The global error of an error-per-step controller grows with the number of steps; Hairer et
      // al. §II.4 show it proportional to the tolerance. Measured: 2.1e-6, 1.1e-9, 8.4e-13.
      expect(relErr, `tol ${tol}`).toBeLessThan(10 * tol);
      expect(res.rejected).toBeLessThanOrEqual(2);
    }
  });

  it('integrates the harmonic oscillator over ten periods to cos and sin', () => {
    const omega = 2.5;
    const t1 = (10 * 2 * Math.PI) / omega;
    const tol = 1e-11;
    const res = integrateDop853(oscillator(omega), 0, Float64Array.of(1, 0), t1, { rtol: tol, atol: tol });
    // y = cos ωt, y′ = −ω sin ωt; at ten periods (1, 0). Measured error 7.8e-12 in y, 2.1e-10 in y′.
    expect(Math.abs(res.y[0]! - Math.cos(omega * t1))).toBeLessThan(1e-9);
    expect(Math.abs(res.y[1]! + omega * Math.sin(omega * t1))).toBeLessThan(1e-9 * omega);
  });

  it('counts evaluations as dop853.f NFCN: 2 to start, 11 per step tried, 1 more per step accepted, 3 more with dense output', () => {
    // An eccentric orbit, whose perigee passes make the controller reject steps.
    const y0 = stateKm(7000 / 0.3, 0.7, 63.4, 120, 270, 0);
    const opts = { rtol: 1e-10, atol: 1e-10 };
    const plain = integrateDop853(kepler, 0, y0, 100000, opts);
    expect(plain.rejected).toBeGreaterThan(0);
    expect(plain.evaluations).toBe(2 + 11 * (plain.steps + plain.rejected) + plain.steps);
    const dense = integrateDop853Dense(kepler, 0, y0, 100000, opts);
    expect(dense.steps).toBe(plain.steps);
    expect(dense.rejected).toBe(plain.rejected);
    expect(dense.evaluations).toBe(plain.evaluations + 3 * plain.steps);
    expect([...dense.y]).toEqual([...plain.y]);
  });
});

describe('DOP853 on Kepler orbits against the universal-variable solution (5 revolutions)', () => {
  // name, a (km), e, i, Ω, ω, ν (deg), tolerance, bound on the position error (km). Measured
  // maximum errors over the 5 revolutions: circular 5.4e-8 km at 1e-12; e = 0.7 1.8e-5 km at 1e-12
  // (SciPy's solve_ivp DOP853 gives 1.9e-5 km on this orbit at the same tolerances: the error is
  // the method's, an energy error of 2e-11 turned into along-track drift at apogee), 1.9e-7 km at 1e-14.
  const cases = [
    ['circular LEO', 6978.137, 0, 51.6, 30, 0, 10, 1e-12, 1e-7],
    ['e = 0.7, perigee radius 7000 km', 7000 / 0.3, 0.7, 63.4, 120, 270, 0, 1e-12, 3e-5],
    ['e = 0.7, perigee radius 7000 km', 7000 / 0.3, 0.7, 63.4, 120, 270, 0, 1e-14, 1e-6],
  ] as const;

  for (const [name, aKm, e, i, raan, argp, nu, tol, boundKm] of cases) {
    it(`agrees to ${boundKm} km at rtol = atol = ${tol} (${name})`, () => {
      const y0 = stateKm(aKm, e, i, raan, argp, nu);
      const period = 2 * Math.PI * Math.sqrt(aKm ** 3 / MU_KM3_S2);
      const dense = integrateDop853Dense(kepler, 0, y0, 5 * period, { rtol: tol, atol: tol });
      // At the end, and along the way through the dense output (301 instants, perigee passes included).
      const times = Array.from({ length: 301 }, (_, k) => (k / 300) * 5 * period);
      const ref = universalKm(y0, times);
      expect(positionDiff(dense.y, ref[300]!)).toBeLessThan(boundKm);
      const worst = Math.max(...times.map((t, k) => positionDiff(dense.at(t), ref[k]!)));
      expect(worst).toBeLessThan(boundKm);
    });
  }

  it('has a global error proportional to the tolerance (Hairer et al. §II.4, "tolerance proportionality")', () => {
    const y0 = stateKm(7000 / 0.3, 0.7, 63.4, 120, 270, 0);
    const period = 2 * Math.PI * Math.sqrt((7000 / 0.3) ** 3 / MU_KM3_S2);
    const ref = universalKm(y0, [5 * period])[0]!;
    const err = (tol: number) => positionDiff(integrateDop853(kepler, 0, y0, 5 * period, { rtol: tol, atol: tol }).y, ref);
    // Measured: 2.0e-3, 1.8e-4, 1.8e-5 km at 1e-10, 1e-11, 1e-12: a factor 10 per decade.
    const ratio1 = err(1e-10) / err(1e-11);
    const ratio2 = err(1e-11) / err(1e-12);
    for (const r of [ratio1, ratio2]) {
      expect(r).toBeGreaterThan(5);
      expect(r).toBeLessThan(20);
    }
  });
});

describe('DOP853 dense output', () => {
  it('matches the closed form and fresh integrations stopped at the same instants', () => {
    const omega = 1.3;
    const f = oscillator(omega);
    const y0 = Float64Array.of(1, 0);
    const t1 = 17;
    const tol = 1e-12;
    const dense = integrateDop853Dense(f, 0, y0, t1, { rtol: tol, atol: tol });
    let worstFresh = 0;
    let worstExact = 0;
    for (const t of [0.01, 0.37, 1.5, 2.718, 5, 8.2, 11.11, 13, 16.99]) {
      const d = dense.at(t);
      const fresh = integrateDop853(f, 0, y0, t, { rtol: tol, atol: tol }).y;
      worstFresh = Math.max(worstFresh, Math.abs(d[0]! - fresh[0]!), Math.abs(d[1]! - fresh[1]!) / omega);
      worstExact = Math.max(worstExact, Math.abs(d[0]! - Math.cos(omega * t)), Math.abs(d[1]! + omega * Math.sin(omega * t)) / omega);
    }
    // Amplitude 1, so these are relative. Measured: 2.5e-12 against fresh runs, 3.4e-12 against cos.
    expect(worstFresh).toBeLessThan(1e-9);
    expect(worstExact).toBeLessThan(1e-9);
  });

  it('is exact at the ends, writes into a given array, and refuses times outside [t0, t1]', () => {
    const dense = integrateDop853Dense(exponential, 0, Float64Array.of(1), 2, { rtol: 1e-12, atol: 1e-12 });
    expect(dense.at(0)[0]).toBe(1);
    expect(dense.at(2)[0]).toBeCloseTo(dense.y[0]!, 14);
    const out = new Float64Array(1);
    expect(dense.at(1, out)).toBe(out);
    expect(Math.abs(out[0]! / Math.E - 1)).toBeLessThan(1e-11);
    expect(() => dense.at(-0.1)).toThrow(RangeError);
    expect(() => dense.at(2.1)).toThrow(RangeError);
    expect(() => dense.at(Number.NaN)).toThrow(RangeError);
    expect(() => dense.at(1, new Float64Array(2))).toThrow(RangeError);
  });

  it('works backwards in time', () => {
    const dense = integrateDop853Dense(exponential, 3, Float64Array.of(Math.exp(3)), -1, { rtol: 1e-12, atol: 1e-12 });
    for (const t of [2.9, 1, 0, -0.5, -1]) {
      expect(Math.abs(dense.at(t)[0]! / Math.exp(t) - 1), `t = ${t}`).toBeLessThan(1e-11);
    }
  });
});

describe('DOP853 backwards', () => {
  it('returns to the initial state after integrating an orbit forwards and back', () => {
    const y0 = stateKm(7000, 0.01, 98, 10, 20, 30);
    const tol = { rtol: 1e-12, atol: 1e-12 };
    const ahead = integrateDop853(kepler, 0, y0, 20000, tol);
    const back = integrateDop853(kepler, 20000, ahead.y, 0, tol);
    // Measured 1.6e-8 km.
    expect(positionDiff(back.y, y0)).toBeLessThan(1e-7);
    // And backwards alone agrees with the universal-variable solution at t = −20000 s (measured 3.9e-8 km).
    const behind = integrateDop853(kepler, 0, y0, -20000, tol);
    expect(positionDiff(behind.y, universalKm(y0, [-20000])[0]!)).toBeLessThan(1e-7);
  });

  it('returns y0 (a copy) when t1 = t0', () => {
    const y0 = Float64Array.of(1, 2);
    const res = integrateDop853(oscillator(1), 5, y0, 5);
    expect([...res.y]).toEqual([1, 2]);
    expect(res.y).not.toBe(y0);
    expect(res.evaluations).toBe(0);
    expect([...integrateDop853Dense(oscillator(1), 5, y0, 5).at(5)]).toEqual([1, 2]);
  });
});

describe('DOP853 refusals', () => {
  it('throws RangeError for non-finite input and bad options', () => {
    const f = oscillator(1);
    const y0 = Float64Array.of(1, 0);
    expect(() => integrateDop853(f, 0, Float64Array.of(1, Number.NaN), 1)).toThrow(RangeError);
    expect(() => integrateDop853(f, 0, Float64Array.of(Infinity, 0), 1)).toThrow(RangeError);
    expect(() => integrateDop853(f, Number.NaN, y0, 1)).toThrow(RangeError);
    expect(() => integrateDop853(f, 0, y0, Infinity)).toThrow(RangeError);
    expect(() => integrateDop853(f, 0, new Float64Array(0), 1)).toThrow(RangeError);
    expect(() => integrateDop853(f, 0, y0, 1, { atol: 0 })).toThrow(RangeError);
    expect(() => integrateDop853(f, 0, y0, 1, { rtol: -1 })).toThrow(RangeError);
    expect(() => integrateDop853(f, 0, y0, 1, { maxSteps: 0 })).toThrow(RangeError);
    expect(() => integrateDop853(f, 0, y0, 1, { initialStep: 0 })).toThrow(RangeError);
    expect(() => integrateDop853(f, 0, y0, 1, { maxStep: -1 })).toThrow(RangeError);
    expect(() => integrateDop853Dense(f, 0, y0, Number.NaN)).toThrow(RangeError);
  });

  it('throws RangeError when maxSteps is exceeded', () => {
    expect(() => integrateDop853(oscillator(1), 0, Float64Array.of(1, 0), 1000, { maxSteps: 10, rtol: 1e-12, atol: 1e-12 })).toThrow(/maxSteps/);
  });

  it('throws RangeError when the step underflows at a singularity (y′ = y², y(0) = 1 blows up at t = 1)', () => {
    const blowUp: Derivative = (_t, y, dydt) => {
      dydt[0] = y[0]! * y[0]!;
    };
    expect(() => integrateDop853(blowUp, 0, Float64Array.of(1), 2)).toThrow(RangeError);
    expect(() => integrateDop853(blowUp, 0, Float64Array.of(1), 2)).toThrow(/too small|maxSteps/);
  });

  it('throws RangeError when f(t0, y0) is not finite', () => {
    const bad: Derivative = (_t, _y, dydt) => {
      dydt[0] = Number.NaN;
    };
    expect(() => integrateDop853(bad, 0, Float64Array.of(1), 1)).toThrow(RangeError);
  });
});
