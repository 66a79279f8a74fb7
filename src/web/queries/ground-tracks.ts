import { useQuery } from '@tanstack/react-query';
import type { GroundTracksResponse } from '@contracts/satellites.ts';
import { TRACKING_CARD_RETRIES } from '@/queries/israeli-satellites';

/**
 * GET /api/israeli-satellites/ground-tracks (the key joined with '/' is the
 * path, spec §7). Under the fleet's key, so invalidating the fleet
 * (ISRAELI_SATELLITES_KEY, a prefix) re-reads the tracks too.
 */
export const GROUND_TRACKS_KEY = ['/api/israeli-satellites', 'ground-tracks'] as const;

/**
 * The tracks cover the next 2 hours in 5-minute steps from the moment the
 * server answers (spec §9). Re-reading them every step (5 min) keeps the
 * first point, the "current" position on the Orbits map, at most one step
 * old, while not recomputing 2 hours of SGP4 on every 30-s position poll.
 * The same age makes them stale, so opening the tab again later re-reads
 * them instead of drawing a track that started in the past.
 */
export const GROUND_TRACKS_POLL_MS = 5 * 60_000;

/**
 * Predicted ground tracks of the fleet, for the tracking card's Orbits tab.
 * The tab mounts only while it is shown (Radix tabs), so the tracks are read
 * when the tab is opened and polled only while it stays open. Like the card's
 * satellite list, a failed read is retried twice.
 */
export function useGroundTracks() {
  return useQuery<GroundTracksResponse>({
    queryKey: GROUND_TRACKS_KEY,
    refetchInterval: GROUND_TRACKS_POLL_MS,
    staleTime: GROUND_TRACKS_POLL_MS,
    retry: TRACKING_CARD_RETRIES,
  });
}
