import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conjunction, DashboardStats, HighInterestObject, Maneuver } from '@contracts/operations.ts';
import { renderApp } from '@/test/render-app';
import { ACTIVE_CONJUNCTIONS_KEY } from '@/queries/conjunctions';
import { DASHBOARD_STATS_KEY, STATS_SOURCE_KEYS } from '@/queries/dashboard-stats';
import { HIGH_INTEREST_OBJECTS_KEY } from '@/queries/high-interest-objects';
import { RECENT_MANEUVERS_KEY } from '@/queries/maneuvers';
import { THREAT_ASSESSMENTS_KEY } from '@/queries/threats';

const STATS_API = '/api/dashboard/stats';
const CONJUNCTIONS_API = '/api/conjunctions/active';
const HIO_API = '/api/high-interest-objects';

const STATS: DashboardStats = {
  activeAlerts: 3,
  maneuverDetections: 4,
  highInterestObjects: 1,
  threatLevel: { critical: 2, high: 5, medium: 9, low: 40 },
  trackedObjects: 50_000,
  dailyScreens: 1_234_567,
  lastScreening: '2025-03-01T06:00:00Z',
  screeningStatus: 'idle',
};

function conjunction(id: number, missDistance: number): Conjunction {
  return {
    id,
    conjunctionId: `CNJ-2025-000${id}`,
    riskLevel: 'high',
    status: 'open',
    primaryObject: { noradId: 45918, name: 'OFEQ-16', objectType: 'payload', owner: 'ISRA' },
    secondaryObject: { noradId: 33000 + id, name: `DEBRIS ${id}`, objectType: 'debris', owner: 'CIS' },
    tca: '2025-03-02T10:11:12Z',
    missDistance,
    radial: 10,
    inTrack: 100,
    crossTrack: 20,
    relativeVelocity: 11.2,
    collisionProbability: 2e-5,
    maxCollisionProbability: 1e-4,
    probability: 50_000,
    firstDetected: '2025-03-01T06:00:00Z',
    lastUpdated: '2025-03-01T06:00:00Z',
    cdmUrl: null,
  };
}

const HIO: HighInterestObject = {
  id: 1,
  satelliteId: 57182,
  satelliteName: 'COSMOS 2576',
  priority: 'critical',
  reason: 'Co-planar with OFEQ-16',
  specialInstructions: null,
  addedBy: 'Test Operator',
  addedDate: '2025-02-28T10:00:00Z',
  lastObservation: '2025-03-01T06:00:00Z',
  trackingFrequency: 90,
  trackingStatus: 'on-track',
};

