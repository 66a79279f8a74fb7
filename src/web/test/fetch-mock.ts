import { vi } from 'vitest';

/** A JSON answer with `status`, as the API sends it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces global fetch with one that answers from `routes` (path → JSON body)
 * and 404s anything else. Returns the mock so tests can inspect calls.
 * Restore with vi.unstubAllGlobals().
 */
export function mockFetch(routes: Record<string, unknown> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if (url in routes) return json(200, routes[url]);
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
