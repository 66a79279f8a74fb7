/**
 * A default position covariance for element sets, which carry none (DECISIONS.md §5): standard
 * deviations radial (R), in-track (T) and cross-track (N) from the orbit's class, the object's
 * type and the element set's age. It is an estimate from published catalogue-wide statistics, not
 * a property of the object, and callers should say so wherever a Pc computed from it is shown.
 *
 * At the epoch — Flohrer, Krag & Klinkrad, "Assessment and Categorization of TLE Orbit Errors for
 * the US SSN Catalogue", AMOS Conference 2008 (ESA/ESOC Space Debris Office). They compared the
 * states of the whole TLE catalogue (2008-01-01) with orbits fitted to pseudo-observations
 * derived from the TLEs, and tabulate the standard deviations in U (radial), V (along-track) and W
 * (out-of-plane):
 * - Table 2, by eccentricity (below/above 0.1), perigee height (below 800 km, 800–25,000 km,
 *   above 25,000 km) and inclination (below 30°, 30–60°, above 60°) — used wherever it has a
 *   value. The perigee bands are this model's LEO altitude bands;
 * - Table 1, the average per regime (LEO, MEO, GTO, HEO, GEO) — used for Table 2's empty cells.
 * The values below were taken from a transcription of both tables (cross-checked with a second,
 * independent summary of Table 1: along-track 0.1–0.5 km for LEO, MEO, GEO and 1.4–3.9 km for
 * HEO and GTO), not from the PDF directly. Flohrer et al. describe them as a lower bound: they
 * measure the SGP4 fit error, not the whole error.
 *
 * After the epoch — the in-track error grows and dominates (Kelso, "Validation of SGP4 and
 * IS-GPS-200D Against GPS Precision Ephemerides", AAS 07-127, 2007, found the TLE errors of the
 * GPS satellites mostly along-track). Linearised relative motion explains why only in-track grows
 * secularly: an error δa in semi-major axis gives a bounded radial oscillation but an in-track
 * drift of −(3/2) n δa per unit time (Clohessy & Wiltshire, "Terminal Guidance System for
 * Satellite Rendezvous", J. Aerospace Sciences 27(9), 1960). The rate is
 * IN_TRACK_GROWTH_M_PER_DAY = 1 km/day: Levit & Marshall ("Improved orbit predictions using
 * two-line elements", Advances in Space Research 47, 2011, abstract) measured against
 * laser-ranging ephemerides that fitted orbits grow 100 m/day, "approximately a 10-fold
 * improvement over individual TLE's propagated with … SGP4", i.e. about 1 km/day for SGP4.
 * Epoch and growth errors are treated as independent: σ_T(age) = √(σ_T0² + (rate·|age|)²).
 * Radial and cross-track stay at their epoch values.
 *
 * Object type — ASSUMPTION of this project, not a published value: no per-type table was found
 * (Flohrer et al. tabulate by orbit only, over a catalogue that is mostly debris, so their epoch
 * values are used for every type). Levit & Marshall's rate comes from compact, low area-to-mass
 * satellites; debris and unidentified objects, with larger and less well known area-to-mass
 * ratios, are given 1.5× the in-track growth. Replace by a calibration on our own catalogue
 * (successive element-set differences) when one exists.
 */
import type { ObjectType } from '../catalog/satcat.ts';
import type { ElementSet } from '../elements/element-set.ts';
import { orbitSummary } from '../orbit/mean-elements.ts';
import { MS_PER_DAY } from '../time/julian.ts';
import type { UtcMs } from '../units.ts';

/** One-sigma position errors in the RTN frame (radial, in-track, cross-track), metres. */
export interface RtnSigmasM {
  readonly radialM: number;
  readonly inTrackM: number;
  readonly crossTrackM: number;
}

/** Flohrer et al. (2008) Table 1 regimes. */
export type OrbitRegime = 'LEO' | 'MEO' | 'GEO' | 'GTO' | 'HEO';

