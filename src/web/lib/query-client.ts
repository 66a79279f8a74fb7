import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { csrfHeaders } from './csrf';

/*
 * Client data layer, spec §7 and §8: every request carries cookies, bodies are
 * JSON, the default read is GET of the query key joined with '/', and nothing
 * retries, refetches on focus or goes stale unless a query says so.
 */

/** Spec §8: a non-OK response becomes Error('<status>: <body text or status text>'). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** Sends a request with cookies and, when `data` is given, a JSON body. Throws on a non-OK status. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: { ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}), ...csrfHeaders(method) },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** 'returnNull': a 401 resolves to null (e.g. "who am I" checks); 'throw': a 401 is an error like any other. */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** The session query's key (queries/auth.ts); any 401 makes it read again, so the login page appears. */
export const SESSION_KEY = ['/api/auth/session'] as const;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error.message.startsWith('401:') && query.queryKey[0] !== SESSION_KEY[0]) void client.invalidateQueries({ queryKey: SESSION_KEY });
      },
    }),
    // A write whose session expired meanwhile: the login page, not just an error.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (error.message.startsWith('401:')) void client.invalidateQueries({ queryKey: SESSION_KEY });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The app's single client. Tests build their own with createQueryClient() so caches never leak between them. */
export const queryClient = createQueryClient();
