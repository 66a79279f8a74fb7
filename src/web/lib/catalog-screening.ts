import {
  CATALOG_SCREENING_MAX_WINDOW_MS,
  type CatalogConjunctionSort,
  type CatalogScreening,
  type CatalogScreeningStatus,
  type ShardProgress,
} from '@contracts/catalog-screenings.ts';
import type { RiskLevel } from '@contracts/conjunctions.ts';
import type { ObjectType } from '@core/catalog/index.ts';
import { inputValueToIso } from '@/lib/analysis-window';
import { formatUtcDateTime } from '@/lib/conjunction-format';
import { formatGrouped } from '@/lib/format';
import { RISK_LEVELS } from '@/lib/risk-levels';

/*
 * The catalogue-wide screening view (/analytics, issue 13), src/contracts/catalog-screenings.ts:
 * which run is shown, its conjunctions' sort, filters and page as a URL (defaults left out, so
 * a view can be shared) and as the API's query, the start form's request, and the run's formats.
 */

export const OBJECT_TYPES: readonly { value: ObjectType; label: string }[] = [
  { value: 'payload', label: 'Payload' },
  { value: 'rocket_body', label: 'Rocket body' },
  { value: 'debris', label: 'Debris' },
  { value: 'unknown', label: 'Unknown' },
];

/** The sort control's choices, in SOCRATES' words: Pc and maximum Pc highest first, the closest approach ('Min range') and the soonest TCA first. */
export const SORTS: readonly { value: CatalogConjunctionSort; label: string }[] = [
  { value: 'pc', label: 'Pc' },
  { value: 'maxpc', label: 'Max Pc' },
  { value: 'miss', label: 'Min range' },
  { value: 'tca', label: 'TCA' },
];

/** Rows per page of the conjunctions table. */
export const PAGE_SIZE = 50;

/** The API's limits on the text filters (CatalogConjunctionQuery). */
export const MAX_OWNER_LENGTH = 16;
export const MAX_QUERY_LENGTH = 80;

export interface AnalyticsView {
  /** The run picked in the run select; '' for the newest completed one. */
  run: string;
  sort: CatalogConjunctionSort;
  risk: RiskLevel | '';
  type: ObjectType | '';
  owner: string;
  q: string;
  /** The first row shown (a multiple of PAGE_SIZE). */
  offset: number;
}

export const DEFAULT_VIEW: AnalyticsView = { run: '', sort: 'pc', risk: '', type: '', owner: '', q: '', offset: 0 };

function oneOf<T extends string>(values: readonly T[], text: string | null): T | undefined {
  return (values as readonly string[]).includes(text ?? '') ? (text as T) : undefined;
}

/** /analytics' query string as a view; anything not valid is left at its default. */
export function parseAnalyticsSearch(search: string): AnalyticsView {
  const params = new URLSearchParams(search);
  const offset = Number(params.get('offset'));
  return {
    run: params.get('run')?.trim() ?? '',
    sort: oneOf(SORTS.map((sort) => sort.value), params.get('sort')) ?? DEFAULT_VIEW.sort,
    risk: oneOf(RISK_LEVELS, params.get('risk')) ?? '',
    type: oneOf(OBJECT_TYPES.map((type) => type.value), params.get('type')) ?? '',
    owner: params.get('owner')?.trim().slice(0, MAX_OWNER_LENGTH) ?? '',
    q: params.get('q')?.trim().slice(0, MAX_QUERY_LENGTH) ?? '',
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

/** The page's path for `view`, defaults left out: '/analytics', '/analytics?sort=miss&type=debris'. */
export function analyticsPath(view: AnalyticsView): string {
  const params = new URLSearchParams();
  if (view.run) params.set('run', view.run);
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort);
  if (view.risk) params.set('risk', view.risk);
  if (view.type) params.set('type', view.type);
  if (view.owner.trim()) params.set('owner', view.owner.trim());
  if (view.q.trim()) params.set('q', view.q.trim());
  if (view.offset > 0) params.set('offset', String(view.offset));
  const query = params.toString();
  return query ? `/analytics?${query}` : '/analytics';
}

/** Whether a filter narrows the rows (it picks the empty table's text). */
export function hasFilters(view: AnalyticsView): boolean {
  return Boolean(view.risk || view.type || view.owner.trim() || view.q.trim());
}

/** GET /api/catalog-screenings/{id}/conjunctions' query: sort, the filters set, limit and offset. */
export function conjunctionQueryString(view: AnalyticsView): string {
  const params = new URLSearchParams({ sort: view.sort });
  if (view.risk) params.set('risk', view.risk);
  if (view.type) params.set('type', view.type);
  if (view.owner.trim()) params.set('owner', view.owner.trim());
  if (view.q.trim()) params.set('q', view.q.trim());
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String(view.offset));
  return params.toString();
}

/** GET /api/catalog-screenings/{id}/conjunctions.csv with the view's sort and filters: every matching row as CSV. */
export function conjunctionCsvUrl(runId: string, view: AnalyticsView): string {
  const params = new URLSearchParams(conjunctionQueryString(view));
  params.delete('limit');
  params.delete('offset');
  return `/api/catalog-screenings/${encodeURIComponent(runId)}/conjunctions.csv?${params.toString()}`;
}

/** 'rows 51–100 of 1,234'; 'no rows' for none. */
export function rowsText(offset: number, shown: number, total: number): string {
  if (shown === 0 || total === 0) return 'no rows';
  return `rows ${formatGrouped(offset + 1)}–${formatGrouped(offset + shown)} of ${formatGrouped(total)}`;
}

/** A run that has not ended: its progress is followed. */
export function isActive(run: Pick<CatalogScreening, 'status'> | undefined): boolean {
  return run?.status === 'queued' || run?.status === 'running';
}

