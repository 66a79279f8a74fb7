import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RiskItem } from '@contracts/operations.ts';
import { DEBRIS_RISK_SOURCE, DebrisRiskCard } from '@/components/dashboard/cards/debris-risk';
import { RISK_ITEMS_POLL_MS } from '@/queries/conjunctions';
import { expectSecondReadBetween, region, renderWithQueryClient, stubPendingFetch, termPairs, undoStubsAfterEach } from '@/test/card-harness';
import { mockFetch } from '@/test/fetch-mock';

const API = '/api/conjunctions/debris-risk';
const TITLE = 'Space Debris Collision Assessment';

function makeItem(id: string, objectName: string, type: string, overrides: Partial<RiskItem> = {}): RiskItem {
  return {
    id,
    israeliSatellite: 'OFEQ-13',
    israeliNoradId: 41559,
    objectName,
    noradId: 40001,
    time: '2026-11-25T03:07:00Z',
    minimumDistance: 0.734,
    risk: 95,
    threatLevel: 'critical',
    relativeVelocity: 14.52,
    dayFromNow: 4,
    type,
    ...overrides,
  };
}

const ITEMS: RiskItem[] = [
  makeItem('a', 'SL-16 R/B', 'rocket_body'),
  makeItem('b', 'FENGYUN 1C DEB', 'fragment', { threatLevel: 'high', risk: 60 }),
  makeItem('c', 'COSMOS 1408', 'defunct_satellite', { threatLevel: 'medium', risk: 40 }),
  makeItem('d', 'ISS DEB', 'mission_debris', { threatLevel: 'low', risk: 20 }),
];

const renderCard = () => renderWithQueryClient(<DebrisRiskCard />);
const card = () => region(TITLE);

undoStubsAfterEach();

describe('DebrisRiskCard', () => {
  it('shows its title and only a spinner while loading', () => {
    stubPendingFetch();
    renderCard();
    expect(card().getByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(card().getByRole('status', { name: `Loading ${TITLE}` })).toHaveTextContent(/^$/);
  });

  it('reads GET /api/conjunctions/debris-risk with cookies and says the items come from screening', async () => {
    const fetchMock = mockFetch({ [API]: ITEMS });
    renderCard();
    await card().findByRole('list', { name: TITLE });
    expect(fetchMock).toHaveBeenCalledWith(API, { credentials: 'include' });
    expect(card().getByText(DEBRIS_RISK_SOURCE)).toBeInTheDocument();
  });

  it('shows the debris types readably', async () => {
    mockFetch({ [API]: ITEMS });
    renderCard();
    await card().findByRole('list', { name: TITLE });
    expect(card().getByText('Rocket Body · NORAD 40001')).toBeInTheDocument();
    expect(card().getByText('Fragment · NORAD 40001')).toBeInTheDocument();
    expect(card().getByText('Defunct Satellite · NORAD 40001')).toBeInTheDocument();
    expect(card().getByText('Mission Debris · NORAD 40001')).toBeInTheDocument();
  });

  it('shows every field of an item', async () => {
    mockFetch({ [API]: ITEMS });
    renderCard();
    await card().findByRole('list', { name: TITLE });
    const item = card().getByRole('article', { name: 'OFEQ-13 × SL-16 R/B' });
    expect(within(item).getByText('CRITICAL')).toHaveClass('bg-red-600');
    expect(termPairs(item)).toEqual([
      ['TCA (UTC)', 'Nov 25, 03:07'],
      ['Distance', '0.73 km'],
      ['Risk', '95%'],
      ['Rel. Velocity', '14.52 km/s'],
      ['When', 'in 4 days'],
    ]);
  });

  it('scrolls the list at max-h-72', async () => {
    mockFetch({ [API]: ITEMS });
    renderCard();
    expect(await card().findByRole('list', { name: TITLE })).toHaveClass('max-h-72', 'overflow-y-auto');
  });

  it("shows 'No debris conjunctions detected' for an empty list", async () => {
    mockFetch({ [API]: [] });
    renderCard();
    expect(await card().findByText('No debris conjunctions detected')).toBeInTheDocument();
  });

  it("shows 'Error: {message}' when the list cannot be read", async () => {
    mockFetch({});
    renderCard();
    expect(await card().findByRole('alert')).toHaveTextContent('Error: 404: Not Found');
  });

  it('re-reads the list every 30 s', async () => {
    expect(RISK_ITEMS_POLL_MS).toBe(30_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ [API]: ITEMS });
    renderCard();
    await card().findByRole('list', { name: TITLE });
    await expectSecondReadBetween(() => fetchMock.mock.calls.filter(([url]) => url === API).length, 29_000, 1_500);
  });
});
