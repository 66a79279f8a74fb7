import { describe, expect, it } from 'vitest';
import { radians, temePosition, temeVelocity, utcMs, type UtcMs } from '../units.ts';
import { eme2000Position, eme2000Velocity } from './eme2000.ts';
import { NUTATION_1980_TERM_COUNT, nutationIau1980 } from './nutation-iau1980.ts';
import { apply, multiply, transpose } from './rotation-matrix.ts';
import { eme2000ToTeme, eme2000ToTemeState, temeEme2000Rotations, temeToEme2000, temeToEme2000Matrix, temeToEme2000State } from './teme-eme2000.ts';
import { taiMinusUtcSeconds, terrestrialTimeCenturies } from './terrestrial-time.ts';

// The worked example of Vallado, Crawford, Hujsak & Kelso 2006 (AIAA 2006-6753 Rev 2, Appendix C)
// and of Vallado, "Fundamentals of Astrodynamics and Applications", 4th ed., Example 3-15 and
// Table 3-6: one state at 2004-04-06 07:51:28.386009 UTC, ΔAT = 32 s (so JD_TT = 2453101.828154745),
// δΔψ = −0.052195″, δΔε = −0.003875″ (IERS EOP for that day).
const T = utcMs(Date.UTC(2004, 3, 6, 7, 51, 28) + 386.009);
const ARCSEC = Math.PI / 648_000;
const EXAMPLE = { taiMinusUtcSeconds: 32 };
const CORRECTIONS = { dPsi: radians(-0.052195 * ARCSEC), dEps: radians(-0.003875 * ARCSEC) };
const R_TEME = temePosition(5094.1801621, 6127.6446595, 6380.3445327);
const V_TEME = temeVelocity(-4.746131487, 0.785818041, 5.531931288);

// Table 3-6 without the EOP corrections (the FK5 J2000 = EME2000 chain), 1e-8 km and 1e-10 km/s printed.
const TOD = { r: [5094.5147804, 6127.3664612, 6380.3445327], v: [-4.746088567, 0.786077222, 5.531931288] } as const;
const MOD = { r: [5094.0290167, 6127.8709363, 6380.2478885], v: [-4.746262495, 0.786014149, 5.531791025] } as const;
// J2000, printed to 0.1 m (x, z), 1 cm (y), 0.1 mm/s (vx, vy) and 0.01 mm/s (vz): half a unit of the last digit is the tolerance.
const J2000 = { r: [5102.5096, 6123.01152, 6378.1363], v: [-4.7432196, 0.7905366, 5.53375619] } as const;
const J2000_HALF_UNIT = { r: [5e-5, 5e-6, 5e-5], v: [5e-8, 5e-8, 5e-9] } as const;
// Table 3-6 with δΔψ, δΔε (Vallado's "GCRF", the values AIAA 2006-6753 Appendix C lists).
const TOD_CORRECTED = { r: [5094.516203, 6127.3652784, 6380.3445327], v: [-4.746088385, 0.786078324, 5.531931288] } as const;
const MOD_CORRECTED = { r: [5094.0283745, 6127.8708164, 6380.2485164], v: [-4.746263052, 0.786014045, 5.531790562] } as const;
const GCRF = { r: [5102.5089579, 6123.0114007, 6378.1369282], v: [-4.743220157, 0.790536497, 5.533755727] } as const;

const close = (actual: readonly number[], expected: readonly number[], tolerance: number | readonly number[], what: string) =>
  actual.forEach((value, k) => {
    const limit = typeof tolerance === 'number' ? tolerance : tolerance[k]!;
    expect(Math.abs(value - expected[k]!), `${what}[${k}]: ${value} vs ${expected[k]}`).toBeLessThanOrEqual(limit);
  });
const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('TT from UTC', () => {
  it('counts the leap seconds of IERS Bulletin C', () => {
    expect(taiMinusUtcSeconds(T)).toBe(32);
    expect(taiMinusUtcSeconds(utcMs(Date.UTC(1972, 0, 1)))).toBe(10);
    expect(taiMinusUtcSeconds(utcMs(Date.UTC(1972, 6, 1) - 1))).toBe(10);
    expect(taiMinusUtcSeconds(utcMs(Date.UTC(1999, 0, 1)))).toBe(32);
    expect(taiMinusUtcSeconds(utcMs(Date.UTC(2016, 11, 31, 23, 59, 59)))).toBe(36);
    expect(taiMinusUtcSeconds(utcMs(Date.UTC(2017, 0, 1)))).toBe(37);
    expect(taiMinusUtcSeconds(utcMs(Date.UTC(2026, 4, 1)))).toBe(37);
    expect(taiMinusUtcSeconds(utcMs(Date.UTC(1965, 0, 1)))).toBe(10);
  });

  it("gives Vallado's TT for Example 3-15: JD_TT 2453101.828154745", () => {
    const expected = (2453101.828154745 - 2451545) / 36525;
    // A JD double near 2.45e6 resolves 4.7e-10 day; in centuries that is 1.3e-14.
    expect(Math.abs(terrestrialTimeCenturies(T) - expected)).toBeLessThan(2e-14);
    expect(terrestrialTimeCenturies(T, 32)).toBe(terrestrialTimeCenturies(T));
  });
});

