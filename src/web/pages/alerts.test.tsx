import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConjunctionListItem } from '@contracts/conjunction-events.ts';
import { lastListRequest, listRequests, listResponse, makeDetail, makeListItem, manyListItems, mockAlertsApi } from '@/components/alerts/alerts-fixtures';
import { stubViewportHeight } from '@/test/jsdom-layout';
import { CSV_COLUMNS } from '@/lib/conjunction-csv';
import { captureDownloads, stubObjectUrls } from '@/test/downloads';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Three events as the default view (open, by TCA) has them: TCAs a little over 3 h 12 min, 2 d and 5 d away. */
function threeEvents(): ConjunctionListItem[] {
  const now = Date.now();
  return [
    makeListItem({ conjunctionId: 'CNJ-2026-001', status: 'open', alertStatus: 'new', assignee: 'olga', tca: new Date(now + 3 * HOUR + 12 * MINUTE + 30_000).toISOString() }),
    makeListItem({
      conjunctionId: 'CNJ-2026-002',
      status: 'open',
      alertStatus: 'assessing',
      source: 'screening',
      tca: new Date(now + 2 * 24 * HOUR + 30_000).toISOString(),
      primaryObject: { noradId: 48901, name: 'TROPICS PATHFINDER', cosparId: '2021-059Y', objectType: 'payload', owner: 'US' },
      secondaryObject: { noradId: 48903, name: 'LINCS', cosparId: null, objectType: 'payload', owner: null },
      missDistance: 9422,
      radial: 72.1,
      inTrack: -9419,
      crossTrack: -234,
      relativeVelocity: 0.011,
      collisionProbability: 1.0107e-5,
      pcMethod: 'pc3d',
      riskLevel: 'high',
    }),
    makeListItem({
      conjunctionId: 'CNJ-2026-003',
      status: 'open',
      tca: new Date(now + 5 * 24 * HOUR + 30_000).toISOString(),
      collisionProbability: 3e-9,
      pcMethod: 'nc2d-upper-limit',
      riskLevel: 'low',
    }),
  ];
}

function table() {
  return screen.getByRole('table', { name: 'Conjunctions' });
}

/** The data rows in the DOM (the header row excluded). */
function dataRows() {
  return within(table())
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-rowindex') !== '1');
}