const MANEUVER: Maneuver = {
  id: 1,
  satelliteId: 57182,
  satelliteName: 'COSMOS 2576',
  maneuverType: 'orbit_raising',
  direction: 'prograde',
  deltaV: 1.2,
  maneuverTime: new Date().toISOString(),
  detectionTime: new Date().toISOString(),
  confidence: 0.9,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

interface FakeApi {
  stats?: () => Response | Promise<Response>;
  conjunctions?: () => unknown;
}

/**
 * Every dashboard read answered (empty lists where a test does not care), HIOs
 * kept in memory so POST/DELETE change what GET and the stats return.
 */
function fakeApi(options: FakeApi = {}) {
  let hios: HighInterestObject[] = [HIO];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === STATS_API) return options.stats ? options.stats() : json({ ...STATS, highInterestObjects: hios.length });
    if (url === CONJUNCTIONS_API) return json(options.conjunctions ? options.conjunctions() : [conjunction(1, 250)]);
    if (url === HIO_API && method === 'POST') {
      const created = { ...HIO, id: hios.length + 10, satelliteId: 25544, satelliteName: 'ISS (ZARYA)' };
      hios = [...hios, created];
      return json(created, 201);
    }
    if (url === HIO_API) return json(hios);
    if (url.startsWith(`${HIO_API}/`) && method === 'DELETE') {
      hios = hios.filter((object) => `${HIO_API}/${object.id}` !== url);
      return new Response(null, { status: 204 });
    }
    const answers: Record<string, unknown> = {
      '/api/app-info': { name: 'Data Forge', version: '0.1.0', operatorLabel: 'Test Operator' },
      '/api/events': [],
      '/api/maneuvers/recent': [MANEUVER],
      '/api/analytics/threat-summary': {
        totalObjects: 50_000,
        cooperativeObjects: 1,
        nonCooperativeObjects: 2,
        unknownObjects: 3,
        adversaryObjects: 4,
        recentManeuvers: 5,
        anomalousObjects: 6,
      },
      '/api/threat-assessments': [],
      '/api/conjunctions/adversary-risk': [],
      '/api/conjunctions/debris-risk': [],
    };
    if (url in answers) return json(answers[url]);
    return json({ message: `no route ${method} ${url}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (url: string) => fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === 'GET').length;
  return { fetchMock, calls };
}

const CARD_TITLES = [
  'Adversary Conjunction Risk',
  'Space Debris Collision Assessment',
  'Critical Conjunctions',
  'Space Situational Awareness',
  'Threat Assessment Overview',
  'Recent Maneuver Detections',
  'High Interest Objects',
  'Live Feed',
  'Conjunction Analysis',
];

async function renderLoaded(api: FakeApi = {}) {
  const fake = fakeApi(api);
  const view = renderApp('/');
  await screen.findByTestId('dashboard-grid');
  return { ...view, ...fake };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SDA Dashboard page', () => {
  it("shows 'Loading space threat assessment...' under the header while the stats load, and no cards", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === STATS_API ? new Promise<Response>(() => {}) : json({ name: 'Data Forge', version: '0.1.0', operatorLabel: 'Op' }),
      ),
    );
    renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Space Domain Awareness Platform' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading space threat assessment\.\.\.$/);
    expect(screen.queryByText(/Active Alerts/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-grid')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each(['/', '/dashboard'])('at %s passes the stats to the header badges', async (path) => {
    fakeApi();
    renderApp(path);
    expect(await screen.findByText('3 Active Alerts')).toHaveClass('bg-red-600');
    expect(screen.getByText('4 Maneuvers')).toHaveClass('bg-yellow-500');
    expect(screen.getByText('1 HIOs')).toHaveClass('bg-blue-600');
    expect(screen.getByText('7 High Threats')).toBeInTheDocument();
    expect(screen.queryByText('Loading space threat assessment...')).not.toBeInTheDocument();
  });

  it('lays the cards out on the 12-column grid: three, one full-width, three, then two full-width', async () => {
    await renderLoaded();
    const grid = screen.getByTestId('dashboard-grid');
    expect(grid).toHaveClass('grid-cols-12');
    const cells = [...grid.children].map((cell) => {
      const card = within(cell as HTMLElement).getAllByRole('region')[0]!;
      return [within(card).getAllByRole('heading', { level: 2 })[0]?.textContent, cell.className];
    });
    expect(cells).toEqual([
      ['Adversary Conjunction Risk', 'col-span-12 xl:col-span-4'],
      ['Space Debris Collision Assessment', 'col-span-12 xl:col-span-4'],
      ['Critical Conjunctions', 'col-span-12 xl:col-span-4'],
      ['Space Situational Awareness', 'col-span-12'],
      ['Threat Assessment Overview', 'col-span-12 xl:col-span-4'],
      ['Recent Maneuver Detections', 'col-span-12 xl:col-span-4'],
      ['High Interest Objects', 'col-span-12 xl:col-span-4'],
      ['Live Feed', 'col-span-12'],
      ['Conjunction Analysis', 'col-span-12'],
    ]);
    for (const title of CARD_TITLES) expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
  });

  it('reads each endpoint once on load, and not the fleet (/api/israeli-satellites)', async () => {
    const { fetchMock, calls } = await renderLoaded();
    await within(screen.getByRole('region', { name: 'High Interest Objects' })).findByRole('listitem', { name: 'COSMOS 2576' });
    expect(calls(HIO_API)).toBe(1);
    expect(calls(STATS_API)).toBe(1);
    expect(fetchMock).toHaveBeenCalledWith(STATS_API, { credentials: 'include' });
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/israeli-satellites')).toBe(false);
  });

  it("shows the server's message when the stats fail, and the cards still", async () => {
    fakeApi({ stats: () => json({ message: 'Database unavailable' }, 503) });
    renderApp('/');
    const alert = await screen.findByText('Unable to load dashboard stats');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Error: Database unavailable');
    expect(screen.getByRole('region', { name: 'High Interest Objects' })).toBeInTheDocument();
    expect(screen.queryByText(/Active Alerts/)).not.toBeInTheDocument();
  });
});

describe('dashboard stats refresh', () => {
  it('watches the reads the stats count', () => {
    expect(STATS_SOURCE_KEYS).toEqual([ACTIVE_CONJUNCTIONS_KEY[0], RECENT_MANEUVERS_KEY[0], HIGH_INTEREST_OBJECTS_KEY[0], THREAT_ASSESSMENTS_KEY[0]]);
    expect(DASHBOARD_STATS_KEY).toEqual([STATS_API]);
  });

  it('reads the stats again when the active conjunctions change, not when a poll returns the same list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let list = [conjunction(1, 250)];
    let alerts = 3;
    const { calls } = await renderLoaded({ conjunctions: () => list, stats: () => json({ ...STATS, activeAlerts: alerts }) });
    await screen.findByText('3 Active Alerts');
    await waitFor(() => expect(calls(CONJUNCTIONS_API)).toBe(1));
    expect(calls(STATS_API)).toBe(1);

    // Same answer: structural sharing keeps the data, the stats are not read.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(calls(CONJUNCTIONS_API)).toBe(2);
    expect(calls(STATS_API)).toBe(1);

    // A new conjunction: the stats follow.
    list = [conjunction(1, 250), conjunction(2, 90)];
    alerts = 4;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(calls(CONJUNCTIONS_API)).toBe(3);
    await waitFor(() => expect(calls(STATS_API)).toBe(2));
    expect(await screen.findByText('4 Active Alerts')).toBeInTheDocument();
  });

  // Typing through user-event is slow when the whole suite runs in parallel.
  it("adding and removing a high-interest object updates the 'N HIOs' badge", { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    await renderLoaded();
    expect(await screen.findByText('1 HIOs')).toBeInTheDocument();
    const card = within(screen.getByRole('region', { name: 'High Interest Objects' }));
    await card.findByRole('listitem', { name: 'COSMOS 2576' });
    await user.click(card.getByRole('button', { name: 'Add' }));
    await user.type(card.getByLabelText('NORAD ID'), '25544');
    await user.type(card.getByLabelText('Reason'), 'Crewed station near OFEQ-16');
    await user.click(card.getByRole('button', { name: 'Add Object' }));
    expect(await screen.findByText('2 HIOs')).toBeInTheDocument();
    expect(await card.findByRole('listitem', { name: 'ISS (ZARYA)' })).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Remove ISS (ZARYA)' }));
    await user.click(within(card.getByRole('group', { name: 'Confirm removal of ISS (ZARYA)' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('1 HIOs')).toBeInTheDocument();
    await waitFor(() => expect(card.queryByRole('listitem', { name: 'ISS (ZARYA)' })).not.toBeInTheDocument());
  });
});
