import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConjunctionListItem } from '@contracts/conjunction-events.ts';
import { countRequests, lastListRequest, listRequests, listResponse, makeListItem, mockAlertsApi } from '@/components/alerts/alerts-fixtures';
import { stubViewportHeight } from '@/test/jsdom-layout';
import { renderApp } from '@/test/render-app';

/*
 * /alerts and the alert lifecycle (issue 29): the Alert status and Assignee columns, their filters and sorts, the
 * default view saying how many closed alerts it hides (also when it is empty), and the daily digest link.
 */

/** Three events with a pinned TCA (the tests read no time): two open (new, assigned to olga; assessing), one closed. */
function events(): ConjunctionListItem[] {
  return [
    makeListItem({ conjunctionId: 'CNJ-2026-001', status: 'open', alertStatus: 'new', assignee: 'olga', tca: '2026-03-01T00:00:00.000Z' }),
    makeListItem({ conjunctionId: 'CNJ-2026-002', status: 'open', alertStatus: 'assessing', assignee: null, tca: '2026-03-02T00:00:00.000Z' }),
    makeListItem({ conjunctionId: 'CNJ-2021-003', status: 'closed', alertStatus: 'closed', assignee: 'yossi', tca: '2021-12-20T01:25:35.287Z' }),
  ];
}

/** A stand-in for the server's filters: status, alertStatus (comma list), assignee ('-' = nobody), and limit. */
function serverList(all: ConjunctionListItem[]) {
  return (params: URLSearchParams) => {
    const status = params.get('status') ?? 'open';
    const statuses = params.get('alertStatus')?.split(',');
    const assignee = params.get('assignee');
    const items = all.filter(
      (item) =>
        (status === 'all' || item.status === status) &&
        (!statuses || statuses.includes(item.alertStatus)) &&
        (assignee === null || (assignee === '-' ? item.assignee === null : item.assignee === assignee)),
    );
    return listResponse(items.slice(0, Number(params.get('limit') ?? 100)), items.length);
  };
}

function table() {
  return screen.getByRole('table', { name: 'Conjunctions' });
}

function ids(): string[] {
  return within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

function columnOf(header: string): string[] {
  const headers = within(table())
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const index = headers.indexOf(header);
  return within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent ?? '');
}

