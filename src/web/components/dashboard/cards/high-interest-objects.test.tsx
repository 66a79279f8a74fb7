import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HighInterestObject } from '@contracts/operations.ts';
import { canSubmit, EMPTY_FORM, formBody, HighInterestObjectsCard, sortByPriority } from '@/components/dashboard/cards/high-interest-objects';
import { stubRadixSelectDom } from '@/test/jsdom-layout';
import { createQueryClient } from '@/lib/query-client';
import { expectSecondReadBetween, labelsOf, region, renderWithQueryClient, stubPendingFetch, termPairs, undoStubsAfterEach } from '@/test/card-harness';
import { captureDownloads } from '@/test/downloads';
import { mockFetch } from '@/test/fetch-mock';
import { DASHBOARD_STATS_KEY } from '@/queries/dashboard-stats';
import { HIGH_INTEREST_POLL_MS } from '@/queries/high-interest-objects';

const API = '/api/high-interest-objects';

function hio(id: number, overrides: Partial<HighInterestObject> = {}): HighInterestObject {
  return {
    id,
    satelliteId: 57000 + id,
    satelliteName: `OBJECT ${id}`,
    priority: 'medium',
    reason: 'Watch list',
    specialInstructions: null,
    addedBy: 'Test Operator',
    addedDate: '2025-02-20T09:15:00Z',
    lastObservation: '2025-03-01T23:45:00Z',
    trackingFrequency: 90,
    trackingStatus: 'on-track',
    ...overrides,
  };
}

const COSMOS = hio(1, {
  satelliteId: 57182,
  satelliteName: 'COSMOS 2576',
  priority: 'critical',
  reason: 'Co-planar with OFEQ-16',
  specialInstructions: 'Report every pass to the duty officer',
  addedBy: 'SDA Ops',
  addedDate: '2025-02-28T23:30:00Z',
  lastObservation: '2025-03-01T23:45:00Z',
  trackingFrequency: 120,
  trackingStatus: 'delayed',
});

type Handler = (method: string, url: string, body: unknown) => Response | undefined;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A small in-memory server of the high-interest list: GET the list, POST adds
 * (201), PATCH changes, DELETE removes (204). `override` answers first.
 */
