/**
 * Stale element sets (issue 30): a set whose epoch lies more than `maxAgeDays` from a screening's
 * window is not screened but listed apart with its age.
 *
 * Why: SGP4's error grows with the distance from the epoch, about 1–3 km a day in LEO (Vallado &
 * Crawford 2008, "SGP4 orbit determination", AIAA 2008-6770; Kelso 2007, "Validation of SGP4
 * and IS-GPS-200D against GPS precision ephemerides", AAS 07-127), so a month from the epoch its
 * positions are off by tens to hundreds of km: far more than any screening threshold, and a
 * conjunction found there (or missed) means nothing. A real catalogue always holds some objects
 * whose last set is months old (lost, decayed, no longer tracked); screened anyway, a stale LEO
 * set flies on through an atmosphere it has long since re-entered and meets whatever is there.
 *
 * The age is measured to the window, not to now: the distance from the epoch to the nearest
 * instant of [start, end) (0 when the epoch is inside), the same for every shard of a job.
 */
import type { ScreeningWindow } from './object-track.ts';

const DAY_MS = 86_400_000;

/** The default limit (MAX_ELEMENT_AGE_DAYS): a month, where SGP4's LEO error reaches tens of km. */
export const DEFAULT_MAX_ELEMENT_AGE_DAYS = 30;

/** Days from `epochMs` to the nearest instant of the window (0 inside it). */
export function elementAgeDays(epochMs: number, window: ScreeningWindow): number {
  if (epochMs < window.start) return (window.start - epochMs) / DAY_MS;
  if (epochMs > window.end) return (epochMs - window.end) / DAY_MS;
  return 0;
}

/** Whether a set of this epoch is too far from the window to screen; `maxAgeDays` absent: never. */
export function isStaleFor(epochMs: number, window: ScreeningWindow, maxAgeDays: number | undefined): boolean {
  return maxAgeDays !== undefined && elementAgeDays(epochMs, window) > maxAgeDays;
}

export interface StaleObject {
  readonly norad: number;
  /** The set's epoch, UTC ms. */
  readonly epoch: number;
  /** Days from the epoch to the window. */
  readonly ageDays: number;
}

/** The stale sets among `sets`, oldest first (then by NORAD id). */
export function staleElementSets(sets: Iterable<{ readonly norad: number; readonly epoch: number }>, window: ScreeningWindow, maxAgeDays: number | undefined): StaleObject[] {
  if (maxAgeDays === undefined) return [];
  const out: StaleObject[] = [];
  for (const set of sets) {
    const ageDays = elementAgeDays(set.epoch, window);
    if (ageDays > maxAgeDays) out.push({ norad: set.norad, epoch: set.epoch, ageDays });
  }
  return out.sort((a, b) => b.ageDays - a.ageDays || a.norad - b.norad);
}
