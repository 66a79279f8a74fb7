/**
 * Ephemerides (issue 14): the public API of src/core/ephemeris (see src/core/README.md), re-exports only.
 *
 * - `sample.ts`: SGP4 states over a span at a step in TEME or EME2000, stopping where SGP4 fails.
 * - `oem.ts`: CCSDS OEM KVN (502.0-B-3 §5) writer and reader.
 * - `czml.ts`: CZML for Cesium.
 */
export { MAX_EPHEMERIS_STATES, sampleEphemeris, type Ephemeris, type EphemerisFrame, type EphemerisState } from './sample.ts';
export { OEM_VERSION, OemError, readOem, writeOem, type Oem, type OemHeader, type OemSegment, type OemWriteSegment } from './oem.ts';
export { czmlDocument, type CzmlObject } from './czml.ts';
