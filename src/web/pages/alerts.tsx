import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AlertsFilterBar } from '@/components/alerts/alerts-filter-bar';
import { CdmUploadCard } from '@/components/alerts/cdm-upload-card';
import { ConjunctionListCard } from '@/components/alerts/conjunction-list-card';
import { PageTitle } from '@/components/layout/page-title';
import { useNow } from '@/components/sst/use-now';
import { type AlertsFilters, alertsPath, listQueryString, parseAlertsSearch, type SortField, toggleSort } from '@/lib/conjunction-filters';
import { useAnyConjunctions, useConjunctionList } from '@/queries/conjunction-events';

export const ALERTS_TITLE = 'Conjunction Alerts';
export const ALERTS_SUBTITLE = 'Conjunction events from screening and imported CDMs, with their collision probability and risk';

/**
 * Conjunction Alerts (/alerts, issue 11): the events as a sortable, filterable,
 * virtualised table (open ones by default), CSV export, and CDM import. The
 * filters and sort live in the URL's query string, so a view can be shared; the
 * server filters and sorts, and sends up to 5,000 rows at a time.
 */
export default function AlertsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseAlertsSearch(search), [search]);
  const list = useConjunctionList(listQueryString(filters));
  const empty = list.data !== undefined && list.data.items.length === 0;
  const anyStored = useAnyConjunctions(empty);
  const now = useNow();

  const change = useCallback((patch: Partial<AlertsFilters>) => navigate(alertsPath({ ...filters, ...patch }), { replace: true }), [filters, navigate]);
  const sortBy = useCallback((field: SortField) => change({ sort: toggleSort(filters.sort, field) }), [change, filters.sort]);

  const sources = useMemo(() => [...new Set(['screening', ...(list.data?.items ?? []).map((item) => item.source)])].sort(), [list.data]);

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6 p-6">
      <PageTitle title={ALERTS_TITLE} subtitle={ALERTS_SUBTITLE} />
      <AlertsFilterBar filters={filters} onChange={change} sources={sources} />
      <ConjunctionListCard
        status={filters.status}
        data={list.data}
        error={list.error}
        isPending={list.isPending}
        isPlaceholderData={list.isPlaceholderData}
        anyStored={anyStored.data}
        sort={filters.sort}
        onSort={sortBy}
        now={now}
      />
      <CdmUploadCard />
    </div>
  );
}
