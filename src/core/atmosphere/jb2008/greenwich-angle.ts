/**
 * `THETA` of the JB2008 stock driver (SET `JB08DRVY2K.for`; provenance in index.ts): the right
 * ascension of Greenwich (Greenwich sidereal angle), radians in [0, 2π), from days since 1950
 * January 0.0 UT. The driver adds the east longitude to it to get SAT(1), the right ascension of
 * the point. A linear sidereal-rate model from 1950 up to 1970 January 0.0 and, after that, from
 * 1970 with a small quadratic term; within ~1e-5 rad of IAU-82 GMST over 1970–2050 (see the test).
 */

/** The driver's TWOPI here is full precision: 6.28318530717958648D0 rounds to the double 2π. */
const TWOPI = 2 * Math.PI;
/** Days from 1950 January 0.0 to 1970 January 0.0. */
const D1950_AT_1970 = 7305;

export function greenwichRightAscension(d1950: number): number {
  // NDAY = T1950 and IDS70 = TS70 truncate toward zero (INTEGER assignments).
  const nday = Math.trunc(d1950);
  let theta: number;
  if (nday <= D1950_AT_1970) {
    const tfrac = d1950 - nday;
    theta = (1.7294446614 + 1.72027915246e-2 * nday + 6.3003880926 * tfrac) % TWOPI;
  } else {
    const ts70 = d1950 - D1950_AT_1970;
    const ids70 = Math.trunc(ts70);
    const tfrac = ts70 - ids70;
    theta = (1.73213438565 + 1.720279169407e-2 * ids70 + (1.720279169407e-2 + TWOPI) * tfrac + 5.0755141943e-15 * (ts70 * ts70)) % TWOPI;
  }
  return theta < 0 ? theta + TWOPI : theta;
}
