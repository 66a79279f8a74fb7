/**
 * Total mass density for drag from one of the thermosphere models, at an instant and a place.
 *
 * - 'nrlmsise00': NRLMSISE-00 GTD7D (total mass density including anomalous oxygen, the one for drag),
 *   geodetic latitude and height (atmosphere/nrlmsise00).
 * - 'jb2008': JB2008 (atmosphere/jb2008), geocentric latitude, height above the ellipsoid, ≥ 90 km; its
 *   indices from the series or the stand-ins of jb2008-indices.ts.
 * - 'dtm2020': not implemented. DECISIONS.md §8: "DTM-2020 … use the spec's multipliers of the NRLMSISE-00
 *   density and say so (`source`)": 1.08 × NRLMSISE-00 (product spec §9, readings-card multiplier). A scaled
 *   estimate, labelled as such by `densitySource`.
 */
import { jb2008Density } from '../atmosphere/jb2008/index.ts';
import { nrlmsiseDensity, type NrlmsiseDensity } from '../atmosphere/nrlmsise00/index.ts';
import type { UtcMs } from '../units.ts';
import { jb2008Drivers } from './jb2008-indices.ts';
import type { SpaceWeather } from './space-weather.ts';

export type DensityModel = 'nrlmsise00' | 'jb2008' | 'dtm2020';

export const DENSITY_MODELS: readonly DensityModel[] = ['nrlmsise00', 'jb2008', 'dtm2020'];

/** The models that are implemented in full: the two whose spread gives the confidence. */
export const IMPLEMENTED_DENSITY_MODELS = ['nrlmsise00', 'jb2008'] as const satisfies readonly DensityModel[];

/** DTM-2020 as a multiple of NRLMSISE-00 (product spec §9). */
export const DTM2020_NRLMSISE_FACTOR = 1.08;

/**
 * The models not implemented, as multiples of NRLMSISE-00 (DECISIONS.md §8; product spec §9, readings-card
 * multipliers: DTM-2020 1.08, TIE-GCM 1.25, MSIS-86 0.92). Estimates, to be labelled as such.
 */
export const NRLMSISE_MULTIPLIERS = Object.freeze({ dtm2020: DTM2020_NRLMSISE_FACTOR, tiegcm: 1.25, msis86: 0.92 });

/** Where a density is wanted. */
export interface DensityPoint {
  readonly time: UtcMs;
  /** Geodetic latitude, degrees (NRLMSISE-00). */
  readonly latitudeDeg: number;
  /** Geocentric latitude, degrees (JB2008). */
  readonly geocentricLatitudeDeg: number;
  /** East longitude, degrees. */
  readonly longitudeDeg: number;
  /** Height above the WGS-84 ellipsoid, km. */
  readonly altitudeKm: number;
}

/**
 * NRLMSISE-00 in full at a point (GTD7D, SI: total mass density for drag, temperatures, number densities) with the
 * drag code's space weather: its 3-hour ap history when it has one (`apArray`), else the daily Ap.
 */
export function nrlmsiseAt(point: DensityPoint, sw: SpaceWeather): NrlmsiseDensity {
  const base = { time: point.time, latitudeDeg: point.latitudeDeg, longitudeDeg: point.longitudeDeg, altitudeKm: point.altitudeKm, f107: sw.f107, f107A: sw.f107A };
  return sw.apArray === undefined ? nrlmsiseDensity({ ...base, ap: sw.ap }) : nrlmsiseDensity({ ...base, apArray: sw.apArray, ap: sw.ap });
}

const nrlmsise = (point: DensityPoint, sw: SpaceWeather): number => nrlmsiseAt(point, sw).densityKgPerM3;

/**
 * A density model asked where it has no density to give: JB2008 above 1000 km at a solar flux past the
 * one its high-altitude correction was fitted on (densityAt). A RangeError, so the callers that treat JB2008
 * below 90 km as undefined (densityAtOrNull) treat this alike.
 */
export class DensityDomainError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'DensityDomainError';
  }
}

/**
 * Total mass density, kg/m³. JB2008 throws a RangeError below 90 km, and a DensityDomainError where its
 * density is not positive: its exospheric correction above 1000 km (jb2008/high-altitude.ts, Bowman 2001,
 * AAS 01-132) is a fit linear in height and in the 81-day F10.7, which turns negative from about 1450 to 1900 km
 * once that flux passes about 376 sfu (at 1500 km: 0.22 − 0.002·F + 0.00115·1500 − 2.11e-6·F·1500 < 0 past 376.6).
 * No 81-day mean that high has been observed; a constant flux entered that high (the drag calculator takes up
 * to 400) is past what the fit covers, and a negative density would make drag raise an orbit.
 */
export function densityAt(model: DensityModel, point: DensityPoint, sw: SpaceWeather): number {
  switch (model) {
    case 'nrlmsise00':
      return nrlmsise(point, sw);
    case 'dtm2020':
      return DTM2020_NRLMSISE_FACTOR * nrlmsise(point, sw);
    case 'jb2008': {
      const { indices } = jb2008Drivers(sw);
      const rho = jb2008Density({
        time: point.time,
        latitudeDeg: point.geocentricLatitudeDeg,
        longitudeDeg: point.longitudeDeg,
        altitudeKm: point.altitudeKm,
        indices,
      }).densityKgPerM3;
      if (!(rho > 0)) {
        throw new DensityDomainError(
          `JB2008 has no positive density at ${point.altitudeKm.toFixed(0)} km for an 81-day F10.7 of ${indices.f10b} sfu: its correction above 1000 km (Bowman 2001) is fitted for a lower solar flux`,
        );
      }
      return rho;
    }
  }
}

/** `densityAt`, or null where the model is not defined: JB2008 below 90 km (a satellite there is re-entering). */
export function densityAtOrNull(model: DensityModel, point: DensityPoint, sw: SpaceWeather): number | null {
  try {
    return densityAt(model, point, sw);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * What a density of `model` is, for a `source` field. `jb2008Derived`: whether JB2008 ran on the stand-in
 * indices of jb2008-indices.ts (true unless the series supplied JB2008's own).
 */
export function densitySource(model: DensityModel, jb2008Derived = true): string {
  switch (model) {
    case 'nrlmsise00':
      return 'NRLMSISE-00 (Picone et al. 2002), computed';
    case 'jb2008':
      return jb2008Derived
        ? 'JB2008 (Bowman et al. 2008), computed; S10.7/M10.7/Y10.7 taken equal to F10.7 and ΔTc from ap (Jacchia 1971 as in JB2006): no JB2008 indices available'
        : 'JB2008 (Bowman et al. 2008), computed with its own indices';
    case 'dtm2020':
      return `DTM-2020 not implemented: estimated as ${DTM2020_NRLMSISE_FACTOR} × NRLMSISE-00 (product spec §9 multiplier)`;
  }
}
