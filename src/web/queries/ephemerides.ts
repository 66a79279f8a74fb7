import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EphemerisImportResponse, EphemerisListResponse } from '@contracts/ephemerides.ts';
import { csrfHeaders } from '@/lib/csrf';
import { apiRequest, throwIfResNotOk } from '@/lib/query-client';

/*
 * Operators' own ephemerides of fleet objects (issue 28, src/contracts/ephemerides.ts): the stored
 * ones (all, or one object's), the upload of an OEM file as it is, and the download of one again.
 * A non-OK answer throws '{status}: {body}' (errorMessage() gives the server's message: for a
 * refused file "Not a usable OEM: line N: reason"), as everywhere.
 */

export const EPHEMERIDES_PATH = '/api/ephemerides';
/** Every ephemerides query starts with this: an upload reads them all again. */
export const EPHEMERIDES_KEY = [EPHEMERIDES_PATH] as const;

/** The newest this many are listed (the API's default page). */
export const EPHEMERIS_LIST_LIMIT = 100;

/** What the file picker offers: CCSDS OEM as KVN (.oem, .kvn, .txt) or XML (.xml). */
export const OEM_FILE_ACCEPT = '.oem,.txt,.xml,.kvn';

/** The list's URL: the newest EPHEMERIS_LIST_LIMIT, of object `norad` when given. */
export function ephemeridesUrl(norad?: number): string {
  const query = new URLSearchParams({ ...(norad !== undefined ? { norad: String(norad) } : {}), limit: String(EPHEMERIS_LIST_LIMIT) });
  return `${EPHEMERIDES_PATH}?${query.toString()}`;
}

/** GET /api/ephemerides[?norad=N]: the stored ephemerides (metadata), newest import first. */
export function useEphemerides(norad?: number) {
  return useQuery<EphemerisListResponse>({
    queryKey: [...EPHEMERIDES_KEY, norad ?? 'all'],
    queryFn: async () => (await (await apiRequest('GET', ephemeridesUrl(norad))).json()) as EphemerisListResponse,
  });
}

/** XML goes as application/xml; KVN (whatever its extension) as text/plain. The server takes both as text. */
export function oemContentType(fileName: string): string {
  return /\.xml$/i.test(fileName) ? 'application/xml' : 'text/plain';
}

/**
 * POST /api/ephemerides?name=FILE with the file as it is (the session's cookies and CSRF token).
 * Resolves with the stored ephemeris (201), or the one already stored for the same file (200,
 * `duplicate`); throws '400: …' for a file that cannot be used and '422: …' for an object that is
 * not a fleet object, the server's message naming the line and the reason.
 */
export async function uploadEphemeris(file: File): Promise<EphemerisImportResponse> {
  const res = await fetch(`${EPHEMERIDES_PATH}?name=${encodeURIComponent(file.name.slice(0, 255))}`, {
    method: 'POST',
    headers: { 'Content-Type': oemContentType(file.name), ...csrfHeaders('POST') },
    body: file,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return (await res.json()) as EphemerisImportResponse;
}

/** The upload as a mutation; a stored (or already stored) file reads every list again. */
export function useUploadEphemeris() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadEphemeris,
    onSuccess: () => client.invalidateQueries({ queryKey: EPHEMERIDES_KEY }),
  });
}
