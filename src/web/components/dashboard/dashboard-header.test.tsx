import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardHeader } from '@/components/dashboard/dashboard-header';
import type { HeaderStats } from '@/components/dashboard/header-stats';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';

const APP_INFO = { name: 'Data Forge', version: '0.1.0', operatorLabel: 'Test Operator' };

function renderHeader(stats?: HeaderStats) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DashboardHeader stats={stats} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DashboardHeader', () => {
  it('shows the title and the tagline', () => {
    mockFetch({ '/api/app-info': APP_INFO });
    renderHeader();
    expect(screen.getByRole('heading', { level: 1, name: 'Space Domain Awareness Platform' })).toBeInTheDocument();
    expect(screen.getByText('Advanced space threat assessment and orbital intelligence platform')).toBeInTheDocument();
  });

  it('shows the operator label once /api/app-info answers, and nothing before', async () => {
    let answer: (res: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderHeader();
    expect(fetchMock).toHaveBeenCalledWith('/api/app-info', { credentials: 'include' });
    expect(screen.queryByText('Test Operator')).not.toBeInTheDocument();
    await act(async () => answer(new Response(JSON.stringify(APP_INFO), { status: 200 })));
    expect(await screen.findByText('Test Operator')).toBeInTheDocument();
  });

  it('shows no operator label when /api/app-info fails', async () => {
    const fetchMock = mockFetch({});
    renderHeader();
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByText('Test Operator')).not.toBeInTheDocument();
  });

  it("ticks the 'Last Update' UTC clock every second", () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2025-03-01T19:04:58.000Z'));
    mockFetch({ '/api/app-info': APP_INFO });
    renderHeader();
    expect(screen.getByText('Last Update: 19:04:58 UTC')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Last Update: 19:04:59 UTC')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Last Update: 19:05:01 UTC')).toBeInTheDocument();
  });

  it('shows no stats badges without stats (while the dashboard stats load)', () => {
    mockFetch({ '/api/app-info': APP_INFO });
    renderHeader();
    expect(screen.queryByText(/Active Alerts|Maneuvers|HIOs|High Threats/)).not.toBeInTheDocument();
  });

  it('renders the stats badges, counting High Threats as critical + high', () => {
    mockFetch({ '/api/app-info': APP_INFO });
    renderHeader({ activeAlerts: 3, maneuverDetections: 2, highInterestObjects: 5, threatLevel: { critical: 1, high: 4 } });
    expect(screen.getByText('3 Active Alerts')).toHaveClass('bg-red-600');
    expect(screen.getByText('2 Maneuvers')).toHaveClass('bg-yellow-500');
    expect(screen.getByText('5 HIOs')).toHaveClass('bg-blue-600');
    expect(screen.getByText('5 High Threats')).toBeInTheDocument();
  });

  it('omits High Threats when threatLevel is missing', () => {
    mockFetch({ '/api/app-info': APP_INFO });
    renderHeader({ activeAlerts: 0, maneuverDetections: 0, highInterestObjects: 0 });
    expect(screen.getByText('0 Active Alerts')).toBeInTheDocument();
    expect(screen.queryByText(/High Threats/)).not.toBeInTheDocument();
  });
});
