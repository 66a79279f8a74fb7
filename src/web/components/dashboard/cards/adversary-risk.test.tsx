import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RiskItem } from '@contracts/operations.ts';
import { ADVERSARY_RISK_SOURCE, AdversaryRiskCard } from '@/components/dashboard/cards/adversary-risk';
import { RISK_ITEMS_POLL_MS } from '@/queries/conjunctions';
import { expectSecondReadBetween, labelsOf, region, renderWithQueryClient, stubPendingFetch, termPairs, undoStubsAfterEach } from '@/test/card-harness';
import { captureDownloads } from '@/test/downloads';
import { mockFetch } from '@/test/fetch-mock';

const API = '/api/conjunctions/adversary-risk';
const TITLE = 'Adversary Conjunction Risk';

function makeItem(overrides: Partial<RiskItem> = {}): RiskItem {
  return {
    id: 'adv-45918-53883-1',
    israeliSatellite: 'OFEQ-16',
    israeliNoradId: 45918,
    objectName: 'COSMOS 2558',
    noradId: 53883,
    time: '2026-11-23T23:45:30Z',
    minimumDistance: 23.456,
    risk: 67.4,
    threatLevel: 'high',
    relativeVelocity: 0.871,
    dayFromNow: 2,
    type: 'electronic_warfare',
    ...overrides,
  };
}

const ITEMS: RiskItem[] = [
  makeItem(),
  makeItem({ id: 'b', objectName: 'KHAYYAM', risk: 89, threatLevel: 'critical', dayFromNow: 1, type: 'reconnaissance' }),
  makeItem({ id: 'c', objectName: 'NOOR 2', risk: 30, threatLevel: 'medium', dayFromNow: 0 }),
  makeItem({ id: 'd', objectName: 'COSMOS 2576', risk: 20, threatLevel: 'low' }),
];

const renderCard = () => renderWithQueryClient(<AdversaryRiskCard />);
const card = () => region(TITLE);
const fields = (name: string) => termPairs(card().getByRole('article', { name }));

undoStubsAfterEach();

describe('AdversaryRiskCard', () => {
  it('shows its title and only a spinner while loading', () => {
    stubPendingFetch();
    renderCard();
    expect(card().getByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(card().getByRole('status', { name: `Loading ${TITLE}` })).toHaveTextContent(/^$/);
    expect(card().queryByRole('list')).not.toBeInTheDocument();
  });

  it('reads GET /api/conjunctions/adversary-risk with cookies and says the items come from screening', async () => {
    const fetchMock = mockFetch({ [API]: ITEMS });
    renderCard();
    await card().findByRole('list', { name: TITLE });
    expect(fetchMock).toHaveBeenCalledWith(API, { credentials: 'include' });
    expect(card().getByText(ADVERSARY_RISK_SOURCE)).toBeInTheDocument();
    expect(ADVERSARY_RISK_SOURCE).toMatch(/screening/);
  });

  it('shows every field of an item: pair, type, threat badge, UTC time, distance, risk, velocity, days', async () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    mockFetch({ [API]: ITEMS });
    renderCard();
    await card().findByRole('list', { name: TITLE });
    const item = within(card().getByRole('article', { name: 'OFEQ-16 × COSMOS 2558' }));
    expect(item.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'OFEQ-16 × COSMOS 2558')).toBeInTheDocument();
    // The other object's name opens its page (issue 14); the fleet satellite's NORAD id is not in the item.
    expect(item.getByRole('link', { name: 'COSMOS 2558' })).toHaveAttribute('href', '/objects/53883');
    expect(item.getByRole('link', { name: 'OFEQ-16' })).toHaveAttribute('href', '/objects/45918');
    expect(item.getByText('Electronic Warfare · NORAD 53883')).toBeInTheDocument();
    expect(item.getByText('HIGH')).toHaveClass('bg-orange-500');
    expect(fields('OFEQ-16 × COSMOS 2558')).toEqual([
      ['TCA (UTC)', 'Nov 23, 23:45'],
      ['Distance', '23.46 km'],
      ['Risk', '67%'],
      ['Rel. Velocity', '0.87 km/s'],
      ['When', 'in 2 days'],
    ]);
    expect(fields('OFEQ-16 × KHAYYAM')).toContainEqual(['When', 'in 1 day']);
    expect(fields('OFEQ-16 × NOOR 2')).toContainEqual(['When', 'today']);
  });

  it('colours the threat level badges critical, high, medium, low', async () => {
    mockFetch({ [API]: ITEMS });
    renderCard();
    await card().findByRole('list', { name: TITLE });
    expect(within(card().getByRole('article', { name: 'OFEQ-16 × KHAYYAM' })).getByText('CRITICAL')).toHaveClass('bg-red-600');
    expect(within(card().getByRole('article', { name: 'OFEQ-16 × NOOR 2' })).getByText('MEDIUM')).toHaveClass('bg-yellow-500');
    expect(within(card().getByRole('article', { name: 'OFEQ-16 × COSMOS 2576' })).getByText('LOW')).toHaveClass('bg-green-600');
  });

  it('keeps the server order and scrolls the list at max-h-72', async () => {
    mockFetch({ [API]: ITEMS });
    renderCard();
    const list = await card().findByRole('list', { name: TITLE });
    expect(list).toHaveClass('max-h-72', 'overflow-y-auto');
    expect(labelsOf(list, 'article')).toEqual([
      'OFEQ-16 × COSMOS 2558',
      'OFEQ-16 × KHAYYAM',
      'OFEQ-16 × NOOR 2',
      'OFEQ-16 × COSMOS 2576',
    ]);
  });

  it("shows 'No potential conjunctions detected' for an empty list", async () => {
    mockFetch({ [API]: [] });
    renderCard();
    expect(await card().findByText('No potential conjunctions detected')).toBeInTheDocument();
  });

  it("shows 'Error: {message}' when the list cannot be read", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Screening has not run yet' }), { status: 503 })));
    renderCard();
    expect(await card().findByRole('alert')).toHaveTextContent('Error: Screening has not run yet');
  });

  it('re-reads the list every 30 s', async () => {
    expect(RISK_ITEMS_POLL_MS).toBe(30_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ [API]: ITEMS });
    renderCard();
    await card().findByRole('list', { name: TITLE });
    await expectSecondReadBetween(() => fetchMock.mock.calls.filter(([url]) => url === API).length, 29_000, 1_500);
  });

  it('exports the items as CSV: every field in full, TCA in UTC', async () => {
    mockFetch({ [API]: ITEMS });
    renderCard();
    await card().findByRole('list', { name: TITLE });
    const downloads = captureDownloads();
    await userEvent.setup().click(card().getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^adversary-conjunction-risk-\d{8}-\d{4}\.csv$/);
    expect(csv.type).toBe('text/csv;charset=utf-8');
    expect(csv.header).toEqual([
      'Fleet satellite',
      'Fleet NORAD ID',
      'Object',
      'Object NORAD ID',
      'Type',
      'Threat level',
      'TCA (UTC)',
      'Miss distance (km)',
      'Risk (%)',
      'Relative velocity (km/s)',
      'Days to TCA',
    ]);
    expect(csv.rows[0]).toEqual(['OFEQ-16', '45918', 'COSMOS 2558', '53883', 'electronic_warfare', 'high', '2026-11-23T23:45:30Z', '23.456', '67.4', '0.871', '2']);
    expect(csv.rows).toHaveLength(4);
  });
});
