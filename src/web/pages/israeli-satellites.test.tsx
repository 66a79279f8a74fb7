import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSatellite, TEST_FLEET } from '@/components/satellites/satellite-fixtures';
import { captureDownloads } from '@/test/downloads';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const PATH = '/israeli-satellites';
const API = '/api/israeli-satellites';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderLoaded() {
  const fetchMock = mockFetch({ [API]: TEST_FLEET });
  const view = renderApp(PATH);
  await screen.findByRole('tablist');
  return { ...view, fetchMock };
}

function tile(label: string) {
  return within(screen.getByRole('region', { name: label }));
}

/** The names of the satellite cards in the visible tab panel. */
function cardNames() {
  return within(screen.getByRole('tabpanel'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

/** [label, value] of every <dt>/<dd> pair of a satellite card, in order. */
function cardFields(name: string) {
  return within(screen.getByRole('region', { name }))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('Israeli Satellites page (/israeli-satellites)', () => {
  it("shows 'Loading Israeli satellite data...' until the fleet arrives", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderApp(PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Israeli Satellites' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading Israeli satellite data\.\.\.$/);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('reads GET /api/israeli-satellites with cookies', async () => {
    const { fetchMock } = await renderLoaded();
    expect(fetchMock).toHaveBeenCalledWith(API, { credentials: 'include' });
    expect(screen.queryByText('Loading Israeli satellite data...')).not.toBeInTheDocument();
  });

  it('counts the satellites in the four summary tiles', async () => {
    await renderLoaded();
    expect(tile('Military').getByText('2')).toBeInTheDocument();
    expect(tile('Commercial').getByText('1')).toBeInTheDocument();
    expect(tile('Scientific').getByText('1')).toBeInTheDocument();
    // The satellite outside the three categories still counts in the total.
    expect(tile('Total').getByText('5')).toBeInTheDocument();
  });

  it('labels the tabs with their counts, All Satellites first and selected', async () => {
    await renderLoaded();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All Satellites', 'Military (2)', 'Commercial (1)', 'Scientific (1)']);
    expect(screen.getByRole('tab', { name: 'All Satellites' })).toHaveAttribute('aria-selected', 'true');
    expect(cardNames()).toEqual(['OFEQ-16', 'OFEQ-11', 'AMOS-17', 'VENUS', 'TESTBED-1']);
  });

  it('filters the cards by the selected tab', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.click(screen.getByRole('tab', { name: 'Military (2)' }));
    expect(screen.getByRole('tab', { name: 'Military (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(cardNames()).toEqual(['OFEQ-16', 'OFEQ-11']);
    await user.click(screen.getByRole('tab', { name: 'Commercial (1)' }));
    expect(cardNames()).toEqual(['AMOS-17']);
    await user.click(screen.getByRole('tab', { name: 'Scientific (1)' }));
    expect(cardNames()).toEqual(['VENUS']);
    await user.click(screen.getByRole('tab', { name: 'All Satellites' }));
    expect(cardNames()).toHaveLength(5);
  });

  it('shows every satellite field on its card', async () => {
    await renderLoaded();
    const card = within(screen.getByRole('region', { name: 'OFEQ-16' }));
    expect(card.getByText('military')).toHaveClass('bg-red-600');
    expect(card.getByText('Optical reconnaissance satellite')).toBeInTheDocument();
    expect(cardFields('OFEQ-16')).toEqual([
      ['NORAD ID', '45918'],
      ['COSPAR ID', '2020-040A'],
      ['Latitude', '32.09° N'],
      ['Longitude', '34.78° E'],
      ['Altitude', '512.3 km'],
      ['Velocity', '7.61 km/s'],
      ['Period', '94.6 min'],
      ['Inclination', '142.10°'],
      ['Altitude', '498.4 km'],
      ['RCS', '—'],
      ['Mass', '—'],
      ['Last Update', 'Mar 1, 2025 06:30 UTC'],
      ['Element Source', 'Demo catalogue'],
    ]);
  });

  it('colours category badges: commercial blue, scientific green, anything else neutral', async () => {
    await renderLoaded();
    expect(within(screen.getByRole('region', { name: 'AMOS-17' })).getByText('commercial')).toHaveClass('bg-blue-600');
    expect(within(screen.getByRole('region', { name: 'VENUS' })).getByText('scientific')).toHaveClass('bg-green-600');
    expect(within(screen.getByRole('region', { name: 'TESTBED-1' })).getByText('technology')).toHaveClass('bg-secondary');
  });

  it("shows '—' for a missing COSPAR id and the values the server has for rcs and mass", async () => {
    await renderLoaded();
    expect(cardFields('VENUS')).toContainEqual(['COSPAR ID', '—']);
    expect(cardFields('AMOS-17')).toEqual(
      expect.arrayContaining([
        ['RCS', '25.4 m²'],
        ['Mass', '6,500 kg'],
        ['Latitude', '0.01° N'],
        ['Altitude', '35,786.0 km'],
      ]),
    );
  });

  it("shows '—' and the server's reason when SGP4 gave no position", async () => {
    const decayed = makeSatellite({
      id: 3,
      name: 'DECAYED-1',
      category: 'scientific',
      currentPosition: { latitude: '', longitude: '', altitude: '', velocity: null, timestamp: '2025-03-01T19:04:58Z', error: 'Satellite decayed' },
    });
    mockFetch({ [API]: [decayed] });
    renderApp(PATH);
    await screen.findByRole('tablist');
    expect(cardFields('DECAYED-1').slice(2, 6)).toEqual([
      ['Latitude', '—'],
      ['Longitude', '—'],
      ['Altitude', '—'],
      ['Velocity', '—'],
    ]);
    expect(within(screen.getByRole('region', { name: 'DECAYED-1' })).getByText('Satellite decayed')).toBeInTheDocument();
  });

  it("shows 'Error loading satellite data: {status}: {body}' when the request fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Internal server error"}', { status: 500 })),
    );
    renderApp(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error loading satellite data: 500: \{"message":"Internal server error"\}$/);
    expect(screen.queryByText('Loading Israeli satellite data...')).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('falls back to the status text when the error body is empty', async () => {
    mockFetch({});
    renderApp(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error loading satellite data: 404: Not Found$/);
  });

  it('re-reads the fleet every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ [API]: TEST_FLEET });
    renderApp(PATH);
    await screen.findByRole('tablist');
    const calls = () => fetchMock.mock.calls.filter(([url]) => url === API).length;
    expect(calls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(calls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(calls()).toBe(2);
  });

  it("links each card's name to the object's page (issue 14)", async () => {
    await renderLoaded();
    const card = within(screen.getByRole('region', { name: 'OFEQ-16' }));
    expect(card.getByRole('link', { name: 'OFEQ-16' })).toHaveAttribute('href', '/objects/45918');
    expect(within(screen.getByRole('region', { name: 'AMOS-17' })).getByRole('link', { name: 'AMOS-17' })).toHaveAttribute('href', '/objects/44479');
  });

  it("exports the open tab's satellites as CSV: every field in full, positions as numbers, times in ISO 8601 UTC", async () => {
    const user = userEvent.setup();
    await renderLoaded();
    const downloads = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    let csv = await downloads.csv();
    expect(csv.name).toMatch(/^israeli-satellites-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual([
      'Name',
      'NORAD ID',
      'COSPAR ID',
      'Category',
      'Latitude (deg)',
      'Longitude (deg)',
      'Altitude now (km)',
      'Velocity (km/s)',
      'Position time (UTC)',
      'Position error',
      'Period (min)',
      'Inclination (deg)',
      'Mean altitude (km)',
      'RCS (m²)',
      'Mass (kg)',
      'Element-set epoch (UTC)',
      'Element source',
      'Description',
    ]);
    expect(csv.rows.map((row) => row[0])).toEqual(['OFEQ-16', 'OFEQ-11', 'AMOS-17', 'VENUS', 'TESTBED-1']);
    expect(csv.rows[0]).toEqual([
      'OFEQ-16',
      '45918',
      '2020-040A',
      'military',
      '32.0853',
      '34.7818',
      '512.345',
      '7.612',
      '2025-03-01T19:04:58.000Z',
      '',
      '94.6',
      '142.1',
      '498.4',
      '',
      '',
      '2025-03-01T06:30:00.000Z',
      'Demo catalogue',
      'Optical reconnaissance satellite',
    ]);
    // A negative coordinate is a number, not text defused as a formula.
    expect(csv.rows[1]?.slice(4, 6)).toEqual(['-12.5', '-75.25']);

    await user.click(screen.getByRole('tab', { name: 'Military (2)' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    csv = await downloads.csv();
    expect(csv.name).toMatch(/^israeli-satellites-military-\d{8}-\d{4}\.csv$/);
    expect(csv.rows.map((row) => row[0])).toEqual(['OFEQ-16', 'OFEQ-11']);
  });
});
