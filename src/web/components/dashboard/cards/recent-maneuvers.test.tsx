import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Maneuver } from '@contracts/operations.ts';
import { formatDayUtc } from '@/components/dashboard/cards/high-interest-objects';
import { formatDeltaV, maneuversInWindow, maneuverTypeLabel, RecentManeuversCard } from '@/components/dashboard/cards/recent-maneuvers';
import { formatShortUtc } from '@/lib/dashboard-format';
import { expectSecondReadBetween, labelsOf, region, renderWithQueryClient, stubPendingFetch, termPairs, undoStubsAfterEach } from '@/test/card-harness';
import { captureDownloads } from '@/test/downloads';
import { mockFetch } from '@/test/fetch-mock';
import { MANEUVERS_POLL_MS } from '@/queries/maneuvers';

const API = '/api/maneuvers/recent';
const NOW = Date.parse('2025-03-02T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function maneuver(id: number, overrides: Partial<Maneuver> = {}): Maneuver {
  const detectionTime = new Date(NOW - id * HOUR).toISOString();
  return {
    id,
    satelliteId: 48000 + id,
    satelliteName: `OBJECT ${id}`,
    maneuverType: 'orbit_raising',
    direction: 'prograde',
    deltaV: 1.25,
    maneuverTime: detectionTime,
    detectionTime,
    confidence: 0.9,
    ...overrides,
  };
}

