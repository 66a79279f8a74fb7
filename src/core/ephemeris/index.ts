/**
 * Ephemerides (issue 14): the public API of src/core/ephemeris (see src/core/README.md), re-exports only.
 *
 * - `sample.ts`: SGP4 states over a span at a step in TEME or EME2000, stopping where SGP4 fails.
 * - `oem.ts`: CCSDS OEM KVN (502.0-B-2/B-3 §5) writer and reader, covariance matrices included.
 * - `oem-model.ts`: the `Oem` structure both OEM readers give, and their shared checks (`strict` by default).
 * - `oem-xml.ts`: CCSDS OEM XML (505.0-B-1/B-2 ndmxml) reader; `oem-read.ts`: either format (`readOemAny`).
 * - `oem-interpolate.ts`: a segment's state (LAGRANGE, HERMITE, LINEAR as its metadata says) and covariance at any instant.
 * - `czml.ts`: CZML for Cesium.
 */
export { MAX_EPHEMERIS_STATES, sampleEphemeris, type Ephemeris, type EphemerisFrame, type EphemerisState } from './sample.ts';
export { OEM_VERSION, OemError, readOem, writeOem, type Oem, type OemHeader, type OemSegment, type OemWriteSegment } from './oem.ts';
export {
  OEM_INTERPOLATION_METHODS,
  OEM_LOCAL_COVARIANCE_FRAMES,
  OEM_SCREENING_FRAMES,
  type OemCovariance,
  type OemReadOptions,
  type OemSpan,
  type OemState,
} from './oem-model.ts';
export { readOemXml } from './oem-xml.ts';
export { detectOemFormat, readOemAny, type OemFormat } from './oem-read.ts';
export {
  DEFAULT_OEM_INTERPOLATION,
  interpolateOemCovariance,
  interpolateOemSegment,
  oemSegmentInterpolation,
  type OemCovarianceAt,
  type OemInterpolatedState,
  type OemInterpolationMethod,
} from './oem-interpolate.ts';
export { czmlDocument, type CzmlObject } from './czml.ts';
export { oemTrack, type OemTrack, type TemeKmState } from './oem-track.ts';
