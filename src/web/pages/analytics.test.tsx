import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogScreening } from '@contracts/catalog-screenings.ts';
import {
  lastConjunctionQuery,
  makeCatalogConjunction,
  makeRun,
  makeRunningRun,
  makeSummary,
  manyCatalogConjunctions,
  mockAnalyticsApi,
  requestsTo,
  RUNS_API,
} from '@/components/analytics/analytics-fixtures';
import { stubRadixSelectDom, stubResizeObserver } from '@/test/jsdom-layout';
import { setCsrfToken } from '@/lib/csrf';
import { RUN_POLL_MS } from '@/queries/catalog-screenings';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const PATH = '/analytics';

beforeAll(() => {
  stubRadixSelectDom();
  stubResizeObserver();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

function region(name: string | RegExp) {
  return within(screen.getByRole('region', { name }));
}

/** [label, value] of each tile or field of `element`'s <dl>. */
function terms(element: HTMLElement) {
  return within(element)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

function conjunctionsTable() {
  return screen.getByRole('table', { name: 'Catalogue conjunctions' });
}

function dataRows(table: HTMLElement) {
  return within(table).getAllByRole('row').slice(1);
}

function cellTexts(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

async function pickOption(user: ReturnType<typeof userEvent.setup>, combobox: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Catalogue Screening (/analytics)', () => {
  it('asks for the recent runs and, with none, says so and offers to start one', async () => {
    const fetchMock = mockAnalyticsApi({ list: () => [] });
    renderApp(PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Catalogue Screening' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading catalogue screening runs...');
    expect(await screen.findByRole('heading', { name: 'No catalogue-wide run yet' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`${RUNS_API}?limit=20`, expect.objectContaining({ method: 'GET', credentials: 'include' }));
    // One Start button: the empty state's.
    expect(screen.getAllByRole('button', { name: 'Start run' })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Results' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the runs cannot be read", async () => {
    mockAnalyticsApi({ list: () => json(503, { message: 'The database is not reachable' }) });
    renderApp(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading runs: The database is not reachable');
    expect(screen.queryByText('No catalogue-wide run yet')).not.toBeInTheDocument();
  });

  it("is the side nav's Analytics entry", async () => {
    mockAnalyticsApi({ list: () => [] });
    const user = userEvent.setup();
    const { location } = renderApp('/');
    await user.click(within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'Analytics' }));
    expect(location.history.at(-1)).toBe('/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue Screening' })).toBeInTheDocument();
  });
});

describe('a running run', () => {
  it('shows the overall progress, each shard, the workers, and the latest run', async () => {
    mockAnalyticsApi({ list: () => [makeRunningRun(), makeRun()], conjunctions: () => ({ total: 1, items: [makeCatalogConjunction()] }) });
    renderApp(PATH);
    const card = await screen.findByRole('region', { name: 'Run in progress' });
    expect(within(card).getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuenow', '43');
    expect(card).toHaveTextContent('Screening the shards · 1 of 4 shards done');
    expect(card).toHaveTextContent('42 %');

    const shards = within(card).getByRole('table', { name: 'Shards' });
    expect(within(shards).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Shard', 'Slice (UTC)', 'Status', 'Stage', 'Done', 'Worker', 'Attempts']);
    expect(dataRows(shards).map(cellTexts)).toEqual([
      ['0', '2026-11-26 00:00–18:00', 'Done', 'Detection', '100 %', 'server:thread-1', '1'],
      ['1', '2026-11-26 18:00 – 2026-11-27 12:00', 'Running', 'Orbits', '40 %', 'host-a:4242:w1', '2'],
      ['2', '2026-11-27 12:00 – 2026-11-28 06:00', 'Running', 'Detection', '30 %', 'server:thread-2', '1'],
      ['3', '2026-11-28 06:00 – 2026-11-29 00:00', 'Queued', '—', '0 %', '—', '0'],
    ]);
    const workers = within(card).getByRole('region', { name: 'Workers (3)' });
    expect(within(workers).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['server:thread-1', 'host-a:4242:w1', 'server:thread-2']);

    // The latest run is the running one; the results are the completed one's.
    const latest = region('Latest run');
    expect(latest.getByText('Running')).toBeInTheDocument();
    expect(terms(screen.getByRole('region', { name: 'Latest run' }))).toEqual([
      ['Window', '2026-11-26 06:00 – 2026-11-29 06:00 UTC (72 h)'],
      ['Threshold', '5 km'],
      ['Catalogue objects', '50,000'],
      ['Pairs screened', '1,249,975,000'],
      ['Submitted (UTC)', '2026-11-26 06:00'],
    ]);
    expect(await screen.findByRole('table', { name: 'Catalogue conjunctions' })).toBeInTheDocument();
  });

  it('reads the run again every 2 s while it runs, and no more once it has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let run: CatalogScreening = makeRunningRun();
    const fetchMock = mockAnalyticsApi({ list: () => [run], run: () => run, conjunctions: () => ({ total: 1, items: [makeCatalogConjunction()] }) });
    renderApp(PATH);
    await screen.findByRole('region', { name: 'Run in progress' });
    expect(screen.getByText('No completed run yet: the results show here when a run completes.')).toBeInTheDocument();
    const reads = () => requestsTo(fetchMock, `${RUNS_API}/run-2`).length;
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(RUN_POLL_MS + 10));
    expect(reads()).toBe(2);

    run = makeRun({ id: 'run-2', start: run.start, end: run.end, createdAt: run.createdAt });
    await act(() => vi.advanceTimersByTimeAsync(RUN_POLL_MS));
    expect(reads()).toBe(3);
    // Ended: the progress goes, the list is read again, and the new run's results show.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Run in progress' })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, RUNS_API).length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByRole('table', { name: 'Catalogue conjunctions' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5 * RUN_POLL_MS));
    expect(reads()).toBe(3);
  });

  it("cancels: 'Cancel run' POSTs with the CSRF token, and the run shows as cancelled", async () => {
    setCsrfToken('token-1');
    let run: CatalogScreening = makeRunningRun();
    const fetchMock = mockAnalyticsApi({
      list: () => [run],
      run: () => run,
      cancel: (id) => {
        run = makeRunningRun({ id, status: 'cancelled', finishedAt: '2026-11-26T06:10:00.000Z', error: 'cancelled: by an operator' });
        return run;
      },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const card = await screen.findByRole('region', { name: 'Run in progress' });
    await user.click(within(card).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Run in progress' })).not.toBeInTheDocument());
    const [post] = fetchMock.mock.calls.filter(([input, init]) => String(input) === `${RUNS_API}/run-2/cancel` && init?.method === 'POST');
    expect(post?.[1]?.headers).toEqual(expect.objectContaining({ 'x-csrf-token': 'token-1' }));
    expect(await within(await screen.findByRole('region', { name: 'Latest run' })).findByText('Cancelled')).toBeInTheDocument();
    // The results are a completed run's: there is none. Picked, the cancelled run says why it has none.
    expect(screen.getByText('No completed run yet: the results show here when a run completes.')).toBeInTheDocument();
    await pickOption(user, 'Run', '2026-11-26 06:00 UTC · 72 h · 5 km · Cancelled');
    expect(await screen.findByText('This run was cancelled (cancelled: by an operator): it has no results.')).toBeInTheDocument();
  });

  it("shows the server's message when the run cannot be cancelled", async () => {
    const run = makeRunningRun();
    mockAnalyticsApi({ list: () => [run], run: () => run, cancel: () => json(409, { message: 'The run has ended (completed)' }) });
    const user = userEvent.setup();
    renderApp(PATH);
    const card = await screen.findByRole('region', { name: 'Run in progress' });
    await user.click(within(card).getByRole('button', { name: 'Cancel run' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not cancel the run: The run has ended (completed)');
  });
});

describe('a completed run', () => {
  const items = [
    makeCatalogConjunction(),
    makeCatalogConjunction({
      primary: { noradId: 41335, name: 'SENTINEL-3A', objectType: 'payload', owner: 'ESA' },
      secondary: { noradId: 49863, name: 'CZ-6A R/B', objectType: 'rocket_body', owner: null },
      tca: '2026-11-27T03:04:05.000Z',
      missDistanceKm: 4.98,
      relativeSpeedKmS: 0.00031,
      collisionProbability: 3e-9,
      maxCollisionProbability: 1.2e-6,
      riskLevel: 'low',
      pcMethod: 'nc2d-upper-limit',
      regime: 'GEO',
    }),
  ];

  it('shows the counts by risk and regime, the per-day chart and the conjunctions, SOCRATES-style', async () => {
    const fetchMock = mockAnalyticsApi({ list: () => [makeRun()], conjunctions: () => ({ total: 2, items }) });
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Catalogue conjunctions' });
    expect(lastConjunctionQuery(fetchMock).toString()).toBe('sort=pc&limit=50&offset=0');
    expect(requestsTo(fetchMock, /\/conjunctions$/)[0]?.pathname).toBe(`${RUNS_API}/run-1/conjunctions`);

    expect(region('Latest run').getByText('Completed')).toBeInTheDocument();
    expect(terms(screen.getByRole('region', { name: 'Run totals' }))).toEqual([
      ['Objects', '50,000'],
      ['Conjunctions', '3'],
      ['Proximities', '12'],
      ['Skipped objects', '7'],
    ]);
    expect(terms(screen.getByRole('region', { name: 'Conjunctions by risk' }))).toEqual([
      ['Critical', '1'],
      ['High', '1'],
      ['Medium', '0'],
      ['Low', '1'],
    ]);
    expect(terms(screen.getByRole('region', { name: 'Conjunctions by regime' }))).toEqual([
      ['LEO', '2'],
      ['MEO', '0'],
      ['GEO', '1'],
      ['HEO', '0'],
    ]);
    expect(await screen.findByRole('region', { name: 'Conjunctions per day (UTC)' })).toBeInTheDocument();

    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Primary',
      'Secondary',
      'TCA (UTC)',
      'Miss (km)',
      'Speed (km/s)',
      'Pc',
      'Max Pc',
      'Risk',
      'Regime',
    ]);
    // Export CSV: every row of the run the sort and filters select.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `${RUNS_API}/run-1/conjunctions.csv?sort=pc`);
    // Every object name opens the object's page.
    expect(within(table).getByRole('link', { name: 'COSMOS 2251 DEB' })).toHaveAttribute('href', '/objects/22675');
    expect(within(table).getByRole('link', { name: 'IRIDIUM 33 DEB' })).toHaveAttribute('href', '/objects/24946');
    expect(dataRows(table).map(cellTexts)).toEqual([
      ['COSMOS 2251 DEBNORAD 22675DebrisCIS', 'IRIDIUM 33 DEBNORAD 24946DebrisUS', '2026-11-26 14:22:05', '0.082', '11.653', '2.50e-3 2D', '7.10e-3', 'CRITICAL', 'LEO'],
      ['SENTINEL-3ANORAD 41335PayloadESA', 'CZ-6A R/BNORAD 49863Rocket bodyowner unknown', '2026-11-27 03:04:05', '4.980', '0.00031', '3.00e-9 2D-Nc ≤', '1.20e-6', 'LOW', 'GEO'],
    ]);
    expect(region('Conjunctions').getByText('rows 1–2 of 2')).toBeInTheDocument();
  });

  it('lists the stale element sets apart, with their age, oldest first (issue 30)', async () => {
    const stale = [
      { noradId: 48256, name: 'OBJECT J', epoch: '2023-07-12T03:18:49.430Z', ageDays: 1054.86 },
      { noradId: 6893, name: 'EXPLORER 50 (IMP-8)', epoch: '2023-10-18T12:25:32.447Z', ageDays: 956.48 },
    ];
    const fetchMock = mockAnalyticsApi({ list: () => [makeRun({ summary: makeSummary({ staleObjects: 2, maxElementAgeDays: 30 }) })], stale: () => stale });
    renderApp(PATH);
    const card = await screen.findByRole('region', { name: 'Stale element sets (2)' });
    expect(terms(screen.getByRole('region', { name: 'Run totals' }))).toContainEqual(['Stale element sets', '2']);
    expect(within(card).getByText(/2 objects were not screened: their element set is more than 30 days from the window/)).toBeInTheDocument();
    const table = within(card).getByRole('table', { name: 'Stale element sets' });
    await waitFor(() => expect(dataRows(table)).toHaveLength(2));
    expect(dataRows(table).map(cellTexts)).toEqual([
      ['48256', 'OBJECT J', '2023-07-12 03:18 UTC', '1054.9'],
      ['6893', 'EXPLORER 50 (IMP-8)', '2023-10-18 12:25 UTC', '956.5'],
    ]);
    expect(within(table).getByRole('link', { name: 'OBJECT J' })).toHaveAttribute('href', '/objects/48256');
    expect(requestsTo(fetchMock, `${RUNS_API}/run-1/stale`)).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('shows no stale card when every set was screened', async () => {
    const fetchMock = mockAnalyticsApi({ list: () => [makeRun({ summary: makeSummary({ staleObjects: 0, maxElementAgeDays: 30 }) })] });
    renderApp(PATH);
    expect(terms(await screen.findByRole('region', { name: 'Run totals' }))).toContainEqual(['Stale element sets', '0']);
    expect(screen.queryByRole('region', { name: /Stale element sets/ })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, /\/stale$/)).toHaveLength(0);
  });

  it('sorts and filters through the request: Min range, type, risk, owner and search, each from the first page', async () => {
    const fetchMock = mockAnalyticsApi({ list: () => [makeRun()], conjunctions: () => ({ total: 2, items }) });
    const user = userEvent.setup();
    const { location } = renderApp(`${PATH}?offset=50`);
    await screen.findByRole('table', { name: 'Catalogue conjunctions' });
    expect(lastConjunctionQuery(fetchMock).get('offset')).toBe('50');

    const sortGroup = within(screen.getByRole('group', { name: 'Sort by' }));
    expect(sortGroup.getAllByRole('button').map((button) => button.textContent)).toEqual(['Pc', 'Max Pc', 'Min range', 'TCA']);
    expect(sortGroup.getByRole('button', { name: 'Pc' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(sortGroup.getByRole('button', { name: 'Min range' }));
    await waitFor(() => expect(lastConjunctionQuery(fetchMock).get('sort')).toBe('miss'));
    expect(lastConjunctionQuery(fetchMock).get('offset')).toBe('0');
    expect(sortGroup.getByRole('button', { name: 'Min range' })).toHaveAttribute('aria-pressed', 'true');
    expect(location.history.at(-1)).toBe('/analytics?sort=miss');

    await pickOption(user, 'Object type', 'Debris');
    await waitFor(() => expect(lastConjunctionQuery(fetchMock).get('type')).toBe('debris'));

    await pickOption(user, 'Risk', 'High');
    await waitFor(() => expect(lastConjunctionQuery(fetchMock).get('risk')).toBe('high'));

    await user.type(screen.getByRole('textbox', { name: 'Owner' }), 'PRC');
    await waitFor(() => expect(lastConjunctionQuery(fetchMock).get('owner')).toBe('PRC'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'FENGYUN');
    await waitFor(() => expect(lastConjunctionQuery(fetchMock).get('q')).toBe('FENGYUN'));
    expect(lastConjunctionQuery(fetchMock).toString()).toBe('sort=miss&risk=high&type=debris&owner=PRC&q=FENGYUN&limit=50&offset=0');
    expect(location.history.at(-1)).toBe('/analytics?sort=miss&risk=high&type=debris&owner=PRC&q=FENGYUN');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/analytics?sort=miss'));
    // That page was read before: it comes from the cache, not the server.
    expect(screen.getByRole('combobox', { name: 'Object type' })).toHaveTextContent('Any type');
    expect(screen.getByRole('combobox', { name: 'Risk' })).toHaveTextContent('Any risk');
    expect(screen.getByRole('textbox', { name: 'Owner' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('pages 50 rows at a time', async () => {
    const fetchMock = mockAnalyticsApi({
      list: () => [makeRun()],
      conjunctions: (_, params) => {
        const offset = Number(params.get('offset'));
        return { total: 120, items: manyCatalogConjunctions(Math.min(50, 120 - offset), offset) };
      },
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await screen.findByRole('table', { name: 'Catalogue conjunctions' });
    const card = region('Conjunctions');
    expect(card.getByText('rows 1–50 of 120')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(card.getByRole('button', { name: 'Next' }));
    expect(await card.findByText('rows 51–100 of 120')).toBeInTheDocument();
    expect(lastConjunctionQuery(fetchMock).get('offset')).toBe('50');
    await user.click(card.getByRole('button', { name: 'Next' }));
    expect(await card.findByText('rows 101–120 of 120')).toBeInTheDocument();
    expect(dataRows(conjunctionsTable())).toHaveLength(20);
    expect(card.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(card.getByRole('button', { name: 'Previous' }));
    expect(await card.findByText('rows 51–100 of 120')).toBeInTheDocument();
  });

  it('says when the run found no conjunction, and when the filters leave none', async () => {
    mockAnalyticsApi({
      list: () => [makeRun({ summary: makeSummary({ conjunctions: 0, byRisk: {}, byRegime: {}, perDay: [] }) })],
      conjunctions: () => ({ total: 0, items: [] }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    expect(await screen.findByText('No conjunctions in this run: no pair came within 5 km')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Conjunctions per day (UTC)' })).not.toBeInTheDocument();
    await pickOption(user, 'Object type', 'Payload');
    expect(await screen.findByText('No conjunctions match these filters')).toBeInTheDocument();
  });

  it("shows the server's message when the conjunctions cannot be read", async () => {
    mockAnalyticsApi({ list: () => [makeRun()], conjunctions: () => json(400, { message: 'Invalid request: querystring.owner: must be a SATCAT owner code, e.g. PRC' }) });
    renderApp(`${PATH}?owner=X`);
    const card = await screen.findByRole('region', { name: 'Conjunctions' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Error loading conjunctions: Invalid request: querystring.owner: must be a SATCAT owner code, e.g. PRC');
  });

  it('switches runs with the run select; a failed run shows its error', async () => {
    const failed = makeRun({ id: 'run-3', status: 'failed', createdAt: '2026-11-27T00:00:00.000Z', start: '2026-11-27T00:00:00.000Z', end: '2026-11-28T00:00:00.000Z', summary: null, error: 'worker thread exited with code 1' });
    const older = makeRun({ id: 'run-0', start: '2026-11-20T00:00:00.000Z', end: '2026-11-21T00:00:00.000Z', thresholdKm: 10 });
    const fetchMock = mockAnalyticsApi({ list: () => [failed, makeRun(), older], conjunctions: (id) => ({ total: 1, items: [makeCatalogConjunction({ regime: id })] }) });
    const user = userEvent.setup();
    const { location } = renderApp(PATH);
    // The latest run failed: it says why; the results are the newest completed run's.
    expect(await within(await screen.findByRole('region', { name: 'Latest run' })).findByRole('alert')).toHaveTextContent('The run failed: worker thread exited with code 1');
    await screen.findByRole('table', { name: 'Catalogue conjunctions' });
    expect(screen.getByRole('combobox', { name: 'Run' })).toHaveTextContent('2026-11-26 00:00 UTC · 72 h · 5 km · Completed');

    await pickOption(user, 'Run', '2026-11-20 00:00 UTC · 24 h · 10 km · Completed');
    await waitFor(() => expect(requestsTo(fetchMock, /\/conjunctions$/).at(-1)?.pathname).toBe(`${RUNS_API}/run-0/conjunctions`));
    expect(location.history.at(-1)).toBe('/analytics?run=run-0');
    expect(await within(conjunctionsTable()).findByText('run-0')).toBeInTheDocument();

    await pickOption(user, 'Run', '2026-11-27 00:00 UTC · 24 h · 5 km · Failed');
    expect(await screen.findByText('This run failed: worker thread exited with code 1')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Catalogue conjunctions' })).not.toBeInTheDocument();
  });
});

describe("'Start run'", () => {
  it('opens a dialog with now, 72 h and 5 km; Start POSTs the window and follows the new run', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-11-26T10:15:42Z') });
    setCsrfToken('token-2');
    let runs: CatalogScreening[] = [];
    const queued = makeRunningRun();
    const started = makeRunningRun({
      id: 'run-new',
      status: 'queued',
      start: '2026-11-26T10:15:00.000Z',
      end: '2026-11-26T11:15:00.000Z',
      thresholdKm: 2.5,
      progress: { ...queued.progress, stage: 'queued', fraction: 0, shardsDone: 0, shards: [], workers: [] },
    });
    const fetchMock = mockAnalyticsApi({
      list: () => runs,
      run: () => started,
      start: () => {
        runs = [started];
        return { id: 'run-new' };
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Start run' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Start a catalogue-wide run' }));
    expect(dialog.getByLabelText('Start (UTC)')).toHaveValue('2026-11-26T10:15');
    expect(dialog.getByRole('spinbutton', { name: 'Window (hours)' })).toHaveValue(72);
    expect(dialog.getByRole('spinbutton', { name: 'Threshold (km)' })).toHaveValue(5);

    await user.clear(dialog.getByRole('spinbutton', { name: 'Window (hours)' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Window (hours)' }), '1');
    await user.clear(dialog.getByRole('spinbutton', { name: 'Threshold (km)' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Threshold (km)' }), '2.5');
    await user.click(dialog.getByRole('button', { name: 'Start' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = fetchMock.mock.calls.filter(([input, init]) => String(input) === RUNS_API && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ start: '2026-11-26T10:15:00.000Z', end: '2026-11-26T11:15:00.000Z', threshold_km: 2.5 });
    expect(post?.[1]?.headers).toEqual(expect.objectContaining({ 'Content-Type': 'application/json', 'x-csrf-token': 'token-2' }));

    const card = await screen.findByRole('region', { name: 'Run in progress' });
    expect(within(card).getByText('Waiting for a worker')).toBeInTheDocument();
    expect(region('Latest run').getByText('2026-11-26 10:15 – 2026-11-26 11:15 UTC (1 h)')).toBeInTheDocument();
  });

  it("shows the server's 400 message in the dialog and keeps it open", async () => {
    mockAnalyticsApi({ list: () => [makeRun()], start: () => json(400, { message: 'Invalid request: body.threshold_km: must be at most 100 km' }) });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Start run' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Start a catalogue-wide run' }));
    await user.click(dialog.getByRole('button', { name: 'Start' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Invalid request: body.threshold_km: must be at most 100 km');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Closing and opening again starts afresh.
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the window and threshold before sending', async () => {
    const fetchMock = mockAnalyticsApi({ list: () => [] });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Start run' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.clear(dialog.getByRole('spinbutton', { name: 'Window (hours)' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Window (hours)' }), '200');
    await user.click(dialog.getByRole('button', { name: 'Start' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Window: enter a number of hours greater than 0 and at most 168');
    expect(requestsTo(fetchMock, RUNS_API, 'POST')).toHaveLength(0);
  });
});
