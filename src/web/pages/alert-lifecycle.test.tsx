import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse, User } from '@contracts/auth.ts';
import type { ConjunctionDetail, ConjunctionLogEntry } from '@contracts/conjunction-events.ts';
import { makeCdmQuality, makeDetail, mockAlertsApi } from '@/components/alerts/alerts-fixtures';
import { setCsrfToken } from '@/lib/csrf';
import { json } from '@/test/fetch-mock';
import { stubResizeObserver } from '@/test/jsdom-layout';
import { renderApp } from '@/test/render-app';

/*
 * The alert detail's lifecycle controls, CDM quality card and the new event-history kinds (issue 29), as an operator,
 * an admin and a viewer see them: the whole app against a mocked API.
 */

const ID = 'CNJ-2021-027';

/** CNJ-2021-027 as a new, open alert: the server allows acknowledging it or closing it. */
function newAlert(overrides: Partial<ConjunctionDetail> = {}): ConjunctionDetail {
  return makeDetail({ status: 'open', alertStatus: 'new', closeReason: null, assignee: null, allowedStatuses: ['acknowledged', 'closed'], ...overrides });
}

function session(role: 'viewer' | 'operator' | 'admin', username = 'olga'): SessionResponse {
  return { authRequired: true, user: { username, role, via: 'session' }, csrfToken: 'token-7' };
}

const USERS: User[] = [
  { id: 1, username: 'admin', role: 'admin', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdVia: 'cli' },
  { id: 2, username: 'olga', role: 'operator', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdVia: 'cli' },
  { id: 3, username: 'yossi', role: 'operator', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdVia: 'cli' },
];

type Api = Parameters<typeof mockAlertsApi>[0] & object;

async function renderDetail(detail: ConjunctionDetail, api: Omit<Api, 'detail'> = {}) {
  let current = detail;
  const fetchMock = mockAlertsApi({ detail: () => current, ...api });
  const user = userEvent.setup();
  const view = renderApp(`/alerts/${ID}`);
  await screen.findByRole('region', { name: 'Alert handling' });
  return {
    ...view,
    user,
    fetchMock,
    setDetail: (next: ConjunctionDetail) => {
      current = next;
    },
  };
}

function handling() {
  return within(screen.getByRole('region', { name: 'Alert handling' }));
}

function moveButtons(): string[] {
  return handling()
    .getAllByRole('button')
    .filter((button) => button.closest('[role="group"]'))
    .map((button) => button.textContent ?? '');
}

function patchCalls(fetchMock: ReturnType<typeof mockAlertsApi>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init?.body)) as unknown, init }));
}

beforeAll(() => {
  stubResizeObserver();
});

