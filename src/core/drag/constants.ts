/**
 * Constants of the drag, decay and lifetime code, each with its source or the reason for the choice.
 */
import { EARTH_ROTATION_RATE } from '../frames/teme-ecef.ts';
import { WGS84_A } from '../frames/wgs84.ts';
import { WGS72_J2 } from '../orbit/wgs72.ts';

/**
 * GM⊕ = 398,600.4418 km³/s², the WGS-84 (EGM-96) value (NIMA TR8350.2 Table 3.1). The dynamics here use it;
 * semi-major axes taken from SGP4 mean motions are Kozai values fitted with WGS-72's 398,600.8 (orbit/wgs72.ts),
 * a 2 m difference in LEO that drag does not notice.
 */
export const EARTH_MU_KM3_S2 = 398600.4418;

/**
 * The radius "altitude" is measured from in the decay and lifetime results: the WGS-84 equatorial radius.
 * A circular orbit "at 400 km" is a = 6,378.137 + 400 km; along it the height above the ellipsoid grows by up
 * to 21 km towards the poles, and the density is always taken at that true height (frames/geodetic.ts).
 */
export const EARTH_EQUATORIAL_RADIUS_KM: number = WGS84_A;

/** ω⊕ (rad/s), the rate frames/teme-ecef.ts rotates with: the atmosphere co-rotates with the Earth at this rate. */
export const EARTH_ROTATION_RAD_PER_S = EARTH_ROTATION_RATE;

/** J2 for the secular drift of node and perigee (the WGS-72 value SGP4 uses; EGM-96 differs by 1e-5 relative). */
export const EARTH_J2 = WGS72_J2;

/**
 * Re-entry: the integration stops when the perigee falls to 120 km above the equatorial radius. Below that the
 * orbit-averaged (many revolutions per step) description stops being valid and what is left is short: from a
 * circular 120 km orbit a satellite with Cd·A/m = 0.01 m²/kg loses ~40 km per hour (ρ(120 km) ≈ 2e-8 kg/m³,
 * da/dt = −ρ (Cd A/m) √(μa), Vallado §9.6), so it comes down within about an orbit. 120 km is the
 * conventional entry interface of orbit-lifetime tools (e.g. CNES STELA's default re-entry altitude); the
 * choice moves a lifetime of months or years by well under a day (checked in lifetime.test.ts).
 */
export const REENTRY_ALTITUDE_KM = 120;

/**
 * Lifetimes are integrated for at most 25 years and reported as "> 25 years" beyond: the horizon of the
 * IADC / ISO 24113 25-year post-mission rule that ISO 27852 ("Estimation of orbit lifetime") serves.
 */
export const LIFETIME_CAP_YEARS = 25;

/** Julian year, days. */
export const DAYS_PER_YEAR = 365.25;

export const SECONDS_PER_DAY = 86_400;
