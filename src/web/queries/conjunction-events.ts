import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CdmImportResponse, ConjunctionDetail, ConjunctionListItem, ConjunctionListResponse, ConjunctionPatchRequest } from '@contracts/conjunction-events.ts';
import { cdmContentType } from '@/lib/cdm-upload';
import { apiRequest, throwIfResNotOk } from '@/lib/query-client';
import { csrfHeaders } from '@/lib/csrf';

/*
 * Conjunction events as an operator works them (issue 11, src/contracts/conjunction-events.ts):
 * the Conjunction Alerts list and an event's detail, a stored CDM's raw text, and the
 * CDM import. Cookies go with every request and a non-OK answer throws
 * '{status}: {body}' (spec §8), as everywhere in the client (query-client.ts).
 */

const CONJUNCTIONS_URL = '/api/conjunctions';

/** Every cached list and detail of this module starts with this key (the dashboard's '/api/conjunctions/active' is another key). */
const CONJUNCTION_EVENTS_KEY = [CONJUNCTIONS_URL] as const;

/**
 * The list is re-read every minute while /alerts is open: screening runs and CDM
 * imports change it, and a minute keeps it current without re-sending thousands
 * of rows every few seconds.
 */
const CONJUNCTION_LIST_POLL_MS = 60_000;

/*
 * The keys are not URLs, so the client's default query function (GET of the key
 * joined with '/') does not fit: each query GETs its own URL through apiRequest.
 */
async function getJson<T>(url: string): Promise<T> {
  return (await (await apiRequest('GET', url)).json()) as T;
}

/**
 * The events matching `query` (conjunction-filters.ts' listQueryString), GET
 * /api/conjunctions?{query}. While a new filter or sort loads, the previous rows
 * stay (isPlaceholderData) so the table does not blank out. A view visited before
 * shows its cached rows at once and is read again (stale at once, unlike the
 * client's default).
 */
export function useConjunctionList(query: string) {
  return useQuery<ConjunctionListResponse>({
    queryKey: [...CONJUNCTION_EVENTS_KEY, 'list', query],
    queryFn: () => getJson<ConjunctionListResponse>(query ? `${CONJUNCTIONS_URL}?${query}` : CONJUNCTIONS_URL),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: CONJUNCTION_LIST_POLL_MS,
  });
}

/**
 * Every event of the list `query` selects, when `first` (its first page, as loaded) holds only part
 * of them: the next pages, GET /api/conjunctions?{query}&offset=…, appended in the server's order
 * (for a CSV of the whole view). An event that an import or screening run moved between pages
 * meanwhile is kept once.
 */
export async function fetchRestOfConjunctionList(query: string, first: ConjunctionListResponse): Promise<ConjunctionListItem[]> {
  const items = [...first.items];
  const seen = new Set(items.map((item) => item.conjunctionId));
  for (let offset = first.items.length; offset < first.total; ) {
    const page = await getJson<ConjunctionListResponse>(`${CONJUNCTIONS_URL}?${query}&offset=${offset}`);
    if (page.items.length === 0) break;
    offset += page.items.length;
    for (const item of page.items) {
      if (seen.has(item.conjunctionId)) continue;
      seen.add(item.conjunctionId);
      items.push(item);
    }
  }
  return items;
}

/**
 * One event with its objects, Pc method and violations, history, encounter plane and CDMs
 * (GET /api/conjunctions/{conjunctionId}); an unknown id is a '404: …' error.
 */
export function useConjunctionDetail(conjunctionId: string) {
  return useQuery<ConjunctionDetail>({
    queryKey: [...CONJUNCTION_EVENTS_KEY, conjunctionId],
    queryFn: () => getJson<ConjunctionDetail>(`${CONJUNCTIONS_URL}/${encodeURIComponent(conjunctionId)}`),
  });
}

/**
 * How many events a query selects, as a count only (GET /api/conjunctions?{query} with limit=1: its `total`), for
 * /alerts' "N closed alerts hidden" line. `query` null: nothing is asked. Re-read with the list.
 */
export function useConjunctionCount(query: string | null) {
  return useQuery<number>({
    queryKey: [...CONJUNCTION_EVENTS_KEY, 'count', query],
    queryFn: async () => (await getJson<ConjunctionListResponse>(`${CONJUNCTIONS_URL}?${query}`)).total,
    enabled: query !== null,
    staleTime: 0,
    refetchInterval: CONJUNCTION_LIST_POLL_MS,
  });
}

/**
 * PATCH /api/conjunctions/{conjunctionId} (issue 29, operator role): move the alert, assign it or comment on it.
 * The answer is the event's new detail, put in the cache at once; the lists are read again (status and assignee
 * columns, counts). A move the server does not allow is a '409: {"message": …}' error naming the allowed ones, an
 * unknown assignee a '400: …' (errorMessage() reads the message). The CSRF token goes with it (apiRequest).
 */
export function usePatchConjunction(conjunctionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConjunctionPatchRequest) =>
      (await (await apiRequest('PATCH', `${CONJUNCTIONS_URL}/${encodeURIComponent(conjunctionId)}`, body)).json()) as ConjunctionDetail,
    onSuccess: async (detail) => {
      client.setQueryData([...CONJUNCTION_EVENTS_KEY, conjunctionId], detail);
      await client.invalidateQueries({ queryKey: CONJUNCTION_EVENTS_KEY, predicate: (query) => query.queryKey[1] !== conjunctionId });
    },
  });
}

/** A stored CDM as it was received (CdmLink.url), read as text, not JSON (the detail view asks when it is to be shown). */
export function useCdmText(url: string) {
  return useQuery<string>({
    queryKey: ['cdm-text', url],
    queryFn: async () => (await apiRequest('GET', url)).text(),
  });
}

/**
 * POSTs one file as it is to /api/cdm/import?name={file name} (KVN, XML or
 * Space-Track JSON; the content type by its extension, so not apiRequest's JSON
 * body). A body that is no CDM at all is a '400: {"message": …}' error; messages
 * the server could not take are in the answer's `rejected`.
 */
export async function importCdmFile(file: File): Promise<CdmImportResponse> {
  const res = await fetch(`/api/cdm/import?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'Content-Type': cdmContentType(file.name), ...csrfHeaders('POST') },
    body: file,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return (await res.json()) as CdmImportResponse;
}

/** After imports: the lists and details are read again. */
export function invalidateConjunctionEvents(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: CONJUNCTION_EVENTS_KEY });
}
