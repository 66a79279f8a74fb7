/**
 * The global and local exospheric temperatures of JB2008 (SET `JB2008.for`, Eq. 14–17;
 * Bowman et al. 2008, AIAA 2008-6438, §"Solar indices" for Eq. 14):
 *
 * - Tc, the nighttime minimum global exospheric temperature, from the solar indices: F10.7 and
 *   S10.7 blended through Fsb by the weight (F10B/240)^¼, plus the departures of F10, S10, M10
 *   and Y10 from their 81-day centred means (Eq. 14);
 * - Tl = Tc·(1 + 0.31·DF), Jacchia's diurnal variation with the Sun's declination and the hour
 *   angle of the point from the Sun (Eq. 15–17);
 * - the local solar time in hours that DTSUB takes.
 */
import { DEGRAD, PI } from './constants.ts';

/** The solar indices as the model takes them (sfu-scaled, already lagged: see types.ts). */
export interface SolarIndices {
  readonly f10: number;
  readonly f10b: number;
  readonly s10: number;
  readonly s10b: number;
  readonly xm10: number;
  readonly xm10b: number;
  readonly y10: number;
  readonly y10b: number;
}

/** `TSUBC`, Eq. (14): the global nighttime minimum exospheric temperature, K. */
export function globalExosphericTemperature(ix: SolarIndices): number {
  // FN = (F10B/240.)**(1./4.): 240. and 1./4. are single-precision literals but exact.
  const fn = Math.min((ix.f10b / 240) ** 0.25, 1);
  const fsb = ix.f10b * fn + ix.s10b * (1 - fn);
  return (
    392.4 +
    3.227 * fsb +
    0.298 * (ix.f10 - ix.f10b) +
    2.259 * (ix.s10 - ix.s10b) +
    0.312 * (ix.xm10 - ix.xm10b) +
    0.178 * (ix.y10 - ix.y10b)
  );
}

/**
 * `TSUBL`, Eq. (15)–(17): the uncorrected local exospheric temperature (K) at a point of right
 * ascension `raRad` and geocentric latitude `latRad`, for the Sun at (`sunRaRad`, `sunDecRad`).
 */
export function localExosphericTemperature(tsubc: number, sunRaRad: number, sunDecRad: number, raRad: number, latRad: number): number {
  // Eq. (15)
  const eta = 0.5 * Math.abs(latRad - sunDecRad);
  const theta = 0.5 * Math.abs(latRad + sunDecRad);
  // Eq. (16): the hour angle H of the point from the Sun, then Jacchia's lagged angle τ
  // (−37°, +6° amplitude, +43° phase, in radians).
  const h = raRad - sunRaRad;
  const tau = h - 0.64577182 + 0.10471976 * Math.sin(h + 0.75049158);
  // Eq. (17)
  const c = Math.cos(eta) ** 2.5;
  const s = Math.sin(theta) ** 2.5;
  const cosHalfTau = Math.abs(Math.cos(0.5 * tau));
  const df = s + (c - s) * (cosHalfTau * cosHalfTau * cosHalfTau);
  return tsubc * (1 + 0.31 * df);
}

/**
 * `GLSTHR`: local solar time in hours, 0 ≤ t < 24, from the hour angle (point RA − Sun RA):
 * GLST = H + PI, converted with the model's DEGRAD and folded once (H lies within ±2π).
 */
export function localSolarTimeHours(raRad: number, sunRaRad: number): number {
  const glst = raRad - sunRaRad + PI;
  let hours = (glst / DEGRAD) * (24 / 360);
  if (hours >= 24) hours -= 24;
  if (hours < 0) hours += 24;
  return hours;
}
