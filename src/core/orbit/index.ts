/**
 * Mean-element orbit quantities: the public API of src/core/orbit (see src/core/README.md), re-exports only.
 *
 * - `wgs72.ts`: the WGS-72 constants of SGP4 (and Space-Track's μ).
 * - `mean-elements.ts`: semi-major axis, apogee/perigee altitudes, period from mean elements.
 */
export { SPACE_TRACK_MU, WGS72_J2, WGS72_MU, WGS72_RADIUS } from './wgs72.ts';
export { orbitSummary, periodMinutes, semiMajorAxis, type OrbitConstants, type OrbitSummary } from './mean-elements.ts';
