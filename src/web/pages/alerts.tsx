import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ConjunctionListItem } from '@contracts/conjunction-events.ts';
import { AlertsFilterBar } from '@/components/alerts/alerts-filter-bar';
import { CdmUploadCard } from '@/components/alerts/cdm-upload-card';
import { ConjunctionListCard } from '@/components/alerts/conjunction-list-card';
import { PageTitle } from '@/components/layout/page-title';
import { useNow } from '@/components/sst/use-now';
import { rememberAlertsPath } from '@/lib/alerts-return';
import {
  type AlertsFilters,
  alertsPath,
  hasNarrowingFilters,
  hiddenClosedQueryString,
  listQueryString,
  parseAlertsSearch,
  type SortField,
  toggleSort,
} from '@/lib/conjunction-filters';
import { useConjunctionCount, useConjunctionList } from '@/queries/conjunction-events';

export const ALERTS_TITLE = 'Conjunction Alerts';
export const ALERTS_SUBTITLE = 'Conjunction events from screening and imported CDMs, with their collision probability and risk';

/**
 * The sources of every list loaded while the page is open, sorted, 'screening' always
 * among them. The suggestions come from these rather than the rows shown, so that
 * setting a source filter (which narrows the rows to that source) leaves the others
 * on offer.
 */
function useSourcesSeen(items: readonly ConjunctionListItem[] | undefined): string[] {
  const [seen, setSeen] = useState<string[]>(['screening']);
  const added = useMemo(() => [...new Set((items ?? []).map((item) => item.source))].filter((source) => !seen.includes(source)), [items, seen]);
  // Adjusted while rendering (React's pattern for state derived from new data): no extra pass through an effect.
  if (added.length > 0) setSeen([...seen, ...added].sort());
  return seen;
}

/**
 * Conjunction Alerts (/alerts, issue 11): the events as a sortable, filterable,
 * virtualised table (open ones by default, saying how many closed ones that hides), CSV export, the daily digest
 * PDF, and CDM import. The
 * filters and sort live in the URL's query string, so a view can be shared; the
 * server filters and sorts, and sends up to 5,000 rows at a time.
 */
export default function AlertsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseAlertsSearch(search), [search]);
  const query = listQueryString(filters);
  const list = useConjunctionList(query);
  // The default Open view says how many closed alerts it leaves out (issue 29): a second, one-row read of the same filters, closed.
  const hiddenClosed = useConjunctionCount(hiddenClosedQueryString(filters));
  const sources = useSourcesSeen(list.data?.items);
  const now = useNow();

  // The detail's back link returns to this view (alerts-return.ts).
  useEffect(() => rememberAlertsPath(alertsPath(filters)), [filters]);

  const change = useCallback((patch: Partial<AlertsFilters>) => navigate(alertsPath({ ...filters, ...patch }), { replace: true }), [filters, navigate]);
  const sortBy = useCallback((field: SortField) => change({ sort: toggleSort(filters.sort, field) }), [change, filters.sort]);

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6 p-6">
      <PageTitle title={ALERTS_TITLE} subtitle={ALERTS_SUBTITLE} />
      <AlertsFilterBar filters={filters} onChange={change} sources={sources} />
      <ConjunctionListCard
        status={filters.status}
        narrowed={hasNarrowingFilters(filters)}
        query={query}
        data={list.data}
        error={list.error}
        isPending={list.isPending}
        isPlaceholderData={list.isPlaceholderData}
        sort={filters.sort}
        onSort={sortBy}
        now={now}
        hiddenClosed={hiddenClosed.data}
        onShowAll={() => change({ status: 'all' })}
      />
      <CdmUploadCard />
    </div>
  );
}
