import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { makeSatellite, TEST_FLEET } from '@/components/satellites/satellite-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const PATH = '/tracking';
const API = '/api/israeli-satellites';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function markers() {
  return within(screen.getByTestId('tracking-map')).getAllByRole('img');
}

function position(name: string) {
  const marker = screen.getByRole('img', { name });
  return { x: Number(marker.getAttribute('data-x')), y: Number(marker.getAttribute('data-y')) };
}

/** A fetch that answers the fleet with OFEQ-16 one step further east on every request of it (other reads: 404). */
function movingFleetFetch() {
  let request = 0;
  return vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) !== API) return new Response('Not Found', { status: 404 });
    const longitude = 34 + request;
    request += 1;
    const fleet: IsraeliSatellite[] = [
      makeSatellite({
        id: 45918,
        name: 'OFEQ-16',
        category: 'military',
        currentPosition: { latitude: '32', longitude: String(longitude), altitude: '512', velocity: 7.6, timestamp: '2025-03-01T19:04:58Z' },
      }),
    ];
    return new Response(JSON.stringify(fleet), { status: 200 });
  });
}

describe('Satellite tracking page (/tracking)', () => {
  it("shows 'Loading Israeli satellite data...' until the fleet arrives", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderApp(PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Israeli Satellite Tracking' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading Israeli satellite data\.\.\.$/);
  });

  it("shows 'Error loading satellite data: {message}' when the request fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('boom', { status: 503 })));
    renderApp(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error loading satellite data: 503: boom$/);
    expect(screen.queryByTestId('tracking-map')).not.toBeInTheDocument();
  });

  it('draws one marker per satellite at its projected position, with name and altitude', async () => {
    mockFetch({ [API]: TEST_FLEET });
    renderApp(PATH);
    await screen.findByTestId('tracking-map');
    expect(markers().map((marker) => marker.getAttribute('aria-label'))).toEqual(['OFEQ-16', 'OFEQ-11', 'AMOS-17', 'VENUS', 'TESTBED-1']);
    // latitude 32.0853, longitude 34.7818 on the 1000x500 plane
    expect(position('OFEQ-16').x).toBeCloseTo(596.62, 2);
    expect(position('OFEQ-16').y).toBeCloseTo(160.87, 2);
    expect(position('VENUS')).toEqual({ x: 500, y: 250 });
    expect(screen.getByRole('img', { name: 'OFEQ-16' })).toHaveTextContent('OFEQ-16512 km');
    expect(screen.getByRole('img', { name: 'AMOS-17' })).toHaveTextContent('AMOS-1735786 km');
  });

  it('lists the legend Military, Commercial, Scientific', async () => {
    mockFetch({ [API]: TEST_FLEET });
    renderApp(PATH);
    const legend = await screen.findByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Military', 'Commercial', 'Scientific']);
  });

  it('polls every 5 s and moves the markers to the new positions', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = movingFleetFetch();
    vi.stubGlobal('fetch', fetchMock);
    renderApp(PATH);
    await screen.findByTestId('tracking-map');
    const first = position('OFEQ-16');
    expect(first.x).toBeCloseTo(500 + 34 * (1000 / 360), 2);

    const fleetReads = () => fetchMock.mock.calls.filter(([input]) => String(input) === API).length;
    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(fleetReads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fleetReads()).toBe(2);
    expect(position('OFEQ-16').x).toBeCloseTo(500 + 35 * (1000 / 360), 2);
    expect(position('OFEQ-16').y).toBeCloseTo(first.y, 6);
  });
});
