import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConjunctionAnalysis } from '@contracts/operations.ts';
import { CriticalConjunctionsCard } from '@/components/dashboard/cards/critical-conjunctions';
import { ConjunctionAnalysisCard, NO_CONJUNCTION_TEXT } from '@/components/dashboard/cards/conjunction-analysis';
import { CONJUNCTION_ANALYSIS_URL, DEFAULT_ANALYSIS_ID } from '@/queries/conjunctions';
import { makeConjunction, region, renderWithQueryClient, stubPendingFetch, termPairs } from '@/test/card-harness';
import { stubResizeObserver } from '@/test/jsdom-layout';

const CONJUNCTION = makeConjunction({
  id: 14, conjunctionId: 'CNJ-2026-014', riskLevel: 'high', tca: '2026-11-22T14:05:09.123Z',
  missDistance: 87.25, radial: 10, inTrack: 80, crossTrack: 30, relativeVelocity: 12.345,
  collisionProbability: 2e-3, maxCollisionProbability: 4e-3, probability: 500,
  firstDetected: '2026-11-19T14:00:00Z', lastUpdated: '2026-11-21T14:00:00Z',
});

function makeAnalysis(overrides: Partial<ConjunctionAnalysis> = {}): ConjunctionAnalysis {
  return {
    requestedId: DEFAULT_ANALYSIS_ID,
    conjunctionId: 'CNJ-2026-014',
    conjunction: CONJUNCTION,
    primaryObject: { noradId: 45918, name: 'OFEQ-16', cosparId: '2020-040A', mass: 400, rcs: '3.2', altitude: 512.34, objectType: 'payload' },
    secondaryObject: { noradId: 48274, name: 'COSMOS 2542 DEB', cosparId: null, mass: null, rcs: 'SMALL', altitude: null, objectType: 'debris' },
    points: [
      { hoursToTca: -20, probability: 5e-3, missDistance: 140, sigma: 300, kind: 'history' },
      { hoursToTca: -10, probability: 2e-3, missDistance: 87.25, sigma: 250, kind: 'history' },
      { hoursToTca: -6, probability: 1e-3, missDistance: 80, sigma: 200, kind: 'projection' },
      { hoursToTca: 0, probability: 4e-4, missDistance: 75, sigma: 150, kind: 'projection' },
    ],
    ...overrides,
  };
}

type Answer = { status: number; body: unknown };

/** fetch answering the analysis POST with `answer` (and the active list with `[CONJUNCTION]`). */
function stubFetch(answer: Answer | ((body: { conjunctionId: string }) => Answer)) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === CONJUNCTION_ANALYSIS_URL) {
      const request = JSON.parse(String(init?.body)) as { conjunctionId: string };
      const { status, body } = typeof answer === 'function' ? answer(request) : answer;
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    }
    if (url === '/api/conjunctions/active') return new Response(JSON.stringify([CONJUNCTION]), { status: 200 });
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard(withList = false) {
  return renderWithQueryClient(
    <>
      {withList && <CriticalConjunctionsCard />}
      <ConjunctionAnalysisCard />
    </>,
  );
}

const card = () => region('Conjunction Analysis');

beforeAll(() => {
  stubResizeObserver();
});

