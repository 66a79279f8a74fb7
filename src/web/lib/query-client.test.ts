import type { QueryFunctionContext } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, createQueryClient, getQueryFn, throwIfResNotOk } from '@/lib/query-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (..._args: Parameters<typeof fetch>) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The query function only reads queryKey; the rest of the context is irrelevant here.
function context(queryKey: readonly unknown[]) {
  return { queryKey, meta: undefined, signal: new AbortController().signal } as unknown as QueryFunctionContext;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('throwIfResNotOk', () => {
  it('passes an OK response', async () => {
    await expect(throwIfResNotOk(new Response('fine', { status: 200 }))).resolves.toBeUndefined();
  });

  it('uses the status and the body text', async () => {
    await expect(throwIfResNotOk(new Response('{"message":"bad id"}', { status: 400 }))).rejects.toThrow('400: {"message":"bad id"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    await expect(throwIfResNotOk(new Response('', { status: 503, statusText: 'Service Unavailable' }))).rejects.toThrow(
      '503: Service Unavailable',
    );
  });
});

describe('apiRequest', () => {
  it('sends a JSON body with a JSON content type and cookies', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/conjunction/analyze', { conjunctionId: 'CNJ-2024-001' });
    expect(fetchMock).toHaveBeenCalledWith('/api/conjunction/analyze', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"conjunctionId":"CNJ-2024-001"}',
      credentials: 'include',
    });
  });

  it('sends no body and no content type without data', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('DELETE', '/api/high-interest-objects/7');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
    expect(init?.credentials).toBe('include');
  });

  it('throws the status message on failure', async () => {
    stubFetch(new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiRequest('POST', '/api/x', {})).rejects.toThrow('500: boom');
  });
});

describe('getQueryFn', () => {
  it('GETs the key segments joined with "/" with cookies and parses JSON', async () => {
    const fetchMock = stubFetch(new Response('{"name":"Data Forge"}', { status: 200 }));
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/orbital-drag', 'realtime']));
    expect(fetchMock).toHaveBeenCalledWith('/api/orbital-drag/realtime', { credentials: 'include' });
    expect(result).toEqual({ name: 'Data Forge' });
  });

  it("returns null on 401 in 'returnNull' mode", async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/me']))).resolves.toBeNull();
  });

  it("throws on 401 in 'throw' mode", async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/me']))).rejects.toThrow('401: Unauthorized');
  });

  it("still throws other errors in 'returnNull' mode", async () => {
    stubFetch(new Response('', { status: 404, statusText: 'Not Found' }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/none']))).rejects.toThrow('404: Not Found');
  });
});

describe('createQueryClient defaults', () => {
  it('never retries, refetches on focus or goes stale, and throws on 401', async () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries).toMatchObject({ refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
    expect(mutations).toMatchObject({ retry: false });

    stubFetch(new Response('Unauthorized', { status: 401 }));
    await expect(client.fetchQuery({ queryKey: ['/api/app-info'] })).rejects.toThrow('401: Unauthorized');
  });

  it('reads through the default query function', async () => {
    const fetchMock = stubFetch(new Response('{"operatorLabel":"Ops"}', { status: 200 }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/app-info'] })).resolves.toEqual({ operatorLabel: 'Ops' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