const renderCard = () => renderWithQueryClient(<RecentManeuversCard />);
const card = () => region('Recent Maneuver Detections');
const shownNames = () => labelsOf(card().getByRole('list', { name: 'Recent maneuvers' }));
/** [label, value] of every field of the item named `name`. */
const fields = (name: string) => termPairs(card().getByRole('listitem', { name }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
undoStubsAfterEach();

describe('RecentManeuversCard', () => {
  it('shows its title and only a spinner while loading', () => {
    stubPendingFetch();
    renderCard();
    expect(card().getByRole('heading', { level: 2, name: 'Recent Maneuver Detections' })).toBeInTheDocument();
    expect(card().getByRole('status', { name: 'Loading maneuvers' })).toHaveTextContent('');
    expect(screen.queryByText('No recent maneuvers detected')).not.toBeInTheDocument();
  });

  it("says 'No recent maneuvers detected' for an empty list", async () => {
    const fetchMock = mockFetch({ [API]: [] });
    renderCard();
    expect(await card().findByText('No recent maneuvers detected')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(API, { credentials: 'include' });
  });

  it('counts only the last 30 days', async () => {
    mockFetch({ [API]: [maneuver(1, { detectionTime: new Date(NOW - 31 * DAY).toISOString() })] });
    renderCard();
    expect(await card().findByText('No recent maneuvers detected')).toBeInTheDocument();
  });

  it("shows at most 5, newest first, and 'View n more detections' for the rest, which expands the list", async () => {
    const user = userEvent.setup();
    const old = maneuver(99, { detectionTime: new Date(NOW - 40 * DAY).toISOString(), satelliteName: 'OLD' });
    mockFetch({ [API]: [maneuver(3), maneuver(1), maneuver(7), old, maneuver(2), maneuver(5), maneuver(4), maneuver(6)] });
    renderCard();
    await card().findByRole('list', { name: 'Recent maneuvers' });
    expect(shownNames()).toEqual(['OBJECT 1', 'OBJECT 2', 'OBJECT 3', 'OBJECT 4', 'OBJECT 5']);
    const more = card().getByRole('button', { name: 'View 2 more detections' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(shownNames()).toEqual(['OBJECT 1', 'OBJECT 2', 'OBJECT 3', 'OBJECT 4', 'OBJECT 5', 'OBJECT 6', 'OBJECT 7']);
    await user.click(card().getByRole('button', { name: 'Show fewer detections' }));
    expect(shownNames()).toHaveLength(5);
  });

  it('has no more-link with 5 or fewer', async () => {
    mockFetch({ [API]: [1, 2, 3, 4, 5].map((id) => maneuver(id)) });
    renderCard();
    await card().findByRole('list', { name: 'Recent maneuvers' });
    expect(shownNames()).toHaveLength(5);
    expect(card().queryByRole('button', { name: /more detections/ })).not.toBeInTheDocument();
  });

  it('shows satellite, readable type, direction, delta-v (1 decimal), UTC detection time and confidence (0 decimals)', async () => {
    // UTC+14: a local-time format would print the next day.
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    expect(new Date('2025-03-01T23:45:00Z').getDate()).toBe(2);
    mockFetch({
      [API]: [
        maneuver(1, {
          satelliteName: 'COSMOS 2576',
          satelliteId: 57182,
          maneuverType: 'plane_change',
          direction: 'retrograde',
          deltaV: 0.96,
          detectionTime: '2025-03-01T23:45:00Z',
          confidence: 0.876,
        }),
      ],
    });
    renderCard();
    const item = within(await card().findByRole('listitem', { name: 'COSMOS 2576' }));
    // The name opens the object's page (issue 14).
    expect(item.getByRole('link', { name: 'COSMOS 2576' })).toHaveAttribute('href', '/objects/57182');
    expect(item.getByText('NORAD 57182')).toBeInTheDocument();
    expect(item.getByText('Plane Change')).toBeInTheDocument();
    expect(fields('COSMOS 2576')).toEqual([
      ['Direction', 'Retrograde'],
      ['ΔV', '1.0 m/s'],
      ['Detected (UTC)', 'Mar 1, 23:45'],
      ['Confidence', '88%'],
    ]);
  });

  it("shows the server's message when the read fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })));
    renderCard();
    const alert = await card().findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load maneuvers');
    expect(alert).toHaveTextContent('Error: 503: Service Unavailable');
  });

  it('polls every 5 s', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    const fetchMock = mockFetch({ [API]: [maneuver(1)] });
    renderCard();
    await card().findByRole('list', { name: 'Recent maneuvers' });
    await expectSecondReadBetween(() => fetchMock.mock.calls.length, 4_500, 1_000);
    expect(MANEUVERS_POLL_MS).toBe(5_000);
  });

  it('exports every manoeuvre of the 30 days as CSV (not only the 5 shown), newest first, values in full', async () => {
    const old = maneuver(99, { detectionTime: new Date(NOW - 40 * DAY).toISOString(), satelliteName: 'OLD' });
    mockFetch({ [API]: [maneuver(3), maneuver(1), maneuver(7), old, maneuver(2), maneuver(5), maneuver(4), maneuver(6, { deltaV: 0.123456789 })] });
    renderCard();
    await card().findByRole('list', { name: 'Recent maneuvers' });
    const downloads = captureDownloads();
    await userEvent.setup().click(card().getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^maneuvers-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual(['Satellite', 'NORAD ID', 'Type', 'Direction', 'Delta-v (m/s)', 'Manoeuvre time (UTC)', 'Detected (UTC)', 'Confidence (0-1)']);
    expect(csv.rows.map((row) => row[0])).toEqual(['OBJECT 1', 'OBJECT 2', 'OBJECT 3', 'OBJECT 4', 'OBJECT 5', 'OBJECT 6', 'OBJECT 7']);
    expect(csv.rows[5]).toEqual(['OBJECT 6', '48006', 'orbit_raising', 'prograde', '0.123456789', '2025-03-02T06:00:00.000Z', '2025-03-02T06:00:00.000Z', '0.9']);
  });
});

describe('maneuver formats', () => {
  it('prints UTC whatever the time zone', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(formatShortUtc('2025-03-01T02:05:00Z')).toBe('Mar 1, 02:05');
    expect(formatDayUtc('2025-03-01T02:05:00Z')).toBe('Mar 1, 2025');
    vi.stubEnv('TZ', 'Asia/Tokyo');
    expect(formatShortUtc('2025-12-31T23:59:00Z')).toBe('Dec 31, 23:59');
    expect(formatDayUtc('2025-12-31T23:59:00Z')).toBe('Dec 31, 2025');
    expect(formatShortUtc('not a date')).toBe('not a date');
  });

  it('delta-v with 1 decimal, types readable', () => {
    expect(formatDeltaV(0)).toBe('0.0 m/s');
    expect(formatDeltaV(12.345)).toBe('12.3 m/s');
    expect(maneuverTypeLabel('orbit_lowering')).toBe('Orbit Lowering');
    expect(maneuverTypeLabel('attitude_adjustment')).toBe('Attitude Adjustment');
    expect(maneuverTypeLabel('station_keeping')).toBe('Station Keeping');
  });

  it('keeps the window boundary (exactly 30 days ago is in)', () => {
    const edge = maneuver(1, { detectionTime: new Date(NOW - 30 * DAY).toISOString() });
    expect(maneuversInWindow([edge], NOW)).toHaveLength(1);
    expect(maneuversInWindow([edge], NOW + 1)).toHaveLength(0);
  });
});
