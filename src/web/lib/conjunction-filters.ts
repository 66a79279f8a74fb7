import { ALERT_STATUSES, type AlertStatus, CONJUNCTION_SORT_FIELDS, MAX_CONJUNCTION_PAGE } from '@contracts/conjunction-events.ts';
import type { RiskLevel } from '@contracts/conjunctions.ts';
import { inputValueToIso, toUtcInputValue } from '@/lib/analysis-window';
import { RISK_LEVELS } from '@/lib/risk-levels';

/*
 * The Conjunction Alerts view as a URL (issue 11): status, risk levels, source,
 * search, TCA window and sort live in /alerts' query string so a view can be
 * shared, and become GET /api/conjunctions' query. The window is kept as the UTC
 * datetime-local value ('2021-12-20T01:25') the inputs show (analysis-window.ts),
 * and sent as ISO 8601 (its end as the end of that minute). Defaults are left out
 * of the URL; anything the URL holds that is not valid is ignored.
 */

export type StatusFilter = 'open' | 'closed' | 'all';
export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

export type SortField = (typeof CONJUNCTION_SORT_FIELDS)[number];

export interface ConjunctionSort {
  field: SortField;
  descending: boolean;
}

export interface AlertsFilters {
  status: StatusFilter;
  /** Risk levels to show, in RISK_LEVELS order; empty: every level. */
  risk: RiskLevel[];
  /**
   * Alert statuses to show (issue 29), in ALERT_STATUSES order; empty: every one the status allows. They narrow
   * within the status (Open holds every status but closed), so only those the status allows are kept.
   */
  alertStatus: AlertStatus[];
  /** A username, '-' (UNASSIGNED) for alerts assigned to nobody, or '' for anyone. */
  assignee: string;
  source: string;
  q: string;
  /** UTC datetime-local values ('yyyy-MM-ddTHH:mm'), or ''. */
  tcaFrom: string;
  tcaTo: string;
  sort: ConjunctionSort;
}

const DEFAULT_SORT: ConjunctionSort = { field: 'tca', descending: false };

/**
 * The direction a column sorts in when first clicked: the one an operator wants
 * on top. The most probable, riskiest and latest updated events first; the
 * soonest TCA and the closest miss first; names and numbers from the smallest.
 */
const FIRST_DESCENDING: Record<SortField, boolean> = {
  tca: false,
  primary: false,
  secondary: false,
  miss: false,
  radial: false,
  inTrack: false,
  crossTrack: false,
  relativeVelocity: false,
  pc: true,
  risk: true,
  source: false,
  lastUpdated: true,
  alertStatus: false,
  assignee: false,
};

export const DEFAULT_FILTERS: AlertsFilters = {
  status: 'open',
  risk: [],
  alertStatus: [],
  assignee: '',
  source: '',
  q: '',
  tcaFrom: '',
  tcaTo: '',
  sort: DEFAULT_SORT,
};

/** The longest username the list's assignee filter takes (ConjunctionListQuery). */
export const MAX_ASSIGNEE_LENGTH = 64;

/** The alert statuses a status filter can show: Open every one but closed, Closed only closed, All every one. */
export function alertStatusesOf(status: StatusFilter): readonly AlertStatus[] {
  if (status === 'open') return ALERT_STATUSES.filter((s) => s !== 'closed');
  if (status === 'closed') return ['closed'];
  return ALERT_STATUSES;
}

/** `statuses` with `status` added or removed, kept in ALERT_STATUSES order. */
export function toggleAlertStatus(statuses: readonly AlertStatus[], status: AlertStatus): AlertStatus[] {
  const next = new Set(statuses);
  if (!next.delete(status)) next.add(status);
  return ALERT_STATUSES.filter((s) => next.has(s));
}

/** The alert statuses of `text` ('new,assessing') that `status` can show, in ALERT_STATUSES order. */
function parseAlertStatuses(text: string | null, status: StatusFilter): AlertStatus[] {
  const wanted = new Set((text ?? '').split(',').map((s) => s.trim().toLowerCase()));
  return alertStatusesOf(status).filter((s) => wanted.has(s));
}

/** The API's limits on the text filters (src/contracts/conjunction-events.ts). */
export const MAX_SEARCH_LENGTH = 100;
export const MAX_SOURCE_LENGTH = 64;

/** The API's sort text: 'tca', '-pc'. */
export function sortParam(sort: ConjunctionSort): string {
  return `${sort.descending ? '-' : ''}${sort.field}`;
}

/** A sort text ('-pc'); anything else is the default sort (TCA ascending). */
export function parseSort(text: string | null): ConjunctionSort {
  if (!text) return DEFAULT_SORT;
  const descending = text.startsWith('-');
  const field = descending ? text.slice(1) : text;
  return (CONJUNCTION_SORT_FIELDS as readonly string[]).includes(field) ? { field: field as SortField, descending } : DEFAULT_SORT;
}

/** A header click: the sorted column flips direction; another column sorts in its first direction (FIRST_DESCENDING). */
export function toggleSort(current: ConjunctionSort, field: SortField): ConjunctionSort {
  return current.field === field ? { field, descending: !current.descending } : { field, descending: FIRST_DESCENDING[field] };
}

/** `risk` with `level` added or removed, kept in RISK_LEVELS order. */
export function toggleRisk(risk: readonly RiskLevel[], level: RiskLevel): RiskLevel[] {
  const next = new Set(risk);
  if (!next.delete(level)) next.add(level);
  return RISK_LEVELS.filter((l) => next.has(l));
}

