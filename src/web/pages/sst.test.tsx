import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisJob } from '@contracts/conjunctions.ts';
import { FakeEventSource, installFakeEventSource } from '@/test/event-source-fake';
import { stubRadixSelectDom, stubViewportHeight } from '@/test/jsdom-layout';
import { ANALYZE_API, makeConjunction, makeJob, makeResult, SATELLITES_API, TEST_RECORDS } from '@/test/sst-fixtures';
import { captureDownloads } from '@/test/downloads';
import { renderApp } from '@/test/render-app';
import { json } from '@/test/fetch-mock';

const PATH = '/sst';

/** GET /api/satellites answers `records`; the analysis POST answers `analyze(body)` (default: 202 with a running job). */
function mockApi({ records = TEST_RECORDS, analyze = () => json(202, makeJob()) }: { records?: unknown; analyze?: (body: unknown) => Response } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === SATELLITES_API) return json(200, records);
    if (url === ANALYZE_API && init?.method === 'POST') return analyze(JSON.parse(String(init.body)));
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderLoaded(options?: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(options);
  const user = userEvent.setup();
  const view = renderApp(PATH);
  await screen.findByRole('list', { name: 'Satellites' });
  return { ...view, user, fetchMock };
}

/** The names of the rows the list shows, top to bottom (each checkbox is labelled by its row's name). */
function rowNames() {
  const list = screen.queryByRole('list', { name: 'Satellites' });
  if (!list) return [];
  return within(list)
    .getAllByRole('checkbox')
    .map((box) => document.getElementById(box.getAttribute('aria-labelledby') ?? '')?.textContent);
}

function checkedNames() {
  return within(screen.getByRole('list', { name: 'Satellites' }))
    .queryAllByRole('checkbox', { checked: true })
    .map((box) => document.getElementById(box.getAttribute('aria-labelledby') ?? '')?.textContent);
}

function row(name: string) {
  const box = screen.getByRole('checkbox', { name });
  const item = box.closest('[role="listitem"]');
  if (!(item instanceof HTMLElement)) throw new Error(`no row for ${name}`);
  return item;
}

const analyzeButton = () => screen.getByRole('button', { name: /^Analyze Conjunctions/ });
const panel = () => within(screen.getByRole('region', { name: 'Analysis Status' }));
const stepStatuses = () =>
  panel()
    .getAllByRole('listitem')
    .map((item) => item.dataset.status);
const stepDetails = (title: string) => panel().getByRole('listitem', { name: title }).querySelector('p')?.textContent;

async function startAnalysis(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Select OFEQ' }));
  await user.click(analyzeButton());
}

/** Plays one server-sent event on the job's stream. */
function emit(type: 'progress' | 'done', job: AnalysisJob) {
  act(() => FakeEventSource.latest().emit(type, job));
}

