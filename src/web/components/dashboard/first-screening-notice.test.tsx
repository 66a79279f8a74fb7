import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardStats } from '@contracts/operations.ts';
import { FIRST_SCREENING_FAILED, FIRST_SCREENING_PENDING, FIRST_SCREENING_RUNNING } from '@/components/dashboard/first-screening-notice';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

// jsdom has no WebGL: the dashboard's globe is a stub.
vi.mock('@/components/dashboard/situational-awareness/globe-canvas', () => ({
  default: () => <div data-testid="globe-stub" />,
}));

/*
 * After a first start (issue 29) the dashboard says the first screening is running instead of showing zeros; the
 * stats tell it (no lastScreening yet, screeningStatus). They are read again every 5 s until a run has completed.
 */

function stats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    activeAlerts: 0,
    maneuverDetections: 0,
    highInterestObjects: 0,
    threatLevel: { critical: 0, high: 0, medium: 0, low: 0 },
    trackedObjects: 27_412,
    dailyScreens: 0,
    lastScreening: null,
    screeningStatus: 'running',
    ...overrides,
  };
}

/** Answers the stats with `answers` in turn (the last one again after), everything else 404. */
function mockStats(...answers: DashboardStats[]) {
  let calls = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) !== '/api/dashboard/stats') return new Response('Not Found', { status: 404 });
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { statsCalls: () => calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('first screening notice (issue 29)', () => {
  it('says the first screening run is in progress, and goes once a run has completed', async () => {
    const { statsCalls } = mockStats(stats(), stats({ lastScreening: '2026-12-07T06:01:00.000Z', screeningStatus: 'idle', activeAlerts: 3 }));
    renderApp('/');
    expect(await screen.findByText(FIRST_SCREENING_RUNNING)).toBeInTheDocument();
    // Read again within the 5 s poll: the run has completed, the notice goes and the counts arrive.
    await waitFor(() => expect(screen.queryByText(FIRST_SCREENING_RUNNING)).not.toBeInTheDocument(), { timeout: 8000 });
    expect(screen.getByText('3 Active Alerts')).toBeInTheDocument();
    expect(statsCalls()).toBe(2);
  }, 15_000);

  it('says no run has completed yet while none runs, and that the first one failed', async () => {
    mockStats(stats({ screeningStatus: 'idle' }));
    const { unmount } = renderApp('/');
    expect(await screen.findByText(FIRST_SCREENING_PENDING)).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    mockStats(stats({ screeningStatus: 'failed' }));
    renderApp('/');
    expect(await screen.findByText(FIRST_SCREENING_FAILED, { exact: false })).toBeInTheDocument();
  });

  it('says nothing once a run has completed, and the stats are not polled (spec §7)', async () => {
    const { statsCalls } = mockStats(stats({ lastScreening: '2026-12-07T06:01:00.000Z', screeningStatus: 'running' }));
    renderApp('/');
    await screen.findByText('0 Active Alerts');
    expect(screen.queryByText(FIRST_SCREENING_RUNNING)).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(statsCalls()).toBe(1);
  }, 15_000);
});
