import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConjunctionDetail } from '@contracts/conjunction-events.ts';
import { makeDetail, mockAlertsApi } from '@/components/alerts/alerts-fixtures';
import { stubResizeObserver } from '@/test/jsdom-layout';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { region, termPairs } from '@/test/card-harness';

const ID = 'CNJ-2021-027';
const CDM_TEXT = 'CCSDS_CDM_VERS = 1.0\nCREATION_DATE = 2021-12-15T14:59:54.000\nORIGINATOR = CARA\n';

async function renderDetail(detail: ConjunctionDetail | Response = makeDetail(), texts: Record<string, string> = { '/api/cdm/27': CDM_TEXT }) {
  const fetchMock = mockAlertsApi({ detail: () => detail, texts });
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
      '2D Pc (Foster)': '3.86e-168 (1:2.6e+167)',
      '3D Pc (Hall 3D-Nc)': '1.01e-5 (1:98,941)',
      'Maximum Pc (Alfano)': '2.50e-4 (1:4,000)',
      Risk: 'HIGH',
      'Hard-body radius': '2.0 m CDM comment HBR',
      Source: 'CARA',
      Sources: 'CARA',
      Status: 'Closed (TCA passed)',
      'First detected (UTC)': '2026-01-10 08:00:00',
      'Last updated (UTC)': '2026-01-10 08:00:00',
    });
  });

  it("says 'not computed' for a Pc the server did not compute, and shows every source", async () => {
    await renderDetail(makeDetail({ pc3d: null, pcMethod: 'pc2d', pcMethodLabel: '2D-Pc (Foster)', collisionProbability: 3.86e-168, sources: ['CARA', 'screening'], status: 'open', closeReason: null }));
    const numbers = fields('Assessment');
    expect(numbers['3D Pc (Hall 3D-Nc)']).toBe('not computed');
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
      'Covariance source': 'CDM (CARA)',
      '1σ at TCA (RTN)': 'R 22.5 m · T 4,431.4 m · N 5.7 m',
    });
    expect(fields('Secondary Object')).toMatchObject({ Name: 'LINCS', Owner: '—', 'Element set / OD epoch (UTC)': '—', '1σ at TCA (RTN)': '—' });
    // The names open the objects' pages.
    expect(region('Primary Object').getByRole('link', { name: 'TROPICS PATHFINDER' })).toHaveAttribute('href', '/objects/48901');
  });

  it('explains the method and lists every violation by method, with value against limit', async () => {
    await renderDetail(makeDetail({ pcNote: 'The 2D-Nc upper limit was not needed.' }));
    const card = region('Pc Method');
    expect(card.getByText('3D-Nc (Hall 2021)')).toBeInTheDocument();
    expect(card.getByText(/Hall’s 3D-Nc method: it follows the curved relative motion/)).toBeInTheDocument();
    const twoD = within(card.getByRole('region', { name: '2D-Pc usage tests' }));
    expect(twoD.getByText(/^Long encounter: the objects stay close for 35 % of an orbit/)).toBeInTheDocument();
    expect(twoD.getByText('value 35 % vs limit 2 %')).toBeInTheDocument();
    const threeD = within(card.getByRole('region', { name: '3D-Nc usage tests' }));
    expect(threeD.getByText('The risk reaches 80 % of the way to the encounter segment’s edge (limit 75 %).')).toBeInTheDocument();
    expect(threeD.getByText('value 80 % vs limit 75 %')).toBeInTheDocument();
    expect(card.getByText('The 2D-Nc upper limit was not needed.')).toBeInTheDocument();
    expect(card.queryByText('The 2D method’s usage tests found nothing, so the 2D value stands.')).not.toBeInTheDocument();
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
