import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_TRACKS } from '@/components/dashboard/satellite-tracking/ground-track-fixtures';
import { IsraeliSatelliteTrackingCard } from '@/components/dashboard/satellite-tracking/israeli-satellite-tracking-card';
import { reloadPage } from '@/components/dashboard/satellite-tracking/reload-page';
import { TEST_FLEET } from '@/components/satellites/satellite-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';

// The default refresh action reloads the page, which jsdom cannot do: replace it to see it called.
vi.mock('@/components/dashboard/satellite-tracking/reload-page', () => ({ reloadPage: vi.fn() }));

const API = '/api/israeli-satellites';
const TRACKS_API = '/api/israeli-satellites/ground-tracks';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(reloadPage).mockClear();
});

function renderCard(props: { onRefresh?: () => void } = {}) {
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <IsraeliSatelliteTrackingCard {...props} />
    </QueryClientProvider>,
  );
  return { ...view, client };
}

function card() {
  return screen.getByRole('region', { name: 'Israeli Satellite Tracking' });
}

describe('IsraeliSatelliteTrackingCard', () => {
  it("shows the title, the 'Live SGP4 Data' label, the refresh button and 'Fetching satellite positions...' while loading", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderCard();
    expect(within(card()).getByRole('heading', { level: 2, name: 'Israeli Satellite Tracking' })).toBeInTheDocument();
    expect(within(card()).getByText('Live SGP4 Data')).toBeInTheDocument();
    expect(within(card()).queryByText(/N2YO/)).not.toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(within(card()).getByRole('status')).toHaveTextContent(/^Fetching satellite positions\.\.\.$/);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("retries a failed read twice, then shows 'Unable to load satellite data' and 'Error: {message}'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async () => new Response('boom', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    renderCard();
    await act(() => vi.advanceTimersByTimeAsync(500));
    // Still loading during the retries (1 s, then 2 s later).
    expect(screen.getByRole('status')).toHaveTextContent('Fetching satellite positions...');
    await act(() => vi.advanceTimersByTimeAsync(3_500));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const alert = within(card()).getByRole('alert');
    expect(alert).toHaveTextContent(/^Unable to load satellite dataError: 503: boom$/);
    expect(within(alert).getByText('Unable to load satellite data')).toBeInTheDocument();
    expect(within(alert).getByText('Error: 503: boom')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it("shows 'Unable to load satellite data' without an 'Error:' line for an empty list", async () => {
    mockFetch({ [API]: [] });
    renderCard();
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent(/^Unable to load satellite data$/);
    expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('opens on Real Position, with the map and the Active Satellites list', async () => {
    const fetchMock = mockFetch({ [API]: TEST_FLEET });
    renderCard();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Real Position', 'Altitudes', 'Orbits']);
    expect(screen.getByRole('tab', { name: 'Real Position' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('tracking-map')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Active Satellites (5)' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(API, { credentials: 'include' });
    // The ground tracks are read only when the Orbits tab is opened.
    expect(fetchMock).not.toHaveBeenCalledWith(TRACKS_API, expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('switches to Altitudes and to Orbits, which reads the ground tracks', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [API]: TEST_FLEET, [TRACKS_API]: TEST_TRACKS });
    renderCard();
    await user.click(await screen.findByRole('tab', { name: 'Altitudes' }));
    expect(screen.getByRole('tab', { name: 'Altitudes' })).toHaveAttribute('aria-selected', 'true');
    const altitudes = screen.getByRole('tabpanel');
    expect(within(altitudes).getByTestId('altitude-chart')).toBeInTheDocument();
    expect(within(altitudes).getByTestId('altitude-zones')).toHaveTextContent('LEO 400–1,000 km');
    expect(screen.queryByTestId('tracking-map')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Orbits' }));
    const orbits = screen.getByRole('tabpanel');
    expect(await within(orbits).findByRole('heading', { name: 'Predicted Orbital Trajectories - Next 2 Hours' })).toBeInTheDocument();
    expect(await within(orbits).findByTestId('orbits-map')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(TRACKS_API, { credentials: 'include' });
    expect(within(orbits).getAllByTestId('ground-track')).toHaveLength(TEST_TRACKS.tracks.length);

    await user.click(screen.getByRole('tab', { name: 'Real Position' }));
    expect(await screen.findByTestId('tracking-map')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    mockFetch({ [API]: TEST_FLEET, [TRACKS_API]: TEST_TRACKS });
    renderCard();
    await user.click(await screen.findByRole('tab', { name: 'Real Position' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Altitudes' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Orbits' })).toHaveAttribute('aria-selected', 'true');
  });

  it('reloads the page when Refresh is pressed', async () => {
    const user = userEvent.setup();
    mockFetch({ [API]: TEST_FLEET });
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('calls an injected refresh action instead, and Refresh works in the error state too', async () => {
    const user = userEvent.setup();
    mockFetch({ [API]: [] });
    const onRefresh = vi.fn();
    renderCard({ onRefresh });
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('re-reads the positions every 30 s and keeps the last ones, with the error, when a later read fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = false;
    const fetchMock = vi.fn(async () =>
      fail ? new Response('gone', { status: 502 }) : new Response(JSON.stringify(TEST_FLEET), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderCard();
    await screen.findByRole('tablist');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fail = true;
    await act(() => vi.advanceTimersByTimeAsync(30_000 + 3_500));
    expect(fetchMock).toHaveBeenCalledTimes(5); // the failed poll and its two retries
    expect(within(card()).getByRole('alert')).toHaveTextContent('Error: 502: gone');
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Active Satellites (5)' })).toBeInTheDocument();
  });
});
