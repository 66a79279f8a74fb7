import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperationsEvent } from '@contracts/operations.ts';
import { LiveFeedCard } from '@/components/dashboard/cards/live-feed';
import { createQueryClient } from '@/lib/query-client';
import { EVENTS_POLL_MS } from '@/queries/events';
import { mockFetch } from '@/test/fetch-mock';

const API = '/api/events';

function makeEvent(id: number, eventType: string, timestamp: string, description: string): OperationsEvent {
  return { id, eventType: eventType as OperationsEvent['eventType'], timestamp, description, conjunctionId: null, noradId: null };
}

const EVENTS: OperationsEvent[] = [
  makeEvent(5, 'cdm_generated', '2026-11-21T22:10:03Z', 'CDM for CNJ-2026-014 (OFEQ-16 × COSMOS 2542 DEB)'),
  makeEvent(4, 'maneuver_detected', '2026-11-21T21:09:59.900Z', 'COSMOS 2558 raised its orbit by 2.1 km'),
  makeEvent(3, 'radar_update', '2026-11-21T20:00:00Z', 'Catalogue update: 14 element sets'),
  makeEvent(2, 'launch_detected', '2026-11-21T19:00:00Z', '3 new objects'),
  makeEvent(1, 'alert_updated', '2026-11-21T18:00:00Z', 'CNJ-2026-014 risk high → critical'),
  makeEvent(0, 'system_note', '2026-11-21T17:00:00Z', 'Something else'),
];

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LiveFeedCard />
    </QueryClientProvider>,
  );
}

function card() {
  return within(screen.getByRole('region', { name: 'Live Feed' }));
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveFeedCard', () => {
  it("shows the 'LIVE' badge and 'Loading live feed...' until the events arrive", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderCard();
    expect(card().getByRole('heading', { name: 'Live Feed' })).toBeInTheDocument();
    expect(card().getByText('LIVE')).toBeInTheDocument();
    expect(card().getByRole('status')).toHaveTextContent(/^Loading live feed\.\.\.$/);
  });

  it('reads GET /api/events with cookies and lists each event: title-cased type, UTC HH:MM:SS, description', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    const fetchMock = mockFetch({ [API]: EVENTS });
    renderCard();
    const items = within(await card().findByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(fetchMock).toHaveBeenCalledWith(API, { credentials: 'include' });
    expect(items).toHaveLength(6);
    expect(within(items[0]!).getByText('Cdm Generated')).toBeInTheDocument();
    expect(within(items[0]!).getByText('22:10:03')).toBeInTheDocument();
    expect(within(items[0]!).getByText('CDM for CNJ-2026-014 (OFEQ-16 × COSMOS 2542 DEB)')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Maneuver Detected')).toBeInTheDocument();
    expect(within(items[1]!).getByText('21:09:59')).toBeInTheDocument();
    expect(items.map((item) => item.querySelector('span.font-medium')?.textContent)).toEqual([
      'Cdm Generated',
      'Maneuver Detected',
      'Radar Update',
      'Launch Detected',
      'Alert Updated',
      'System Note',
    ]);
  });

  it('colours each of the five event types, any other type neutral', async () => {
    mockFetch({ [API]: EVENTS });
    renderCard();
    await card().findByRole('list', { name: 'Events' });
    expect(card().getByText('Cdm Generated')).toHaveClass('text-red-400');
    expect(card().getByText('Maneuver Detected')).toHaveClass('text-yellow-400');
    expect(card().getByText('Radar Update')).toHaveClass('text-blue-400');
    expect(card().getByText('Launch Detected')).toHaveClass('text-green-400');
    expect(card().getByText('Alert Updated')).toHaveClass('text-orange-400');
    expect(card().getByText('System Note')).toHaveClass('text-muted-foreground');
  });

  it("shows 'No recent events' for an empty list", async () => {
    mockFetch({ [API]: [] });
    renderCard();
    expect(await card().findByText('No recent events')).toBeInTheDocument();
  });

  it("shows 'Error: {message}' when the events cannot be read", async () => {
    mockFetch({});
    renderCard();
    expect(await card().findByRole('alert')).toHaveTextContent('Error: 404: Not Found');
  });

  it('re-reads the events every 2 s', async () => {
    expect(EVENTS_POLL_MS).toBe(2_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ [API]: EVENTS });
    renderCard();
    await card().findByRole('list', { name: 'Events' });
    const calls = () => fetchMock.mock.calls.filter(([url]) => url === API).length;
    expect(calls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(calls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(calls()).toBe(2);
  });
});
