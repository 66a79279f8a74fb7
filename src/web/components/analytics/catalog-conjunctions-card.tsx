import { ChevronLeft, ChevronRight, CircleAlert, Download, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import type { CatalogConjunctionPage } from '@contracts/catalog-screenings.ts';
import { CatalogConjunctionTable } from '@/components/analytics/catalog-conjunction-table';
import { ConjunctionControls } from '@/components/analytics/conjunction-controls';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { type AnalyticsView, conjunctionCsvUrl, hasFilters, PAGE_SIZE, rowsText } from '@/lib/catalog-screening';
import { cn } from '@/lib/utils';
import { errorMessage } from '@/lib/error-message';

export const LOADING_CATALOG_CONJUNCTIONS = 'Loading conjunctions...';

interface CatalogConjunctionsCardProps {
  /** The run the rows are of (the CSV export link). */
  runId: string;
  view: AnalyticsView;
  onChange: (patch: Partial<AnalyticsView>) => void;
  /** The run's threshold, for the empty text. */
  thresholdKm: number;
  data: CatalogConjunctionPage | undefined;
  error: Error | null;
  isPending: boolean;
  isPlaceholderData: boolean;
}

/**
 * A completed run's conjunctions (issue 13): the sort and filters, the page of rows with
 * 'rows X–Y of total' and Previous / Next (50 a page), Export CSV of every matching row, or the
 * loading, error and empty states.
 */
export function CatalogConjunctionsCard({ runId, view, onChange, thresholdKm, data, error, isPending, isPlaceholderData }: CatalogConjunctionsCardProps) {
  const titleId = useId();
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const count = data ? rowsText(view.offset, items.length, total) : '';
  const change = (patch: Partial<AnalyticsView>) => onChange({ ...patch, offset: 0 });
  const hasPrevious = view.offset > 0;
  const hasNext = view.offset + items.length < total;

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-baseline gap-3 space-y-0 pb-4">
        <CardTitle id={titleId}>Conjunctions</CardTitle>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {count}
          {isPlaceholderData && (
            <span className="ml-2 inline-flex items-center gap-1">
              <LoaderCircle className="size-3 animate-spin" aria-hidden="true" />
              Updating…
            </span>
          )}
        </p>
        {total > 0 && (
          <a className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'ml-auto gap-1.5')} href={conjunctionCsvUrl(runId, view)} download>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        )}
      </CardHeader>
      <CardContent className="space-y-4 px-0 pb-0">
        <ConjunctionControls view={view} onChange={change} />
        {error && (
          <div className="px-6">
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{`Error loading conjunctions: ${errorMessage(error) ?? 'Unknown error'}`}</AlertDescription>
            </Alert>
          </div>
        )}
        {isPending && !error && (
          <p role="status" className="flex items-center gap-2 px-6 pb-6 text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {LOADING_CATALOG_CONJUNCTIONS}
          </p>
        )}
        {data && items.length === 0 && (
          <p className="border-t px-6 pb-8 pt-6 text-center text-muted-foreground">
            {hasFilters(view) ? 'No conjunctions match these filters' : `No conjunctions in this run: no pair came within ${thresholdKm} km`}
          </p>
        )}
        {items.length > 0 && <CatalogConjunctionTable items={items} />}
        {items.length > 0 && (
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 border-t px-6 py-3">
            <span className="text-sm text-muted-foreground">{`Page ${Math.floor(view.offset / PAGE_SIZE) + 1} of ${Math.max(1, Math.ceil(total / PAGE_SIZE))}`}</span>
            <div className="flex gap-2">
              <Button type="button" variant="outline" size="sm" disabled={!hasPrevious} onClick={() => onChange({ offset: Math.max(0, view.offset - PAGE_SIZE) })}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <Button type="button" variant="outline" size="sm" disabled={!hasNext} onClick={() => onChange({ offset: view.offset + PAGE_SIZE })}>
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        )}
      </CardContent>
    </Card>
  );
}