describe('IAU 1980 nutation', () => {
  it('has the 106 terms of the theory', () => {
    expect(NUTATION_1980_TERM_COUNT).toBe(106);
  });

  it("matches ERFA's eraNut80 from 1980 to 2050 to 1e-14 rad, so every term is transcribed right", () => {
    // eraNut80(day, 0.25) in radians, as tabulated in ktsu-dev/Osculator's GcrfFrameTests. The
    // smallest term is 1e-4″ = 4.8e-10 rad: a slip in any term shows at these dates unless its
    // argument happens to sit at a zero at all five.
    const cases: readonly [number, number, number][] = [
      [2444239.5, -3.789501118318688e-5, -4.262465467771138e-5],
      [2451545.0, -6.748832172101004e-5, -2.8017362348243993e-5],
      [2453101.5, -5.949329432884831e-5, 3.547798544658484e-5],
      [2461320.5, 4.1632929474479626e-5, 4.0176917375353636e-5],
      [2469807.5, 7.35027788557133e-5, -2.5890686978049402e-5],
    ];
    for (const [day, dPsi, dEps] of cases) {
      const n = nutationIau1980((day + 0.25 - 2451545) / 36525);
      expect(Math.abs(n.dPsi - dPsi), `Δψ at JD ${day}`).toBeLessThan(1e-14);
      expect(Math.abs(n.dEps - dEps), `Δε at JD ${day}`).toBeLessThan(1e-14);
    }
  });
});

