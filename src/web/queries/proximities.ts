import { useQuery } from '@tanstack/react-query';
import type { Proximity } from '@contracts/conjunction-events.ts';
import { apiRequest } from '@/lib/query-client';

/* Pairs that stay close (docked, formation, proximity operations), GET /api/proximities (issue 11). */

export const PROXIMITIES_URL = '/api/proximities';

/** Every stored proximity, open and closed; re-read every minute (screening runs update them). */
export function useProximities() {
  return useQuery<Proximity[]>({
    queryKey: [PROXIMITIES_URL],
    queryFn: async () => (await (await apiRequest('GET', PROXIMITIES_URL)).json()) as Proximity[],
    refetchInterval: 60_000,
  });
}
