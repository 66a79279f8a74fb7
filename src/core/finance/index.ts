/** The savings (ROI) calculator of product spec §9: the public API of src/core/finance, re-exports only. */
export { calculateRoi, ROI_DEFAULTS, roundTo, type RoiInputs, type RoiResult } from './roi.ts';
