import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvoidanceAnalysis, AvoidancePlan } from '@contracts/avoidance.ts';
import type { ConjunctionDetail, MonteCarloCheck } from '@contracts/conjunction-events.ts';
import { makeAvoidanceAnalysis, makeDetail, makeMonteCarloCheck, makePlan, mockAlertsApi, NOT_ACCEPTABLE_REASON, screeningPlan } from '@/components/alerts/alerts-fixtures';
import { cellColour, PC_COLOURS } from '@/components/alerts/avoidance-heat-map';
import { setCsrfToken } from '@/lib/csrf';
import { stubRadixSelectDom, stubResizeObserver } from '@/test/jsdom-layout';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { labelsOf, region, termPairs } from '@/test/card-harness';

const ID = 'CNJ-2021-027';
const CDM_TEXT = 'CCSDS_CDM_VERS = 1.0\nCREATION_DATE = 2021-12-15T14:59:54.000\nORIGINATOR = CARA\n';

type AlertsApiOptions = Parameters<typeof mockAlertsApi>[0] & object;
type MonteCarloApi = Pick<AlertsApiOptions, 'monteCarlo' | 'startMonteCarlo'>;

async function renderDetail(detail: ConjunctionDetail | Response = makeDetail(), texts: Record<string, string> = { '/api/cdm/27': CDM_TEXT }, monteCarlo: MonteCarloApi = {}) {
  const fetchMock = mockAlertsApi({ detail: () => detail, texts, ...monteCarlo });
  const user = userEvent.setup();
  const view = renderApp(`/alerts/${ID}`);
  if (!(detail instanceof Response)) await screen.findByRole('region', { name: 'Assessment' });
  return { ...view, user, fetchMock };
}

function fields(name: string) {
  return Object.fromEntries(termPairs(screen.getByRole('region', { name })));
}

beforeAll(() => {
  stubResizeObserver();
});

