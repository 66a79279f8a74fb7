import { useQuery } from '@tanstack/react-query';
import type { SatelliteRecord } from '@contracts/satellites.ts';

export const SATELLITE_RECORDS_KEY = ['/api/satellites'] as const;

/** Spec §7/§9: the catalogue's satellite records are re-read every 30 s. */
export const SATELLITE_RECORDS_POLL_MS = 30_000;

/**
 * GET /api/satellites: every catalogue object as an SST satellite record (about
 * 50,000). Spec §7: fetched again whenever the SST page opens, although cached
 * data never goes stale. The server answers with an ETag, so a repeat read of
 * an unchanged catalogue is a 304 the browser serves from its cache.
 */
export function useSatelliteRecords() {
  return useQuery<SatelliteRecord[]>({
    queryKey: SATELLITE_RECORDS_KEY,
    refetchInterval: SATELLITE_RECORDS_POLL_MS,
    refetchOnMount: 'always',
  });
}
