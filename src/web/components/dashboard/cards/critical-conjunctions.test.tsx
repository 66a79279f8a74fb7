import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Conjunction } from '@contracts/operations.ts';
import { CRITICAL_CONJUNCTIONS_CSV_COLUMNS, CriticalConjunctionsCard } from '@/components/dashboard/cards/critical-conjunctions';
import { CONJUNCTIONS_POLL_MS } from '@/queries/conjunctions';
import { expectSecondReadBetween, makeConjunction, region, renderWithQueryClient, stubPendingFetch, undoStubsAfterEach } from '@/test/card-harness';
import { captureDownloads } from '@/test/downloads';
import { mockFetch } from '@/test/fetch-mock';

const API = '/api/conjunctions/active';

const LIST: Conjunction[] = [
  makeConjunction(),
  makeConjunction({ id: 2, conjunctionId: 'CNJ-2026-002', riskLevel: 'high', missDistance: 812, probability: 123456 }),
  makeConjunction({ id: 3, conjunctionId: 'CNJ-2026-003', riskLevel: 'medium', probability: 1e30 }),
  makeConjunction({ id: 4, conjunctionId: 'CNJ-2026-004', riskLevel: 'low' }),
  { ...makeConjunction({ id: 5, conjunctionId: 'CNJ-2026-005' }), riskLevel: 'unknown' as Conjunction['riskLevel'] },
];

const renderCard = () => renderWithQueryClient(<CriticalConjunctionsCard />);
const card = () => region('Critical Conjunctions');

/** An entry of the list, found by its select button (named by the id and risk). */
function entry(conjunctionId: string) {
  return within(card().getByRole('button', { name: new RegExp(conjunctionId) }).closest('li')!);
}

undoStubsAfterEach();

describe('CriticalConjunctionsCard', () => {
  it("shows 'Loading critical conjunctions...' and '0 Active' until the list arrives", () => {
    stubPendingFetch();
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
    // Each object's name opens its page (issue 14).
    expect(first.getByRole('link', { name: 'OFEQ-16' })).toHaveAttribute('href', '/objects/45918');
    expect(first.getByText('Secondary')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'COSMOS 2542 DEB' })).toHaveAttribute('href', '/objects/48274');
    expect(first.getByText('TCA (UTC)')).toBeInTheDocument();
    expect(first.getByText('23:30:05')).toBeInTheDocument();
    expect(first.getByText('Miss Distance')).toBeInTheDocument();
    expect(first.getByText('42.1 m')).toBeInTheDocument();
    expect(first.getByText('Probability')).toBeInTheDocument();
    expect(first.getByText('1:3571')).toBeInTheDocument();
    expect(entry('CNJ-2026-002').getByText('812.0 m')).toBeInTheDocument();
    expect(entry('CNJ-2026-002').getByText('1:123456')).toBeInTheDocument();
  });

  it("shows '< 1:1e30' when the Pc underflowed (the server floors it at 1e-30: N = 1e30)", async () => {
    mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    expect(entry('CNJ-2026-003').getByText('< 1:1e30')).toBeInTheDocument();
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

  it("has a 'View All Conjunctions' button that opens the Conjunction Alerts screen", async () => {
    const user = userEvent.setup();
    mockFetch({ [API]: LIST });
    const location = memoryLocation({ path: '/', record: true });
    renderWithQueryClient(
      <Router hook={location.hook}>
        <CriticalConjunctionsCard />
      </Router>,
    );
    await card().findByText('5 Active');
    await user.click(card().getByRole('button', { name: 'View All Conjunctions' }));
    expect(location.history).toEqual(['/', '/alerts']);
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
    // A click elsewhere on an entry picks it too; a click on an object's name does not (it opens the object).
    await user.click(entry('CNJ-2026-003').getByText('Miss Distance'));
    expect(card().getByRole('button', { name: /CNJ-2026-003/ })).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('exports the active conjunctions as CSV, values in full and times in ISO 8601 UTC', async () => {
    mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    const downloads = captureDownloads();
    await userEvent.setup().click(card().getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^critical-conjunctions-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual([...CRITICAL_CONJUNCTIONS_CSV_COLUMNS.map((column) => column.header)]);
    expect(csv.header.slice(0, 9)).toEqual(['Conjunction ID', 'Risk', 'Status', 'Primary', 'Primary NORAD ID', 'Secondary', 'Secondary NORAD ID', 'TCA (UTC)', 'Miss distance (m)']);
    expect(csv.rows).toHaveLength(5);
    expect(csv.rows[0]).toEqual([
      'CNJ-2026-001',
      'critical',
      'open',
      'OFEQ-16',
      '45918',
      'COSMOS 2542 DEB',
      '48274',
      '2026-11-22T23:30:05.600Z',
      '42.06',
      '1',
      '40',
      '12',
      '13.2',
      String(1 / 3571),
      '0.001',
      '3571',
      '2026-11-20T00:00:00Z',
      '2026-11-21T00:00:00Z',
    ]);
  });

  it('re-reads the list every 5 s', async () => {
    expect(CONJUNCTIONS_POLL_MS).toBe(5_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ [API]: LIST });
    renderCard();
    await card().findByText('5 Active');
    await expectSecondReadBetween(() => fetchMock.mock.calls.filter(([url]) => url === API).length, 4_000, 1_500);
  });
});
