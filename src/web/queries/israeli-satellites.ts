import { useQuery } from '@tanstack/react-query';
import type { IsraeliSatellite } from '@contracts/satellites.ts';

export const ISRAELI_SATELLITES_KEY = ['/api/israeli-satellites'] as const;

/** Spec §7/§9: the satellites page re-reads the fleet every 30 s. */
export const SATELLITES_POLL_MS = 30_000;

/**
 * The tracking page's poll. The spec does not fix it; positions come from SGP4
 * at request time, and a LEO satellite crosses about 0.3° in 5 s, so markers
 * move visibly without loading the server.
 */
export const TRACKING_POLL_MS = 5_000;

/** GET /api/israeli-satellites: the fleet with positions computed when the server answers. */
export function useIsraeliSatellites(refetchInterval: number = SATELLITES_POLL_MS) {
  return useQuery<IsraeliSatellite[]>({ queryKey: ISRAELI_SATELLITES_KEY, refetchInterval });
}

/** Spec §7: the dashboard's satellite tracking card retries a failed read twice (three attempts) before it shows the error. */
export const TRACKING_CARD_RETRIES = 2;

/**
 * The Israeli Satellite Tracking card's read (spec §7): every 30 s like the
 * satellites page, and 2 retries. It shares the cache entry of
 * useIsraeliSatellites (same key), so the dashboard reads the fleet once.
 */
export function useIsraeliSatellitesForCard() {
  return useQuery<IsraeliSatellite[]>({ queryKey: ISRAELI_SATELLITES_KEY, refetchInterval: SATELLITES_POLL_MS, retry: TRACKING_CARD_RETRIES });
}
