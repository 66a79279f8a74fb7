import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CatalogConjunctionPage,
  CatalogScreening,
  CatalogScreeningAccepted,
  CatalogScreeningList,
  CatalogScreeningRequest,
  CatalogStaleList,
} from '@contracts/catalog-screenings.ts';
import { isActive } from '@/lib/catalog-screening';
import { apiRequest } from '@/lib/query-client';

/*
 * Catalogue-wide screening runs (issue 13, src/contracts/catalog-screenings.ts): the runs,
 * one run's progress, its conjunctions page by page, and the operator's start and cancel.
 * Cookies go with every request, writes carry the CSRF token, and a non-OK answer throws
 * '{status}: {body}' (spec §8; errorMessage() gives the server's message), as everywhere.
 */

export const CATALOG_SCREENINGS_URL = '/api/catalog-screenings';

/** Every cached list, run and page of this module starts with this key. */
const CATALOG_SCREENINGS_KEY = [CATALOG_SCREENINGS_URL] as const;

/** Recent runs the page lists (the run select, the latest run's header). */
export const RUN_LIST_LIMIT = 20;

/** A queued or running run is re-read every 2 s, until it ends. */
export const RUN_POLL_MS = 2_000;

/** The list is re-read every 30 s while the page is open: scheduled runs start by themselves. */
export const RUN_LIST_POLL_MS = 30_000;

async function getJson<T>(url: string): Promise<T> {
  return (await (await apiRequest('GET', url)).json()) as T;
}

function runUrl(id: string): string {
  return `${CATALOG_SCREENINGS_URL}/${encodeURIComponent(id)}`;
}

/** GET /api/catalog-screenings?limit=20: the recent runs, newest first. */
export function useCatalogScreenings() {
  return useQuery<CatalogScreeningList>({
    queryKey: [...CATALOG_SCREENINGS_KEY, 'list'],
    queryFn: () => getJson<CatalogScreeningList>(`${CATALOG_SCREENINGS_URL}?limit=${RUN_LIST_LIMIT}`),
    refetchInterval: RUN_LIST_POLL_MS,
  });
}

/**
 * GET /api/catalog-screenings/{id}: one run with its progress by stage and shard, re-read
 * every 2 s while it is queued or running and no more once it has ended. `id` undefined:
 * nothing is read.
 */
export function useCatalogScreening(id: string | undefined) {
  return useQuery<CatalogScreening>({
    queryKey: [...CATALOG_SCREENINGS_KEY, 'run', id],
    queryFn: () => getJson<CatalogScreening>(runUrl(id!)),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data === undefined || isActive(query.state.data) ? RUN_POLL_MS : false),
  });
}

/**
 * GET /api/catalog-screenings/{id}/conjunctions?{query} (catalog-screening.ts'
 * conjunctionQueryString). A completed run's rows do not change, so a page read once is
 * kept; while another sort, filter or page loads the previous rows stay (isPlaceholderData).
 */
export function useCatalogConjunctions(id: string | undefined, query: string) {
  return useQuery<CatalogConjunctionPage>({
    queryKey: [...CATALOG_SCREENINGS_KEY, 'conjunctions', id, query],
    queryFn: () => getJson<CatalogConjunctionPage>(`${runUrl(id!)}/conjunctions?${query}`),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/catalog-screenings/{id}/stale: a completed run's stale element sets (listed, not
 * screened), oldest first. A completed run's list does not change: read once.
 */
export function useCatalogStale(id: string | undefined) {
  return useQuery<CatalogStaleList>({
    queryKey: [...CATALOG_SCREENINGS_KEY, 'stale', id],
    queryFn: () => getJson<CatalogStaleList>(`${runUrl(id!)}/stale`),
    enabled: id !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The runs' list is read again (a run started, ended or was cancelled). */
export function invalidateCatalogScreeningList(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [...CATALOG_SCREENINGS_KEY, 'list'] });
}

/** POST /api/catalog-screenings → 202 {id}; the list is read again so the new run shows. */
export function useStartCatalogScreening() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CatalogScreeningRequest) => (await (await apiRequest('POST', CATALOG_SCREENINGS_URL, body)).json()) as CatalogScreeningAccepted,
    onSuccess: () => invalidateCatalogScreeningList(client),
  });
}

/** POST /api/catalog-screenings/{id}/cancel → the run as it ended (409 once it has ended); the run and the list take it at once. */
export function useCancelCatalogScreening() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await (await apiRequest('POST', `${runUrl(id)}/cancel`)).json()) as CatalogScreening,
    onSuccess: (run) => {
      client.setQueryData([...CATALOG_SCREENINGS_KEY, 'run', run.id], run);
      return invalidateCatalogScreeningList(client);
    },
  });
}