beforeEach(() => {
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

describe('Alert handling (issue 29)', () => {
  it('shows the status, assignee and decision, and one button per move the server allows, nothing else', async () => {
    await renderDetail(newAlert(), { session: session('operator') });
    await waitFor(() => expect(moveButtons()).toEqual(['Acknowledge', 'Close']));
    const status = handling().getByText('New');
    expect(status).toHaveAttribute('data-alert-status', 'new');
    expect(handling().getByText('Unassigned')).toBeInTheDocument();
    expect(handling().getByText('None yet')).toBeInTheDocument();
    expect(handling().queryByRole('button', { name: 'Accept risk' })).not.toBeInTheDocument();
    // The page header carries the alert status and the assignee too.
    const header = screen.getByRole('heading', { level: 1 }).parentElement!.parentElement!;
    expect(within(header).getByText('New')).toBeInTheDocument();
    expect(within(header).getByTitle('Assignee')).toHaveTextContent('Unassigned');
  });

  it('labels every lifecycle move for the operator, and a move back from closed as Reopen', async () => {
    const { unmount } = await renderDetail(newAlert({ alertStatus: 'assessing', allowedStatuses: ['mitigating', 'risk_accepted', 'false_alarm', 'closed'] }), { session: session('operator') });
    await waitFor(() => expect(moveButtons()).toEqual(['Mitigating (manoeuvre planned)', 'Accept risk', 'False alarm', 'Close']));
    unmount();
    await renderDetail(newAlert({ status: 'closed', alertStatus: 'closed', allowedStatuses: ['assessing'], decision: 'risk_accepted' }), { session: session('operator') });
    await waitFor(() => expect(moveButtons()).toEqual(['Reopen']));
    expect(handling().getByText('Risk accepted')).toBeInTheDocument();
  });

  it('sends PATCH with the move and the comment, with the CSRF token, and shows the answer', async () => {
    const acknowledged = newAlert({
      alertStatus: 'acknowledged',
      allowedStatuses: ['assessing', 'closed'],
      log: [{ at: '2026-01-10T10:00:00.000Z', kind: 'status', actor: 'olga', planId: null, text: 'Acknowledged', fromStatus: 'new', toStatus: 'acknowledged', comment: 'On it' }],
    });
    const { user, fetchMock } = await renderDetail(newAlert(), { session: session('operator'), patch: () => acknowledged });
    await waitFor(() => expect(moveButtons()).toEqual(['Acknowledge', 'Close']));
    await user.type(handling().getByRole('textbox', { name: 'Comment' }), 'On it');
    await user.click(handling().getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(moveButtons()).toEqual(['Start assessment', 'Close']));
    const [call] = patchCalls(fetchMock);
    expect(call?.url).toBe(`/api/conjunctions/${ID}`);
    expect(call?.body).toEqual({ status: 'acknowledged', comment: 'On it' });
    expect(call?.init).toMatchObject({ credentials: 'include', headers: { 'Content-Type': 'application/json', 'x-csrf-token': 'token-7' } });
    expect(handling().getByText('Acknowledged')).toHaveAttribute('data-alert-status', 'acknowledged');
    // The comment box is emptied once the move is saved.
    expect(handling().getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  });

  it("shows the server's 409 message as it sends it, naming the allowed moves", async () => {
    const message = "Cannot move CNJ-2021-027 from new to closed; allowed: acknowledged";
    const { user } = await renderDetail(newAlert(), { session: session('operator'), patch: () => json(409, { message }) });
    await waitFor(() => expect(moveButtons()).toEqual(['Acknowledge', 'Close']));
    await user.click(handling().getByRole('button', { name: 'Close' }));
    expect(await handling().findByRole('alert')).toHaveTextContent(message);
  });

  it('assigns from the accounts an admin may list, unassigns, and shows the 400 of an unknown user', async () => {
    const { user, fetchMock, setDetail } = await renderDetail(newAlert(), {
      session: session('admin', 'admin'),
      users: USERS,
      patch: (_id, body) => {
        const { assignee } = body as { assignee?: string | null };
        if (assignee === 'nobody') return json(400, { message: "No user 'nobody'" });
        const next = newAlert({ assignee: assignee ?? null });
        setDetail(next);
        return next;
      },
    });
    const field = handling().getByRole('combobox', { name: 'Assignee' });
    await waitFor(() => {
      const options = [...(document.getElementById(field.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map((option) => option.value);
      expect(options).toEqual(['admin', 'olga', 'yossi']);
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/users', expect.objectContaining({ method: 'GET' }));
    await user.type(field, 'yossi');
    await user.click(handling().getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(handling().getByText('yossi', { selector: 'dd' })).toBeInTheDocument());
    await user.click(handling().getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(handling().getByText('Unassigned', { selector: 'dd' })).toBeInTheDocument());
    expect(patchCalls(fetchMock).map((call) => call.body)).toEqual([{ assignee: 'yossi' }, { assignee: null }]);

    await user.type(field, 'nobody');
    await user.click(handling().getByRole('button', { name: 'Assign' }));
    expect(await handling().findByRole('alert')).toHaveTextContent("No user 'nobody'");
  });

  it('asks an operator for a username as text: GET /api/users is for admins', async () => {
    const { fetchMock } = await renderDetail(newAlert(), { session: session('operator') });
    await waitFor(() => expect(moveButtons()).toEqual(['Acknowledge', 'Close']));
    expect(handling().getByRole('combobox', { name: 'Assignee' })).toHaveAttribute('placeholder', 'Username');
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/users')).toBe(false);
  });

  it('adds a comment alone', async () => {
    const { user, fetchMock } = await renderDetail(newAlert(), { session: session('operator'), patch: () => newAlert() });
    await waitFor(() => expect(moveButtons()).toEqual(['Acknowledge', 'Close']));
    expect(handling().getByRole('button', { name: 'Add comment' })).toBeDisabled();
    await user.type(handling().getByRole('textbox', { name: 'Comment' }), '  Waiting for the next CDM ');
    await user.click(handling().getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(patchCalls(fetchMock).map((call) => call.body)).toEqual([{ comment: 'Waiting for the next CDM' }]));
  });

  it('gives a viewer the state and no controls', async () => {
    const { fetchMock } = await renderDetail(newAlert({ assignee: 'olga' }), { session: session('viewer', 'vera') });
    await waitFor(() => expect(handling().getByText(/Viewers can follow the alert/)).toBeInTheDocument());
    expect(handling().queryAllByRole('button')).toEqual([]);
    expect(handling().queryByRole('textbox')).not.toBeInTheDocument();
    expect(handling().getByText('olga', { selector: 'dd' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/users')).toBe(false);
  });
});

describe('Event history: the alert lifecycle kinds (issue 29)', () => {
  it('shows each change with its actor, time, from → to and the comment as written', async () => {
    const log: ConjunctionLogEntry[] = [
      { at: '2026-01-10T08:00:00.000Z', kind: 'detected', actor: null, planId: null, text: 'First detected in a CDM from CARA' },
      { at: '2026-01-10T10:00:00.000Z', kind: 'status', actor: 'olga', planId: null, text: 'Acknowledged', fromStatus: 'new', toStatus: 'acknowledged', comment: null },
      { at: '2026-01-10T10:01:00.000Z', kind: 'assigned', actor: 'olga', planId: null, text: 'Assigned to yossi', comment: 'Yossi knows TROPICS' },
      { at: '2026-01-10T10:02:00.000Z', kind: 'comment', actor: 'yossi', planId: null, text: 'Comment', comment: 'Waiting for the next CDM' },
      { at: '2026-01-10T11:00:00.000Z', kind: 'risk_raised', actor: null, planId: null, text: 'Risk raised from medium to high by a CDM from CARA' },
      { at: '2026-01-10T12:00:00.000Z', kind: 'status', actor: 'yossi', planId: null, text: 'Risk accepted', fromStatus: 'assessing', toStatus: 'risk_accepted', comment: 'Pc 1e-5 with a 4 km in-track sigma' },
      { at: '2026-01-11T00:00:00.000Z', kind: 'closed', actor: null, planId: null, text: 'Closed: TCA passed', fromStatus: 'risk_accepted', toStatus: 'closed' },
      { at: '2026-01-11T01:00:00.000Z', kind: 'reopened', actor: null, planId: null, text: 'Reopened: a new CDM raised the risk to critical', fromStatus: 'closed', toStatus: 'new' },
    ];
    await renderDetail(newAlert({ log }));
    const items = within(screen.getByRole('list', { name: 'Event history' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2026-01-10 08:00:00 UTC Detected by system First detected in a CDM from CARA',
      '2026-01-10 10:00:00 UTC Status changed by olga Acknowledged (New → Acknowledged)',
      '2026-01-10 10:01:00 UTC Assigned by olga Assigned to yossiComment: Yossi knows TROPICS',
      '2026-01-10 10:02:00 UTC Comment by yossi CommentComment: Waiting for the next CDM',
      '2026-01-10 11:00:00 UTC Risk raised by system Risk raised from medium to high by a CDM from CARA',
      '2026-01-10 12:00:00 UTC Status changed by yossi Risk accepted (Assessing → Risk accepted)Comment: Pc 1e-5 with a 4 km in-track sigma',
      '2026-01-11 00:00:00 UTC Closed by system Closed: TCA passed (Risk accepted → Closed)',
      '2026-01-11 01:00:00 UTC Reopened by system Reopened: a new CDM raised the risk to critical (Closed → New)',
    ]);
  });
});

describe('CDM quality card (issue 29)', () => {
  function quality() {
    return within(screen.getByRole('region', { name: 'CDM quality' }));
  }

  it("puts the originator's Pc and method next to ours and flags a factor above 2 with the ratio", async () => {
    await renderDetail(newAlert({ cdmQuality: makeCdmQuality() }));
    expect(quality().getByText("CARA's Pc").nextElementSibling).toHaveTextContent('3.21e-5 (1:31,114)Method: FOSTER-1992');
    expect(quality().getByText('Our Pc').nextElementSibling).toHaveTextContent('1.01e-5 (1:98,941) 3D');
    expect(quality().getByRole('note')).toHaveTextContent('Pcs differ by a factor of 3.2 (more than 2)');
  });

  it('does not flag Pcs within a factor of 2, and says the ratio', async () => {
    await renderDetail(newAlert({ cdmQuality: makeCdmQuality({ originatorPc: 1.8e-5, pcRatio: 1.8e-5 / 1.0107e-5, pcDisagrees: false }) }));
    expect(quality().queryByRole('note')).not.toBeInTheDocument();
    expect(quality().getByText('Within a factor of 2 (ratio 1.8).')).toBeInTheDocument();
  });

  it('flags a zero against a non-zero Pc, where no ratio exists', async () => {
    await renderDetail(newAlert({ cdmQuality: makeCdmQuality({ originatorPc: 0, pcRatio: null, pcDisagrees: true }) }));
    expect(quality().getByRole('note')).toHaveTextContent('Pcs disagree: one of them is zero');
  });

  it("shows each object's orbit determination figures, a short OD span marked", async () => {
    await renderDetail(newAlert({ cdmQuality: makeCdmQuality() }));
    const rows = within(quality().getByRole('table', { name: 'Orbit determination' }))
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Orbit determination', 'Primary', 'Secondary'],
      ['Observations used / available (OBS_USED / OBS_AVAILABLE)', '412 / 498', '118 / 120'],
      ['Tracks used / available (TRACKS_USED / TRACKS_AVAILABLE)', '80 / 92', '29 / 30'],
      ['OD span (ACTUAL_OD_SPAN vs RECOMMENDED_OD_SPAN)', '5.25 d (recommended 7.50 d) shorter than recommended', '4.10 d (recommended 3.00 d)'],
      ['Weighted RMS (WEIGHTED_RMS)', '1.214', '0.987'],
      ['Residuals accepted (RESIDUALS_ACCEPTED)', '97.4 %', '99.1 %'],
      ['Covariance scale factor', '1.50', 'not stated'],
      ['Time since OD epoch (at creation)', '6.8 h', '—'],
    ]);
  });

  it('is not shown without an imported CDM', async () => {
    await renderDetail(newAlert({ cdmQuality: null }));
    expect(screen.queryByRole('region', { name: 'CDM quality' })).not.toBeInTheDocument();
  });

  it('shows "First detected" as the first CDM\'s creation time', async () => {
    await renderDetail(newAlert({ firstDetected: '2021-12-15T14:59:54.000Z' }));
    const assessment = screen.getByRole('region', { name: 'Assessment' });
    expect(within(assessment).getByText('First detected (UTC)').nextElementSibling).toHaveTextContent('2021-12-15 14:59:54');
  });
});