beforeEach(() => {
  // jsdom lays nothing out: give the chart's container the size it has in a browser.
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 520, 260) : measure.call(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('Conjunction detail (/alerts/:conjunctionId)', () => {
  it('reads GET /api/conjunctions/{id} and titles the page with the id and the pair', async () => {
    const { fetchMock } = await renderDetail();
    expect(fetchMock).toHaveBeenCalledWith(`/api/conjunctions/${ID}`, expect.objectContaining({ method: 'GET', credentials: 'include' }));
    expect(screen.getByRole('heading', { level: 1, name: `Conjunction ${ID}` })).toBeInTheDocument();
    expect(screen.getByText('TROPICS PATHFINDER ↔ LINCS')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Conjunction Alerts' })).toHaveAttribute('href', '/alerts');
  });

  it('shows the numbers: TCA, miss vector, speed, every Pc with its method, risk, HBR, sources, status and dates', async () => {
    await renderDetail();
    const numbers = fields('Assessment');
    expect(numbers).toMatchObject({
      'TCA (UTC)': '2021-12-20 01:25:35.287',
      'Time to TCA': expect.stringMatching(/ ago$/),
      'Miss distance': '9,422.0 m',
      Radial: '72.1 m',
      'In-track': '-9,419.0 m',
      'Cross-track': '-234.0 m',
      'Relative speed': '0.011 km/s',
      'Collision probability': '1.01e-5 (1:98,941) 3D',
      Method: '3D-Nc (Hall 2021)',
      '2D Pc (Foster)': '3.86e-168 (< 1:1e30)',
      '2D-Nc Pc (Hall)': '6.46e-166 (< 1:1e30)',
      '3D Pc (Hall 3D-Nc)': '1.01e-5 (1:98,941)',
      'Maximum Pc (Alfano)': '2.50e-4 (1:4,000)',
      Risk: 'HIGH',
      'Hard-body radius': '2.0 m CDM comment HBR',
      Source: 'CARA',
      Sources: 'CARA',
      Status: 'Closed (TCA passed)',
      'First detected (UTC)': '2021-12-15 14:59:54',
      'Last updated (UTC)': '2026-01-10 08:00:00',
    });
  });

  it("says 'not computed' for a Pc the server did not compute, and shows every source", async () => {
    await renderDetail(makeDetail({ pc3d: null, pcMethod: 'pc2d', pcMethodLabel: '2D-Pc (Foster)', collisionProbability: 3.86e-168, sources: ['CARA', 'screening'], status: 'open', closeReason: null }));
    const numbers = fields('Assessment');
    expect(numbers['3D Pc (Hall 3D-Nc)']).toBe('not computed');
    expect(fields('Assessment')['2D-Nc Pc (Hall)']).toBe('6.46e-166 (< 1:1e30)');
    expect(numbers.Sources).toBe('CARA, screening');
    expect(numbers.Status).toBe('Open');
  });

  it('identifies both objects with the basis of their estimates', async () => {
    await renderDetail();
    expect(fields('Primary Object')).toEqual({
      Name: 'TROPICS PATHFINDER',
      'NORAD ID': '48901',
      'COSPAR ID': '2021-059Y',
      Type: 'Payload',
      Owner: 'US',
      'Element set / OD epoch (UTC)': '2021-12-15 10:00:00',
      Trajectory: 'CDM state The state vector the CDM gives at TCA',
      'Covariance source': 'CDM (CARA)',
      '1σ at TCA (RTN)': 'R 22.5 m · T 4,431.4 m · N 5.7 m',
    });
    expect(fields('Secondary Object')).toMatchObject({ Name: 'LINCS', Owner: '—', 'Element set / OD epoch (UTC)': '—', '1σ at TCA (RTN)': '—' });
    // The names open the objects' pages.
    expect(region('Primary Object').getByRole('link', { name: 'TROPICS PATHFINDER' })).toHaveAttribute('href', '/objects/48901');
  });

  it('says when the primary was screened on an operator ephemeris, with the file to download', async () => {
    const detail = makeDetail();
    const description = 'Operator ephemeris #3 (ops.oem), screened in place of the element set (within 0.12 km of it over the window)';
    await renderDetail({ ...detail, primaryObject: { ...detail.primaryObject, trajectory: { source: 'ephemeris', ephemerisId: 3, description } } });
    expect(fields('Primary Object').Trajectory).toBe(`Operator ephemeris ${description}`);
    expect(region('Primary Object').getByRole('link', { name: description })).toHaveAttribute('href', '/api/ephemerides/3/file');
  });

  it('explains the method and lists every violation by method, with value against limit', async () => {
    await renderDetail(makeDetail({ pcNote: 'The 2D-Nc upper limit was not needed.' }));
    const card = region('Pc Method');
    expect(card.getByText('3D-Nc (Hall 2021)')).toBeInTheDocument();
    expect(card.getByText(/Hall’s 3D-Nc method: it follows the curved relative motion/)).toBeInTheDocument();
    const twoD = within(card.getByRole('region', { name: '2D-Pc usage tests' }));
    expect(twoD.getByText(/^Long encounter: the objects stay close for 35 % of an orbit/)).toBeInTheDocument();
    expect(twoD.getByText('value 35 % vs limit 2 %')).toBeInTheDocument();
    const nc2d = within(card.getByRole('region', { name: '2D-Nc usage tests' }));
    expect(nc2d.getByText('The collision rate lasts 8.6 % of an orbit (limit 5.0 %); 2D-Nc assumes one brief approach.')).toBeInTheDocument();
    expect(nc2d.getByText('value 8.55 % vs limit 5 %')).toBeInTheDocument();
    const threeD = within(card.getByRole('region', { name: '3D-Nc usage tests' }));
    expect(threeD.getByText('The risk reaches 80 % of the way to the encounter segment’s edge (limit 75 %).')).toBeInTheDocument();
    expect(threeD.getByText('value 80 % vs limit 75 %')).toBeInTheDocument();
    expect(card.getByText('The 2D-Nc upper limit was not needed.')).toBeInTheDocument();
    expect(card.queryByText('The 2D method’s usage tests found nothing, so the 2D value stands.')).not.toBeInTheDocument();
  });

  it('explains the 2D-Nc method where it gave the number', async () => {
    await renderDetail(makeDetail({ pcMethod: 'nc2d', pcMethodLabel: '2D-Nc (Hall 2023)', pc3d: null }));
    const card = region('Pc Method');
    expect(card.getByText('2D-Nc (Hall 2023)')).toBeInTheDocument();
    expect(card.getByText(/Hall’s 2D-Nc method: it follows the curved relative motion .* around one close approach/)).toBeInTheDocument();
    expect(fields('Assessment')['Collision probability']).toMatch(/ 2D-Nc$/);
  });

  it('says the 2D value stands when the usage tests found nothing', async () => {
    await renderDetail(makeDetail({ violations: [], pcMethod: 'pc2d', pcMethodLabel: '2D-Pc (Foster)' }));
    const card = region('Pc Method');
    expect(card.getByText('The 2D method’s usage tests found nothing, so the 2D value stands.')).toBeInTheDocument();
    expect(card.queryByRole('region')).not.toBeInTheDocument();
  });

  it('charts Pc and miss distance across the history', async () => {
    await renderDetail();
    const chart = region('Estimate History');
    expect(chart.getByText('2 estimates')).toBeInTheDocument();
    const figure = within(chart.getByRole('figure', { name: 'Pc (log scale) and miss distance (m) by estimate time (UTC)' }));
    const legend = figure.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Pc', 'Miss distance']);
    // The axes span the estimates: their two times (UTC), Pc 1.01e-5 and 2e-5 a decade inside the log axis, 9,422 m and 9,100 m.
    for (const tick of ['Dec 15 14:59', 'Dec 16 14:59', '1e-6', '1e-5', '1e-4', '1e-3', '1e-2', '0', '10000']) expect(figure.getByText(tick)).toBeInTheDocument();
    expect(figure.queryByText('1e-7')).not.toBeInTheDocument();
  });

  it('draws the encounter plane to scale: 1σ and 3σ ellipses, hard-body circle, miss vector, legend', async () => {
    await renderDetail();
    const card = region('Encounter Plane');
    const svg = card.getByRole('img', { name: /^Encounter plane to scale: miss vector 241\.0 m/ });
    expect(svg.querySelectorAll('ellipse')).toHaveLength(2);
    expect([...svg.querySelectorAll('ellipse')].map((ellipse) => ellipse.getAttribute('data-sigma'))).toEqual(['1', '3']);
    const circle = svg.querySelector('circle');
    expect(circle).not.toBeNull();
    expect(Number(circle!.getAttribute('r'))).toBeGreaterThanOrEqual(2);
    expect(svg.querySelector('line[data-testid="miss-vector"]')).not.toBeNull();
    expect(card.getByText('x (m)')).toBeInTheDocument();
    expect(card.getByRole('list', { name: 'Legend' })).toHaveTextContent('Hard-body circle, radius 2.0 m');
    // 3σ of 4.4 km across 400 px: a 2 m circle would be a fraction of a pixel.
    expect(card.getByText(/^Hard-body circle not to scale \(enlarged\)/)).toBeInTheDocument();
  });

  it('draws a hard-body circle large enough to see at its true size', async () => {
    await renderDetail(makeDetail({ encounterPlane: { missX: 30, missZ: 10, sigmaMajor: 20, sigmaMinor: 10, angle: 0, hardBodyRadius: 15 } }));
    const card = region('Encounter Plane');
    expect(card.queryByText(/not to scale/)).not.toBeInTheDocument();
  });

  it('says why there is no encounter plane', async () => {
    await renderDetail(makeDetail({ encounterPlane: null, pcNote: 'No Pc: OBJECT2 has no covariance.' }));
    const card = region('Encounter Plane');
    expect(card.getByText('No encounter-plane plot: there is no covariance for this event, so its uncertainty ellipse cannot be drawn.')).toBeInTheDocument();
    expect(card.getByText('No Pc: OBJECT2 has no covariance.')).toBeInTheDocument();
    expect(card.queryByRole('img')).not.toBeInTheDocument();
  });

  it('lists the CDMs with a download link, and shows the text of one on request', async () => {
    const { user, fetchMock } = await renderDetail();
    const entry = screen.getByRole('listitem', { name: 'CDM 000048901_conj_000048903_20211220_012535_20211215_145954' });
    const cdm = within(entry);
    expect(termPairs(entry)).toEqual([
      ['Created (UTC)', '2021-12-15 14:59:54'],
      ['Originator', 'CARA'],
      ['Imported (UTC)', '2026-01-10 08:00:00'],
    ]);
    expect(cdm.getByRole('link', { name: /^Download CDM / })).toHaveAttribute('href', '/api/cdm/27');
    const view = cdm.getByRole('button', { name: /^View CDM / });
    expect(view).toHaveAttribute('aria-expanded', 'false');
    await user.click(view);
    expect(await cdm.findByText(/CREATION_DATE = 2021-12-15T14:59:54.000/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/cdm/27', expect.objectContaining({ method: 'GET', credentials: 'include' }));
    const hide = cdm.getByRole('button', { name: /^Hide CDM / });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(hide.getAttribute('aria-controls') ?? '')?.tagName).toBe('PRE');
    await user.click(hide);
    expect(cdm.queryByText(/CREATION_DATE/)).not.toBeInTheDocument();
    expect(region('CDMs').queryByRole('link', { name: /generated CDM/ })).not.toBeInTheDocument();
  });

  it('offers the CDM this server wrote, as KVN and XML', async () => {
    await renderDetail(makeDetail({ cdms: [], generatedCdmUrl: `/api/conjunctions/${ID}/cdm` }));
    const card = region('CDMs');
    expect(card.getByRole('link', { name: 'Download generated CDM (KVN)' })).toHaveAttribute('href', `/api/conjunctions/${ID}/cdm`);
    expect(card.getByRole('link', { name: 'Download generated CDM (XML)' })).toHaveAttribute('href', `/api/conjunctions/${ID}/cdm?format=xml`);
  });

  it('lists what happened to the event, oldest first: the time, what, who (the system where nobody) and the server’s words', async () => {
    await renderDetail();
    const card = region('Event history');
    const list = card.getByRole('list', { name: 'Event history' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2021-12-16 14:59:54 UTC New estimate by system New estimate by screening: miss 9.1 km, Pc 2.00e-5 (high)',
      '2026-01-10 08:00:00 UTC Detected by system First detected in a CDM from CARA: miss 9.422 km, Pc 1.01e-5 (high)',
      '2026-01-10 08:00:00 UTC Closed by system Closed: TCA passed',
      '2026-01-10 09:10:00 UTC Plan requested by olga Plan 1 requested: burn at 2021-12-19 22:55:35 UTC, Δv RTN (0, +0.03, 0) m/s Show plan 1',
      '2026-01-10 09:10:09 UTC Plan screened by system Plan 1 screened: not acceptable. It creates a conjunction with COSMOS 2251 DEB (33759) at 2021-03-26T04:12:09.000Z, Pc 2.40e-4. Show plan 1',
    ]);
    expect(within(items[3]!).getByText('olga')).toBeInTheDocument();
    expect(within(items[3]!).getByText('2026-01-10 09:10:00 UTC')).toHaveAttribute('datetime', '2026-01-10T09:10:00.000Z');
    expect(within(items[3]!).getByRole('link', { name: 'Show plan 1' })).toHaveAttribute('href', '#plan-1');
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    // After the estimates and the encounter plane, before the CDMs.
    expect(screen.getByRole('region', { name: 'Event history' }).nextElementSibling).toBe(screen.getByRole('region', { name: 'CDMs' }));
  });

  it('says when nothing has been recorded', async () => {
    await renderDetail(makeDetail({ log: [] }));
    expect(region('Event history').getByText('Nothing has been recorded for this event yet.')).toBeInTheDocument();
    expect(region('Event history').queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows 'Loading conjunction...' until the event arrives", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderApp(`/alerts/${ID}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading conjunction...');
  });

  it("says 'Conjunction {id} not found' for an unknown id, with the way back", async () => {
    await renderDetail(json(404, { message: `Conjunction ${ID} not found` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Conjunction ${ID} not found`);
    expect(screen.getByRole('link', { name: 'Back to Conjunction Alerts' })).toHaveAttribute('href', '/alerts');
    expect(screen.queryByRole('region', { name: 'Assessment' })).not.toBeInTheDocument();
  });

  it("shows the server's message for any other error", async () => {
    await renderDetail(json(500, { message: 'Internal server error' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading conjunction: Internal server error');
  });
});

describe('Monte Carlo check (issue 27)', () => {
  const MC_URL = `/api/conjunctions/${ID}/monte-carlo`;
  const card = () => region('Monte Carlo check');
  const running = (samples: number, hits: number): MonteCarloCheck => makeMonteCarloCheck({ status: 'running', samples, hits, finishedAt: null, result: null });

  /** The detail page with GET …/monte-carlo answered by `answers` in turn (the last one repeats). */
  async function renderWithCheck(answers: (MonteCarloCheck | Response)[], start?: MonteCarloApi['startMonteCarlo'], detail = makeDetail()) {
    let reads = 0;
    const view = await renderDetail(detail, undefined, {
      monteCarlo: () => {
        const answer = answers[Math.min(reads, answers.length - 1)]!;
        reads += 1;
        return answer instanceof Response ? answer.clone() : answer;
      },
      ...(start ? { startMonteCarlo: start } : {}),
    });
    return { ...view, reads: () => reads };
  }

  const mcCalls = (fetchMock: ReturnType<typeof mockAlertsApi>, method: string) => fetchMock.mock.calls.filter(([url, init]) => url === MC_URL && init?.method === method);

  it("sits beside the Pc Method card and, with no check yet (404), explains itself and offers 'Run Monte Carlo check'", async () => {
    const { fetchMock } = await renderDetail();
    const mc = card();
    expect(await mc.findByText('No Monte Carlo check has been run for this event yet.')).toBeInTheDocument();
    expect(mc.getByText(/^Draws both objects’ states many times from their covariances at TCA, moves each draw on two-body orbits over CARA’s SDMC window, and counts the draws that come within the hard-body radius/)).toBeInTheDocument();
    expect(mc.getByRole('button', { name: 'Run Monte Carlo check' })).toBeEnabled();
    expect(mc.queryByRole('alert')).not.toBeInTheDocument();
    expect(mc.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(mc.queryByRole('note', { name: 'Monte Carlo called for' })).not.toBeInTheDocument();
    expect(mcCalls(fetchMock, 'GET')).toEqual([[MC_URL, expect.objectContaining({ credentials: 'include' })]]);
    // Next to the Pc Method card: the same column.
    expect(screen.getByRole('region', { name: 'Pc Method' }).nextElementSibling).toBe(screen.getByRole('region', { name: 'Monte Carlo check' }));
  });

  it('posts the start with the CSRF token, shows the progress while it runs, then the result', async () => {
    setCsrfToken('token-1');
    const started = vi.fn(() => running(0, 0));
    const { user, fetchMock } = await renderWithCheck([json(404, { message: 'none' }), running(1_310_720, 12), makeMonteCarloCheck()], started);
    const mc = card();
    await user.click(await mc.findByRole('button', { name: 'Run Monte Carlo check' }));
    const bar = await mc.findByRole('progressbar', { name: 'Monte Carlo progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(mc.getByText('0 of 37,000,000 trials, 0 hits')).toBeInTheDocument();
    expect(mc.getByRole('button', { name: 'Run Monte Carlo check' })).toBeDisabled();
    expect(started).toHaveBeenCalledWith(ID, {}, expect.anything());
    const [, init] = mcCalls(fetchMock, 'POST')[0]!;
    expect(init).toMatchObject({ credentials: 'include', body: '{}', headers: { 'Content-Type': 'application/json', 'x-csrf-token': 'token-1' } });
    // Re-read every second while it runs: 1,310,720 of 37,000,000 trials is 3.5 %.
    expect(await mc.findByText('1,310,720 of 37,000,000 trials, 12 hits', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(mc.getByRole('progressbar', { name: 'Monte Carlo progress' })).toHaveAttribute('aria-valuenow', '4');
    expect(await mc.findByText('The analytic Pc lies inside the 95 % interval.', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(mc.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(mc.getByRole('button', { name: 'Run Monte Carlo check' })).toBeEnabled();
  });

  it('shows a completed check: Pc, 95 % interval, trials and hits, window, how it stopped, beside the analytic Pc inside the interval', async () => {
    await renderWithCheck([makeMonteCarloCheck()]);
    await card().findByText('The analytic Pc lies inside the 95 % interval.');
    expect(Object.fromEntries(termPairs(screen.getByRole('region', { name: 'Monte Carlo result' })))).toEqual({
      'Pc (Monte Carlo)': '1.01e-5',
      '95 % interval': '9.11e-6 – 1.12e-5',
      Trials: '37,000,000',
      Hits: '374',
      Window: '−90 s to +90 s from TCA',
      Stopped: 'At the cap of 37,000,000 trials',
    });
    const analytic = screen.getByRole('region', { name: 'Analytic Pc' });
    expect(Object.fromEntries(termPairs(analytic))).toEqual({ 'Analytic Pc (the event’s)': '1.01e-5 3D' });
    expect(card().getByText('Seed 1, finished 2026-01-10 09:01:12 UTC.')).toBeInTheDocument();
  });

  it('says when the run stopped at ±5 % and the analytic Pc lies outside the interval', async () => {
    await renderWithCheck([
      makeMonteCarloCheck({
        samples: 2_555_904,
        hits: 1_547,
        windowStartS: -1412.34,
        windowEndS: 87.5,
        analyticPc: 3.2e-4,
        analyticMethod: 'nc2d-upper-limit',
        result: { pc: 6.053e-4, lower: 5.754e-4, upper: 6.362e-4, confidence: 0.95, stoppedBy: 'precision' },
      }),
    ]);
    await card().findByText('The analytic Pc lies outside the 95 % interval.');
    expect(Object.fromEntries(termPairs(screen.getByRole('region', { name: 'Monte Carlo result' })))).toMatchObject({
      'Pc (Monte Carlo)': '6.05e-4',
      '95 % interval': '5.75e-4 – 6.36e-4',
      Trials: '2,555,904',
      Hits: '1,547',
      Window: '−1,412.3 s to +87.5 s from TCA',
      Stopped: 'At ±5 % of the Pc (precision reached)',
    });
    expect(Object.fromEntries(termPairs(screen.getByRole('region', { name: 'Analytic Pc' })))).toEqual({ 'Analytic Pc (the event’s)': '3.20e-4 2D-Nc ≤' });
  });

  it("shows a failed check's error, and a cancelled one's", async () => {
    await renderWithCheck([makeMonteCarloCheck({ status: 'failed', samples: 655_360, hits: 3, result: null, error: 'Worker stopped with exit code 1' })]);
    expect(await card().findByRole('alert')).toHaveTextContent('Monte Carlo check failed: Worker stopped with exit code 1');
    expect(card().getByText('655,360 of 37,000,000 trials, 3 hits when it ended (2026-01-10 09:01:12 UTC).')).toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Run Monte Carlo check' })).toBeEnabled();
    expect(card().queryByRole('region', { name: 'Monte Carlo result' })).not.toBeInTheDocument();
  });

  it('says what the check did to the event, and re-reads the event when the check became its Pc', async () => {
    const detailUrl = `/api/conjunctions/${ID}`;
    const { fetchMock } = await renderWithCheck([running(1_000_000, 10), makeMonteCarloCheck({ storedAs: 'chosen', calledFor: '3D-Nc’s own usage tests failed (offset)' })]);
    expect(await card().findByText('The method choice called for this Monte Carlo: it is now the event’s Pc (method MC), with a new point in its history.', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === detailUrl).length).toBeGreaterThan(1));
  });

  it('says when the check is shown beside an unchanged event', async () => {
    await renderWithCheck([makeMonteCarloCheck()]);
    expect(await card().findByText('Shown beside the event’s Pc, which is unchanged: its method choice did not call for a Monte Carlo.')).toBeInTheDocument();
  });

  it('shows a cancelled check with its reason', async () => {
    await renderWithCheck([makeMonteCarloCheck({ status: 'cancelled', result: null, error: 'Cancelled: the server stopped' })]);
    expect(await card().findByRole('alert')).toHaveTextContent('Monte Carlo check cancelled: Cancelled: the server stopped');
  });

  it("shows the server's refusal of a viewer's start (403)", async () => {
    const { user } = await renderWithCheck([json(404, { message: 'none' })], () => json(403, { message: "This needs the operator role; 'vera' is a viewer" }));
    await user.click(await card().findByRole('button', { name: 'Run Monte Carlo check' }));
    expect(await card().findByRole('alert')).toHaveTextContent("Could not start the Monte Carlo check: This needs the operator role; 'vera' is a viewer");
    expect(card().getByText('No Monte Carlo check has been run for this event yet.')).toBeInTheDocument();
    expect(card().queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says prominently when the method choice calls for a Monte Carlo: from the check, or from the pcNote before any check', async () => {
    await renderWithCheck([makeMonteCarloCheck({ calledFor: '3D-Nc’s own usage tests failed (offset)' })]);
    expect(await card().findByRole('note', { name: 'Monte Carlo called for' })).toHaveTextContent('A Monte Carlo is called for: 3D-Nc’s own usage tests failed (offset).');
  });

  it("takes the reason from the pcNote ('Monte Carlo is called for (…)') while no check was run", async () => {
    const pcNote = 'A Monte Carlo is called for (3D-Nc’s own usage tests failed (offset)); it is not run automatically where no analytic estimate reaches 0.0001: run it on demand.';
    await renderWithCheck([json(404, { message: 'none' })], undefined, makeDetail({ pcNote }));
    await card().findByText('No Monte Carlo check has been run for this event yet.');
    expect(card().getByRole('note', { name: 'Monte Carlo called for' })).toHaveTextContent('A Monte Carlo is called for: 3D-Nc’s own usage tests failed (offset).');
  });

  it('shows an error reading the check other than 404', async () => {
    await renderWithCheck([json(500, { message: 'Internal server error' })]);
    await waitFor(() => expect(card().getByRole('alert')).toHaveTextContent('Error loading the Monte Carlo check: Internal server error'));
  });
});

describe('Plan avoidance (issue 28)', () => {
  const AVOIDANCE_URL = `/api/conjunctions/${ID}/avoidance`;
  const card = () => region('Plan avoidance');
  const heatMap = () => card().getByRole('img', { name: /^Trade space heat map/ });
  const cells = () => [...heatMap().querySelectorAll<SVGRectElement>('rect[data-lead]')];
  const cell = (lead: number, dv: number) => heatMap().querySelector<SVGRectElement>(`rect[data-lead="${lead}"][data-dv="${dv}"]`)!;
  const running = (): AvoidanceAnalysis => makeAvoidanceAnalysis({ conjunctionId: ID, status: 'running', finishedAt: null, result: null });
  const completed = (overrides: Partial<AvoidanceAnalysis> = {}) => makeAvoidanceAnalysis({ conjunctionId: ID, ...overrides });

  beforeAll(() => stubRadixSelectDom());

  /** The detail page with GET …/avoidance answered by `answers` in turn (the last one repeats). */
  async function renderWithAvoidance(answers: (AvoidanceAnalysis | null | Response)[], start?: AlertsApiOptions['startAvoidance']) {
    let reads = 0;
    const fetchMock = mockAlertsApi({
      detail: () => makeDetail(),
      avoidance: () => {
        const answer = answers[Math.min(reads, answers.length - 1)]!;
        reads += 1;
        return answer instanceof Response ? answer.clone() : answer;
      },
      ...(start ? { startAvoidance: start } : {}),
    });
    const user = userEvent.setup();
    renderApp(`/alerts/${ID}`);
    await screen.findByRole('region', { name: 'Assessment' });
    return { user, fetchMock, reads: () => reads };
  }

  const avoidanceCalls = (fetchMock: ReturnType<typeof mockAlertsApi>, method: string) => fetchMock.mock.calls.filter(([url, init]) => url === AVOIDANCE_URL && init?.method === method);

  it("follows the Monte Carlo check and, with none yet, explains itself and offers the controls at the server's defaults", async () => {
    const { fetchMock } = await renderWithAvoidance([null]);
    const plan = card();
    expect(await plan.findByText('No trade space has been computed for this event yet.')).toBeInTheDocument();
    expect(plan.getByText(/^Plans one impulsive burn of the primary/)).toBeInTheDocument();
    expect(plan.getByRole('combobox', { name: 'Direction' })).toHaveTextContent('Along-track (T)');
    expect(plan.getByRole('textbox', { name: 'Largest Δv (m/s)' })).toHaveValue('0.2');
    expect(plan.getByRole('textbox', { name: 'Earliest burn (orbits before TCA)' })).toHaveValue('3');
    expect(plan.getByRole('button', { name: 'Compute trade space' })).toBeEnabled();
    expect(plan.queryByRole('img')).not.toBeInTheDocument();
    expect(plan.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(avoidanceCalls(fetchMock, 'GET')).toEqual([[AVOIDANCE_URL, expect.objectContaining({ credentials: 'include' })]]);
    const monteCarlo = screen.getByRole('region', { name: 'Monte Carlo check' });
    const avoidance = screen.getByRole('region', { name: 'Plan avoidance' });
    expect(monteCarlo.compareDocumentPosition(avoidance) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(avoidance.nextElementSibling).toContainElement(screen.getByRole('region', { name: 'Primary Object' }));
  });

  it('posts the direction and limits with the CSRF token, shows an indeterminate bar while it runs, then the heat map', async () => {
    setCsrfToken('token-1');
    const started = vi.fn(() => running());
    const { user, fetchMock } = await renderWithAvoidance([null, running(), completed()], started);
    const plan = card();
    await plan.findByText('No trade space has been computed for this event yet.');
    await user.click(plan.getByRole('combobox', { name: 'Direction' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Along-track (T)',
      'Against the track (−T)',
      'Radial, up (R)',
      'Radial, down (−R)',
      'Cross-track (N)',
      'Cross-track (−N)',
      'Best (largest miss in σ)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Against the track (−T)' }));
    const maxDv = plan.getByRole('textbox', { name: 'Largest Δv (m/s)' });
    await user.clear(maxDv);
    await user.type(maxDv, '0.5');
    const orbits = plan.getByRole('textbox', { name: 'Earliest burn (orbits before TCA)' });
    await user.clear(orbits);
    await user.type(orbits, '2');
    await user.click(plan.getByRole('button', { name: 'Compute trade space' }));

    const bar = await plan.findByRole('progressbar', { name: 'Computing the trade space' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(plan.getByText('Computing the trade space…')).toBeInTheDocument();
    expect(plan.getByText('4 burn times × 5 sizes along-track (T), up to 0.2 m/s, 10 min to 3 orbits before TCA. Started 2026-01-10 09:00:00 UTC.')).toBeInTheDocument();
    expect(plan.getByRole('button', { name: 'Compute trade space' })).toBeDisabled();
    expect(started).toHaveBeenCalledWith(ID, { direction: '-T', maxDvMps: 0.5, maxLeadOrbits: 2 }, expect.anything());
    const [, init] = avoidanceCalls(fetchMock, 'POST')[0]!;
    expect(init).toMatchObject({ credentials: 'include', headers: { 'Content-Type': 'application/json', 'x-csrf-token': 'token-1' } });

    // Re-read every second while it runs, until it has finished.
    expect(await plan.findByRole('img', { name: /^Trade space heat map/ }, { timeout: 4_000 })).toBeInTheDocument();
    expect(plan.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(plan.getByRole('button', { name: 'Compute trade space' })).toBeEnabled();
    expect(avoidanceCalls(fetchMock, 'GET').length).toBeGreaterThanOrEqual(3);
  });

  it('draws one cell per burn time and size, coloured by log10 Pc, with axes, a colour legend and the minimum-Δv curve of 1e-4', async () => {
    await renderWithAvoidance([completed()]);
    await card().findByRole('img', { name: /^Trade space heat map/ });
    expect(heatMap()).toHaveAccessibleName(
      'Trade space heat map: the Pc after a burn along-track (T) of 0.04 m/s to 0.2 m/s, 4 h 56 min to 10 min before TCA (4 burn times × 5 sizes), coloured by log10 Pc from ≤ 1e-10 (darkest) to 1.58e-2 (brightest); the cyan line is the minimum Δv to bring the Pc to 1e-4.',
    );
    expect(cells()).toHaveLength(20);
    // The earliest burn is on the left, the largest burn at the top.
    expect(Number(cell(3, 0).getAttribute('x'))).toBeLessThan(Number(cell(0, 0).getAttribute('x')));
    expect(Number(cell(0, 4).getAttribute('y'))).toBeLessThan(Number(cell(0, 0).getAttribute('y')));
    // Pc 0 and anything below 1e-10 take the lowest colour; the largest Pc (1.58e-2, in the 1e-2 decade under 1e-1) is near the top.
    const lowest = PC_COLOURS[0];
    expect(cell(3, 4).getAttribute('fill')).toBe(lowest);
    expect(cell(2, 4).getAttribute('fill')).toBe(lowest);
    expect(cell(0, 0).getAttribute('fill')).not.toBe(lowest);
    expect(cell(0, 0).getAttribute('fill')).toBe(cellColour(1.5831e-2, { lo: -10, hi: -1 }));
    expect(cell(1, 0).getAttribute('fill')).toBe(cellColour(2.5471e-5, { lo: -10, hi: -1 }));
    // The 1e-4 curve: the burn 10 min before TCA cannot reach it, the other three can (one polyline of three points).
    const curves = heatMap().querySelectorAll('[data-testid="minimum-dv-curve"]');
    expect(curves).toHaveLength(1);
    expect(curves[0]!.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(3);
    const svg = within(heatMap() as unknown as HTMLElement);
    for (const text of ['Burn time, hours before TCA (earliest on the left)', 'Δv (m/s)', 'Pc after the burn (log scale)', '1e-4 target', '≤ 1e-10', '1e-2', '0.1', '0.2', '1', '4']) expect(svg.getByText(text)).toBeInTheDocument();
    expect(labelsOf(card().getByRole('list', { name: 'Legend' }))).toHaveLength(2);
    expect(card().getByRole('list', { name: 'Legend' })).toHaveTextContent('Minimum Δv to reach the target Pc 1e-4');
  });

  it("shows a cell's numbers when it is clicked, or reached with the arrow keys and Enter", async () => {
    const { user } = await renderWithAvoidance([completed()]);
    await card().findByRole('img', { name: /^Trade space heat map/ });
    const selected = () => within(card().getByRole('region', { name: 'Selected burn' }));
    expect(selected().getByText('Select a cell of the map to read its burn, Pc and miss distance.')).toBeInTheDocument();
    await user.click(cell(1, 0));
    expect(selected().getByText('Burn 1 h 45 min before TCA, 0.04 m/s along-track (T): Pc 2.55e-5 (1:39,260), miss 579.4 m')).toBeInTheDocument();
    expect(selected().getByText('Burn at 2021-03-24 13:25:32 UTC · below 1e-4, above 1e-6 and 1e-7.')).toBeInTheDocument();
    expect(heatMap().querySelector('[data-testid="selected-cell"] rect')).toHaveAttribute('x', cell(1, 0).getAttribute('x'));

    // The keyboard: the map is one tab stop; the cursor starts on the clicked cell.
    heatMap().focus();
    await user.keyboard('{ArrowLeft}{ArrowUp}{Enter}');
    expect(selected().getByText('Burn 3 h 20 min before TCA, 0.08 m/s along-track (T): Pc 5.08e-38 (< 1:1e30), miss 2,023.0 m')).toBeInTheDocument();
    expect(selected().getByText(/· below every target\.$/)).toBeInTheDocument();
    await user.keyboard('{End}{PageDown} ');
    expect(selected().getByText('Burn 10 min before TCA, 0.04 m/s along-track (T): Pc 1.58e-2 (1:63), miss 97.6 m')).toBeInTheDocument();
    expect(selected().getByText(/· above every target\.$/)).toBeInTheDocument();
    await user.keyboard('{Home}{PageUp}{Enter}');
    expect(selected().getByText('Burn 4 h 56 min before TCA, 0.2 m/s along-track (T): Pc 0 (< 1:1e30), miss 7,330.6 m')).toBeInTheDocument();
  });

  it('lists the smallest burn that reaches each target, over all burn times, and says where the grid does not reach one', async () => {
    await renderWithAvoidance([completed()]);
    const table = await card().findByRole('table', { name: 'Minimum Δv to reach the target' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Target Pc', 'Minimum Δv', 'Burn before TCA'],
      ['1e-4', '0.0116 m/s', '4 h 56 min'],
      ['1e-6', '0.0167 m/s', '4 h 56 min'],
      ['1e-7', '0.0188 m/s', '4 h 56 min'],
    ]);
  });

  it("says 'not reached within …' for a target no burn of the grid reaches", async () => {
    const analysis = completed();
    const result = analysis.result!;
    const short = completed({
      request: { ...analysis.request, maxDvMps: 0.012 },
      result: { ...result, minimumDv: result.minimumDv.map((m) => (m.targetPc === 1e-4 ? m : { ...m, dvMps: null, directionRtn: null, pc: null, missM: null })) },
    });
    await renderWithAvoidance([short]);
    const table = await card().findByRole('table', { name: 'Minimum Δv to reach the target' });
    expect(within(table).getByRole('row', { name: /^1e-6/ })).toHaveTextContent('1e-6not reached within 0.012 m/s—');
    expect(within(table).getByRole('row', { name: /^1e-4/ })).toHaveTextContent('1e-40.0116 m/s4 h 56 min');
  });

  it("shows the event's Pc with its method and how the primary's track is modelled", async () => {
    await renderWithAvoidance([completed()]);
    await card().findByRole('img', { name: /^Trade space heat map/ });
    expect(Object.fromEntries(termPairs(screen.getByRole('region', { name: 'Without a burn' })))).toEqual({ 'Pc without a burn': '2.12e-2 2D', 'Miss distance': '107.5 m' });
    expect(card().getByRole('note', { name: 'Primary’s track' })).toHaveTextContent(
      "Primary’s track: The primary's state at TCA propagated two-body + J2 (Dormand–Prince 8(5,3)); a burn's effect is the burned minus the unburned propagation from the burn.",
    );
    expect(card().getByText('4 burn times × 5 sizes along-track (T), up to 0.2 m/s, 10 min to 3 orbits before TCA; computed 2026-01-10 09:00:02 UTC.')).toBeInTheDocument();
    // The form shows what was computed.
    expect(card().getByRole('combobox', { name: 'Direction' })).toHaveTextContent('Along-track (T)');
  });

  it("shows a failed analysis's error as an alert", async () => {
    await renderWithAvoidance([completed({ status: 'failed', result: null, error: 'the avoidance worker stopped with exit code 1' })]);
    expect(await card().findByRole('alert')).toHaveTextContent('The trade space failed: the avoidance worker stopped with exit code 1');
    expect(card().queryByRole('img')).not.toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Compute trade space' })).toBeEnabled();
  });

  it("shows the server's refusal of a viewer's start (403)", async () => {
    const { user } = await renderWithAvoidance([null], () => json(403, { message: "This needs the operator role; 'vera' is a viewer" }));
    await user.click(await card().findByRole('button', { name: 'Compute trade space' }));
    expect(await card().findByRole('alert')).toHaveTextContent("Could not start the trade space: This needs the operator role; 'vera' is a viewer");
    expect(card().getByText('No trade space has been computed for this event yet.')).toBeInTheDocument();
    expect(card().queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('will not start with a limit out of range', async () => {
    const { user, fetchMock } = await renderWithAvoidance([null]);
    const maxDv = await card().findByRole('textbox', { name: 'Largest Δv (m/s)' });
    await user.clear(maxDv);
    await user.type(maxDv, '12');
    expect(maxDv).toHaveAttribute('aria-invalid', 'true');
    expect(maxDv).toHaveAccessibleDescription('A number above 0, at most 10.');
    expect(card().getByRole('button', { name: 'Compute trade space' })).toBeDisabled();
    expect(avoidanceCalls(fetchMock, 'POST')).toEqual([]);
  });

  it('shows an error reading the analysis', async () => {
    await renderWithAvoidance([json(500, { message: 'Internal server error' })]);
    await waitFor(() => expect(card().getByRole('alert')).toHaveTextContent('Error loading the trade space: Internal server error'));
  });

  describe('avoidance plans', () => {
    const PLANS_URL = `/api/conjunctions/${ID}/plans`;
    const plansSection = () => within(card().getByRole('region', { name: 'Avoidance plans' }));
    const planArticle = (id: number) => within(plansSection().getByRole('article', { name: `Plan ${id}` }));
    const plan = (overrides: Partial<AvoidancePlan> = {}) => makePlan({ conjunctionId: ID, ...overrides });
    const burnField = (name: string) => plansSection().getByRole('textbox', { name });

    /** The detail page with a trade space (`analysis`) and GET …/plans answered by `answers` in turn (the last one repeats). */
    async function renderWithPlans(answers: (AvoidancePlan[] | Response)[], api: Pick<AlertsApiOptions, 'startPlan' | 'decidePlan'> = {}, analysis: AvoidanceAnalysis | null = completed()) {
      let reads = 0;
      const fetchMock = mockAlertsApi({
        detail: () => makeDetail(),
        avoidance: () => analysis,
        plans: () => {
          const answer = answers[Math.min(reads, answers.length - 1)]!;
          reads += 1;
          return answer instanceof Response ? answer.clone() : answer;
        },
        ...api,
      });
      const user = userEvent.setup();
      renderApp(`/alerts/${ID}`);
      await screen.findByRole('region', { name: 'Assessment' });
      await card().findByRole('region', { name: 'Avoidance plans' });
      return { user, fetchMock, reads: () => reads };
    }

    const planCalls = (fetchMock: ReturnType<typeof mockAlertsApi>, url: string, method: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

    /** The rows of the plan's conjunction table: [object, change, TCA, miss, Pc, risk, without the burn]. */
    function conjunctionRows(id: number) {
      const table = planArticle(id).getByRole('table', { name: 'Conjunctions after the burn' });
      return within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    }

    it('offers a typed burn with no plans yet, and will not screen one that is incomplete or out of range', async () => {
      const { user, fetchMock } = await renderWithPlans([[]], {}, null);
      expect(plansSection().getByText('No plan has been screened for this event yet.')).toBeInTheDocument();
      expect(plansSection().getByText('Select a cell of the map to fill in its burn, or type one.')).toBeInTheDocument();
      expect(burnField('Burn before TCA (min)')).toHaveValue('');
      expect(burnField('Δv R (m/s)')).toHaveValue('0');
      const screenButton = plansSection().getByRole('button', { name: 'Screen this plan' });
      expect(screenButton).toBeDisabled();
      expect(plansSection().queryByText('no Δv: a burn needs one')).not.toBeInTheDocument();
      await user.type(burnField('Burn before TCA (min)'), '150');
      // No Δv yet.
      expect(screenButton).toBeDisabled();
      expect(plansSection().getByText('no Δv: a burn needs one')).toBeInTheDocument();
      const along = burnField('Δv T (m/s)');
      await user.clear(along);
      await user.type(along, '12');
      expect(along).toHaveAttribute('aria-invalid', 'true');
      expect(along).toHaveAccessibleDescription('From −10 to 10.');
      expect(screenButton).toBeDisabled();
      await user.clear(along);
      await user.type(along, '0.03');
      expect(plansSection().getByText('|Δv| 0.03 m/s')).toBeInTheDocument();
      expect(screenButton).toBeEnabled();
      const lead = burnField('Burn before TCA (min)');
      await user.clear(lead);
      await user.type(lead, '20000');
      expect(lead).toHaveAccessibleDescription('Above 0, at most 14,400 (10 days).');
      expect(screenButton).toBeDisabled();
      expect(planCalls(fetchMock, PLANS_URL, 'POST')).toEqual([]);
      expect(planCalls(fetchMock, PLANS_URL, 'GET')).toEqual([[PLANS_URL, expect.objectContaining({ credentials: 'include' })]]);
    });

    it("fills the burn from the selected cell, screens it with the CSRF token, polls while it screens, then shows the plan that creates a new conjunction", async () => {
      setCsrfToken('token-1');
      const started = vi.fn(() => screeningPlan(plan()));
      const { user, fetchMock } = await renderWithPlans([[], [screeningPlan(plan())], [plan()]], { startPlan: started });
      await card().findByRole('img', { name: /^Trade space heat map/ });
      await user.click(cell(1, 0));
      expect(plansSection().getByText('From the selected cell: Burn 1 h 45 min before TCA, 0.04 m/s along-track (T).')).toBeInTheDocument();
      expect(burnField('Burn before TCA (min)')).toHaveValue('105.24');
      expect([burnField('Δv R (m/s)'), burnField('Δv T (m/s)'), burnField('Δv N (m/s)')].map((field) => (field as HTMLInputElement).value)).toEqual(['0', '0.04', '0']);
      expect(plansSection().getByText('Burn at 2021-03-24 13:25:32 UTC · |Δv| 0.04 m/s')).toBeInTheDocument();
      // Another cell refills the form; the operator edits it.
      await user.click(cell(2, 0));
      expect(burnField('Burn before TCA (min)')).toHaveValue('200.48');
      const lead = burnField('Burn before TCA (min)');
      await user.clear(lead);
      await user.type(lead, '150');
      const along = burnField('Δv T (m/s)');
      await user.clear(along);
      await user.type(along, '0.03');
      await user.click(plansSection().getByRole('button', { name: 'Screen this plan' }));

      expect(started).toHaveBeenCalledWith(ID, { leadS: 9000, dvRtnMps: [0, 0.03, 0] }, expect.anything());
      const [, init] = planCalls(fetchMock, PLANS_URL, 'POST')[0]!;
      expect(init).toMatchObject({ credentials: 'include', headers: { 'Content-Type': 'application/json', 'x-csrf-token': 'token-1' } });
      const bar = await plansSection().findByRole('progressbar', { name: 'Screening plan 1' });
      expect(bar).not.toHaveAttribute('aria-valuenow');
      expect(planArticle(1).getByText('Screening', { selector: 'span' })).toBeInTheDocument();
      expect(planArticle(1).getByRole('button', { name: 'Choose this plan' })).toBeDisabled();
      expect(planArticle(1).getByRole('button', { name: 'Discard' })).toBeDisabled();

      // Re-read every 2 s while it screens, until it has been screened.
      await waitFor(() => expect(plansSection().queryByRole('progressbar')).not.toBeInTheDocument(), { timeout: 6_000 });
      expect(planCalls(fetchMock, PLANS_URL, 'GET').length).toBeGreaterThanOrEqual(3);
      const article = planArticle(1);
      expect(article.getByText('Screened', { selector: 'span' })).toBeInTheDocument();
      expect(article.getByText('Made by olga, 2026-01-10 09:10:00 UTC')).toBeInTheDocument();
      expect(Object.fromEntries(termPairs(plansSection().getByRole('article', { name: 'Plan 1' })))).toEqual({
        'Burn (UTC)': '2021-03-24 12:40:472 h 30 min before TCA',
        'Δv RTN (m/s)': 'R 0 · T +0.03 · N 0',
        '|Δv|': '0.03 m/s',
        'Screened for': '7 days from the burn, within 5 km; target Pc 1e-4',
        Trajectory: 'Element set (SGP4) plus the burn',
        'This event without the burn': 'miss 107.5 m · Pc 2.12e-2 (1:47) 2D',
        'After the burn': 'miss 1,234.5 m · Pc 3.10e-12 (1:3.2e+11) 2D',
      });
      const verdict = article.getByRole('note', { name: 'Verdict' });
      expect(verdict).toHaveTextContent(NOT_ACCEPTABLE_REASON);
      expect(verdict.className).toContain('yellow');
      // The new and the worse conjunction first, highlighted; the rest behind the toggle.
      expect(conjunctionRows(1)).toEqual([
        ['COSMOS 2251 DEBNORAD 33759', 'New', '2021-03-26 04:12:09', '412.0 m', '2.40e-4 (1:4,167) 2D', 'HIGH', 'no approach'],
        ['FENGYUN 1C DEBNORAD 31141', 'Worse', '2021-03-27 21:40:33', '2,810.0 m', '3.20e-7 (1:3,125,000) 2D', 'LOW', 'miss 3,620.0 m · Pc 1.10e-7 (1:9,090,909)'],
      ]);
      const table = article.getByRole('table', { name: 'Conjunctions after the burn' });
      expect([...table.querySelectorAll('tbody tr')].map((row) => row.getAttribute('data-change'))).toEqual(['new', 'worse']);
      expect(article.getByText('2 of 4 within 5 km are new or worse than without the burn; they come first, highlighted.')).toBeInTheDocument();
      const toggle = article.getByRole('button', { name: 'Show all 4 conjunctions' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(conjunctionRows(1).map((row) => [row[0], row[1]])).toEqual([
        ['COSMOS 2251 DEBNORAD 33759', 'New'],
        ['FENGYUN 1C DEBNORAD 31141', 'Worse'],
        ['IRIDIUM 33 DEBNORAD 37558 · this event', 'Better'],
        ['SL-16 R/BNORAD 22285', 'Same'],
      ]);
      expect(article.getByRole('button', { name: 'Show only the new and worse' })).toHaveAttribute('aria-expanded', 'true');
      expect(article.getByRole('button', { name: 'Choose this plan' })).toBeEnabled();
      expect(article.getByRole('button', { name: 'Discard' })).toBeEnabled();
    });

    it("screens the selected cell's burn as it is when the form is left as filled in", async () => {
      const started = vi.fn(() => screeningPlan(plan()));
      const { user } = await renderWithPlans([[]], { startPlan: started });
      await card().findByRole('img', { name: /^Trade space heat map/ });
      await user.click(cell(3, 1));
      expect(burnField('Burn before TCA (min)')).toHaveValue('295.72');
      await user.click(plansSection().getByRole('button', { name: 'Screen this plan' }));
      expect(started).toHaveBeenCalledWith(ID, { leadS: 17743.346462381814, dvRtnMps: [0, 0.08, 0] }, expect.anything());
      expect(await plansSection().findByRole('progressbar', { name: 'Screening plan 1' })).toBeInTheDocument();
    });

    it('lists the plans newest first, and offers the OEM and OPM of each as downloads', async () => {
      await renderWithPlans([[plan(), plan({ id: 2, acceptable: true, reason: "Acceptable: the event's Pc after the burn is 3.10e-12, and no conjunction the plan creates or worsens exceeds 0.0001." })]]);
      const plans = plansSection().getByRole('list', { name: 'Plans' });
      expect(within(plans).getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 4 }).textContent)).toEqual(['Plan 2', 'Plan 1']);
      const verdict = planArticle(2).getByRole('note', { name: 'Verdict' });
      expect(verdict).toHaveTextContent(/^Acceptable: the event's Pc after the burn is 3\.10e-12/);
      expect(verdict.className).toContain('green');
      const oem = planArticle(1).getByRole('link', { name: 'Post-burn ephemeris (OEM)' });
      expect(oem).toHaveAttribute('href', `/api/conjunctions/${ID}/plans/1/oem`);
      expect(oem).toHaveAttribute('download', `${ID}-plan-1.oem`);
      const opm = planArticle(1).getByRole('link', { name: 'Burn summary (OPM)' });
      expect(opm).toHaveAttribute('href', `/api/conjunctions/${ID}/plans/1/opm`);
      expect(opm).toHaveAttribute('download', `${ID}-plan-1.opm`);
      expect(planArticle(2).getByRole('link', { name: 'Burn summary (OPM)' })).toHaveAttribute('href', `/api/conjunctions/${ID}/plans/2/opm`);
      // A screened plan opens in the 3D view with its post-burn track.
      expect(planArticle(2).getByRole('link', { name: 'View in 3D' })).toHaveAttribute('href', `/visualization?conjunction=${ID}&plan=2`);
    });

    it('shows the plan an entry of the event history is about: the link scrolls to it in the Plan avoidance card', async () => {
      const scrolled: Element[] = [];
      // (stubRadixSelectDom, above, gave jsdom a scrollIntoView.)
      vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
        scrolled.push(this);
      });
      const { user } = await renderWithPlans([[plan()]]);
      await plansSection().findByRole('article', { name: 'Plan 1' });
      const history = within(region('Event history').getByRole('list', { name: 'Event history' }));
      await user.click(history.getAllByRole('link', { name: 'Show plan 1' })[0]!);
      expect(scrolled).toEqual([document.getElementById('plan-1')]);
      expect(scrolled[0]).toContainElement(plansSection().getByRole('article', { name: 'Plan 1' }));
    });

    it('re-reads the event when a plan has been screened and after a decision, so that its history tells them', async () => {
      const detailUrl = `/api/conjunctions/${ID}`;
      const full = makeDetail().log;
      const chosen = plan({ status: 'chosen', decidedBy: 'olga', decidedAt: '2026-01-10T09:20:00.000Z' });
      let plans = [screeningPlan(plan())];
      let log = full.slice(0, 4);
      const fetchMock = mockAlertsApi({
        detail: () => makeDetail({ log }),
        avoidance: () => completed(),
        plans: () => plans,
        decidePlan: () => {
          plans = [chosen];
          log = [...full, { at: '2026-01-10T09:20:00.000Z', kind: 'plan_chosen', actor: 'olga', planId: 1, text: 'Plan 1 chosen' }];
          return chosen;
        },
      });
      const user = userEvent.setup();
      renderApp(`/alerts/${ID}`);
      const entries = async () => within(await screen.findByRole('list', { name: 'Event history' })).getAllByRole('listitem');
      const detailReads = () => fetchMock.mock.calls.filter(([url]) => url === detailUrl).length;
      expect(await entries()).toHaveLength(4);
      await plansSection().findByRole('progressbar', { name: 'Screening plan 1' });
      expect(detailReads()).toBe(1);
      // The server finishes the screening: the next read of the plans sees it, and the event is read again.
      plans = [plan()];
      log = full;
      await waitFor(async () => expect(await entries()).toHaveLength(5), { timeout: 6_000 });
      expect(detailReads()).toBe(2);
      expect((await entries())[4]).toHaveTextContent(/^2026-01-10 09:10:09 UTC Plan screened by system Plan 1 screened: not acceptable\./);
      await user.click(planArticle(1).getByRole('button', { name: 'Choose this plan' }));
      await waitFor(async () => expect(await entries()).toHaveLength(6));
      expect(detailReads()).toBe(3);
      expect((await entries())[5]).toHaveTextContent('2026-01-10 09:20:00 UTC Plan chosen by olga Plan 1 chosen Show plan 1');
    });

    it('chooses a screened plan with the CSRF token and shows who chose it', async () => {
      setCsrfToken('token-2');
      const decided = vi.fn(() => plan({ status: 'chosen', decidedBy: 'olga', decidedAt: '2026-01-10T09:20:00.000Z' }));
      const { user, fetchMock } = await renderWithPlans([[plan()]], { decidePlan: decided });
      await user.click(planArticle(1).getByRole('button', { name: 'Choose this plan' }));
      expect(await planArticle(1).findByText('Chosen by olga, 2026-01-10 09:20:00 UTC')).toBeInTheDocument();
      expect(decided).toHaveBeenCalledWith(ID, 1, { decision: 'chosen' }, expect.anything());
      const [, init] = planCalls(fetchMock, `${PLANS_URL}/1/decision`, 'POST')[0]!;
      expect(init).toMatchObject({ credentials: 'include', headers: { 'x-csrf-token': 'token-2' } });
      expect(planArticle(1).getByText('Chosen', { selector: 'span' })).toBeInTheDocument();
      expect(planArticle(1).getByRole('button', { name: 'Choose this plan' })).toBeDisabled();
      expect(planArticle(1).getByRole('button', { name: 'Discard' })).toBeDisabled();
    });

    it('discards a screened plan and shows who discarded it', async () => {
      const decided = vi.fn(() => plan({ status: 'discarded', decidedBy: 'dan', decidedAt: '2026-01-10T09:21:00.000Z' }));
      const { user } = await renderWithPlans([[plan()]], { decidePlan: decided });
      await user.click(planArticle(1).getByRole('button', { name: 'Discard' }));
      expect(await planArticle(1).findByText('Discarded by dan, 2026-01-10 09:21:00 UTC')).toBeInTheDocument();
      expect(decided).toHaveBeenCalledWith(ID, 1, { decision: 'discarded' }, expect.anything());
      expect(planArticle(1).getByText('Discarded', { selector: 'span' })).toBeInTheDocument();
      expect(planArticle(1).getByRole('button', { name: 'Choose this plan' })).toBeDisabled();
    });

    it("shows the server's 409 when another plan is already chosen, and reads the plans again", async () => {
      const chosen = plan({ status: 'chosen', decidedBy: 'olga', decidedAt: '2026-01-10T09:20:00.000Z' });
      const { user, reads } = await renderWithPlans([[chosen, plan({ id: 2 })]], { decidePlan: () => json(409, { message: `Plan 1 of ${ID} is already chosen` }) });
      expect(planArticle(1).getByRole('button', { name: 'Choose this plan' })).toBeDisabled();
      await user.click(planArticle(2).getByRole('button', { name: 'Choose this plan' }));
      expect(await planArticle(2).findByRole('alert')).toHaveTextContent(`Could not choose plan 2: Plan 1 of ${ID} is already chosen`);
      await waitFor(() => expect(reads()).toBe(2));
      expect(planArticle(2).getByRole('button', { name: 'Choose this plan' })).toBeEnabled();
    });

    it("shows the server's 422 for a primary with no element set in the catalogue, and a viewer's 403", async () => {
      let answer = json(422, { message: 'The primary 25994 has no element set in the catalogue to plan on' });
      const { user } = await renderWithPlans([[]], { startPlan: () => answer.clone() }, null);
      await user.type(burnField('Burn before TCA (min)'), '150');
      const along = burnField('Δv T (m/s)');
      await user.clear(along);
      await user.type(along, '0.03');
      await user.click(plansSection().getByRole('button', { name: 'Screen this plan' }));
      expect(await plansSection().findByRole('alert')).toHaveTextContent('Could not screen the plan: The primary 25994 has no element set in the catalogue to plan on');
      expect(plansSection().getByText('No plan has been screened for this event yet.')).toBeInTheDocument();
      expect(plansSection().queryByRole('progressbar')).not.toBeInTheDocument();
      answer = json(403, { message: "This needs the operator role; 'vera' is a viewer" });
      await user.click(plansSection().getByRole('button', { name: 'Screen this plan' }));
      await waitFor(() => expect(plansSection().getByRole('alert')).toHaveTextContent("Could not screen the plan: This needs the operator role; 'vera' is a viewer"));
    });

    it("shows a failed screening's error", async () => {
      await renderWithPlans([[plan({ status: 'failed', result: null, acceptable: null, reason: null, error: 'the plan worker stopped with exit code 1' })]]);
      expect(planArticle(1).getByRole('alert')).toHaveTextContent('The screening failed: the plan worker stopped with exit code 1');
      expect(planArticle(1).getByRole('button', { name: 'Choose this plan' })).toBeDisabled();
    });

    it('shows an error reading the plans', async () => {
      await renderWithPlans([json(500, { message: 'Internal server error' })]);
      await waitFor(() => expect(plansSection().getByRole('alert')).toHaveTextContent('Error loading the plans: Internal server error'));
    });
  });
});
