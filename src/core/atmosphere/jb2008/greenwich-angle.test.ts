/**
 * THETA (the JB2008 driver's Greenwich right ascension) against Vallado's GMST: Example 3-5 of
 * "Fundamentals of Astrodynamics and Applications" (4th ed.), 1992 August 20 12:14 UT1,
 * θ_GMST = 152.578787886°, and our IAU-82 `gmst` (time/gmst.ts, itself checked against Vallado)
 * across 1950–2050. Its bit-level agreement with the Fortran driver is in jb2008-cases.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { gmst } from '../../time/gmst.ts';
import { utcMs } from '../../units.ts';
import { greenwichRightAscension } from './greenwich-angle.ts';
import { daysSince1950 } from './mjd.ts';

const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));

describe('greenwichRightAscension (THETA)', () => {
  it('reproduces Vallado Example 3-5 within 1e-6°', () => {
    const theta = greenwichRightAscension(daysSince1950(utcMs(Date.UTC(1992, 7, 20, 12, 14))));
    expect(Math.abs((theta * 180) / Math.PI - 152.578787886)).toBeLessThan(1e-6);
  });

  it('stays within 4e-6 rad of IAU-82 GMST from 1950 to 2050, on both of its branches', () => {
    for (let year = 1950; year <= 2050; year++) {
      for (const [month, hour] of [[0, 5.3], [6, 17.9]] as const) {
        const t = utcMs(Date.UTC(year, month, 9) + hour * 3_600_000);
        const theta = greenwichRightAscension(daysSince1950(t));
        expect(theta).toBeGreaterThanOrEqual(0);
        expect(theta).toBeLessThan(2 * Math.PI);
        expect(Math.abs(wrap(theta - gmst(t))), `${year}-${month + 1}`).toBeLessThan(4e-6);
      }
    }
  });
});