describe('TEME → EME2000 (IAU-76/FK5, Vallado et al. 2006 teme2eci)', () => {
  it('reproduces Table 3-6 step by step (TOD, MOD, J2000) with the 1994 equation of the equinoxes the example used', () => {
    const m = temeEme2000Rotations(T, { ...EXAMPLE, equinoxKinematicTerms: true });
    const tod = { r: apply(m.temeToTod, R_TEME), v: apply(m.temeToTod, V_TEME) };
    close(tod.r, TOD.r, 1e-7, 'TOD r');
    close(tod.v, TOD.v, 1e-9, 'TOD v');
    // Each step from the book's own input vector, so a wrong step is named.
    close(apply(m.todToMod, TOD.r), MOD.r, 1e-7, 'MOD r');
    close(apply(m.todToMod, TOD.v), MOD.v, 1e-9, 'MOD v');
    close(apply(m.modToJ2000, MOD.r), J2000.r, J2000_HALF_UNIT.r, 'J2000 r from MOD');
    const j2000 = temeToEme2000State({ r: R_TEME, v: V_TEME }, T, { ...EXAMPLE, equinoxKinematicTerms: true });
    close(j2000.r, J2000.r, J2000_HALF_UNIT.r, 'J2000 r');
    close(j2000.v, J2000.v, J2000_HALF_UNIT.v, 'J2000 v');
  });

  it("reproduces Table 3-6's corrected chain (δΔψ, δΔε: TOD, MOD, GCRF) to 1e-7 km and 1e-9 km/s", () => {
    const options = { ...EXAMPLE, equinoxKinematicTerms: true, nutationCorrections: CORRECTIONS };
    const m = temeEme2000Rotations(T, options);
    close(apply(m.temeToTod, R_TEME), TOD_CORRECTED.r, 1e-7, 'TOD r');
    close(apply(m.temeToTod, V_TEME), TOD_CORRECTED.v, 1e-9, 'TOD v');
    close(apply(m.todToMod, TOD_CORRECTED.r), MOD_CORRECTED.r, 1e-7, 'MOD r');
    close(apply(m.todToMod, TOD_CORRECTED.v), MOD_CORRECTED.v, 1e-9, 'MOD v');
    const gcrf = temeToEme2000State({ r: R_TEME, v: V_TEME }, T, options);
    close(gcrf.r, GCRF.r, 1e-7, 'GCRF r');
    close(gcrf.v, GCRF.v, 1e-9, 'GCRF v');
  });

  it('by default (teme2eci: Δψ cos ε̄ only) is off the published J2000 by exactly the kinematic terms, 7.1 cm here', () => {
    const geometric = temeToEme2000State({ r: R_TEME, v: V_TEME }, T, EXAMPLE);
    const kinematic = temeToEme2000State({ r: R_TEME, v: V_TEME }, T, { ...EXAMPLE, equinoxKinematicTerms: true });
    // 0.00264″ sin Ω + 0.000063″ sin 2Ω about the true pole, times the distance from it.
    const omega = nutationIau1980(terrestrialTimeCenturies(T, 32)).moonNode;
    const angle = (0.00264 * Math.sin(omega) + 0.000063 * Math.sin(2 * omega)) * ARCSEC;
    expect(angle / ARCSEC).toBeCloseTo(0.00185, 5);
    expect(Math.abs(distance(geometric.r, kinematic.r) - angle * Math.hypot(R_TEME[0], R_TEME[1]))).toBeLessThan(1e-11);
    expect(distance(geometric.r, J2000.r)).toBeGreaterThan(6e-5);
    expect(distance(geometric.r, J2000.r)).toBeLessThan(1e-4);
    close(geometric.r, J2000.r, 6e-5, 'J2000 r (geometric)');
    close(geometric.v, J2000.v, 1e-7, 'J2000 v (geometric)');
    expect(temeEme2000Rotations(T, EXAMPLE).equationOfEquinoxes).toBeCloseTo(
      temeEme2000Rotations(T, { ...EXAMPLE, equinoxKinematicTerms: true }).equationOfEquinoxes - angle,
      18,
    );
  });

  it('uses the leap-second table by default and the same matrix for positions and states', () => {
    expect(temeToEme2000Matrix(T)).toEqual(temeToEme2000Matrix(T, EXAMPLE));
    expect(temeToEme2000(R_TEME, T)).toEqual(temeToEme2000State({ r: R_TEME, v: V_TEME }, T).r);
  });

  it('round-trips EME2000 → TEME → EME2000 to 1e-9 km and 1e-12 km/s from 1980 to 2050, LEO to GEO', () => {
    const states = [
      { r: eme2000Position(5102.5096, 6123.01152, 6378.1363), v: eme2000Velocity(-4.7432196, 0.7905366, 5.53375619) },
      { r: eme2000Position(-42164.17, 12.5, -3.2), v: eme2000Velocity(-0.0009, -3.0746, 0.0011) },
      { r: eme2000Position(-2021.7, -6514.3, 1.7e-3), v: eme2000Velocity(7.1, -2.2, 1.3) },
    ];
    for (const year of [1980, 2004, 2026, 2050]) {
      const t = utcMs(Date.UTC(year, 6, 14, 3, 2, 1) + 0.123);
      for (const state of states) {
        const there = eme2000ToTemeState(state, t);
        const back = temeToEme2000State(there, t);
        expect(distance(back.r, state.r), `${year}`).toBeLessThan(1e-9);
        expect(distance(back.v, state.v), `${year}`).toBeLessThan(1e-12);
        expect(distance(temeToEme2000(eme2000ToTeme(state.r, t), t), state.r)).toBeLessThan(1e-9);
        // A rotation: lengths are kept.
        expect(Math.abs(Math.hypot(...there.r) - Math.hypot(...state.r))).toBeLessThan(1e-9);
      }
    }
  });

  it('is a proper rotation, and TEME is tens of kilometres from EME2000 in LEO by 2026 (precession since 2000)', () => {
    const t = utcMs(Date.UTC(2026, 0, 1));
    const m = temeToEme2000Matrix(t);
    const identity = multiply(m, transpose(m));
    identity.forEach((row, i) => row.forEach((x, j) => expect(Math.abs(x - (i === j ? 1 : 0))).toBeLessThan(1e-15)));
    const r = temePosition(7000, 0, 0);
    // 26 years × 50.3″/year ≈ 1308″ ≈ 6.3e-3 rad of precession in longitude (×cos ε̄ ≈ 0.92 on the
    // equator, plus nutation): ~40 km at 7,000 km.
    const shift = distance(temeToEme2000(r, t), r);
    expect(shift).toBeGreaterThan(35);
    expect(shift).toBeLessThan(50);
  });

  it('neglects a rotation rate of at most 1.1e-11 rad/s (≤ 0.08 mm/s at 7,000 km), as documented', () => {
    // The angle between the matrices 60 s apart, sampled every 5.3 days over 19 years (a full
    // nodal cycle of the Moon, so every nutation phase is visited).
    const angleBetween = (a: UtcMs, b: UtcMs) => {
      // A small rotation D ≈ I + [θ×]: its angle is the length of the antisymmetric part (acos of the trace loses it).
      const d = multiply(temeToEme2000Matrix(b), transpose(temeToEme2000Matrix(a)));
      return Math.hypot(d[2][1] - d[1][2], d[0][2] - d[2][0], d[1][0] - d[0][1]) / 2;
    };
    let worst = 0;
    for (let k = 0; k < 1300; k += 1) {
      const t = utcMs(Date.UTC(2020, 0, 1) + k * 5.3 * 86_400_000);
      worst = Math.max(worst, angleBetween(t, utcMs(t + 60_000)) / 60);
    }
    expect(worst).toBeGreaterThan(7e-12); // precession alone
    expect(worst).toBeLessThan(1.15e-11);
    expect(worst * 7000).toBeLessThan(8e-8);
  });
});
