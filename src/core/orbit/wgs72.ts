/**
 * WGS-72 constants as SGP4 uses them (Vallado et al. 2006, AIAA 2006-6753, getgravconst
 * 'wgs72'; the same values as satellite.js's constants). Element sets are fitted with these,
 * so quantities derived from TLE/OMM mean elements should use them too.
 */
import { km } from '../units.ts';

/** Gravitational parameter μ = 398,600.8 km³/s². */
export const WGS72_MU = 398600.8;
/** Equatorial radius 6,378.135 km (SGP4's "Earth radius", the unit of B* and of satrec.a). */
export const WGS72_RADIUS = km(6378.135);
/** J2 = 0.001082616. */
export const WGS72_J2 = 0.001082616;

/**
 * μ = 398,600.4418 km³/s² (the WGS-84/EGM-96 value): the one Space-Track's GP records use for
 * SEMIMAJOR_AXIS, APOAPSIS and PERIAPSIS (together with the WGS-72 radius above). Checked
 * against published GP records in orbit/mean-elements.test.ts.
 */
export const SPACE_TRACK_MU = 398600.4418;
