/**
 * satellite.js's pure JavaScript SGP4 for the globe worker, imported from its
 * modules rather than its index: the index also re-exports the WASM bulk
 * propagator, whose build uses top-level await, and Vite bundles workers as
 * 'iife' by default, which cannot hold top-level await (the build fails). Were
 * `worker: { format: 'es' }` set in vite.config.ts, the worker could import
 * 'satellite.js' directly and this file could go.
 */
export { json2satrec } from '../../../../../node_modules/satellite.js/dist/io.js';
export { gstime } from '../../../../../node_modules/satellite.js/dist/propagation/gstime.js';
export { sgp4 } from '../../../../../node_modules/satellite.js/dist/propagation/sgp4.js';
export type { SatRec } from '../../../../../node_modules/satellite.js/dist/propagation/SatRec.js';