/** An ISO date-time that says its offset ('…Z', '…+02:00'). */
const WITH_OFFSET = /T.*(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A window bound from the URL as the input's value (UTC, to the minute): the input's own
 * form or one with seconds, read as UTC like the inputs (Date.parse would read it as the
 * browser's local time), or any ISO date-time with an offset; '' otherwise.
 */
function parseWindowBound(text: string | null): string {
  if (!text) return '';
  const iso = inputValueToIso(text);
  const ms = WITH_OFFSET.test(iso) ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? '' : toUtcInputValue(ms);
}

const MINUTE_MS = 60_000;

/**
 * The window's end as sent: the last millisecond of the minute the input shows
 * ('…T23:59' → '…T23:59:59.999Z'). The server keeps TCA ≤ tcaTo, so events within
 * that minute stay in the window.
 */
function windowEndIso(value: string): string {
  const iso = inputValueToIso(value);
  const ms = Date.parse(iso);
  // Not a date-time: sent as typed, and the server's answer names the bad bound.
  if (!WITH_OFFSET.test(iso) || Number.isNaN(ms)) return iso;
  return new Date(Math.floor(ms / MINUTE_MS) * MINUTE_MS + MINUTE_MS - 1).toISOString();
}

function parseStatus(text: string | null): StatusFilter {
  return text === 'closed' || text === 'all' ? text : 'open';
}

function parseRisk(text: string | null): RiskLevel[] {
  const wanted = new Set((text ?? '').split(',').map((level) => level.trim().toLowerCase()));
  return RISK_LEVELS.filter((level) => wanted.has(level));
}

/** The filters a /alerts query string holds ('status=closed&risk=critical,high&sort=-pc'; a leading '?' is fine). */
export function parseAlertsSearch(search: string): AlertsFilters {
  const params = new URLSearchParams(search);
  const status = parseStatus(params.get('status'));
  return {
    status,
    risk: parseRisk(params.get('risk')),
    alertStatus: parseAlertStatuses(params.get('alertStatus'), status),
    assignee: (params.get('assignee') ?? '').trim().slice(0, MAX_ASSIGNEE_LENGTH),
    source: (params.get('source') ?? '').trim().slice(0, MAX_SOURCE_LENGTH),
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    tcaFrom: parseWindowBound(params.get('tcaFrom')),
    tcaTo: parseWindowBound(params.get('tcaTo')),
    sort: parseSort(params.get('sort')),
  };
}

/** The /alerts query string of `filters` (no '?'), defaults left out; '' for the default view. */
export function alertsSearchString(filters: AlertsFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== DEFAULT_FILTERS.status) params.set('status', filters.status);
  if (filters.risk.length > 0) params.set('risk', filters.risk.join(','));
  if (filters.alertStatus.length > 0) params.set('alertStatus', filters.alertStatus.join(','));
  if (filters.assignee.trim()) params.set('assignee', filters.assignee.trim());
  if (filters.source.trim()) params.set('source', filters.source.trim());
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.tcaFrom) params.set('tcaFrom', filters.tcaFrom);
  if (filters.tcaTo) params.set('tcaTo', filters.tcaTo);
  const sort = sortParam(filters.sort);
  if (sort !== sortParam(DEFAULT_SORT)) params.set('sort', sort);
  return params.toString();
}

/** The path of the view: '/alerts' or '/alerts?status=closed&…'. */
export function alertsPath(filters: AlertsFilters): string {
  const search = alertsSearchString(filters);
  return search ? `/alerts?${search}` : '/alerts';
}

/**
 * GET /api/conjunctions' query for `filters` (no '?'): status, sort and limit always (the
 * largest page, so thousands of events arrive at once), the other filters when set.
 */
export function listQueryString(filters: AlertsFilters, limit: number = MAX_CONJUNCTION_PAGE): string {
  const params = new URLSearchParams();
  params.set('status', filters.status);
  if (filters.source.trim()) params.set('source', filters.source.trim());
  if (filters.risk.length > 0) params.set('risk', filters.risk.join(','));
  if (filters.alertStatus.length > 0) params.set('alertStatus', filters.alertStatus.join(','));
  if (filters.assignee.trim()) params.set('assignee', filters.assignee.trim());
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.tcaFrom) params.set('tcaFrom', inputValueToIso(filters.tcaFrom));
  if (filters.tcaTo) params.set('tcaTo', windowEndIso(filters.tcaTo));
  params.set('sort', sortParam(filters.sort));
  params.set('limit', String(limit));
  return params.toString();
}

/** Whether anything narrows the list beyond the status (risk, alert status, assignee, source, search, window). */
export function hasNarrowingFilters(filters: AlertsFilters): boolean {
  return (
    filters.risk.length > 0 ||
    filters.alertStatus.length > 0 ||
    filters.assignee.trim() !== '' ||
    filters.source.trim() !== '' ||
    filters.q.trim() !== '' ||
    filters.tcaFrom !== '' ||
    filters.tcaTo !== ''
  );
}

/**
 * The query counting the closed events the default Open view hides (issue 29: a CDM imported for a past TCA is
 * closed at once, and the Open view showed nothing with no hint why): the same filters but closed, sort and a page
 * of one (its total is the count; the alert status filter is dropped, it holds no closed status). Null when the
 * view is not Open, so nothing is hidden by the status.
 */
export function hiddenClosedQueryString(filters: AlertsFilters): string | null {
  if (filters.status !== 'open') return null;
  return listQueryString({ ...filters, status: 'closed', alertStatus: [] }, 1);
}
