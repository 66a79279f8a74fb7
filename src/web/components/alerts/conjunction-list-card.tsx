import { CircleAlert, EyeOff, FileDown, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import type { ConjunctionListResponse } from '@contracts/conjunction-events.ts';
import { ConjunctionTable } from '@/components/alerts/conjunction-table';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { conjunctionCsvColumns, CONJUNCTIONS_CSV_NAME } from '@/lib/conjunction-csv';
import type { ConjunctionSort, SortField, StatusFilter } from '@/lib/conjunction-filters';
import { errorMessage } from '@/lib/error-message';
import { formatGrouped } from '@/lib/format';
import { cn } from '@/lib/utils';
import { fetchRestOfConjunctionList } from '@/queries/conjunction-events';

export const LOADING_CONJUNCTIONS = 'Loading conjunctions...';

const TITLES: Record<StatusFilter, string> = {
  open: 'Open Conjunctions',
  closed: 'Closed Conjunctions',
  all: 'All Conjunctions',
};

const EMPTY_TEXTS: Record<StatusFilter, string> = {
  open: 'No open conjunctions',
  closed: 'No closed conjunctions',
  all: 'No conjunctions yet',
};

/**
 * What an empty list says: that the filters leave nothing when a filter beyond the
 * status is set, otherwise that there are no events of that status (none at all
 * under All). Imported CDMs of past TCAs are closed, so an empty Open view is
 * common and should not read as a filter mistake.
 */
function emptyListText(status: StatusFilter, narrowed: boolean): string {
  return narrowed ? 'No conjunctions match these filters' : EMPTY_TEXTS[status];
}

/** GET /api/digest/daily.pdf (issue 29): the daily digest as a PDF, the same report the daily mail carries. */
export const DAILY_DIGEST_URL = '/api/digest/daily.pdf';

/** 'Showing open alerts (default). 3 closed alerts hidden' (the default Open view says what it leaves out). */
export function hiddenClosedText(hidden: number): string {
  return `Showing open alerts (default). ${formatGrouped(hidden)} closed ${hidden === 1 ? 'alert' : 'alerts'} hidden`;
}

/** Why an empty Open view can still hold events: an imported CDM whose TCA has passed is closed at once. */
export const CLOSED_HIDDEN_REASON = 'Alerts whose TCA has passed, e.g. from a CDM just imported for a past TCA, are closed at once.';

/** '27 conjunctions', '1 conjunction', or '5,000 of 12,345 conjunctions' when the server has more than it sent. */
export function loadedCountText(loaded: number, total: number): string {
  if (total > loaded) return `${formatGrouped(loaded)} of ${formatGrouped(total)} conjunctions`;
  return `${formatGrouped(total)} ${total === 1 ? 'conjunction' : 'conjunctions'}`;
}

interface ConjunctionListCardProps {
  status: StatusFilter;
  /** Whether a filter beyond the status is set (conjunction-filters.ts' hasNarrowingFilters): it picks the empty text. */
  narrowed: boolean;
  /** The list's query (conjunction-filters.ts' listQueryString): the export reads the pages beyond the first with it. */
  query: string;
  data: ConjunctionListResponse | undefined;
  error: Error | null;
  isPending: boolean;
  /** Rows of a previous filter shown while this one loads. */
  isPlaceholderData: boolean;
  sort: ConjunctionSort;
  onSort: (field: SortField) => void;
  now: number;
  /** How many closed events the Open view hides (the same filters, closed); undefined when not known or not the Open view. */
  hiddenClosed?: number | undefined;
  /** Shows every status (the hint's 'Show all'). */
  onShowAll?: () => void;
}

/** The default filter says what it hides: the count of closed alerts left out, and the way to see them. */
function HiddenClosedHint({ hidden, onShowAll, empty }: { hidden: number; onShowAll: (() => void) | undefined; empty: boolean }) {
  return (
    <div role="note" className={cn('mx-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground', empty && 'mb-6')} data-testid="hidden-closed">
      <EyeOff className="size-4 shrink-0" aria-hidden="true" />
      <span>{`${hiddenClosedText(hidden)}.`}</span>
      {empty && <span>{CLOSED_HIDDEN_REASON}</span>}
      {onShowAll && (
        <Button type="button" variant="ghost" size="sm" className="h-auto px-2 py-0.5 text-primary hover:underline" onClick={onShowAll}>
          Show all
        </Button>
      )}
    </div>
  );
}

/**
 * The list of events (issue 11): its count ('N of TOTAL' when the server holds more
 * than the 5,000 loaded), CSV export of every event the filters and sort select (the
 * rows shown, and the pages beyond them read for it; not while a new filter loads),
 * and the table; or the loading, error and empty states.
 */
export function ConjunctionListCard({ status, narrowed, query, data, error, isPending, isPlaceholderData, sort, onSort, now, hiddenClosed, onShowAll }: ConjunctionListCardProps) {
  const titleId = useId();
  const items = data?.items ?? [];
  const rows = data && data.total > items.length ? () => fetchRestOfConjunctionList(query, data) : items;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 pb-4">
        <div className="flex flex-wrap items-baseline gap-3">
          <CardTitle id={titleId}>{TITLES[status]}</CardTitle>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data ? loadedCountText(items.length, data.total) : ''}
            {isPlaceholderData && (
              <span className="ml-2 inline-flex items-center gap-1">
                <LoaderCircle className="size-3 animate-spin" aria-hidden="true" />
                Updating…
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* A plain link: the browser downloads the PDF with the session's cookie. */}
          <a href={DAILY_DIGEST_URL} className={buttonVariants({ variant: 'outline', size: 'sm' })} download>
            <FileDown aria-hidden="true" />
            Daily digest (PDF)
          </a>
          <ExportCsvButton rows={rows} columns={conjunctionCsvColumns(now)} name={CONJUNCTIONS_CSV_NAME} disabled={items.length === 0 || isPlaceholderData} />
        </div>
      </CardHeader>
      <CardContent className="space-y-4 px-0 pb-0">
        {error && (
          <div className={cn('px-6', items.length === 0 && 'pb-6')}>
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{`Error loading conjunctions: ${errorMessage(error) ?? 'Unknown error'}`}</AlertDescription>
            </Alert>
          </div>
        )}
        {isPending && !error && (
          <p role="status" className="flex items-center gap-2 px-6 pb-6 text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {LOADING_CONJUNCTIONS}
          </p>
        )}
        {data && items.length === 0 && (
          <p className={cn('px-6 pt-2 text-center text-muted-foreground', hiddenClosed ? 'pb-2' : 'pb-8')}>{emptyListText(status, narrowed)}</p>
        )}
        {data && status === 'open' && hiddenClosed !== undefined && hiddenClosed > 0 && <HiddenClosedHint hidden={hiddenClosed} onShowAll={onShowAll} empty={items.length === 0} />}
        {items.length > 0 && <ConjunctionTable items={items} sort={sort} onSort={onSort} now={now} />}
      </CardContent>
    </Card>
  );
}
