/**
 * Reference frames: the public API of src/core/frames (see src/core/README.md), re-exports only.
 *
 * - `wgs84.ts`: WGS-84 ellipsoid constants; `geodetic.ts`: ECEF ↔ WGS-84 latitude/longitude/height.
 * - `teme-ecef.ts`: TEME ↔ ECEF (GMST rotation, optional UT1−UTC, polar motion, LOD).
 * - `teme-eme2000.ts`: TEME ↔ EME2000 (J2000, IAU-76/FK5); `eme2000.ts`: EME2000-branded vectors.
 * - `terrestrial-time.ts`: TT from UTC (leap seconds); `rotation-matrix.ts`: Vallado's ROT1/ROT2/ROT3 and 3×3 products.
 */
export { WGS84_A, WGS84_B, WGS84_E2, WGS84_F, WGS84_OMEGA } from './wgs84.ts';
export { ecefToGeodetic, ellipsoidAltitude, geodeticDegrees, geodeticToEcef, type Geodetic } from './geodetic.ts';
export { EARTH_ROTATION_RATE, ecefToTemeState, temeToEcef, temeToEcefState, type EarthOrientation, type State } from './teme-ecef.ts';
export {
  eme2000ToTeme,
  eme2000ToTemeState,
  temeEme2000Rotations,
  temeToEme2000,
  temeToEme2000Matrix,
  temeToEme2000State,
  type TemeEme2000Options,
  type TemeEme2000Rotations,
} from './teme-eme2000.ts';
export { eme2000Position, eme2000Velocity, type Eme2000Position, type Eme2000State, type Eme2000Vector, type Eme2000Velocity } from './eme2000.ts';
export { taiMinusUtcSeconds, terrestrialTimeCenturies, TT_MINUS_TAI_SECONDS } from './terrestrial-time.ts';
export { apply, multiply, rotX, rotY, rotZ, transpose, type Matrix3, type Vector3 } from './rotation-matrix.ts';