/**
 * The run whose results are shown: the one picked (`runId`) when the list has it, else the
 * newest completed one; undefined when there is none.
 */
export function pickResultRun(runs: readonly CatalogScreening[], runId: string): CatalogScreening | undefined {
  return (runId ? runs.find((run) => run.id === runId) : undefined) ?? runs.find((run) => run.status === 'completed');
}

/** The start form's limits and defaults (the contract: at most 7 days, at most 100 km). */
export const DEFAULT_WINDOW_HOURS = 72;
export const MAX_WINDOW_HOURS = CATALOG_SCREENING_MAX_WINDOW_MS / 3_600_000;
export const DEFAULT_THRESHOLD_KM = 5;
export const MAX_THRESHOLD_KM = 100;

export interface StartForm {
  /** UTC datetime-local value ('2026-11-26T00:00'). */
  start: string;
  hours: string;
  thresholdKm: string;
}

/**
 * POST /api/catalog-screenings' body from the form, or the message naming the field to fix.
 * Only what the form can tell is checked here (a start that is a date, numbers in range);
 * the server checks the rest and its message is shown as it comes.
 */
export function startRequest(form: StartForm): { body: { start: string; end: string; threshold_km: number } } | { error: string } {
  const start = Date.parse(inputValueToIso(form.start));
  if (Number.isNaN(start)) return { error: 'Start: enter a date and time (UTC)' };
  const hours = Number(form.hours);
  if (form.hours.trim() === '' || !Number.isFinite(hours) || hours <= 0 || hours > MAX_WINDOW_HOURS) {
    return { error: `Window: enter a number of hours greater than 0 and at most ${MAX_WINDOW_HOURS}` };
  }
  const thresholdKm = Number(form.thresholdKm);
  if (form.thresholdKm.trim() === '' || !Number.isFinite(thresholdKm) || thresholdKm <= 0 || thresholdKm > MAX_THRESHOLD_KM) {
    return { error: `Threshold: enter a distance in km greater than 0 and at most ${MAX_THRESHOLD_KM}` };
  }
  return { body: { start: new Date(start).toISOString(), end: new Date(start + Math.round(hours * 3_600_000)).toISOString(), threshold_km: thresholdKm } };
}

export const STATUS_LABELS: Record<CatalogScreeningStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The run's stage in words. */
export const RUN_STAGE_LABELS: Record<CatalogScreening['progress']['stage'], string> = {
  queued: 'Waiting for a worker',
  screening: 'Screening the shards',
  risk: 'Computing Pc and risk',
  storing: 'Storing the conjunctions',
  done: 'Done',
};

/** A shard's stage in words. */
export const SHARD_STAGE_LABELS: Record<NonNullable<ShardProgress['stage']>, string> = {
  tle: 'SGP4 setup',
  orbits: 'Orbits',
  detect: 'Detection',
};

/** A fraction as a whole percentage ('42 %'); 99.6 % shows as 99 % until it is done. */
export function formatPercent(fraction: number): string {
  const clamped = Math.min(1, Math.max(0, fraction));
  return `${clamped < 1 ? Math.floor(clamped * 100) : 100} %`;
}

/** The run's window: '2026-11-26 00:00 – 2026-11-29 00:00 UTC (72 h)'. */
export function formatWindow(run: Pick<CatalogScreening, 'start' | 'end'>): string {
  const hours = (Date.parse(run.end) - Date.parse(run.start)) / 3_600_000;
  const span = Number.isFinite(hours) ? ` (${Number(hours.toFixed(1))} h)` : '';
  return `${formatUtcDateTime(run.start).slice(0, 16)} – ${formatUtcDateTime(run.end).slice(0, 16)} UTC${span}`;
}

/** A shard's slice of the window, times of day when it stays within one day: '2026-11-26 00:00–09:00'. */
export function formatSlice(shard: Pick<ShardProgress, 'start' | 'end'>): string {
  const start = formatUtcDateTime(shard.start).slice(0, 16);
  const end = formatUtcDateTime(shard.end).slice(0, 16);
  return start.slice(0, 10) === end.slice(0, 10) ? `${start}–${end.slice(11)}` : `${start} – ${end}`;
}

/** Pairs screened: the summary's once completed, else N(N−1)/2 of the objects. */
export function pairsOf(run: Pick<CatalogScreening, 'objects' | 'summary'>): number {
  return run.summary?.pairs ?? (run.objects * (run.objects - 1)) / 2;
}

/** The run as an option of the run select: '2026-11-26 00:00 UTC · 72 h · 5 km · Completed'. */
export function runOptionLabel(run: CatalogScreening): string {
  const hours = (Date.parse(run.end) - Date.parse(run.start)) / 3_600_000;
  return `${formatUtcDateTime(run.start).slice(0, 16)} UTC · ${Number(hours.toFixed(1))} h · ${run.thresholdKm} km · ${STATUS_LABELS[run.status]}`;
}

/** A distance in km with 3 decimals ('0.412', '4.980'). */
export function formatKm(km: number): string {
  return Number.isFinite(km) ? km.toFixed(3) : '—';
}

/** The IADC regions by the encounter's altitude, in the order the counts are shown; others the server sends follow. */
export const REGIMES = ['LEO', 'MEO', 'GEO', 'HEO'] as const;

/** [regime, count] in REGIMES order, then any other regime the summary has. */
export function regimeCounts(byRegime: Record<string, number>): [string, number][] {
  const others = Object.keys(byRegime).filter((key) => !(REGIMES as readonly string[]).includes(key)).sort();
  return [...REGIMES, ...others].map((regime) => [regime, byRegime[regime] ?? 0]);
}
