import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MonteCarloCheck } from '@contracts/conjunction-events.ts';
import { apiRequest, throwIfResNotOk } from '@/lib/query-client';
import { invalidateConjunctionEvents } from '@/queries/conjunction-events';

/*
 * The Monte Carlo check of one conjunction event (issue 27, src/contracts/conjunction-events.ts'
 * MonteCarloCheck): the latest check, GET /api/conjunctions/{id}/monte-carlo, re-read every second
 * while it runs, and the operator's start, POST to the same path (202 with the check as it starts;
 * a check still running is returned as it is). Cookies go with every request, the write carries the
 * CSRF token (apiRequest) and a non-OK answer throws '{status}: {body}' (spec §8), as everywhere.
 */

/** The POST body (the contract's MonteCarloCheckRequest): the cap of trials and the seed, CARA's defaults when left out. */
export interface StartMonteCarloCheck {
  maxSamples?: number;
  seed?: number;
}

/** A running check is re-read this often, until it has ended. */
export const MONTE_CARLO_POLL_MS = 1_000;

export function monteCarloUrl(conjunctionId: string): string {
  return `/api/conjunctions/${encodeURIComponent(conjunctionId)}/monte-carlo`;
}

/**
 * Under the conjunction events' key ('/api/conjunctions', as conjunction-events.ts), so the
 * invalidation after CDM imports reads it again too.
 */
export function monteCarloKey(conjunctionId: string) {
  return ['/api/conjunctions', conjunctionId, 'monte-carlo'] as const;
}

/** GET of the latest check; null when none was run (the server's 404, or an empty answer). */
async function fetchMonteCarloCheck(conjunctionId: string): Promise<MonteCarloCheck | null> {
  const res = await fetch(monteCarloUrl(conjunctionId), { method: 'GET', credentials: 'include' });
  if (res.status === 404 || res.status === 204) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as MonteCarloCheck | null;
}

/**
 * The latest Monte Carlo check of the event: `data` null while none was run ('no check yet', not
 * an error), the check otherwise, re-read every second while its status is 'running'. A check that
 * became the event's Pc (storedAs 'chosen') re-reads the events, once per check, so that the page
 * shows the new value and history.
 */
export function useMonteCarloCheck(conjunctionId: string) {
  const client = useQueryClient();
  const query = useQuery<MonteCarloCheck | null>({
    queryKey: monteCarloKey(conjunctionId),
    queryFn: () => fetchMonteCarloCheck(conjunctionId),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? MONTE_CARLO_POLL_MS : false),
  });
  const chosenAt = query.data?.storedAs === 'chosen' ? query.data.finishedAt : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (chosenAt === null || seen.current === chosenAt) return;
    seen.current = chosenAt;
    void invalidateConjunctionEvents(client);
  }, [chosenAt, client]);
  return query;
}

/**
 * POST /api/conjunctions/{id}/monte-carlo with {maxSamples?, seed?} (CARA's defaults when left
 * out) → 202 MonteCarloCheck: the cache takes the check at once, and the query above then polls it
 * while it runs. A viewer gets '403: …' (the operator role starts checks).
 */
export function useStartMonteCarloCheck(conjunctionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: StartMonteCarloCheck = {}) => (await (await apiRequest('POST', monteCarloUrl(conjunctionId), request)).json()) as MonteCarloCheck,
    onSuccess: (check) => {
      client.setQueryData<MonteCarloCheck | null>(monteCarloKey(conjunctionId), check);
    },
  });
}
