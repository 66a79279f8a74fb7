/**
 * Every case of tests/reference/atmosphere/jb2008_cases.json (40 points computed by the SET
 * Fortran JB2008.for, built with gfortran; see that folder's README): TEMP(1), TEMP(2) and RHO
 * within 1e-12 relative (the README's tolerance when the float32 literals are copied, as
 * semiannual.ts does), zeros absolutely. The stock-scenario points must also round to the values
 * printed in the published JB2008_AUTO_OUTPUT files (F8.1, F8.1, D15.5).
 *
 * The same file checks the driver routines we ship for callers with a UTC time and a place:
 * SUNPOS reproduces each case's SUN (to an ulp), the driver's THETA + longitude its SAT(1), and TMOUTD the
 * context's day of year. D1950 is formed from the context's calendar fields exactly as the
 * stock driver does (days since 1950 January 0.0 from integer year, day, hour, minute).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JB2008_CASES_JSON as FILE } from '../../../../tests/reference/index.ts';
import { yearDayFromD1950 } from './day-of-year.ts';
import { greenwichRightAscension } from './greenwich-angle.ts';
import { jb2008 } from './index.ts';
import { sunPosition } from './sun-position.ts';
import type { Jb2008Input } from './types.ts';

interface Case {
  id: string;
  group: 'stock_scenario' | 'synthetic';
  input: {
    AMJD: number;
    SUN: [number, number];
    SAT: [number, number, number];
    F10: number;
    F10B: number;
    S10: number;
    S10B: number;
    XM10: number;
    XM10B: number;
    Y10: number;
    Y10B: number;
    DSTDTC: number;
  };
  output: { TEMP: [number, number]; RHO: number };
  context: { year: number; doy: number; hour: number; minute: number; second: number; east_longitude_deg: number; geocentric_latitude_deg: number };
  published?: { TINF: number; TEMP: number; RHO: number };
}

const cases: Case[] = (JSON.parse(readFileSync(FILE, 'utf8')) as { cases: Case[] }).cases;

function toInput(c: Case): Jb2008Input {
  const i = c.input;
  return {
    amjd: i.AMJD,
    sun: i.SUN,
    sat: i.SAT,
    f10: i.F10,
    f10b: i.F10B,
    s10: i.S10,
    s10b: i.S10B,
    xm10: i.XM10,
    xm10b: i.XM10B,
    y10: i.Y10,
    y10b: i.Y10B,
    dstdtc: i.DSTDTC,
  };
}

/** Relative error, or absolute when the expected value is 0. */
const error = (got: number, want: number) => (want === 0 ? Math.abs(got) : Math.abs(got / want - 1));

/** The stock driver's D1950 (JB08DRVY2K.for): days since 1950 Jan 0.0 from calendar fields. */
function driverD1950(x: Case['context']): number {
  let iyr = x.year - 1900;
  if (iyr < 50) iyr += 100;
  const iyy = (iyr - 50) * 365 + (Math.trunc((iyr - 1) / 4) - 12);
  return iyy + x.doy + x.hour / 24 + x.minute / 1440 + x.second / 86400;
}

/** The driver's degree conversion and right-ascension fold, with its PI = 3.1415927D0. */
const DRIVER_PI = 3.1415927;
const DG2RD = DRIVER_PI / 180;

describe('JB2008 on tests/reference/atmosphere/jb2008_cases.json', () => {
  it('has the 40 cases the README lists (10 stock, 30 synthetic) with every branch height', () => {
    expect(cases).toHaveLength(40);
    expect(cases.filter((c) => c.group === 'stock_scenario')).toHaveLength(10);
    const heights = cases.map((c) => c.input.SAT[2]);
    for (const h of [90, 105, 240, 500, 1000, 1500]) expect(heights).toContain(h);
  });

  for (const group of ['stock_scenario', 'synthetic'] as const) {
    it(`${group}: TEMP(1), TEMP(2), RHO within 1e-12`, () => {
      let worst = { id: '-', what: '-', error: 0 };
      for (const c of cases.filter((k) => k.group === group)) {
        const r = jb2008(toInput(c));
        const errors = {
          'TEMP(1)': error(r.temp[0], c.output.TEMP[0]),
          'TEMP(2)': error(r.temp[1], c.output.TEMP[1]),
          RHO: error(r.rho, c.output.RHO),
        };
        for (const [what, e] of Object.entries(errors)) {
          expect(e, `${c.id} ${what}`).toBeLessThan(1e-12);
          if (e > worst.error) worst = { id: c.id, what, error: e };
        }
      }
      console.log(`[jb2008-cases.test] ${group}: worst relative error ${worst.error.toExponential(2)} (${worst.id} ${worst.what})`);
    });
  }

  it('stock scenario: rounds to the published JB2008_AUTO_OUTPUT values', () => {
    for (const c of cases.filter((k) => k.published)) {
      const p = c.published!;
      const r = jb2008(toInput(c));
      expect(r.temp[0].toFixed(1), c.id).toBe(p.TINF.toFixed(1));
      expect(r.temp[1].toFixed(1), c.id).toBe(p.TEMP.toFixed(1));
      expect(Number(r.rho.toExponential(4)), c.id).toBe(p.RHO);
    }
  });

  it('SUNPOS reproduces every SUN input to the last bit or two (libm sin/asin may differ by an ulp)', () => {
    for (const c of cases) {
      const s = sunPosition(c.input.AMJD);
      expect(error(s.rightAscensionRad, c.input.SUN[0]), c.id).toBeLessThan(1e-15);
      expect(error(s.declinationRad, c.input.SUN[1]), c.id).toBeLessThan(1e-15);
    }
  });

  it('the driver’s D1950, THETA + longitude and latitude reproduce AMJD and SAT exactly', () => {
    for (const c of cases) {
      const d1950 = driverD1950(c.context);
      expect(d1950 + 33281, c.id).toBe(c.input.AMJD);
      const ra = (greenwichRightAscension(d1950) + c.context.east_longitude_deg * DG2RD + 2 * DRIVER_PI) % (2 * DRIVER_PI);
      expect(ra, c.id).toBe(c.input.SAT[0]);
      expect(c.context.geocentric_latitude_deg * DG2RD, c.id).toBe(c.input.SAT[1]);
    }
  });

  it('TMOUTD gives the context’s day of year', () => {
    for (const c of cases) {
      const { dayOfYear } = yearDayFromD1950(c.input.AMJD - 33281);
      expect(Math.floor(dayOfYear), c.id).toBe(c.context.doy);
      const hours = (dayOfYear - c.context.doy) * 24;
      expect(hours, c.id).toBeCloseTo(c.context.hour + c.context.minute / 60 + c.context.second / 3600, 6);
    }
  });
});
