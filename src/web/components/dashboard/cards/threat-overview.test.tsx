import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreatAssessment, ThreatSummary } from '@contracts/operations.ts';
import { formatPercent, highPriorityThreats, ThreatOverviewCard } from '@/components/dashboard/cards/threat-overview';
import { createQueryClient } from '@/lib/query-client';
import { captureDownloads } from '@/test/downloads';
import { mockFetch } from '@/test/fetch-mock';
import { THREAT_ASSESSMENTS_POLL_MS, THREAT_SUMMARY_POLL_MS } from '@/queries/threats';

const SUMMARY_API = '/api/analytics/threat-summary';
const ASSESSMENTS_API = '/api/threat-assessments';

const SUMMARY: ThreatSummary = {
  totalObjects: 50000,
  cooperativeObjects: 1210,
  nonCooperativeObjects: 8400,
  unknownObjects: 312,
  adversaryObjects: 1544,
  recentManeuvers: 7,
  anomalousObjects: 3,
};

function assessment(overrides: Partial<ThreatAssessment> & Pick<ThreatAssessment, 'id' | 'satelliteName'>): ThreatAssessment {
  return {
    satelliteId: 40000 + overrides.id,
    owner: 'CIS',
    threatLevel: 'high',
    classification: 'adversary',
    assessmentReason: 'Adversary-owned; 2 manoeuvres in 30 days',
    anomalyScore: 0.5,
    assessedAt: '2025-03-01T06:30:00Z',
    ...overrides,
  };
}

const ASSESSMENTS: ThreatAssessment[] = [
  assessment({ id: 1, satelliteName: 'LOW-ONE', threatLevel: 'low', anomalyScore: 0.99 }),
  assessment({ id: 2, satelliteName: 'HIGH-A', threatLevel: 'high', anomalyScore: 0.61, classification: 'non_cooperative' }),
  assessment({ id: 3, satelliteName: 'COSMOS 2576', threatLevel: 'critical', anomalyScore: 0.873, assessmentReason: 'Co-planar with OFEQ-16, approached to 4.2 km' }),
  assessment({ id: 4, satelliteName: 'HIGH-B', threatLevel: 'high', anomalyScore: 0.72 }),
  assessment({ id: 5, satelliteName: 'MEDIUM-ONE', threatLevel: 'medium', anomalyScore: 0.95 }),
  assessment({ id: 6, satelliteName: 'COSMOS 2558', threatLevel: 'critical', anomalyScore: 0.8 }),
];

function renderCard() {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <ThreatOverviewCard />
    </QueryClientProvider>,
  );
}

