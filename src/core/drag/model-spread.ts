/**
 * How far the density models disagree, and the confidence the calculator shows for it.
 *
 * Spread (product spec §9): (max − min) / (2 · mean) of the models' values — the half-range relative to the
 * mean. The spec's badge: red over 25 %, yellow over 15 %, else green.
 *
 * Confidence (%) = 100 · (1 − u) with u = √(s² + σ²): s the spread of NRLMSISE-00 and JB2008 (the two models
 * implemented in full) and σ = 10 % a stated floor for the error both models share, which their agreement
 * cannot reveal (the empirical models' density errors are of the order of 10–15 % 1σ in quiet conditions and
 * larger in storms; Vallado & Finkleman 2014, "A critical assessment of satellite drag and atmospheric density
 * modeling", Acta Astronautica 95). Spread and floor are combined as independent relative errors. So two
 * models that agree give 90 %, a 15 % spread (the yellow threshold) 82 %, a 25 % spread (red) 73 %; never below 0.
 */

/** σ: the shared-model error floor (see the file comment). */
export const MODEL_ERROR_FLOOR = 0.1;

export type SpreadLevel = 'green' | 'yellow' | 'red';

/** (max − min) / (2 · mean) of positive values; 0 for a single value. */
export function modelSpread(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('model spread of no values');
  if (values.some((v) => !(Number.isFinite(v) && v > 0))) throw new RangeError(`model spread needs positive values, got ${values.join(', ')}`);
  const max = Math.max(...values);
  const min = Math.min(...values);
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return (max - min) / (2 * mean);
}

/** The spec's badge colour: red over 25 %, yellow over 15 %, else green. */
export function spreadLevel(spread: number): SpreadLevel {
  if (spread > 0.25) return 'red';
  if (spread > 0.15) return 'yellow';
  return 'green';
}

/** Confidence in percent, one decimal (see the file comment). */
export function confidenceFromSpread(spread: number, floor = MODEL_ERROR_FLOOR): number {
  const u = Math.hypot(spread, floor);
  return Math.round(Math.max(0, Math.min(1, 1 - u)) * 1000) / 10;
}