export interface OrbitShape {
  /** Perigee height above the equatorial radius, km. */
  readonly perigeeAltitudeKm: number;
  /** Apogee height above the equatorial radius, km. */
  readonly apogeeAltitudeKm: number;
  readonly eccentricity: number;
  readonly inclinationDeg: number;
}

export interface DefaultCovarianceInput extends OrbitShape {
  readonly objectType: ObjectType;
  /** Time from the element set's epoch to the instant of interest, days (negative before the epoch). */
  readonly ageDays: number;
}

/** Which published entry the epoch values came from. */
export type EpochSigmaSource =
  | { readonly table: 2; readonly shape: 'near-circular' | 'eccentric'; readonly perigeeBand: PerigeeBand; readonly inclinationBand: InclinationBand }
  | { readonly table: 1; readonly regime: OrbitRegime };

export type PerigeeBand = 'below 800 km' | '800-25000 km' | 'above 25000 km';
export type InclinationBand = 'below 30 deg' | '30-60 deg' | 'above 60 deg';

export interface DefaultCovariance {
  readonly sigmas: RtnSigmasM;
  /** The epoch values before growth. */
  readonly epochSigmas: RtnSigmasM;
  readonly regime: OrbitRegime;
  readonly source: EpochSigmaSource;
}

const sigma = (radialM: number, inTrackM: number, crossTrackM: number): RtnSigmasM => ({ radialM, inTrackM, crossTrackM });

/**
 * Flohrer et al. (2008) Table 2, m: [shape][perigee band][inclination band]; null where the
 * table has no entry (too few objects in the class).
 */
const TABLE_2: Readonly<Record<'near-circular' | 'eccentric', readonly (readonly (RtnSigmasM | null)[])[]>> = {
  'near-circular': [
    [sigma(67, 118, 75), sigma(107, 308, 169), sigma(115, 517, 137)],
    [sigma(191, 256, 203), sigma(71, 228, 95), sigma(91, 428, 114)],
    [sigma(357, 432, 83), null, null],
  ],
  eccentric: [
    [sigma(2252, 4270, 1421), sigma(629, 909, 2057), sigma(494, 814, 1337)],
    [sigma(1748, 3119, 971), sigma(1832, 1878, 1454), sigma(529, 817, 1570)],
    [sigma(402, 418, 83), sigma(4712, 6223, 1208), null],
  ],
};

/** Flohrer et al. (2008) Table 1, the per-regime averages, m. */
const TABLE_1: Readonly<Record<OrbitRegime, RtnSigmasM>> = {
  LEO: sigma(102, 471, 126),
  MEO: sigma(73, 131, 54),
  GTO: sigma(1960, 3897, 1808),
  HEO: sigma(824, 1367, 1059),
  GEO: sigma(359, 432, 86),
};

const PERIGEE_BANDS: readonly PerigeeBand[] = ['below 800 km', '800-25000 km', 'above 25000 km'];
const INCLINATION_BANDS: readonly InclinationBand[] = ['below 30 deg', '30-60 deg', 'above 60 deg'];

/** In-track growth of SGP4 element-set error, m per day of age (Levit & Marshall 2011; see above). */
export const IN_TRACK_GROWTH_M_PER_DAY = 1000;

/** Multiplier of the in-track growth per object type (project assumption; see the header). */
export const IN_TRACK_GROWTH_FACTOR: Readonly<Record<ObjectType, number>> = {
  payload: 1,
  rocket_body: 1,
  debris: 1.5,
  unknown: 1.5,
};

/** Heights bounding Flohrer et al.'s regimes, km: LEO below 2,000 km; GEO within ±2,000 km of the geostationary radius 42,164 km (heights 33,786–37,786 km above 6,378 km). */
const LEO_CEILING_KM = 2000;
const GEO_FLOOR_KM = 33_786;
const GEO_CEILING_KM = 37_786;

