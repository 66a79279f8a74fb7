import { useQuery } from '@tanstack/react-query';
import type { Maneuver } from '@contracts/operations.ts';

export const RECENT_MANEUVERS_KEY = ['/api/maneuvers/recent'] as const;

/** Spec §7/§9: recent manoeuvres are re-read every 5 s. */
export const MANEUVERS_POLL_MS = 5_000;

/** GET /api/maneuvers/recent: manoeuvres detected in the element-set history, newest first. */
export function useRecentManeuvers() {
  return useQuery<Maneuver[]>({ queryKey: RECENT_MANEUVERS_KEY, refetchInterval: MANEUVERS_POLL_MS });
}
