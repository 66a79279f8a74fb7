import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_FLEET } from '@/components/satellites/satellite-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';
import { ISRAELI_SATELLITES_KEY, SATELLITES_POLL_MS, TRACKING_CARD_RETRIES, useIsraeliSatellitesForCard } from '@/queries/israeli-satellites';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function wrapper() {
  const client = createQueryClient();
  return {
    client,
    wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  };
}

describe('useIsraeliSatellitesForCard (spec §7)', () => {
  it('reads GET /api/israeli-satellites into the shared fleet cache entry', async () => {
    const fetchMock = mockFetch({ '/api/israeli-satellites': TEST_FLEET });
    const { client, wrapper: Wrapper } = wrapper();
    const { result } = renderHook(() => useIsraeliSatellitesForCard(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data).toEqual(TEST_FLEET));
    expect(fetchMock).toHaveBeenCalledWith('/api/israeli-satellites', { credentials: 'include' });
    expect(client.getQueryData(ISRAELI_SATELLITES_KEY)).toEqual(TEST_FLEET);
  });

  it('polls every 30 s and retries a failure twice', async () => {
    expect(SATELLITES_POLL_MS).toBe(30_000);
    expect(TRACKING_CARD_RETRIES).toBe(2);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async () => new Response('down', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper: Wrapper } = wrapper();
    const { result } = renderHook(() => useIsraeliSatellitesForCard(), { wrapper: Wrapper });
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(result.current.error).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current.error?.message).toBe('503: down');
  });
});
