import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conjunction } from '../../../../contracts/operations.ts';
import { CriticalConjunctionsCard } from '@/components/dashboard/cards/critical-conjunctions';
import { createQueryClient } from '@/lib/query-client';
import { CONJUNCTIONS_POLL_MS } from '@/queries/conjunctions';
import { mockFetch } from '@/test/fetch-mock';

const API = '/api/conjunctions/active';

function makeConjunction(overrides: Partial<Conjunction> = {}): Conjunction {
  return {
    id: 1,
    conjunctionId: 'CNJ-2026-001',
    riskLevel: 'critical',
    status: 'open',
    primaryObject: { noradId: 45918, name: 'OFEQ-16', objectType: 'payload', owner: 'ISRA' },
    secondaryObject: { noradId: 48274, name: 'COSMOS 2542 DEB', objectType: 'debris', owner: 'CIS' },
    tca: '2026-11-22T23:30:05.600Z',
    missDistance: 42.06,
    radial: 1,
    inTrack: 40,
    crossTrack: 12,
    relativeVelocity: 13.2,
    collisionProbability: 1 / 3571,
    maxCollisionProbability: 1e-3,
    probability: 3571,
    firstDetected: '2026-11-20T00:00:00Z',
    lastUpdated: '2026-11-21T00:00:00Z',
    cdmUrl: null,
    ...overrides,
  };
}

const LIST: Conjunction[] = [
  makeConjunction(),
  makeConjunction({ id: 2, conjunctionId: 'CNJ-2026-002', riskLevel: 'high', missDistance: 812, probability: 123456 }),
  makeConjunction({ id: 3, conjunctionId: 'CNJ-2026-003', riskLevel: 'medium', probability: null }),
  makeConjunction({ id: 4, conjunctionId: 'CNJ-2026-004', riskLevel: 'low' }),
  { ...makeConjunction({ id: 5, conjunctionId: 'CNJ-2026-005' }), riskLevel: 'unknown' as Conjunction['riskLevel'] },
];

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <CriticalConjunctionsCard />
    </QueryClientProvider>,
  );
}

function card() {
  return within(screen.getByRole('region', { name: 'Critical Conjunctions' }));
}

function entry(conjunctionId: string) {
  return within(card().getByRole('button', { name: new RegExp(conjunctionId) }));
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CriticalConjunctionsCard', () => {
  it("shows 'Loading critical conjunctions...' and '0 Active' until the list arrives", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderCard();
    expect(card().getByRole('heading', { name: 'Critical Conjunctions' })).toBeInTheDocument();
    expect(card().getByRole('status')).toHaveTextContent(/^Loading critical conjunctions\.\.\.$/);
    expect(card().getByText('0 Active')).toBeInTheDocument();
  });

  it('reads GET /api/conjunctions/active with cookies and counts the entries in the badge', async () => {
    const fetchMock = mockFetch({ [API]: LIST });
    renderCard();
    expect(await card().findByText('5 Active')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(API, { credentials: 'include' });
    expect(within(card().getByRole('list', { name: 'Active conjunctions' })).getAllByRole('listitem')).toHaveLength(5);
    expect(card().queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows id, pair, TCA as UTC HH:MM:SS, miss distance with 1 decimal and 1:N in every entry', async () => {
    vi.stubEnv('TZ', 'Asia/Jerusalem');
    mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    const first = entry('CNJ-2026-001');
    expect(first.getByText('CNJ-2026-001')).toBeInTheDocument();
    expect(first.getByText('Primary')).toBeInTheDocument();
    expect(first.getByText('OFEQ-16')).toBeInTheDocument();
    expect(first.getByText('Secondary')).toBeInTheDocument();
    expect(first.getByText('COSMOS 2542 DEB')).toBeInTheDocument();
    expect(first.getByText('TCA (UTC)')).toBeInTheDocument();
    expect(first.getByText('23:30:05')).toBeInTheDocument();
    expect(first.getByText('Miss Distance')).toBeInTheDocument();
    expect(first.getByText('42.1 m')).toBeInTheDocument();
    expect(first.getByText('Probability')).toBeInTheDocument();
    expect(first.getByText('1:3571')).toBeInTheDocument();
    expect(entry('CNJ-2026-002').getByText('812.0 m')).toBeInTheDocument();
    expect(entry('CNJ-2026-002').getByText('1:123456')).toBeInTheDocument();
  });

  it("shows '1:∞' when the probability is 0 (N null)", async () => {
    mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    expect(entry('CNJ-2026-003').getByText('1:∞')).toBeInTheDocument();
  });

  it('falls back to the first 16 characters of a TCA that does not parse, T replaced by a space', async () => {
    mockFetch({ [API]: [makeConjunction({ tca: '2026-11-22T23:30:05 GMT+99' })] });
    renderCard();
    expect(await card().findByText('2026-11-22 23:30')).toBeInTheDocument();
  });

  it('upper-cases the risk badge, coloured by level; other values neutral', async () => {
    mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    expect(entry('CNJ-2026-001').getByText('CRITICAL')).toHaveClass('bg-red-600');
    expect(entry('CNJ-2026-002').getByText('HIGH')).toHaveClass('bg-orange-500');
    expect(entry('CNJ-2026-003').getByText('MEDIUM')).toHaveClass('bg-yellow-500');
    expect(entry('CNJ-2026-004').getByText('LOW')).toHaveClass('bg-green-600');
    expect(entry('CNJ-2026-005').getByText('UNKNOWN')).toHaveClass('bg-secondary');
  });

  it("shows 'No active conjunctions' and '0 Active' for an empty list", async () => {
    mockFetch({ [API]: [] });
    renderCard();
    expect(await card().findByText('No active conjunctions')).toBeInTheDocument();
    expect(card().getByText('0 Active')).toBeInTheDocument();
  });

  it("shows 'Error: {message}' when the list cannot be read", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Database unavailable' }), { status: 503 })));
    renderCard();
    expect(await card().findByRole('alert')).toHaveTextContent('Error: Database unavailable');
  });

  it("has a 'View All Conjunctions' button that does nothing", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    const calls = fetchMock.mock.calls.length;
    await user.click(card().getByRole('button', { name: 'View All Conjunctions' }));
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(card().getByText('5 Active')).toBeInTheDocument();
  });

  it('scrolls the entries when there are many', async () => {
    mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    expect(card().getByRole('list', { name: 'Active conjunctions' })).toHaveClass('overflow-y-auto');
  });

  it('marks the clicked entry as the one analysed', async () => {
    const user = userEvent.setup();
    mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    const button = card().getByRole('button', { name: /CNJ-2026-002/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(card().getByRole('button', { name: /CNJ-2026-001/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('re-reads the list every 5 s', async () => {
    expect(CONJUNCTIONS_POLL_MS).toBe(5_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    const calls = () => fetchMock.mock.calls.filter(([url]) => url === API).length;
    expect(calls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(calls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(calls()).toBe(2);
  });
});