/** Flohrer et al. (2008) Table 1 regime of an orbit from its perigee and apogee heights. */
export function orbitRegime(perigeeAltitudeKm: number, apogeeAltitudeKm: number): OrbitRegime {
  if (apogeeAltitudeKm < LEO_CEILING_KM) return 'LEO';
  if (perigeeAltitudeKm > GEO_FLOOR_KM && apogeeAltitudeKm < GEO_CEILING_KM) return 'GEO';
  if (perigeeAltitudeKm > LEO_CEILING_KM && apogeeAltitudeKm < GEO_FLOOR_KM) return 'MEO';
  if (perigeeAltitudeKm < LEO_CEILING_KM && apogeeAltitudeKm > GEO_FLOOR_KM) return 'GTO';
  return 'HEO';
}

function checkOrbit(o: OrbitShape): void {
  const finite = [o.perigeeAltitudeKm, o.apogeeAltitudeKm, o.eccentricity, o.inclinationDeg].every(Number.isFinite);
  if (!finite || o.eccentricity < 0 || o.eccentricity >= 1 || o.apogeeAltitudeKm < o.perigeeAltitudeKm || o.inclinationDeg < 0 || o.inclinationDeg > 180) {
    throw new RangeError('default covariance: need finite heights with apogee ≥ perigee, 0 ≤ e < 1 and 0 ≤ i ≤ 180°');
  }
}

/** The epoch standard deviations of an orbit: Flohrer et al. Table 2's cell, or Table 1's regime average where the cell is empty. */
export function epochSigmas(orbit: OrbitShape): { sigmas: RtnSigmasM; regime: OrbitRegime; source: EpochSigmaSource } {
  checkOrbit(orbit);
  const regime = orbitRegime(orbit.perigeeAltitudeKm, orbit.apogeeAltitudeKm);
  const shape = orbit.eccentricity < 0.1 ? 'near-circular' : 'eccentric';
  const band = orbit.perigeeAltitudeKm < 800 ? 0 : orbit.perigeeAltitudeKm < 25_000 ? 1 : 2;
  const inc = orbit.inclinationDeg < 30 ? 0 : orbit.inclinationDeg < 60 ? 1 : 2;
  const cell = TABLE_2[shape][band]![inc];
  if (cell) return { sigmas: cell, regime, source: { table: 2, shape, perigeeBand: PERIGEE_BANDS[band]!, inclinationBand: INCLINATION_BANDS[inc]! } };
  return { sigmas: TABLE_1[regime], regime, source: { table: 1, regime } };
}

/** Default RTN standard deviations for an element set's object, `ageDays` from its epoch. */
export function defaultCovarianceRtn(input: DefaultCovarianceInput): DefaultCovariance {
  if (!Number.isFinite(input.ageDays)) throw new RangeError(`default covariance: ageDays must be finite, got ${input.ageDays}`);
  const factor = IN_TRACK_GROWTH_FACTOR[input.objectType];
  if (factor === undefined) throw new RangeError(`default covariance: unknown object type '${String(input.objectType)}'`);
  const { sigmas: epoch, regime, source } = epochSigmas(input);
  const growth = IN_TRACK_GROWTH_M_PER_DAY * factor * Math.abs(input.ageDays);
  return {
    sigmas: { radialM: epoch.radialM, inTrackM: Math.hypot(epoch.inTrackM, growth), crossTrackM: epoch.crossTrackM },
    epochSigmas: epoch,
    regime,
    source,
  };
}

/** defaultCovarianceRtn for an element set at instant `at` (its mean orbit: orbit/mean-elements.ts). */
export function defaultCovarianceForElementSet(set: ElementSet, objectType: ObjectType, at: UtcMs): DefaultCovariance {
  const orbit = orbitSummary(set);
  return defaultCovarianceRtn({
    perigeeAltitudeKm: orbit.perigeeAltitude,
    apogeeAltitudeKm: orbit.apogeeAltitude,
    eccentricity: set.eccentricity,
    inclinationDeg: set.inclination,
    objectType,
    ageDays: (at - set.epoch) / MS_PER_DAY,
  });
}
