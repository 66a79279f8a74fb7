/*
 * The SST result formats of spec §9: time to closest approach as Russian
 * relative-time text (kept as the spec gives it, DECISIONS §9), distance and
 * velocity with 2 decimals, probability in percent with 3 decimals.
 */

const HOUR_MS = 3_600_000;

/**
 * Milliseconds of a TCA, or null when it does not parse. The spec's result may
 * end in '+00:00Z' (an offset and a Z), which Date does not read; it means UTC.
 */
export function parseTca(tca: string): number | null {
  const ms = Date.parse(tca.replace(/\+00:00Z$/, 'Z'));
  return Number.isNaN(ms) ? null : ms;
}

/** Hours from `now` until the TCA (negative once it has passed), or null when the TCA does not parse. */
export function hoursUntil(tca: string, now: number): number | null {
  const ms = parseTca(tca);
  return ms === null ? null : (ms - now) / HOUR_MS;
}

/**
 * Spec §9: more than 24 h in the past → '{d}д назад'; 0-24 h in the past →
 * '{h}ч назад'; under 24 h ahead → '{h}ч'; otherwise '{d}д {h}ч'. Counts are
 * whole units elapsed (truncated). A TCA that does not parse shows its first
 * 16 characters with the T replaced by a space (spec §8).
 */
export function formatTimeToTca(tca: string, now: number): string {
  const hours = hoursUntil(tca, now);
  if (hours === null) return tca.slice(0, 16).replace('T', ' ');
  if (hours < -24) return `${Math.floor(-hours / 24)}д назад`;
  if (hours < 0) return `${Math.floor(-hours)}ч назад`;
  if (hours < 24) return `${Math.floor(hours)}ч`;
  const whole = Math.floor(hours);
  return `${Math.floor(whole / 24)}д ${whole % 24}ч`;
}

/** '1.23 km'. */
export function formatDistanceKm(km: number): string {
  return `${km.toFixed(2)} km`;
}

/** '14.52 km/s'. */
export function formatRelativeVelocity(kmPerSecond: number): string {
  return `${kmPerSecond.toFixed(2)} km/s`;
}

/** The probability as a number of percent; spec §3: a missing probability counts as 0. */
export function probabilityPercent(probability: number | null | undefined): number {
  return typeof probability === 'number' && Number.isFinite(probability) ? probability * 100 : 0;
}

/** '0.012%' for 1.2e-4. */
export function formatProbabilityPercent(probability: number | null | undefined): string {
  return `${probabilityPercent(probability).toFixed(3)}%`;
}

/** 'OFEQ-16 ↔ COSMOS 2542', the spec's pair text. */
export function pairLabel(conjunction: { primary_object: string; secondary_object: string }): string {
  return `${conjunction.primary_object} ↔ ${conjunction.secondary_object}`;
}
