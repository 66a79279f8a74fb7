/**
 * `TMOUTD` (SET `JB2008.for`): year and day of year from days since 1950 January 0.0
 * (D1950 = MJD − 33281). The day of year counts from 1.0 at January 1 00:00 and carries the
 * fraction of the day. The 4-year cycle ignores the 2100 rule; valid 1950–2099 as in the Fortran.
 */
export interface YearDay {
  /** Two-digit year as the Fortran returns it (IYR, 0–99). */
  readonly twoDigitYear: number;
  /** Day of year with its fraction, 1 ≤ day < 367. */
  readonly dayOfYear: number;
}

export function yearDayFromD1950(d1950: number): YearDay {
  // IYDAY = D1950 truncates toward zero (an INTEGER assignment); integer divisions truncate too.
  let iyday = Math.trunc(d1950);
  const frac = d1950 - iyday;
  iyday += 364;
  let itemp = Math.trunc(iyday / 1461);
  iyday -= itemp * 1461;
  let iyr = 1949 + 4 * itemp;
  itemp = Math.min(Math.trunc(iyday / 365), 3);
  iyr += itemp;
  iyday = iyday - 365 * itemp + 1;
  iyr -= 1900;
  if (iyr >= 100) iyr -= 100;
  return { twoDigitYear: iyr, dayOfYear: iyday + frac };
}
