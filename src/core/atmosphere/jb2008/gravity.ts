/**
 * `XGRAV`: gravitational acceleration at altitude, Eq. (8) of Jacchia 1970 as the SET
 * `JB2008.for` writes it: g0 / (1 + z/R)² with g0 = 9.80665 m/s² and R = 6356.766 km.
 */
export function gravity(altitudeKm: number): number {
  const x = 1 + altitudeKm / 6356.766;
  return 9.80665 / (x * x);
}
