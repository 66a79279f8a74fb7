/**
 * SGP4 propagation through satellite.js (WGS-72, opsmode 'i'): the public API of src/core/propagation
 * (see src/core/README.md), re-exports only.
 *
 * - `sgp4.ts`: `createSgp4`, `propagate` (minutes since epoch), `propagateAt` (UTC instant).
 * - `resonance.ts`: `sgp4Continued`, satellite.js's `sgp4` with the deep-space resonance integrator carried between calls.
 * - `sgp4-errors.ts`: SGP4 error codes 1–6 and their meaning.
 * - `subpoint.ts`: the sub-satellite point (WGS-84) at an instant.
 * - `vallado-driver.ts`: the start/stop/step grid of Vallado's verification driver; `propagateSeries`.
 */
export { createSgp4, propagate, propagateAt, type CreateSgp4Options, type Sgp4Model, type Sgp4Result } from './sgp4.ts';
export { advanceResonance, isResonant, sgp4Continued } from './resonance.ts';
export { isSgp4ErrorCode, SGP4_ERROR_MESSAGES, type Sgp4ErrorCode } from './sgp4-errors.ts';
export { subPointAt, type SubPoint, type SubPointResult } from './subpoint.ts';
export { parseVerificationRange, propagateSeries, valladoTimes, type SeriesPoint, type VerificationRange } from './vallado-driver.ts';