function fakeServer(initial: HighInterestObject[], override?: Handler) {
  let list = [...initial];
  let nextId = 100;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const answer = override?.(method, url, body);
    if (answer) return answer;
    if (url === API && method === 'GET') return json(list);
    if (url === API && method === 'POST') {
      const request = body as { satelliteId: number; priority: HighInterestObject['priority']; reason: string; trackingFrequency: number; specialInstructions?: string };
      const created = hio(nextId++, { ...request, satelliteName: `NEW ${request.satelliteId}`, lastObservation: null, trackingStatus: 'overdue' });
      list = [...list, created];
      return json(created, 201);
    }
    const match = /^\/api\/high-interest-objects\/(\d+)$/.exec(url);
    if (match) {
      const id = Number(match[1]);
      if (method === 'DELETE') {
        list = list.filter((object) => object.id !== id);
        return new Response(null, { status: 204 });
      }
      if (method === 'PATCH') {
        list = list.map((object) => (object.id === id ? { ...object, ...(body as object) } : object));
        return json(list.find((object) => object.id === id));
      }
    }
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard() {
  const client = createQueryClient();
  // The stats the header shows: cached, so the test can see them invalidated.
  client.setQueryData(DASHBOARD_STATS_KEY, { highInterestObjects: 1 });
  return { ...renderWithQueryClient(<HighInterestObjectsCard />, client), user: userEvent.setup() };
}

const card = () => region('High Interest Objects');
const listedNames = () => labelsOf(card().getByRole('list', { name: 'High interest objects' }));
const fields = (name: string) => termPairs(card().getByRole('listitem', { name }));

beforeAll(() => stubRadixSelectDom());
undoStubsAfterEach();

describe('HighInterestObjectsCard: the list', () => {
  it('shows its title and only a spinner while loading', () => {
    stubPendingFetch();
    renderCard();
    expect(card().getByRole('heading', { level: 2, name: 'High Interest Objects' })).toBeInTheDocument();
    expect(card().getByRole('status', { name: 'Loading high interest objects' })).toHaveTextContent('');
    expect(screen.queryByText('No high interest objects currently tracked')).not.toBeInTheDocument();
  });

  it("says 'No high interest objects currently tracked' for an empty list", async () => {
    const fetchMock = fakeServer([]);
    renderCard();
    expect(await card().findByText('No high interest objects currently tracked')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(API, { credentials: 'include' });
  });

  it('shows every field of an object, dates in UTC', async () => {
    // UTC+14: local formats would print Mar 1 / Mar 2.
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    fakeServer([COSMOS]);
    renderCard();
    const item = within(await card().findByRole('listitem', { name: 'COSMOS 2576' }));
    // The name opens the object's page (issue 14).
    expect(item.getByRole('link', { name: 'COSMOS 2576' })).toHaveAttribute('href', '/objects/57182');
    expect(item.getByText('NORAD 57182')).toBeInTheDocument();
    expect(item.getByText('CRITICAL')).toHaveClass('bg-red-600');
    expect(item.getByText('Co-planar with OFEQ-16')).toBeInTheDocument();
    expect(item.getByText('Report every pass to the duty officer')).toBeInTheDocument();
    expect(fields('COSMOS 2576')).toEqual([
      ['Added By', 'SDA Ops'],
      ['Added', 'Feb 28, 2025'],
      ['Last Observed (UTC)', 'Mar 1, 23:45'],
      ['Tracking Frequency', '120 min'],
    ]);
    expect(item.getByText('delayed')).toHaveClass('bg-yellow-500');
  });

  it('omits special instructions when there are none, and shows — for a missing observation', async () => {
    fakeServer([hio(2, { lastObservation: null, trackingStatus: 'overdue' })]);
    renderCard();
    const item = within(await card().findByRole('listitem', { name: 'OBJECT 2' }));
    expect(item.queryByText(/Special Instructions/)).not.toBeInTheDocument();
    expect(fields('OBJECT 2')).toContainEqual(['Last Observed (UTC)', '—']);
  });

  it('colours the tracking status: on-track green, delayed yellow, overdue red', async () => {
    fakeServer([hio(1, { trackingStatus: 'on-track' }), hio(2, { trackingStatus: 'delayed' }), hio(3, { trackingStatus: 'overdue' })]);
    renderCard();
    await card().findByRole('list', { name: 'High interest objects' });
    expect(within(card().getByRole('listitem', { name: 'OBJECT 1' })).getByText('on-track')).toHaveClass('bg-green-600');
    expect(within(card().getByRole('listitem', { name: 'OBJECT 2' })).getByText('delayed')).toHaveClass('bg-yellow-500');
    expect(within(card().getByRole('listitem', { name: 'OBJECT 3' })).getByText('overdue')).toHaveClass('bg-red-600');
  });

  it('lists by priority, then name', async () => {
    fakeServer([hio(11, { priority: 'low', satelliteName: 'A' }), hio(12, { priority: 'high', satelliteName: 'Z' }), hio(13, { priority: 'high', satelliteName: 'B' }), COSMOS]);
    renderCard();
    await card().findByRole('list', { name: 'High interest objects' });
    expect(listedNames()).toEqual(['COSMOS 2576', 'B', 'Z', 'A']);
  });

  it("shows the server's message when the read fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'Internal server error' }, 500)));
    renderCard();
    const alert = await card().findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load high interest objects');
    expect(alert).toHaveTextContent('Error: Internal server error');
  });

  it('polls every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({ [API]: [COSMOS] });
    renderCard();
    await card().findByRole('list', { name: 'High interest objects' });
    await expectSecondReadBetween(() => fetchMock.mock.calls.length, 4_500, 1_000);
    expect(HIGH_INTEREST_POLL_MS).toBe(5_000);
  });

  it('exports the list as CSV in the order shown, every field in full, times in ISO 8601 UTC', async () => {
    fakeServer([hio(2), COSMOS]);
    const { user } = renderCard();
    await card().findByRole('listitem', { name: 'COSMOS 2576' });
    const downloads = captureDownloads();
    await user.click(card().getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads.csv();
    expect(csv.name).toMatch(/^high-interest-objects-\d{8}-\d{4}\.csv$/);
    expect(csv.header).toEqual([
      'Satellite',
      'NORAD ID',
      'Priority',
      'Reason',
      'Special instructions',
      'Added by',
      'Added (UTC)',
      'Last observation (UTC)',
      'Tracking frequency (min)',
      'Tracking status',
    ]);
    expect(csv.rows).toEqual([
      ['COSMOS 2576', '57182', 'critical', 'Co-planar with OFEQ-16', 'Report every pass to the duty officer', 'SDA Ops', '2025-02-28T23:30:00Z', '2025-03-01T23:45:00Z', '120', 'delayed'],
      ['OBJECT 2', '57002', 'medium', 'Watch list', '', 'Test Operator', '2025-02-20T09:15:00Z', '2025-03-01T23:45:00Z', '90', 'on-track'],
    ]);
  });
});

// Typing through user-event is slow when the whole suite runs in parallel.
describe('HighInterestObjectsCard: management', { timeout: 20_000 }, () => {
  it('adds an object through the form (POST), then lists it and invalidates the stats', async () => {
    const fetchMock = fakeServer([COSMOS]);
    const { client, user } = renderCard();
    await card().findByRole('list', { name: 'High interest objects' });
    await user.click(card().getByRole('button', { name: 'Add' }));
    const form = within(card().getByRole('form', { name: 'Add high interest object' }));
    const submit = form.getByRole('button', { name: 'Add Object' });
    expect(submit).toBeDisabled();
    await user.type(form.getByLabelText('NORAD ID'), '43567');
    await user.click(form.getByRole('combobox', { name: 'Priority' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['critical', 'high', 'medium', 'low']);
    await user.click(screen.getByRole('option', { name: 'low' }));
    await user.type(form.getByLabelText('Reason'), '  Unusual drift  ');
    await user.type(form.getByLabelText('Special Instructions'), 'Task Sensor 3');
    await user.clear(form.getByLabelText('Tracking Frequency (minutes)'));
    await user.type(form.getByLabelText('Tracking Frequency (minutes)'), '45');
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(() => expect(card().queryByRole('form')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe(API);
    expect(post?.[1]).toMatchObject({ credentials: 'include', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      satelliteId: 43567,
      priority: 'low',
      reason: 'Unusual drift',
      specialInstructions: 'Task Sensor 3',
      trackingFrequency: 45,
    });
    expect(await card().findByRole('listitem', { name: 'NEW 43567' })).toBeInTheDocument();
    expect(client.getQueryState(DASHBOARD_STATS_KEY)?.isInvalidated).toBe(true);
  });

  it("shows the server's 400 message in the form and keeps it open", async () => {
    fakeServer([], (method) =>
      method === 'POST' ? json({ message: 'Invalid request: body.trackingFrequency: Too big: expected number to be <=525600' }, 400) : undefined,
    );
    const { user } = renderCard();
    await card().findByText('No high interest objects currently tracked');
    await user.click(card().getByRole('button', { name: 'Add' }));
    const form = within(card().getByRole('form', { name: 'Add high interest object' }));
    await user.type(form.getByLabelText('NORAD ID'), '43567');
    await user.type(form.getByLabelText('Reason'), 'Drift');
    await user.clear(form.getByLabelText('Tracking Frequency (minutes)'));
    await user.type(form.getByLabelText('Tracking Frequency (minutes)'), '9999999');
    await user.click(form.getByRole('button', { name: 'Add Object' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Invalid request: body.trackingFrequency: Too big: expected number to be <=525600');
    expect(form.getByLabelText('NORAD ID')).toHaveValue('43567');
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(card().queryByRole('form')).not.toBeInTheDocument();
  });

  it('edits an object (PATCH with the changed fields, the NORAD id fixed)', async () => {
    const fetchMock = fakeServer([COSMOS]);
    const { user } = renderCard();
    await card().findByRole('list', { name: 'High interest objects' });
    await user.click(card().getByRole('button', { name: 'Edit COSMOS 2576' }));
    const form = within(card().getByRole('form', { name: 'Edit COSMOS 2576' }));
    expect(form.getByLabelText('NORAD ID')).toHaveValue('57182');
    expect(form.getByLabelText('NORAD ID')).toBeDisabled();
    expect(form.getByLabelText('Reason')).toHaveValue('Co-planar with OFEQ-16');
    expect(form.getByRole('combobox', { name: 'Priority' })).toHaveTextContent('critical');
    await user.clear(form.getByLabelText('Special Instructions'));
    await user.clear(form.getByLabelText('Reason'));
    await user.type(form.getByLabelText('Reason'), 'Rendezvous with OFEQ-16');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(card().queryByRole('form')).not.toBeInTheDocument());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(`${API}/1`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      priority: 'critical',
      reason: 'Rendezvous with OFEQ-16',
      trackingFrequency: 120,
      specialInstructions: null,
    });
    expect(await card().findByText('Rendezvous with OFEQ-16')).toBeInTheDocument();
  });

  it('removes an object after a confirmation (DELETE → 204), then invalidates the stats', async () => {
    const fetchMock = fakeServer([COSMOS, hio(2)]);
    const { client, user } = renderCard();
    await card().findByRole('list', { name: 'High interest objects' });
    await user.click(card().getByRole('button', { name: 'Remove COSMOS 2576' }));
    const confirm = within(card().getByRole('group', { name: 'Confirm removal of COSMOS 2576' }));
    await user.click(confirm.getByRole('button', { name: 'Keep' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(card().getByRole('button', { name: 'Remove COSMOS 2576' }));
    await user.click(within(card().getByRole('group', { name: 'Confirm removal of COSMOS 2576' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(listedNames()).toEqual(['OBJECT 2']));
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(del?.[0]).toBe(`${API}/1`);
    expect(del?.[1]).toMatchObject({ credentials: 'include' });
    expect(client.getQueryState(DASHBOARD_STATS_KEY)?.isInvalidated).toBe(true);
  });

  it("shows a failed removal's message", async () => {
    fakeServer([COSMOS], (method) => (method === 'DELETE' ? json({ message: 'High-interest object 1 not found' }, 404) : undefined));
    const { user } = renderCard();
    await card().findByRole('list', { name: 'High interest objects' });
    await user.click(card().getByRole('button', { name: 'Remove COSMOS 2576' }));
    const confirm = within(card().getByRole('group', { name: 'Confirm removal of COSMOS 2576' }));
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await confirm.findByText('High-interest object 1 not found')).toBeInTheDocument();
  });
});

describe('high-interest form rules', () => {
  it('needs a positive whole NORAD id, a reason and a positive frequency', () => {
    const filled = { ...EMPTY_FORM, satelliteId: '25544', reason: 'x' };
    expect(canSubmit(EMPTY_FORM)).toBe(false);
    expect(canSubmit(filled)).toBe(true);
    expect(canSubmit({ ...filled, satelliteId: '0' })).toBe(false);
    expect(canSubmit({ ...filled, satelliteId: '12.5' })).toBe(false);
    expect(canSubmit({ ...filled, reason: '   ' })).toBe(false);
    expect(canSubmit({ ...filled, trackingFrequency: '0' })).toBe(false);
    expect(canSubmit({ ...filled, trackingFrequency: '' })).toBe(false);
  });

  it('create omits empty instructions; edit clears them', () => {
    const form = { ...EMPTY_FORM, satelliteId: '25544', reason: 'x', specialInstructions: ' ' };
    expect(formBody(form, 'create')).toEqual({ satelliteId: 25544, priority: 'high', reason: 'x', trackingFrequency: 60 });
    expect(formBody(form, 'edit')).toMatchObject({ specialInstructions: null });
  });

  it('sorts by priority then name', () => {
    expect(sortByPriority([hio(1, { priority: 'low' }), hio(2, { priority: 'critical' })]).map((o) => o.id)).toEqual([2, 1]);
  });
});
