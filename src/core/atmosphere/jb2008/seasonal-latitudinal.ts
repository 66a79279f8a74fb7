/**
 * The seasonal-latitudinal variation of the lower thermosphere, Jacchia 1970 Eq. (24), as the SET
 * `JB2008.for` applies it: Δlog10ρ = 0.02·(z − 90)·exp(−0.045·(z − 90))·sign(φ)·sin(2πΦ + 1.72)·sin²φ,
 * with Φ the fraction of the tropical year (365.2422 days) since MJD 36204 (1958-01-01).
 */
import { TWOPI } from './constants.ts';

export function seasonalLatitudinalVariation(amjd: number, latRad: number, altitudeKm: number): number {
  const trash = (amjd - 36204) / 365.2422;
  // DMOD(TRASH, 1.D0): the remainder keeps the sign of TRASH, like JS %.
  const capphi = trash % 1;
  // DSIGN(1.D0, SAT(2)); at latitude 0 the sin² factor makes the sign irrelevant.
  const sign = latRad < 0 ? -1 : 1;
  const sinLat = Math.sin(latRad);
  return (
    0.02 * (altitudeKm - 90) * Math.exp(-0.045 * (altitudeKm - 90)) * sign * Math.sin(TWOPI * capphi + 1.72) * (sinLat * sinLat)
  );
}
