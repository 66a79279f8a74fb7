import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_TRACKS } from '@/components/dashboard/satellite-tracking/ground-track-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';
import { GROUND_TRACKS_KEY, GROUND_TRACKS_POLL_MS, useGroundTracks } from '@/queries/ground-tracks';
import { ISRAELI_SATELLITES_KEY } from '@/queries/israeli-satellites';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useGroundTracks', () => {
  it('reads GET /api/israeli-satellites/ground-tracks, polls every 5 minutes, and is refreshed with the fleet', async () => {
    expect(GROUND_TRACKS_POLL_MS).toBe(300_000);
    const fetchMock = mockFetch({ '/api/israeli-satellites/ground-tracks': TEST_TRACKS });
    const client = createQueryClient();
    const Wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useGroundTracks(), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.data).toEqual(TEST_TRACKS));
    expect(fetchMock).toHaveBeenCalledWith('/api/israeli-satellites/ground-tracks', { credentials: 'include' });
    expect(client.getQueryCache().find({ queryKey: GROUND_TRACKS_KEY })?.options).toMatchObject({ refetchInterval: 300_000, staleTime: 300_000, retry: 2 });
    // Invalidating the fleet (a key prefix) re-reads the tracks too.
    await client.invalidateQueries({ queryKey: ISRAELI_SATELLITES_KEY });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