beforeEach(() => {
  // jsdom lays nothing out: give the chart's container the size it has in a browser.
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 480, 240) : measure.call(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ConjunctionAnalysisCard', () => {
  it("POSTs {conjunctionId: 'CNJ-2024-001'} as JSON with cookies", async () => {
    const fetchMock = stubFetch({ status: 200, body: makeAnalysis() });
    renderCard();
    await card().findByRole('figure');
    expect(fetchMock).toHaveBeenCalledWith(CONJUNCTION_ANALYSIS_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ conjunctionId: 'CNJ-2024-001' }),
      credentials: 'include',
    });
  });

  it('shows only a spinner while the analysis is pending', () => {
    stubPendingFetch();
    renderCard();
    expect(card().getByRole('heading', { name: 'Conjunction Analysis' })).toBeInTheDocument();
    const spinner = card().getByRole('status', { name: 'Loading conjunction analysis' });
    expect(spinner).toHaveTextContent(/^$/);
    expect(card().queryByRole('figure')).not.toBeInTheDocument();
    expect(card().queryByRole('region', { name: 'Primary Object' })).not.toBeInTheDocument();
  });

  it('shows the requested id and the conjunction the server resolved it to', async () => {
    stubFetch({ status: 200, body: makeAnalysis() });
    renderCard();
    expect(await card().findByText('CNJ-2024-001 → CNJ-2026-014')).toBeInTheDocument();
    expect(card().getByText(/showing the open conjunction of highest risk, CNJ-2026-014/)).toBeInTheDocument();
  });

  it('shows just the id when the server analysed the id requested', async () => {
    stubFetch({ status: 200, body: makeAnalysis({ conjunctionId: DEFAULT_ANALYSIS_ID }) });
    renderCard();
    await card().findByRole('figure');
    expect(card().getByText('CNJ-2024-001')).toBeInTheDocument();
    expect(card().queryByText(/→/)).not.toBeInTheDocument();
  });

  it('has the three mode toggles, Probability pressed by default, and switches modes', async () => {
    const user = userEvent.setup();
    stubFetch({ status: 200, body: makeAnalysis() });
    renderCard();
    await card().findByRole('figure');
    const group = within(card().getByRole('group', { name: 'Chart mode' }));
    expect(group.getAllByRole('button').map((b) => b.textContent)).toEqual(['Probability', 'Miss Distance', 'Covariance']);
    expect(group.getByRole('button', { name: 'Probability' })).toHaveAttribute('aria-pressed', 'true');
    expect(group.getByRole('button', { name: 'Miss Distance' })).toHaveAttribute('aria-pressed', 'false');
    expect(card().getByRole('figure', { name: 'Collision probability (1:N, log scale) by hours to TCA' })).toBeInTheDocument();

    await user.click(group.getByRole('button', { name: 'Miss Distance' }));
    expect(group.getByRole('button', { name: 'Miss Distance' })).toHaveAttribute('aria-pressed', 'true');
    expect(group.getByRole('button', { name: 'Probability' })).toHaveAttribute('aria-pressed', 'false');
    expect(card().getByRole('figure', { name: 'Miss distance (m) by hours to TCA' })).toBeInTheDocument();

    await user.click(group.getByRole('button', { name: 'Covariance' }));
    expect(group.getByRole('button', { name: 'Covariance' })).toHaveAttribute('aria-pressed', 'true');
    expect(card().getByRole('figure', { name: 'Combined position uncertainty, 1σ (m), by hours to TCA' })).toBeInTheDocument();
  });

  it('draws the time axis -24h, -12h, -6h, TCA, +6h and a TCA label', async () => {
    stubFetch({ status: 200, body: makeAnalysis() });
    const { container } = renderCard();
    await card().findByRole('figure');
    const ticks = [...container.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.textContent);
    expect(ticks).toEqual(['-24h', '-12h', '-6h', 'TCA', '+6h']);
    expect([...container.querySelectorAll('.recharts-label')].map((label) => label.textContent)).toEqual(['TCA']);
  });

  it('widens the time axis with whole-day ticks when the history starts earlier', async () => {
    const analysis = makeAnalysis();
    analysis.points[0]!.hoursToTca = -70;
    stubFetch({ status: 200, body: analysis });
    const { container } = renderCard();
    await card().findByRole('figure');
    const ticks = [...container.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.textContent);
    expect(ticks).toEqual(['-72h', '-48h', '-24h', '-12h', '-6h', 'TCA', '+6h']);
  });

  it('probability mode draws lines on the 1:100–1:10,000 log axis; the other modes draw points only', async () => {
    const user = userEvent.setup();
    stubFetch({ status: 200, body: makeAnalysis() });
    const { container } = renderCard();
    await card().findByRole('figure');
    const yTicks = () => [...container.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.textContent);
    expect(yTicks()).toEqual(['1:10,000', '1:1,000', '1:100']);
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(2);
    expect(container.querySelectorAll('.recharts-scatter')).toHaveLength(0);

    await user.click(card().getByRole('button', { name: 'Miss Distance' }));
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(0);
    expect(container.querySelectorAll('.recharts-scatter')).toHaveLength(2);
    expect(container.querySelectorAll('.recharts-scatter-symbol')).toHaveLength(4);
    // Spec §9: 0–100 m, widened to fit the 140 m estimate.
    expect(yTicks()).toEqual(['0', '40', '80', '120', '160', '200']);

    await user.click(card().getByRole('button', { name: 'Covariance' }));
    expect(container.querySelectorAll('.recharts-line')).toHaveLength(0);
    expect(yTicks().at(-1)).toBe('500');
  });

  it('widens the probability axis to fit a value beyond 1:10,000', async () => {
    const analysis = makeAnalysis();
    analysis.points[0]!.probability = 3e-7;
    stubFetch({ status: 200, body: analysis });
    const { container } = renderCard();
    await card().findByRole('figure');
    const yTicks = [...container.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map((t) => t.textContent);
    expect(yTicks[0]).toBe('1:10,000,000');
    expect(yTicks.at(-1)).toBe('1:100');
  });

  it('tells history from projection in a legend', async () => {
    stubFetch({ status: 200, body: makeAnalysis() });
    renderCard();
    await card().findByRole('figure');
    const legend = within(card().getByRole('list', { name: 'Legend' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['History', 'Projection']);
  });

  it('fills the Primary and Secondary Object panels with units, and — when unknown', async () => {
    stubFetch({ status: 200, body: makeAnalysis() });
    renderCard();
    await card().findByRole('figure');
    const fields = (name: string) => termPairs(card().getByRole('region', { name }));
    expect(fields('Primary Object')).toEqual([
      ['Name', 'OFEQ-16'],
      ['COSPAR ID', '2020-040A'],
      ['Mass', '400 kg'],
      ['RCS', '3.2 m²'],
      ['Altitude', '512.3 km'],
    ]);
    expect(fields('Secondary Object')).toEqual([
      ['Name', 'COSMOS 2542 DEB'],
      ['COSPAR ID', '—'],
      ['Mass', '—'],
      ['RCS', 'SMALL'],
      ['Altitude', '—'],
    ]);
  });

  it('summarises the conjunction: TCA, miss distance, 1:N and relative velocity', async () => {
    stubFetch({ status: 200, body: makeAnalysis() });
    renderCard();
    await card().findByRole('figure');
    expect(card().getByText('Nov 22, 14:05')).toBeInTheDocument();
    expect(card().getByText('87.3 m')).toBeInTheDocument();
    expect(card().getByText('1:500')).toBeInTheDocument();
    expect(card().getByText('12.35 km/s')).toBeInTheDocument();
  });

  it(`shows '${NO_CONJUNCTION_TEXT}' for a 404`, async () => {
    stubFetch({ status: 404, body: { message: 'No stored conjunction CNJ-2024-001' } });
    renderCard();
    expect(await card().findByRole('alert')).toHaveTextContent(NO_CONJUNCTION_TEXT);
    expect(card().queryByRole('figure')).not.toBeInTheDocument();
  });

  it(`shows '${NO_CONJUNCTION_TEXT}' and no chart for a null answer (nothing stored yet)`, async () => {
    stubFetch({ status: 200, body: null });
    renderCard();
    expect(await card().findByText(NO_CONJUNCTION_TEXT)).toBeInTheDocument();
    expect(card().queryByRole('figure')).not.toBeInTheDocument();
  });

  it('asks again once the active list has conjunctions, after a null answer from a fresh server', async () => {
    let calls = 0;
    const fetchMock = stubFetch(() => (++calls === 1 ? { status: 200, body: null } : { status: 200, body: makeAnalysis() }));
    renderCard(true);
    expect(await card().findByText('Primary Object')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === CONJUNCTION_ANALYSIS_URL)).toHaveLength(2);
  });

  it("shows 'Error: {message}' for any other failure", async () => {
    stubFetch({ status: 500, body: { message: 'Internal server error' } });
    renderCard();
    expect(await card().findByRole('alert')).toHaveTextContent('Error: Internal server error');
  });

  it('says so when no estimate has a plottable value', async () => {
    const analysis = makeAnalysis({ points: [{ hoursToTca: -3, probability: 0, missDistance: null, sigma: null, kind: 'history' }] });
    stubFetch({ status: 200, body: analysis });
    renderCard();
    expect(await card().findByText('No estimate with a non-zero probability yet (1:∞)')).toBeInTheDocument();
  });

  it('analyses the conjunction picked in Critical Conjunctions', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((request) => ({
      status: 200,
      body: makeAnalysis({ requestedId: request.conjunctionId, conjunctionId: 'CNJ-2026-014' }),
    }));
    renderCard(true);
    await card().findByText('CNJ-2024-001 → CNJ-2026-014');
    const entry = await screen.findByRole('button', { name: /CNJ-2026-014/ });
    expect(entry).toHaveAttribute('aria-pressed', 'false');
    await user.click(entry);
    expect(entry).toHaveAttribute('aria-pressed', 'true');
    await act(async () => {});
    expect(fetchMock).toHaveBeenCalledWith(CONJUNCTION_ANALYSIS_URL, expect.objectContaining({ body: JSON.stringify({ conjunctionId: 'CNJ-2026-014' }) }));
    expect(await card().findByText('CNJ-2026-014')).toBeInTheDocument();
    expect(card().queryByText(/→/)).not.toBeInTheDocument();
  });
});