function cellTexts(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

function header(name: string | RegExp) {
  return screen.getByRole('columnheader', { name });
}

async function renderAlerts(path = '/alerts', items: ConjunctionListItem[] = threeEvents(), total = items.length) {
  const fetchMock = mockAlertsApi({ list: () => listResponse(items, total) });
  const user = userEvent.setup();
  const view = renderApp(path);
  if (items.length > 0) await screen.findByRole('table', { name: 'Conjunctions' });
  return { ...view, user, fetchMock };
}

beforeEach(() => {
  stubViewportHeight(600);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Conjunction Alerts (/alerts)', () => {
  it('shows the page title and asks for open events by TCA, 5,000 at most, with cookies', async () => {
    const { fetchMock } = await renderAlerts();
    expect(screen.getByRole('heading', { level: 1, name: 'Conjunction Alerts' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/conjunctions?status=open&sort=tca&limit=5000', expect.objectContaining({ method: 'GET', credentials: 'include' }));
    expect(screen.getByRole('heading', { name: 'Open Conjunctions' })).toBeInTheDocument();
    expect(screen.getByText('3 conjunctions')).toBeInTheDocument();
  });

  it('renders one row per event with every column in its format', async () => {
    await renderAlerts();
    const rows = dataRows();
    expect(rows).toHaveLength(3);
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['ID', 'TCA (UTC)', 'Time to TCA', 'Primary', 'Secondary', 'Miss (m)', 'R (m)', 'T (m)', 'N (m)', 'Speed (km/s)', 'Pc', 'Risk', 'Alert status', 'Assignee', 'Source', 'Last update (UTC)']);
    const [first, second, third] = rows.map(cellTexts);
    expect(first).toEqual([
      'CNJ-2026-001',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'in 3 h 12 min',
      'TERRA',
      'IRIDIUM 33 DEB',
      '108.4',
      '12.3',
      '-45.6',
      '97.8',
      '11.073',
      '2.12e-2 2D',
      'CRITICAL',
      'New',
      'olga',
      'CARA',
      '2021-03-23 15:43',
    ]);
    expect(second?.slice(2, 12)).toEqual(['in 2 d', 'TROPICS PATHFINDER', 'LINCS', '9,422.0', '72.1', '-9,419.0', '-234.0', '0.011', '1.01e-5 3D', 'HIGH']);
    expect(third?.[10]).toBe('3.00e-9 2D-Nc ≤');
    expect(third?.[11]).toBe('LOW');
  });

  it('keeps table roles on its grid-laid-out elements, for screen readers', async () => {
    await renderAlerts();
    // Explicit, not implicit: browsers may drop the table semantics of elements displayed as grid.
    expect(table()).toHaveAttribute('role', 'table');
    const rowgroups = within(table()).getAllByRole('rowgroup');
    expect(rowgroups.map((group) => [group.tagName, group.getAttribute('role')])).toEqual([
      ['THEAD', 'rowgroup'],
      ['TBODY', 'rowgroup'],
    ]);
    const rows = within(table()).getAllByRole('row');
    expect(rows.every((row) => row.getAttribute('role') === 'row')).toBe(true);
    expect(within(rows[0]!).getAllByRole('columnheader').every((cell) => cell.getAttribute('role') === 'columnheader')).toBe(true);
    expect(dataRows().flatMap((row) => within(row).getAllByRole('cell')).every((cell) => cell.getAttribute('role') === 'cell')).toBe(true);
  });

  it('links each event id to its detail, and a click anywhere else on the row opens it', async () => {
    const { user, location } = await renderAlerts();
    expect(within(dataRows()[1]!).getByRole('link', { name: 'CNJ-2026-002' })).toHaveAttribute('href', '/alerts/CNJ-2026-002');
    await user.click(within(dataRows()[1]!).getByText('in 2 d'));
    expect(location.history.at(-1)).toBe('/alerts/CNJ-2026-002');
  });

  it("links both objects' names to their pages, not to the event (issue 14)", async () => {
    const { user, location } = await renderAlerts();
    const row = within(dataRows()[1]!);
    expect(row.getByRole('link', { name: 'TROPICS PATHFINDER' })).toHaveAttribute('href', '/objects/48901');
    expect(row.getByRole('link', { name: 'LINCS' })).toHaveAttribute('href', '/objects/48903');
    expect(row.getByRole('link', { name: 'TROPICS PATHFINDER' })).toHaveAttribute('title', 'TROPICS PATHFINDER (NORAD 48901, owner US)');
    await user.click(row.getByRole('link', { name: 'LINCS' }));
    expect(location.history.at(-1)).toBe('/objects/48903');
  });

  it('leads back from the detail to the view it was opened from, filters and sort kept', async () => {
    const items = threeEvents().map((item) => ({ ...item, status: 'closed' as const }));
    mockAlertsApi({ list: () => listResponse(items), detail: (conjunctionId) => makeDetail({ conjunctionId }) });
    const user = userEvent.setup();
    const { location } = renderApp('/alerts?status=closed&risk=high&sort=-pc');
    await screen.findByRole('table', { name: 'Conjunctions' });
    await user.click(within(dataRows()[1]!).getByText('9,422.0'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Conjunction CNJ-2026-002' })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to Conjunction Alerts' });
    expect(back).toHaveAttribute('href', '/alerts?status=closed&risk=high&sort=-pc');
    await user.click(back);
    expect(location.history.at(-1)).toBe('/alerts?status=closed&risk=high&sort=-pc');
    expect(await screen.findByRole('heading', { name: 'Closed Conjunctions' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Risk' })).getByRole('button', { name: 'High' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sorts by the server: a header click sets sort and aria-sort, highest Pc first; a second click reverses it', async () => {
    const { user, fetchMock, location } = await renderAlerts();
    expect(header(/^TCA \(UTC\)/)).toHaveAttribute('aria-sort', 'ascending');
    expect(header(/^Pc/)).toHaveAttribute('aria-sort', 'none');
    expect(header(/^Time to TCA/)).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Pc' }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('sort')).toBe('-pc'));
    expect(header(/^Pc/)).toHaveAttribute('aria-sort', 'descending');
    expect(header(/^TCA \(UTC\)/)).toHaveAttribute('aria-sort', 'none');
    expect(location.history.at(-1)).toBe('/alerts?sort=-pc');

    await user.click(screen.getByRole('button', { name: 'Pc' }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('sort')).toBe('pc'));
    expect(header(/^Pc/)).toHaveAttribute('aria-sort', 'ascending');
    expect(location.history.at(-1)).toBe('/alerts?sort=pc');

    // Time to TCA sorts by TCA; the other columns by their own fields, risk and last update highest and latest first.
    await user.click(screen.getByRole('button', { name: 'Time to TCA' }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('sort')).toBe('tca'));
    expect(header(/^TCA \(UTC\)/)).toHaveAttribute('aria-sort', 'ascending');
    for (const [name, field] of [
      ['Miss (m)', 'miss'],
      ['R (m)', 'radial'],
      ['T (m)', 'inTrack'],
      ['N (m)', 'crossTrack'],
      ['Speed (km/s)', 'relativeVelocity'],
      ['Primary', 'primary'],
      ['Secondary', 'secondary'],
      ['Risk', '-risk'],
      ['Source', 'source'],
      ['Last update (UTC)', '-lastUpdated'],
    ] as const) {
      await user.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(lastListRequest(fetchMock).get('sort')).toBe(field));
    }
  });

  it('filters by status: Open by default, Closed and All on request', async () => {
    const { user, fetchMock, location } = await renderAlerts();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Closed' }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('status')).toBe('closed'));
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('heading', { name: 'Closed Conjunctions' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/alerts?status=closed');
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('status')).toBe('all'));
  });

  it('filters by risk levels, source, search and TCA window, and keeps them in the URL', async () => {
    const { user, fetchMock, location } = await renderAlerts();
    const risk = within(screen.getByRole('group', { name: 'Risk' }));
    await user.click(risk.getByRole('button', { name: 'High' }));
    await user.click(risk.getByRole('button', { name: 'Critical' }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('risk')).toBe('critical,high'));
    expect(risk.getByRole('button', { name: 'Critical' })).toHaveAttribute('aria-pressed', 'true');
    expect(risk.getByRole('button', { name: 'Medium' })).toHaveAttribute('aria-pressed', 'false');

    await user.type(screen.getByRole('searchbox', { name: 'Object or owner' }), 'TROPICS');
    await waitFor(() => expect(lastListRequest(fetchMock).get('q')).toBe('TROPICS'));
    // Debounced: the search went out once, not once per letter.
    expect(listRequests(fetchMock).filter((params) => params.has('q')).map((params) => params.get('q'))).toEqual(['TROPICS']);

    await user.type(screen.getByRole('combobox', { name: 'Source' }), 'CARA');
    await waitFor(() => expect(lastListRequest(fetchMock).get('source')).toBe('CARA'));

    const tcaWindow = within(screen.getByRole('group', { name: 'TCA window (UTC)' }));
    fireEvent.change(tcaWindow.getByLabelText('TCA from (UTC)'), { target: { value: '2021-12-01T00:00' } });
    fireEvent.change(tcaWindow.getByLabelText('TCA to (UTC)'), { target: { value: '2021-12-31T23:59' } });
    // To the end of the last minute: the server keeps TCA ≤ tcaTo.
    await waitFor(() => expect(lastListRequest(fetchMock).get('tcaTo')).toBe('2021-12-31T23:59:59.999Z'));
    const last = lastListRequest(fetchMock);
    expect(last.get('tcaFrom')).toBe('2021-12-01T00:00:00.000Z');
    expect(last.get('status')).toBe('open');
    expect(last.get('limit')).toBe('5000');
    expect(location.history.at(-1)).toBe('/alerts?risk=critical%2Chigh&source=CARA&q=TROPICS&tcaFrom=2021-12-01T00%3A00&tcaTo=2021-12-31T23%3A59');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/alerts'));
    expect(screen.getByRole('searchbox', { name: 'Object or owner' })).toHaveValue('');
    expect(screen.getByLabelText('TCA from (UTC)')).toHaveValue('');
  });

  it('opens the view a shared URL describes', async () => {
    const { fetchMock } = await renderAlerts('/alerts?status=closed&risk=critical&q=TERRA&tcaFrom=2021-01-01T00:00&sort=-pc');
    const request = lastListRequest(fetchMock);
    expect(Object.fromEntries(request)).toEqual({
      status: 'closed',
      risk: 'critical',
      q: 'TERRA',
      tcaFrom: '2021-01-01T00:00:00.000Z',
      sort: '-pc',
      limit: '5000',
    });
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('group', { name: 'Risk' })).getByRole('button', { name: 'Critical' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox', { name: 'Object or owner' })).toHaveValue('TERRA');
    expect(screen.getByLabelText('TCA from (UTC)')).toHaveValue('2021-01-01T00:00');
    expect(header(/^Pc/)).toHaveAttribute('aria-sort', 'descending');
  });

  it("says 'N of TOTAL' when the server holds more events than it sent", async () => {
    await renderAlerts('/alerts', threeEvents(), 12_345);
    expect(screen.getByText('3 of 12,345 conjunctions')).toBeInTheDocument();
  });

  it('keeps only the rows in view of 5,000 in the DOM, and scrolls to the others', async () => {
    await renderAlerts('/alerts', manyListItems(5000));
    expect(table()).toHaveAttribute('aria-rowcount', '5001');
    const rows = dataRows();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    const scroller = screen.getByTestId('conjunction-table-scroll');
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 4000 * 40 });
    fireEvent.scroll(scroller);
    expect(screen.getByRole('link', { name: 'CNJ-2026-4001' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'CNJ-2026-0001' })).not.toBeInTheDocument();
  });

  it("shows 'Loading conjunctions...' until the list arrives", () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderApp('/alerts');
    expect(screen.getByRole('status')).toHaveTextContent('Loading conjunctions...');
  });

  it('says an empty list has no events of its status, or that the filters leave none', async () => {
    for (const [path, text] of [
      ['/alerts', 'No open conjunctions'],
      ['/alerts?status=closed&sort=-pc', 'No closed conjunctions'],
      ['/alerts?status=all', 'No conjunctions yet'],
      ['/alerts?risk=critical', 'No conjunctions match these filters'],
      ['/alerts?status=closed&q=TERRA', 'No conjunctions match these filters'],
      ['/alerts?status=all&tcaTo=2021-01-01T00:00', 'No conjunctions match these filters'],
    ] as const) {
      const fetchMock = mockAlertsApi({ list: () => listResponse([]) });
      const { unmount } = renderApp(path);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
      // The text comes from the view alone: the list is the only request.
      expect(listRequests(fetchMock)).toHaveLength(1);
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('keeps suggesting every source seen once a source filter narrows the rows', async () => {
    const items = [...threeEvents(), makeListItem({ conjunctionId: 'CNJ-2026-004', status: 'open', source: '18 SDS' })];
    const fetchMock = mockAlertsApi({ list: (params) => listResponse(items.filter((item) => !params.get('source') || item.source === params.get('source'))) });
    const user = userEvent.setup();
    renderApp('/alerts');
    await screen.findByRole('table', { name: 'Conjunctions' });
    const source = screen.getByRole('combobox', { name: 'Source' });
    const suggestions = () => [...(document.getElementById(source.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((option) => option.value);
    expect(suggestions()).toEqual(['18 SDS', 'CARA', 'screening']);
    await user.type(source, 'CARA');
    await waitFor(() => expect(lastListRequest(fetchMock).get('source')).toBe('CARA'));
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(suggestions()).toEqual(['18 SDS', 'CARA', 'screening']);
  });

  it("shows the server's message when the list cannot be read", async () => {
    mockAlertsApi({ list: () => json(500, { message: 'Database unavailable' }) });
    renderApp('/alerts');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading conjunctions: Database unavailable');
  });

  it('exports exactly the rows shown, in order, as conjunctions-YYYYMMDD-HHmm.csv', async () => {
    const { user } = await renderAlerts('/alerts?sort=-pc');
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:conjunctions';
    });
    const revokeObjectURL = vi.fn();
    stubObjectUrls(createObjectURL, revokeObjectURL);
    let downloaded: { href: string; download: string } | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = { href: this.getAttribute('href') ?? '', download: this.download };
    });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloaded?.href).toBe('blob:conjunctions');
    expect(downloaded?.download).toMatch(/^conjunctions-\d{8}-\d{4}\.csv$/);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const parsed = Papa.parse<string[]>(await blobs[0]!.text(), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([...CSV_COLUMNS]);
    const rows = parsed.data.slice(1);
    expect(rows.map((row) => row[0])).toEqual(['CNJ-2026-001', 'CNJ-2026-002', 'CNJ-2026-003']);
    expect(rows[1]).toEqual([
      'CNJ-2026-002',
      'open',
      expect.stringMatching(/Z$/),
      'in 2 d',
      'TROPICS PATHFINDER',
      '48901',
      'LINCS',
      '48903',
      '9422',
      '72.1',
      '-9419',
      '-234',
      '0.011',
      '0.000010107',
      'pc3d',
      'high',
      'screening',
      '2021-03-23T15:43:56.000Z',
    ]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:conjunctions');
  });

  it('exports every event the view selects when the server holds more than it sent: the next pages read with offset', async () => {
    const first = threeEvents();
    const rest = [makeListItem({ conjunctionId: 'CNJ-2026-004', status: 'open' }), makeListItem({ conjunctionId: 'CNJ-2026-005', status: 'open' })];
    const fetchMock = mockAlertsApi({ list: (params) => listResponse(params.get('offset') === '3' ? rest : first, 5) });
    const user = userEvent.setup();
    renderApp('/alerts?sort=-pc');
    await screen.findByText('3 of 5 conjunctions');
    const downloads = captureDownloads();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    // The next page with the view's filters and sort.
    expect(lastListRequest(fetchMock).get('offset')).toBe('3');
    expect(lastListRequest(fetchMock).get('sort')).toBe('-pc');
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^conjunctions-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual([...CSV_COLUMNS]);
    expect(csv.rows.map((row) => row[0])).toEqual(['CNJ-2026-001', 'CNJ-2026-002', 'CNJ-2026-003', 'CNJ-2026-004', 'CNJ-2026-005']);
  });
});
