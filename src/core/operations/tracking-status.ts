/**
 * Tracking status of a high-interest object (product spec §4): minutes since its last observation
 * (the epoch of its newest element set) against its tracking frequency (minutes between expected
 * observations): up to 1.5× 'on-track', up to 3× 'delayed', beyond 'overdue'. Both bounds are
 * inclusive ("up to"). Pure: the current time is an argument.
 */
import type { UtcMs } from '../units.ts';

export type TrackingStatus = 'on-track' | 'delayed' | 'overdue';

/** Multiples of the tracking frequency (product spec §4): ≤ 1.5× on-track, ≤ 3× delayed. */
export const TRACKING_STATUS_FACTORS = { onTrack: 1.5, delayed: 3 } as const;

const MS_PER_MINUTE = 60_000;

/**
 * The tracking status at `now`. No observation at all (null) → 'overdue'. An observation later than
 * `now` (clock skew, a predicted epoch) counts as 0 minutes → 'on-track'.
 * @throws RangeError when the frequency is not a positive finite number of minutes.
 */
export function trackingStatus(lastObservation: UtcMs | null, frequencyMin: number, now: UtcMs): TrackingStatus {
  if (!Number.isFinite(frequencyMin) || frequencyMin <= 0) {
    throw new RangeError(`trackingStatus: tracking frequency must be a positive number of minutes, got ${frequencyMin}`);
  }
  if (lastObservation === null) return 'overdue';
  const minutesSince = (now - lastObservation) / MS_PER_MINUTE;
  if (minutesSince <= TRACKING_STATUS_FACTORS.onTrack * frequencyMin) return 'on-track';
  if (minutesSince <= TRACKING_STATUS_FACTORS.delayed * frequencyMin) return 'delayed';
  return 'overdue';
}
