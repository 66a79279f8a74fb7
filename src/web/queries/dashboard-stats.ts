import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DashboardStats } from '@contracts/operations.ts';

export const DASHBOARD_STATS_KEY = ['/api/dashboard/stats'] as const;

/**
 * The polled reads whose data the stats count (DECISIONS.md §7): open
 * conjunctions (activeAlerts), manoeuvres (maneuverDetections), high-interest
 * objects (highInterestObjects) and threat assessments (threatLevel). Written
 * as paths rather than imported so this module does not depend on the card
 * modules that own those queries.
 */
export const STATS_SOURCE_KEYS: readonly string[] = [
  '/api/conjunctions/active',
  '/api/maneuvers/recent',
  '/api/high-interest-objects',
  '/api/threat-assessments',
];

/**
 * Refetches the stats whenever one of the reads they count brings new data.
 *
 * Why: spec §7 gives the stats no poll interval (and our queries never go
 * stale), so read once they would keep the header's badge counts of the first
 * visit while the cards below them, polled every 5-10 s, move on. Instead of
 * inventing a poll, the stats follow their sources: TanStack Query's
 * structural sharing keeps a query's data reference when a refetch returns
 * equal JSON, so a new reference means the server's answer really changed, and
 * only then are the stats read again. A query's first data is not a change
 * (the stats are read at the same time), so opening the page costs one read.
 *
 * Returns the unsubscribe function.
 */
export function refetchStatsOnSourceChange(client: QueryClient): () => void {
  const cache = client.getQueryCache();
  const seen = new Map<string, unknown>();
  for (const query of cache.getAll()) {
    if (isSource(query.queryKey)) seen.set(query.queryHash, query.state.data);
  }
  return cache.subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isSource(event.query.queryKey)) return;
    const { queryHash } = event.query;
    const data: unknown = event.query.state.data;
    const previous = seen.get(queryHash);
    seen.set(queryHash, data);
    if (previous !== undefined && previous !== data) void client.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY });
  });
}

function isSource(queryKey: readonly unknown[]): boolean {
  return queryKey.length === 1 && typeof queryKey[0] === 'string' && STATS_SOURCE_KEYS.includes(queryKey[0]);
}

/** How often the stats are read while no screening run has completed yet (issue 29's first-start notice). */
export const FIRST_SCREENING_POLL_MS = 5_000;

/**
 * GET /api/dashboard/stats: the header's counts. No poll (spec §7); read again
 * when the data it counts changes (see refetchStatsOnSourceChange) and after
 * every high-interest-object change made here (queries/high-interest-objects.ts).
 * The one exception (issue 29): until the first screening run has completed (no
 * lastScreening), every 5 s, so the dashboard's "first screening is running" notice
 * goes when it completes even if that run finds nothing for the sources to change.
 */
export function useDashboardStats() {
  const client = useQueryClient();
  useEffect(() => refetchStatsOnSourceChange(client), [client]);
  return useQuery<DashboardStats>({
    queryKey: DASHBOARD_STATS_KEY,
    refetchInterval: (query) => (query.state.data && query.state.data.lastScreening === null ? FIRST_SCREENING_POLL_MS : false),
  });
}
