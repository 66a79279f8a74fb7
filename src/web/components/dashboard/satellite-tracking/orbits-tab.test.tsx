import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_TRACKS } from '@/components/dashboard/satellite-tracking/ground-track-fixtures';
import { OrbitsTab } from '@/components/dashboard/satellite-tracking/orbits-tab';
import { TEST_FLEET } from '@/components/satellites/satellite-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';

const TRACKS_API = '/api/israeli-satellites/ground-tracks';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderTab() {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <OrbitsTab satellites={TEST_FLEET} />
    </QueryClientProvider>,
  );
}

async function renderLoaded() {
  const fetchMock = mockFetch({ [TRACKS_API]: TEST_TRACKS });
  const view = renderTab();
  await screen.findByTestId('orbits-map');
  return { ...view, fetchMock };
}

function track(name: string) {
  return screen.getByRole('img', { name: `${name} predicted track` });
}

/** [term, value] pairs of a tile. */
function tileFields(name: string) {
  return within(screen.getByRole('listitem', { name }))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('OrbitsTab', () => {
  it("shows the heading and 'Computing predicted trajectories...' while the tracks load", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderTab();
    expect(screen.getByRole('heading', { level: 3, name: 'Predicted Orbital Trajectories - Next 2 Hours' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Computing predicted trajectories\.\.\.$/);
  });

  it('reads GET /api/israeli-satellites/ground-tracks with cookies', async () => {
    const { fetchMock } = await renderLoaded();
    expect(fetchMock).toHaveBeenCalledWith(TRACKS_API, { credentials: 'include' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the tracks cannot be read, after two retries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async () => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    vi.stubGlobal('fetch', fetchMock);
    renderTab();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Unable to load predicted trajectoriesError: 500: Internal Server Error$/);
    expect(screen.queryByTestId('orbits-map')).not.toBeInTheDocument();
  });

  it('draws each track dashed on the 1000x500 map, split at the antimeridian', async () => {
    await renderLoaded();
    expect(screen.getByTestId('orbits-map')).toHaveAttribute('viewBox', '0 0 1000 500');
    expect(screen.getAllByTestId('ground-track')).toHaveLength(4);
    const segments = (name: string) => within(track(name)).getAllByTestId('track-segment');
    // OFEQ-16 goes west along the equator through 180°: two pieces, one ending at x 0, the next starting at x 1000.
    expect(segments('OFEQ-16')).toHaveLength(2);
    expect(segments('OFEQ-16')[0]?.getAttribute('points')?.split(' ').at(-1)).toBe('0.00,250.00');
    expect(segments('OFEQ-16')[1]?.getAttribute('points')?.split(' ')[0]).toBe('1000.00,250.00');
    expect(segments('VENUS')).toHaveLength(1);
    for (const segment of screen.getAllByTestId('track-segment')) {
      expect(segment).toHaveAttribute('stroke-dasharray', '6 4');
      const xs = (segment.getAttribute('points') ?? '').split(' ').map((pair) => Number(pair.split(',')[0]));
      for (let index = 1; index < xs.length; index += 1) expect(Math.abs((xs[index] as number) - (xs[index - 1] as number))).toBeLessThan(500);
    }
  });

  it('marks the current position at the projected first point, labelled with the name', async () => {
    await renderLoaded();
    const now = (name: string) => screen.getByRole('img', { name: `${name} now` });
    // VENUS starts at 60° S 35° E: x = 500 + 35 × 1000/360, y = 250 + 60 × 500/180.
    expect(now('VENUS')).toHaveAttribute('data-x', '597.22');
    expect(now('VENUS')).toHaveAttribute('data-y', '416.67');
    // AMOS-17 at 0.01° N 17° E.
    expect(now('AMOS-17')).toHaveAttribute('data-x', '547.22');
    expect(now('AMOS-17')).toHaveAttribute('data-y', '249.97');
    expect(now('OFEQ-16')).toHaveTextContent('OFEQ-16');
  });

  it('draws the future points fading with time, and direction arrows along the way', async () => {
    await renderLoaded();
    const futurePoints = within(track('VENUS')).getAllByTestId('track-point');
    expect(futurePoints).toHaveLength(24);
    expect(futurePoints[0]).toHaveAttribute('opacity', '0.96'); // 1 − 0.85/24
    expect(futurePoints.at(-1)).toHaveAttribute('opacity', '0.15');
    const opacities = futurePoints.map((p) => Number(p.getAttribute('opacity')));
    expect([...opacities].sort((a, b) => b - a)).toEqual(opacities);
    // 5 minutes after the start VENUS is at 55° S 35° E.
    expect(futurePoints[0]).toHaveAttribute('cx', '597.22');
    expect(futurePoints[0]).toHaveAttribute('cy', '402.78');

    const arrows = within(track('VENUS')).getAllByTestId('track-arrow');
    expect(arrows).toHaveLength(8);
    expect(arrows[0]).toHaveAttribute('transform', 'translate(597.22 409.72) rotate(-90.0)'); // north, halfway between 60° S and 55° S
    expect(within(track('OFEQ-16')).getAllByTestId('track-arrow')[0]?.getAttribute('transform')).toMatch(/rotate\(-?180\.0\)$/); // west
    expect(within(track('AMOS-17')).queryAllByTestId('track-arrow')).toEqual([]);
  });

  it('shows the legend and the prediction details note', async () => {
    await renderLoaded();
    expect(within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      'Military',
      'Commercial',
      'Scientific',
    ]);
    expect(within(screen.getByRole('list', { name: 'Trajectory legend' })).getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      'Current position',
      'Predicted path',
      'Direction of motion',
      'Future points fade with time',
    ]);
    const note = screen.getByTestId('prediction-note');
    expect(note).toHaveTextContent('Prediction details:');
    expect(note).toHaveTextContent('SGP4');
    expect(note).toHaveTextContent('in 5-minute steps over the next 2 hours from Mar 1, 2025 19:05 UTC');
    expect(note).toHaveTextContent('element-set epoch');
  });

  it('gives each satellite a tile with type, distance in degrees and period (worked out by hand from the fixture tracks)', async () => {
    await renderLoaded();
    const tiles = within(screen.getByRole('list', { name: 'Predicted trajectories' })).getAllByRole('listitem');
    expect(tiles.map((tile) => within(tile).getByRole('heading', { level: 4 }).textContent)).toEqual(['OFEQ-16', 'AMOS-17', 'VENUS', 'TESTBED-1']);
    // Each tile's name opens the object's page (issue 14).
    expect(within(tiles[1]!).getByRole('link', { name: 'AMOS-17' })).toHaveAttribute('href', '/objects/44479');
    expect(tileFields('OFEQ-16')).toEqual([
      ['Type', 'LEO'],
      ['Distance', '480.0°'], // 24 steps of 20° on the equator
      ['Period', '94.6 min'],
      ['Epoch', 'Mar 1, 2025 06:30 UTC'],
    ]);
    expect(tileFields('AMOS-17')).toEqual([
      ['Type', 'GEO'], // from its 1,436.1-min period, not its name
      ['Distance', '0.0°'],
      ['Period', '23.9 h'],
      ['Epoch', 'Mar 1, 2025 06:30 UTC'],
    ]);
    expect(tileFields('VENUS').slice(0, 3)).toEqual([
      ['Type', 'LEO'],
      ['Distance', '120.0°'], // 24 steps of 5° along a meridian
      ['Period', '98.9 min'],
    ]);
    expect(tileFields('TESTBED-1').slice(0, 3)).toEqual([
      ['Type', 'MEO'], // 720 min: about 20,232 km
      ['Distance', '2.0°'],
      ['Period', '720.0 min'],
    ]);
    expect(within(screen.getByRole('listitem', { name: 'OFEQ-16' })).getByText('military')).toBeInTheDocument();
  });

  it('re-reads the tracks every 5 minutes while shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ [TRACKS_API]: TEST_TRACKS });
    renderTab();
    await screen.findByTestId('orbits-map');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(299_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