function card() {
  return within(screen.getByRole('region', { name: 'Threat Assessment Overview' }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ThreatOverviewCard', () => {
  it('shows its title and only a spinner while loading', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderCard();
    expect(card().getByRole('heading', { level: 2, name: 'Threat Assessment Overview' })).toBeInTheDocument();
    const spinner = card().getByRole('status', { name: 'Loading threat assessments' });
    expect(spinner).toHaveTextContent('');
    expect(spinner.querySelector('.animate-spin')).not.toBeNull();
    expect(screen.queryByText('No high priority threats detected')).not.toBeInTheDocument();
  });

  it('reads both endpoints with cookies and shows the summary counts with their labels', async () => {
    const fetchMock = mockFetch({ [SUMMARY_API]: SUMMARY, [ASSESSMENTS_API]: ASSESSMENTS });
    renderCard();
    const summary = await card().findByLabelText('Threat summary');
    expect(fetchMock).toHaveBeenCalledWith(SUMMARY_API, { credentials: 'include' });
    expect(fetchMock).toHaveBeenCalledWith(ASSESSMENTS_API, { credentials: 'include' });
    expect(within(summary).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Total Objects', '50,000'],
      ['Cooperative', '1,210'],
      ['Non-Cooperative', '8,400'],
      ['Unknown', '312'],
      ['Adversary', '1,544'],
      ['Recent Maneuvers', '7'],
      ['Anomalous', '3'],
    ]);
    expect(card().queryByRole('status')).not.toBeInTheDocument();
  });

  it('lists at most 3 high-priority threats, critical first, then by anomaly score', async () => {
    mockFetch({ [SUMMARY_API]: SUMMARY, [ASSESSMENTS_API]: ASSESSMENTS });
    renderCard();
    const list = await card().findByRole('list', { name: 'High priority threats' });
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['COSMOS 2576', 'COSMOS 2558', 'HIGH-B']);
    expect(screen.queryByText('LOW-ONE')).not.toBeInTheDocument();
    expect(screen.queryByText('MEDIUM-ONE')).not.toBeInTheDocument();
  });

  it('shows each threat with its level badge, classification, reason, anomaly score in percent and satellite', async () => {
    mockFetch({ [SUMMARY_API]: SUMMARY, [ASSESSMENTS_API]: ASSESSMENTS });
    renderCard();
    const item = within(await card().findByRole('listitem', { name: 'COSMOS 2576' }));
    // The name opens the object's page (issue 14).
    expect(item.getByRole('link', { name: 'COSMOS 2576' })).toHaveAttribute('href', '/objects/40003');
    expect(item.getByText('NORAD 40003')).toBeInTheDocument();
    expect(item.getByText('CRITICAL')).toHaveClass('bg-red-600');
    expect(item.getByText('Adversary')).toBeInTheDocument();
    expect(item.getByText('Co-planar with OFEQ-16, approached to 4.2 km')).toBeInTheDocument();
    expect(item.getByText('87%')).toBeInTheDocument();
    const high = within(card().getByRole('listitem', { name: 'HIGH-B' }));
    expect(high.getByText('HIGH')).toHaveClass('bg-orange-500');
  });

  it("reads 'non_cooperative' as 'Non-Cooperative'", async () => {
    mockFetch({ [SUMMARY_API]: SUMMARY, [ASSESSMENTS_API]: [ASSESSMENTS[1]] });
    renderCard();
    const item = within(await card().findByRole('listitem', { name: 'HIGH-A' }));
    expect(item.getByText('Non-Cooperative')).toBeInTheDocument();
    expect(item.getByText('61%')).toBeInTheDocument();
  });

  it("says 'No high priority threats detected' when no threat is critical or high", async () => {
    mockFetch({ [SUMMARY_API]: SUMMARY, [ASSESSMENTS_API]: ASSESSMENTS.filter((a) => a.threatLevel === 'low' || a.threatLevel === 'medium') });
    renderCard();
    expect(await card().findByText('No high priority threats detected')).toBeInTheDocument();
    expect(card().queryByRole('list', { name: 'High priority threats' })).not.toBeInTheDocument();
  });

  it("shows the server's message when a read fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === SUMMARY_API
          ? new Response(JSON.stringify({ message: 'Internal server error' }), { status: 500 })
          : new Response(JSON.stringify([]), { status: 200 }),
      ),
    );
    renderCard();
    const alert = await card().findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load threat assessments');
    expect(alert).toHaveTextContent('Error: Internal server error');
  });

  it('polls the summary and the assessments every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ [SUMMARY_API]: SUMMARY, [ASSESSMENTS_API]: ASSESSMENTS });
    renderCard();
    await card().findByRole('list', { name: 'High priority threats' });
    const calls = (url: string) => fetchMock.mock.calls.filter(([input]) => input === url).length;
    expect([calls(SUMMARY_API), calls(ASSESSMENTS_API)]).toEqual([1, 1]);
    await act(() => vi.advanceTimersByTimeAsync(9_500));
    expect([calls(SUMMARY_API), calls(ASSESSMENTS_API)]).toEqual([1, 1]);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect([calls(SUMMARY_API), calls(ASSESSMENTS_API)]).toEqual([2, 2]);
    expect(THREAT_SUMMARY_POLL_MS).toBe(10_000);
    expect(THREAT_ASSESSMENTS_POLL_MS).toBe(10_000);
  });

  it('exports every high-priority threat as CSV (not only the 3 shown), in the order shown, values in full', async () => {
    mockFetch({ [SUMMARY_API]: SUMMARY, [ASSESSMENTS_API]: ASSESSMENTS });
    renderCard();
    await card().findByRole('list', { name: 'High priority threats' });
    const downloads = captureDownloads();
    await userEvent.setup().click(card().getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^threats-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual(['Satellite', 'NORAD ID', 'Owner', 'Threat level', 'Classification', 'Anomaly score (0-1)', 'Reason', 'Assessed (UTC)']);
    expect(csv.rows.map((row) => row[0])).toEqual(['COSMOS 2576', 'COSMOS 2558', 'HIGH-B', 'HIGH-A']);
    expect(csv.rows[0]).toEqual(['COSMOS 2576', '40003', 'CIS', 'critical', 'adversary', '0.873', 'Co-planar with OFEQ-16, approached to 4.2 km', '2025-03-01T06:30:00Z']);
  });
});

describe('threat overview helpers', () => {
  it('formats a fraction as a whole percent', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.005)).toBe('1%');
    expect(formatPercent(0.873)).toBe('87%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('keeps only critical and high threats, at most 3', () => {
    expect(highPriorityThreats(ASSESSMENTS).map((a) => a.id)).toEqual([3, 6, 4]);
    expect(highPriorityThreats([])).toEqual([]);
  });
});
