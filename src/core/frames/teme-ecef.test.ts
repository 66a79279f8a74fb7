import { eciToEcf, gstime } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { gmst } from '../time/gmst.ts';
import { fromJulianDate, julianDateFromCalendar } from '../time/julian.ts';
import { radians, temePosition, temeVelocity, utcMs } from '../units.ts';
import { ecefToTemeState, temeToEcef, temeToEcefState } from './teme-ecef.ts';

// Vallado, Fundamentals of Astrodynamics and Applications, 4th ed., Example 3-15 and Table 3-6
// (IAU-76/FK5 reduction on 2004-04-06 07:51:28.386009 UTC). Earth orientation from the example:
// ΔUT1 = −0.4399619 s, xp = −0.140682″, yp = 0.333309″, LOD = 0.0015563 s.
const T = utcMs(Date.UTC(2004, 3, 6, 7, 51, 28) + 386.009);
const ARCSEC = Math.PI / (180 * 3600);
const EOP = { ut1MinusUtcSeconds: -0.4399619, xp: radians(-0.140682 * ARCSEC), yp: radians(0.333309 * ARCSEC), lodSeconds: 0.0015563 };
const R_TEME = temePosition(5094.1801621, 6127.6446595, 6380.3445327);
const V_TEME = temeVelocity(-4.746131487, 0.785818041, 5.531931288);
const R_PEF = [-1033.4750313, 7901.3055856, 6380.3445327];
const V_PEF = [-3.225632747, -2.872442511, 5.531931288];
const R_ITRF = [-1033.479383, 7901.2952754, 6380.3565958];
const V_ITRF = [-3.22563652, -2.87245145, 5.531924446];

// The book forms JD_UT1 as one double (40 µs resolution, here 1.07e-9 rad of rotation, 8.5 mm at
// this radius); `gmst` works from milliseconds since J2000 instead. So the vectors are compared at
// 1e-5 km and 5e-9 km/s from the UTC instant, and at 2e-7 km and 1e-9 km/s when we start from the
// book's JD_UT1 double.
const JD_UT1 = julianDateFromCalendar(2004, 4, 6, 7, 51, 28.386009) - 0.4399619 / 86400;
const T_FROM_BOOK_JD = fromJulianDate(JD_UT1);
const EOP_AFTER_UT1 = { ...EOP, ut1MinusUtcSeconds: 0 };

const close = (actual: readonly number[], expected: readonly number[], tolerance: number) =>
  actual.forEach((value, k) => expect(Math.abs(value - expected[k]!), `component ${k}: ${value} vs ${expected[k]}`).toBeLessThan(tolerance));

describe('TEME → ECEF (Vallado teme2ecef)', () => {
  it('reproduces Example 3-15 PEF vectors without polar motion', () => {
    const pefOnly = { lodSeconds: EOP.lodSeconds };
    const exact = temeToEcefState({ r: R_TEME, v: V_TEME }, T_FROM_BOOK_JD, pefOnly);
    close(exact.r, R_PEF, 2e-7);
    close(exact.v, V_PEF, 1e-9);
    const { r, v } = temeToEcefState({ r: R_TEME, v: V_TEME }, T, { ...pefOnly, ut1MinusUtcSeconds: EOP.ut1MinusUtcSeconds });
    close(r, R_PEF, 1e-5);
    close(v, V_PEF, 5e-9);
  });

  it('reproduces Example 3-15 ITRF vectors with polar motion', () => {
    const exact = temeToEcefState({ r: R_TEME, v: V_TEME }, T_FROM_BOOK_JD, EOP_AFTER_UT1);
    close(exact.r, R_ITRF, 2e-7);
    close(exact.v, V_ITRF, 1e-9);
    close(temeToEcef(R_TEME, T_FROM_BOOK_JD, EOP_AFTER_UT1), R_ITRF, 2e-7);
    const { r, v } = temeToEcefState({ r: R_TEME, v: V_TEME }, T, EOP);
    close(r, R_ITRF, 1e-5);
    close(v, V_ITRF, 5e-9);
  });

  it('is off by the documented amounts when no Earth orientation is given', () => {
    const r = temeToEcef(R_TEME, T);
    const miss = Math.hypot(r[0] - R_ITRF[0]!, r[1] - R_ITRF[1]!, r[2] - R_ITRF[2]!);
    // 0.44 s of rotation at a 7,968 km distance from the axis ≈ 0.256 km, plus ~15 m of polar motion.
    expect(miss).toBeGreaterThan(0.2);
    expect(miss).toBeLessThan(0.3);
  });

  it('inverts exactly', () => {
    const ecef = temeToEcefState({ r: R_TEME, v: V_TEME }, T, EOP);
    const back = ecefToTemeState(ecef, T, EOP);
    close(back.r, R_TEME, 1e-9);
    close(back.v, V_TEME, 1e-12);
  });

  it('agrees with satellite.js eciToEcf (same model) to its Julian-date resolution', () => {
    const r = eciToEcf({ x: R_TEME[0], y: R_TEME[1], z: R_TEME[2] }, gstime(new Date(Math.floor(T))));
    const ours = temeToEcef(R_TEME, utcMs(Math.floor(T)));
    close(ours, [r.x, r.y, r.z], 1e-5);
    expect(gmst(utcMs(Math.floor(T)))).toBeCloseTo(gstime(new Date(Math.floor(T))), 8);
  });
});
