import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CdmImportResponse, ConjunctionDetail, ConjunctionListResponse } from '../../contracts/conjunction-events.ts';
import { cdmContentType } from '@/lib/cdm-upload';
import { throwIfResNotOk } from '@/lib/query-client';

/*
 * Conjunction events as an operator works them (issue 11, src/contracts/conjunction-events.ts):
 * the Conjunction Alerts list and an event's detail, a stored CDM's raw text, and the
 * CDM import. Cookies go with every request and a non-OK answer throws
 * '{status}: {body}' (spec §8), as everywhere in the client.
 */

export const CONJUNCTIONS_URL = '/api/conjunctions';
export const CDM_IMPORT_URL = '/api/cdm/import';

/** Every cached list and detail of this module starts with this key (the dashboard's '/api/conjunctions/active' is another key). */
export const CONJUNCTION_EVENTS_KEY = [CONJUNCTIONS_URL] as const;

/**
 * The list is re-read every minute while /alerts is open: screening runs and CDM
 * imports change it, and a minute keeps it current without re-sending thousands
 * of rows every few seconds.
 */
export const CONJUNCTION_LIST_POLL_MS = 60_000;

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** GET /api/conjunctions?{query}. */
export function conjunctionListUrl(query: string): string {
  return query ? `${CONJUNCTIONS_URL}?${query}` : CONJUNCTIONS_URL;
}

export function conjunctionListKey(query: string) {
  return [CONJUNCTIONS_URL, 'list', query] as const;
}

/**
 * The events matching `query` (conjunction-filters.ts' listQueryString). While a new
 * filter or sort loads, the previous rows stay (isPlaceholderData) so the table
 * does not blank out. A view visited before shows its cached rows at once and is
 * read again (stale at once, unlike the client's default).
 */
export function useConjunctionList(query: string) {
  return useQuery<ConjunctionListResponse>({
    queryKey: conjunctionListKey(query),
    queryFn: () => getJson<ConjunctionListResponse>(conjunctionListUrl(query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: CONJUNCTION_LIST_POLL_MS,
  });
}

/** Whether any event is stored at all (one row of every status), asked only when `enabled` (an empty list). */
export function useAnyConjunctions(enabled: boolean) {
  return useQuery<ConjunctionListResponse, Error, boolean>({
    queryKey: conjunctionListKey('status=all&limit=1'),
    queryFn: () => getJson<ConjunctionListResponse>(conjunctionListUrl('status=all&limit=1')),
    select: (response) => response.total > 0,
    enabled,
  });
}

/** GET /api/conjunctions/{conjunctionId}. */
export function conjunctionDetailUrl(conjunctionId: string): string {
  return `${CONJUNCTIONS_URL}/${encodeURIComponent(conjunctionId)}`;
}

export function conjunctionDetailKey(conjunctionId: string) {
  return [CONJUNCTIONS_URL, conjunctionId] as const;
}

/** One event with its objects, Pc method and violations, history, encounter plane and CDMs; an unknown id is a '404: …' error. */
export function useConjunctionDetail(conjunctionId: string) {
  return useQuery<ConjunctionDetail>({
    queryKey: conjunctionDetailKey(conjunctionId),
    queryFn: () => getJson<ConjunctionDetail>(conjunctionDetailUrl(conjunctionId)),
  });
}

/** A stored CDM as it was received (CdmLink.url), read as text (the detail view asks when it is to be shown). */
export function useCdmText(url: string) {
  return useQuery<string>({
    queryKey: ['cdm-text', url],
    queryFn: async () => {
      const res = await fetch(url, { credentials: 'include' });
      await throwIfResNotOk(res);
      return res.text();
    },
  });
}

/** The import URL of a file: POST /api/cdm/import?name={file name}. */
export function cdmImportUrl(fileName: string): string {
  return `${CDM_IMPORT_URL}?name=${encodeURIComponent(fileName)}`;
}

/**
 * POSTs one file as it is (KVN, XML or Space-Track JSON; the content type by its
 * extension). A body that is no CDM at all is a '400: {"message": …}' error;
 * messages the server could not take are in the answer's `rejected`.
 */
export async function importCdmFile(file: File): Promise<CdmImportResponse> {
  const res = await fetch(cdmImportUrl(file.name), {
    method: 'POST',
    headers: { 'Content-Type': cdmContentType(file.name) },
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