beforeEach(() => {
  stubViewportHeight();
  stubRadixSelectDom();
  installFakeEventSource();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SST page (/sst): header and satellite list', () => {
  it("shows the title, description, '0 selected' and 'Loading satellites' until the catalogue arrives", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderApp(PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Space Surveillance & Tracking (SST)' })).toBeInTheDocument();
    expect(screen.getByText('Screen selected satellites for close approaches against the full catalogue')).toBeInTheDocument();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    expect(screen.queryByText(/^\d+ satellites$/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Loading satellites$/);
    expect(screen.queryByRole('list', { name: 'Satellites' })).not.toBeInTheDocument();
  });

  it('reads GET /api/satellites with cookies and shows the total', async () => {
    const { fetchMock } = await renderLoaded();
    expect(fetchMock).toHaveBeenCalledWith(SATELLITES_API, { credentials: 'include' });
    expect(screen.getByText('12 satellites')).toBeInTheDocument();
    expect(screen.queryByText('Loading satellites')).not.toBeInTheDocument();
  });

  it('shows each row with checkbox, name, NORAD id, COSPAR id and category badge', async () => {
    await renderLoaded();
    expect(rowNames()).toEqual(TEST_RECORDS.map((record) => record.name));
    const ofeq = within(row('OFEQ-16'));
    expect(ofeq.getByText('NORAD 190016')).toBeInTheDocument();
    expect(ofeq.getByText('2020-044A')).toBeInTheDocument();
    expect(ofeq.getByText('military')).toHaveClass('bg-red-600');
    expect(within(row('ISS (ZARYA)')).getByText('payload')).toHaveClass('bg-secondary');
    // No category: no badge; no COSPAR id: nothing in its place.
    expect(row('UNKNOWN OBJECT')).toHaveTextContent(/^UNKNOWN OBJECTNORAD 99999$/);
    // Each name opens the object's page (issue 14).
    expect(ofeq.getByRole('link', { name: 'OFEQ-16' })).toHaveAttribute('href', '/objects/190016');
  });

  it('exports the rows the search leaves as CSV, with whether each is selected', async () => {
    const { user } = await renderLoaded();
    await user.click(screen.getByRole('checkbox', { name: 'OFEQ-11' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search satellites' }), 'ofeq');
    await waitFor(() => expect(rowNames()).toEqual(['OFEQ-16', 'OFEQ-11', 'OFEQ-7 DEB']));
    const downloads = captureDownloads();
    await user.click(within(screen.getByRole('region', { name: 'Satellite Selection' })).getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^satellites-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual(['Name', 'NORAD ID', 'COSPAR ID', 'Category', 'Selected']);
    expect(csv.rows).toEqual([
      ['OFEQ-16', '190016', '2020-044A', 'military', 'no'],
      ['OFEQ-11', '190011', '2016-056A', 'military', 'yes'],
      ['OFEQ-7 DEB', '210001', '2007-025C', 'debris', 'no'],
    ]);
  });

  it('searches name, NORAD ID and COSPAR ID case-insensitively', async () => {
    const { user } = await renderLoaded();
    const search = screen.getByRole('searchbox', { name: 'Search satellites' });
    expect(search).toHaveAttribute('placeholder', 'Search by name, NORAD ID, COSPAR ID');
    await user.type(search, 'ofeq');
    await waitFor(() => expect(rowNames()).toEqual(['OFEQ-16', 'OFEQ-11', 'OFEQ-7 DEB']));
    await user.clear(search);
    await user.type(search, '25544');
    await waitFor(() => expect(rowNames()).toEqual(['ISS (ZARYA)']));
    await user.clear(search);
    await user.type(search, '1999-025aab');
    await waitFor(() => expect(rowNames()).toEqual(['FENGYUN 1C DEB']));
    await user.clear(search);
    await user.type(search, 'no such thing');
    await waitFor(() => expect(screen.getByText('No satellites match the search')).toBeInTheDocument());
    expect(rowNames()).toEqual([]);
  });

  it('filters by category: All plus the distinct categories of the records', async () => {
    const { user } = await renderLoaded();
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveTextContent('All');
    await user.click(category);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'commercial',
      'debris',
      'military',
      'payload',
      'rocket_body',
      'scientific',
    ]);
    await user.click(screen.getByRole('option', { name: 'military' }));
    // 'Military' (another spelling) matches too: the filter ignores case.
    expect(rowNames()).toEqual(['OFEQ-16', 'OFEQ-11', 'Ofek-5', 'TECSAR']);
    await user.type(screen.getByRole('searchbox', { name: 'Search satellites' }), 'ofe');
    await waitFor(() => expect(rowNames()).toEqual(['OFEQ-16', 'OFEQ-11', 'Ofek-5']));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(rowNames()).toEqual(['OFEQ-16', 'OFEQ-11', 'Ofek-5', 'OFEQ-7 DEB']);
  });

  it('toggles a satellite by clicking its row or its checkbox, and counts the selection', async () => {
    const { user } = await renderLoaded();
    await user.click(within(row('VENUS')).getByText('NORAD 42901'));
    expect(screen.getByRole('checkbox', { name: 'VENUS' })).toBeChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(analyzeButton()).toHaveTextContent(/^Analyze Conjunctions1$/);

    await user.click(screen.getByRole('checkbox', { name: 'AMOS-17' }));
    expect(checkedNames()).toEqual(['AMOS-17', 'VENUS']);
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(row('VENUS'));
    await user.click(screen.getByRole('checkbox', { name: 'AMOS-17' }));
    expect(checkedNames()).toEqual([]);
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('keeps the selection while the search hides selected rows', async () => {
    const { user } = await renderLoaded();
    await user.click(row('TECSAR'));
    await user.type(screen.getByRole('searchbox', { name: 'Search satellites' }), 'AMOS');
    await waitFor(() => expect(rowNames()).toEqual(['AMOS-17']));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('Select OFEQ selects exactly the fleet satellites named OFEQ or OFEK; Clear All empties the selection', async () => {
    const { user } = await renderLoaded();
    await user.click(row('TECSAR'));
    await user.click(screen.getByRole('button', { name: 'Select OFEQ' }));
    expect(checkedNames()).toEqual(['OFEQ-16', 'OFEQ-11', 'Ofek-5']);
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(checkedNames()).toEqual([]);
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('re-reads the catalogue every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockApi();
    renderApp(PATH);
    await screen.findByRole('list', { name: 'Satellites' });
    const calls = () => fetchMock.mock.calls.filter(([url]) => url === SATELLITES_API).length;
    expect(calls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(calls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(calls()).toBe(2);
  });

  it('reads the catalogue again on every visit to the page, although cached data never goes stale', async () => {
    const fetchMock = mockApi();
    const { location } = renderApp(PATH);
    await screen.findByRole('list', { name: 'Satellites' });
    act(() => location.navigate('/calc'));
    await screen.findByRole('heading', { level: 1, name: 'Savings Calculator - Solar Flare Data ROI' });
    act(() => location.navigate(PATH));
    await screen.findByRole('list', { name: 'Satellites' });
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === SATELLITES_API)).toHaveLength(2));
  });

  it("shows the request's error when the catalogue cannot be read", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('boom', { status: 503 })));
    renderApp(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error loading satellites: 503: boom$/);
    expect(screen.queryByText('Loading satellites')).not.toBeInTheDocument();
  });
});

describe('SST page (/sst): analysis parameters', () => {
  it('defaults to now → +48 h in UTC and threshold 5.0, with the catalogue hint', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T19:04:58.000Z'));
    await renderLoaded();
    const card = within(screen.getByRole('region', { name: 'Analysis Parameters' }));
    expect(card.getByLabelText('Start Time (UTC)')).toHaveValue('2025-03-01T19:04');
    expect(card.getByLabelText('End Time (UTC)')).toHaveValue('2025-03-03T19:04');
    const threshold = card.getByLabelText('Distance Threshold (km)');
    expect(threshold).toHaveValue('5.0');
    expect(threshold).toHaveAttribute('placeholder', '5.0');
    expect(threshold).toHaveAccessibleDescription('Each selected satellite is screened against the full catalogue.');
  });

  it('disables Analyze Conjunctions while nothing is selected', async () => {
    const { user } = await renderLoaded();
    expect(analyzeButton()).toBeDisabled();
    expect(analyzeButton()).toHaveTextContent(/^Analyze Conjunctions0$/);
    await user.click(row('VENUS'));
    expect(analyzeButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(analyzeButton()).toBeDisabled();
  });

  it('sends nothing when Enter is pressed in the form with nothing selected', async () => {
    const { user, fetchMock } = await renderLoaded();
    await user.type(screen.getByLabelText('Distance Threshold (km)'), '{Enter}');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Analysis Status' })).not.toBeInTheDocument();
  });

  it('invites an analysis before there is a result, without count cards', async () => {
    await renderLoaded();
    const results = within(screen.getByRole('region', { name: 'Detailed Conjunction Results' }));
    expect(results.getByText('Select satellites and click Analyze Conjunctions to screen them for close approaches.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Critical' })).not.toBeInTheDocument();
  });
});

describe('SST page (/sst): analysis', () => {
  it('posts the selection, window (ISO, Z) and threshold text to analyze-selected?async=1', async () => {
    const { user, fetchMock } = await renderLoaded();
    await user.clear(screen.getByLabelText('Start Time (UTC)'));
    await user.type(screen.getByLabelText('Start Time (UTC)'), '2025-03-01T00:00');
    await user.clear(screen.getByLabelText('End Time (UTC)'));
    await user.type(screen.getByLabelText('End Time (UTC)'), '2025-03-02T12:30');
    await user.clear(screen.getByLabelText('Distance Threshold (km)'));
    await user.type(screen.getByLabelText('Distance Threshold (km)'), '12.5');
    await startAnalysis(user);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe(ANALYZE_API);
    expect(post?.[1]).toMatchObject({ credentials: 'include', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      satellite_ids: [190016, 190011, 190005],
      start: '2025-03-01T00:00:00.000Z',
      end: '2025-03-02T12:30:00.000Z',
      threshold: '12.5',
    });
  });

  it('follows the job on its event stream, step by step, to the result', { timeout: 30_000 }, async () => {
    const { user } = await renderLoaded();
    await startAnalysis(user);
    expect(stepStatuses()).toEqual(['running', 'pending', 'pending', 'pending', 'pending', 'pending']);
    expect(panel().getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Preparing satellite data',
      'Generating TLE data',
      'Calculating orbital parameters',
      'Detecting potential conjunctions',
      'Assessing risk levels',
      'Generating results',
    ]);
    expect(analyzeButton()).toBeDisabled();

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.latest().url).toBe('/api/conjunctions/jobs/job-1/events');
    expect(FakeEventSource.latest().withCredentials).toBe(true);

    emit('progress', makeJob({ step: 'orbits', fraction: 0.3, detail: 'Propagating 50,000 objects' }));
    expect(stepStatuses()).toEqual(['completed', 'completed', 'running', 'pending', 'pending', 'pending']);
    expect(stepDetails('Calculating orbital parameters')).toBe('Propagating 50,000 objects');

    emit('progress', makeJob({ step: 'detect', fraction: 0.6, detail: '12,000 of 50,000 objects' }));
    expect(stepStatuses()).toEqual(['completed', 'completed', 'completed', 'running', 'pending', 'pending']);
    expect(panel().getByRole('status')).toBeEmptyDOMElement();

    const result = makeResult([
      makeConjunction({ risk_level: 'critical' }),
      makeConjunction({ secondary_object: 'ISS (ZARYA)', risk_level: 'low' }),
      makeConjunction({ secondary_object: 'SL-16 R/B', risk_level: 'low' }),
    ]);
    emit('done', makeJob({ status: 'completed', step: 'results', fraction: 1, detail: '3 conjunction(s) found', result }));
    expect(FakeEventSource.latest().closed).toBe(true);
    expect(stepStatuses()).toEqual(Array(6).fill('completed'));
    expect(stepDetails('Detecting potential conjunctions')).toBeUndefined();
    expect(stepDetails('Generating results')).toBe('3 conjunction(s) found');
    expect(panel().getByRole('status')).toHaveTextContent(/^Analysis completed successfully$/);
    expect(analyzeButton()).toBeEnabled();

    expect(within(screen.getByRole('region', { name: 'Critical' })).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'High' })).getByText('0')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Medium' })).getByText('0')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Low' })).getByText('2')).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Conjunctions' }));
    expect(list.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'OFEQ-16 ↔ COSMOS 2542',
      'OFEQ-16 ↔ ISS (ZARYA)',
      'OFEQ-16 ↔ SL-16 R/B',
    ]);
    // The charts are a lazy chunk (Recharts): its first import in a test file can take longer than
    // the 3 s default wait on a loaded two-core machine (it took 3+ s in a parallel run).
    for (const title of ['Risk Level Distribution', 'Miss Distance Analysis', 'Probability vs Velocity', 'Time to Conjunction']) {
      expect(await screen.findByRole('region', { name: title }, { timeout: 15_000 })).toBeInTheDocument();
    }
  });

  it('shows the spinner on the button while running and keeps the panel until Close', async () => {
    const { user } = await renderLoaded();
    await startAnalysis(user);
    expect(analyzeButton().querySelector('.animate-spin')).not.toBeNull();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    emit('done', makeJob({ status: 'completed', step: 'results', result: makeResult([]) }));
    expect(analyzeButton().querySelector('.animate-spin')).toBeNull();
    expect(screen.getByRole('region', { name: 'Analysis Status' })).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Analysis Status' })).not.toBeInTheDocument();
  });

  it("shows 'No Conjunctions Detected' and 'Analyzed {total_objects} objects' for an empty result, without charts", async () => {
    const { user } = await renderLoaded();
    await startAnalysis(user);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    emit('done', makeJob({ status: 'completed', step: 'results', result: makeResult([], 50000) }));
    const results = within(screen.getByRole('region', { name: 'Detailed Conjunction Results' }));
    expect(results.getByRole('heading', { name: 'No Conjunctions Detected' })).toBeInTheDocument();
    expect(results.getByText('Analyzed 50000 objects')).toBeInTheDocument();
    for (const level of ['Critical', 'High', 'Medium', 'Low']) {
      expect(within(screen.getByRole('region', { name: level })).getByText('0')).toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Risk Level Distribution' })).not.toBeInTheDocument();
  });

  it("turns the running step into 'Error: {message}' when the server rejects the request", async () => {
    const { user } = await renderLoaded({
      analyze: () => json(400, { message: 'Invalid request: body.threshold: threshold must be a number of km above 0' }),
    });
    await user.clear(screen.getByLabelText('Distance Threshold (km)'));
    await user.type(screen.getByLabelText('Distance Threshold (km)'), 'abc');
    await startAnalysis(user);
    await waitFor(() => expect(stepStatuses()).toEqual(['error', 'pending', 'pending', 'pending', 'pending', 'pending']));
    expect(stepDetails('Preparing satellite data')).toBe('Error: Invalid request: body.threshold: threshold must be a number of km above 0');
    expect(panel().getByRole('status')).toHaveTextContent(/^Analysis completed with errors$/);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(analyzeButton()).toBeEnabled();
  });

  it('reports a failed job on the stage where it failed', async () => {
    const { user } = await renderLoaded();
    await startAnalysis(user);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    emit('progress', makeJob({ step: 'tle', detail: 'Reading element sets' }));
    emit('done', makeJob({ status: 'failed', step: 'detect', error: 'Screening worker stopped' }));
    expect(stepStatuses()).toEqual(['completed', 'completed', 'completed', 'error', 'pending', 'pending']);
    expect(stepDetails('Detecting potential conjunctions')).toBe('Error: Screening worker stopped');
    expect(panel().getByRole('status')).toHaveTextContent(/^Analysis completed with errors$/);
  });

  it("falls back to 'Error: Unknown error' when the failure has no message", async () => {
    const { user } = await renderLoaded();
    await startAnalysis(user);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    emit('done', makeJob({ status: 'cancelled', step: 'orbits' }));
    expect(stepDetails('Calculating orbital parameters')).toBe('Error: Unknown error');
  });

  it('keeps the last result when a later analysis fails', async () => {
    let answer = () => json(202, makeJob());
    const { user } = await renderLoaded({ analyze: () => answer() });
    await startAnalysis(user);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    emit('done', makeJob({ status: 'completed', step: 'results', result: makeResult([makeConjunction()]) }));
    answer = () => json(400, { message: 'Invalid request: body.end: end must be after start' });
    await user.click(analyzeButton());
    await waitFor(() => expect(stepDetails('Preparing satellite data')).toBe('Error: Invalid request: body.end: end must be after start'));
    expect(screen.getByRole('list', { name: 'Conjunctions' })).toBeInTheDocument();
  });
});