beforeEach(() => {
  stubViewportHeight(600);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/alerts: alert status and assignee (issue 29)', () => {
  it('shows the Alert status and Assignee columns', async () => {
    mockAlertsApi({ list: serverList(events()) });
    renderApp('/alerts');
    await screen.findByRole('table', { name: 'Conjunctions' });
    expect(ids()).toEqual(['CNJ-2026-001', 'CNJ-2026-002']);
    expect(columnOf('Alert status')).toEqual(['New', 'Assessing']);
    expect(columnOf('Assignee')).toEqual(['olga', '—']);
  });

  it('says how many closed alerts the default view hides, and shows them all on request', async () => {
    const fetchMock = mockAlertsApi({ list: serverList(events()) });
    const user = userEvent.setup();
    const { location } = renderApp('/alerts');
    const hint = await screen.findByRole('note');
    expect(hint).toHaveTextContent('Showing open alerts (default). 1 closed alert hidden.');
    // A cheap second read: the same filters, closed, one row.
    expect(Object.fromEntries(countRequests(fetchMock)[0]!)).toEqual({ status: 'closed', sort: 'tca', limit: '1' });
    await user.click(within(hint).getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/alerts?status=all'));
    await waitFor(() => expect(ids()).toEqual(['CNJ-2026-001', 'CNJ-2026-002', 'CNJ-2021-003']));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says why an empty default view is empty: a CDM imported for a past TCA is closed at once', async () => {
    mockAlertsApi({ list: serverList([events()[2]!]) });
    renderApp('/alerts');
    expect(await screen.findByText('No open conjunctions')).toBeInTheDocument();
    const hint = screen.getByRole('note');
    expect(hint).toHaveTextContent('Showing open alerts (default). 1 closed alert hidden.');
    expect(hint).toHaveTextContent('Alerts whose TCA has passed, e.g. from a CDM just imported for a past TCA, are closed at once.');
    expect(within(hint).getByRole('button', { name: 'Show all' })).toBeInTheDocument();
  });

  it('counts the hidden closed alerts under the same filters, and asks nothing when the view is not Open', async () => {
    const fetchMock = mockAlertsApi({ list: serverList(events()) });
    const { unmount } = renderApp('/alerts?assignee=nobody-here&risk=critical');
    await screen.findByText('No conjunctions match these filters');
    await waitFor(() => expect(countRequests(fetchMock)).toHaveLength(1));
    expect(Object.fromEntries(countRequests(fetchMock)[0]!)).toEqual({ status: 'closed', risk: 'critical', assignee: 'nobody-here', sort: 'tca', limit: '1' });
    // No closed alert matches those filters: nothing to say.
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();
    const again = mockAlertsApi({ list: serverList(events()) });
    renderApp('/alerts?status=closed');
    await screen.findByRole('table', { name: 'Conjunctions' });
    expect(countRequests(again)).toEqual([]);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('filters by alert statuses within the status, and by assignee or unassigned, and keeps them in the URL', async () => {
    const fetchMock = mockAlertsApi({ list: serverList(events()) });
    const user = userEvent.setup();
    const { location } = renderApp('/alerts');
    await screen.findByRole('table', { name: 'Conjunctions' });
    const group = screen.getByRole('group', { name: 'Alert status' });
    // Open holds every status but closed.
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(['New', 'Acknowledged', 'Assessing', 'Mitigating', 'Risk accepted', 'False alarm']);
    await user.click(within(group).getByRole('button', { name: 'Assessing' }));
    await user.click(within(group).getByRole('button', { name: 'New' }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('alertStatus')).toBe('new,assessing'));
    expect(within(group).getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    expect(location.history.at(-1)).toBe('/alerts?alertStatus=new%2Cassessing');

    await user.click(screen.getByRole('button', { name: 'Unassigned' }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('assignee')).toBe('-'));
    await waitFor(() => expect(ids()).toEqual(['CNJ-2026-002']));

    await user.click(screen.getByRole('button', { name: 'Unassigned' }));
    await user.type(screen.getByRole('textbox', { name: 'Assignee' }), 'olga');
    await waitFor(() => expect(lastListRequest(fetchMock).get('assignee')).toBe('olga'));
    await waitFor(() => expect(ids()).toEqual(['CNJ-2026-001']));

    // Closed holds only closed: no alert-status choice, and the open statuses picked are dropped.
    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: 'Closed' }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('status')).toBe('closed'));
    expect(lastListRequest(fetchMock).has('alertStatus')).toBe(false);
    expect(screen.queryByRole('group', { name: 'Alert status' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastListRequest(fetchMock).has('assignee')).toBe(false));
  });

  it('reads the alert status and assignee filters from a shared URL, ignoring statuses the view cannot show', async () => {
    const fetchMock = mockAlertsApi({ list: serverList(events()) });
    renderApp('/alerts?alertStatus=closed,assessing,bogus&assignee=-');
    await screen.findByRole('table', { name: 'Conjunctions' });
    expect(Object.fromEntries(listRequests(fetchMock)[0]!)).toMatchObject({ status: 'open', alertStatus: 'assessing', assignee: '-' });
    expect(ids()).toEqual(['CNJ-2026-002']);
  });

  it('sorts by alert status and by assignee from their headers', async () => {
    const fetchMock = mockAlertsApi({ list: serverList(events()) });
    const user = userEvent.setup();
    renderApp('/alerts');
    await screen.findByRole('table', { name: 'Conjunctions' });
    await user.click(within(table()).getByRole('button', { name: /Alert status/ }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('sort')).toBe('alertStatus'));
    expect(within(table()).getByRole('columnheader', { name: /Alert status/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table()).getByRole('button', { name: /Assignee/ }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('sort')).toBe('assignee'));
    await user.click(within(table()).getByRole('button', { name: /Assignee/ }));
    await waitFor(() => expect(lastListRequest(fetchMock).get('sort')).toBe('-assignee'));
  });

  it('links the daily digest PDF', async () => {
    mockAlertsApi({ list: serverList(events()) });
    renderApp('/alerts');
    expect(await screen.findByRole('link', { name: 'Daily digest (PDF)' })).toHaveAttribute('href', '/api/digest/daily.pdf');
  });
});
