import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ObjectDecayResponse, ObjectDetail, ObjectHistoryResponse, ObjectSearchResponse } from '@contracts/object-exports.ts';
import { apiRequest } from '@/lib/query-client';

/*
 * Catalogue objects (issue 14, src/contracts/object-exports.ts): the header search, one object's
 * identity and state, its element-set history, and the URLs of its exports. A non-OK answer
 * throws '{status}: {body}' (errorMessage() gives the server's message), as everywhere.
 */

export const OBJECTS_URL = '/api/objects';

/** Results the header search shows. */
export const SEARCH_LIMIT = 8;

/** The object's state is re-read every 10 s while its page is open (it moves about 75 km in that time in LEO). */
export const OBJECT_POLL_MS = 10_000;

async function getJson<T>(url: string): Promise<T> {
  return (await (await apiRequest('GET', url)).json()) as T;
}

export const objectUrl = (norad: number | string) => `${OBJECTS_URL}/${encodeURIComponent(String(norad))}`;

/** GET /api/objects?q=…&limit=8 (nothing asked for blank text). */
export function useObjectSearch(q: string) {
  const text = q.trim();
  return useQuery<ObjectSearchResponse>({
    queryKey: [OBJECTS_URL, 'search', text],
    queryFn: () => getJson<ObjectSearchResponse>(`${OBJECTS_URL}?q=${encodeURIComponent(text)}&limit=${SEARCH_LIMIT}`),
    enabled: text !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /api/objects/{norad}: identity, newest set, orbit, state now (re-read every 10 s). */
export function useObjectDetail(norad: string) {
  return useQuery<ObjectDetail>({
    queryKey: [OBJECTS_URL, norad],
    queryFn: () => getJson<ObjectDetail>(objectUrl(norad)),
    refetchInterval: OBJECT_POLL_MS,
  });
}

/** GET /api/objects/{norad}/history: every stored set's mean orbit, oldest first, and the manoeuvres. */
export function useObjectHistory(norad: string) {
  return useQuery<ObjectHistoryResponse>({
    queryKey: [OBJECTS_URL, norad, 'history'],
    queryFn: () => getJson<ObjectHistoryResponse>(`${objectUrl(norad)}/history`),
  });
}

/** The element-set export of one object (a file the browser downloads). */
export function elementsExportUrl(norad: string, format: string, history: boolean): string {
  return `${objectUrl(norad)}/elements?format=${encodeURIComponent(format)}&history=${history}`;
}

/** The OEM or CZML export of one object over [start, end) every `step` seconds. */
export function ephemerisExportUrl(norad: string, kind: 'oem' | 'czml', span: { start: string; end: string; step: string; frame: string }): string {
  const q = new URLSearchParams({ start: span.start, end: span.end, step: span.step, ...(kind === 'oem' ? { frame: span.frame } : {}) });
  return `${objectUrl(norad)}/${kind}?${q.toString()}`;
}

/** GET /api/objects/{norad}/decay: the lifetime forecast (computed on request; an hour is fresh enough). */
export function useObjectDecay(norad: string) {
  return useQuery<ObjectDecayResponse>({
    queryKey: [OBJECTS_URL, norad, 'decay'],
    queryFn: () => getJson<ObjectDecayResponse>(`${objectUrl(norad)}/decay`),
    staleTime: 3_600_000,
  });
}
