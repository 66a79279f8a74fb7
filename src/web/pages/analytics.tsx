import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle, Radar } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CatalogScreening } from '@contracts/catalog-screenings.ts';
import { CatalogConjunctionsCard } from '@/components/analytics/catalog-conjunctions-card';
import { LatestRunCard } from '@/components/analytics/latest-run-card';
import { LazyPerDayChart } from '@/components/analytics/lazy-per-day-chart';
import { RegimeCountsCard, RiskCountsCard, RunTotalsCard } from '@/components/analytics/run-counts';
import { StaleSetsCard } from '@/components/analytics/stale-sets-card';
import { RunProgressCard } from '@/components/analytics/run-progress-card';
import { StartRunDialog } from '@/components/analytics/start-run-dialog';
import { PageTitle } from '@/components/layout/page-title';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { analyticsPath, type AnalyticsView, conjunctionQueryString, isActive, parseAnalyticsSearch, pickResultRun, runOptionLabel } from '@/lib/catalog-screening';
import { errorMessage } from '@/lib/error-message';
import {
  invalidateCatalogScreeningList,
  useCancelCatalogScreening,
  useCatalogConjunctions,
  useCatalogScreening,
  useCatalogScreenings,
} from '@/queries/catalog-screenings';

export const ANALYTICS_TITLE = 'Catalogue Screening';
export const ANALYTICS_SUBTITLE = 'Every pair of the catalogue screened for close approaches, SOCRATES-style: runs, their progress and their conjunctions';
export const LOADING_RUNS = 'Loading catalogue screening runs...';
export const NO_RUN_YET = 'No catalogue-wide run yet';

/**
 * The run shown as the latest: the newest of the list, or the run being followed when it is
 * that one (its 2 s reads are fresher than the list's) or the list does not have it yet.
 */
function latestRun(runs: readonly CatalogScreening[], followed: CatalogScreening | undefined): CatalogScreening | undefined {
  const newest = runs[0];
  if (!followed) return newest;
  if (!newest || followed.id === newest.id || !runs.some((run) => run.id === followed.id)) return followed;
  return newest;
}

/** The ended runs to pick from, and the one shown. */
function RunSelect({ runs, value, onChange }: { runs: readonly CatalogScreening[]; value: string; onChange: (id: string) => void }) {
  const labelId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="text-sm font-medium">
        Run
      </span>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger aria-labelledby={labelId} className="h-9 w-[26rem] max-w-full">
          <SelectValue placeholder="Pick a run" />
        </SelectTrigger>
        <SelectContent>
          {runs.map((run) => (
            <SelectItem key={run.id} value={run.id}>
              {runOptionLabel(run)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** A completed run's results: totals, counts by risk and regime, conjunctions per day, and the table. */
function CompletedRun({ run, view, onChange }: { run: CatalogScreening; view: AnalyticsView; onChange: (patch: Partial<AnalyticsView>) => void }) {
  const conjunctions = useCatalogConjunctions(run.id, conjunctionQueryString(view));
  const summary = run.summary;
  return (
    <>
      {summary && (
        <div className="grid gap-4 lg:grid-cols-3">
          <RunTotalsCard summary={summary} />
          <RiskCountsCard byRisk={summary.byRisk} />
          <RegimeCountsCard byRegime={summary.byRegime} />
        </div>
      )}
      {summary && (summary.staleObjects ?? 0) > 0 && <StaleSetsCard runId={run.id} count={summary.staleObjects ?? 0} maxAgeDays={summary.maxElementAgeDays ?? null} />}
      {summary && summary.perDay.length > 0 && <LazyPerDayChart perDay={summary.perDay} />}
      <CatalogConjunctionsCard
        runId={run.id}
        view={view}
        onChange={onChange}
        thresholdKm={run.thresholdKm}
        data={conjunctions.data}
        error={conjunctions.error}
        isPending={conjunctions.isPending}
        isPlaceholderData={conjunctions.isPlaceholderData}
      />
    </>
  );
}

/**
 * Catalogue Screening (/analytics, issue 13; CelesTrak's SOCRATES Plus is the model): the latest
 * catalogue-wide run, starting one, a running run's progress by stage and shard (re-read every
 * 2 s, with Cancel), and a completed run's counts, conjunctions per day and its conjunctions,
 * sorted and filtered by the server, 50 a page. Which run, the sort, filters and page live in
 * the URL's query string, so a view can be shared.
 */
export default function AnalyticsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const view = useMemo(() => parseAnalyticsSearch(search), [search]);
  const change = useCallback((patch: Partial<AnalyticsView>) => navigate(analyticsPath({ ...view, ...patch }), { replace: true }), [view, navigate]);
  const resultsId = useId();

  const runs = useCatalogScreenings();
  const list = useMemo(() => runs.data ?? [], [runs.data]);
  // The run started here until the list has it; then whichever run the list says is going.
  const [startedId, setStartedId] = useState<string>();
  const followedId = list.find(isActive)?.id ?? startedId;
  const followed = useCatalogScreening(followedId);
  const cancel = useCancelCatalogScreening();

  // When the followed run ends the list is read again: its status, and a new completed run to show.
  const followedStatus = followed.data?.status;
  useEffect(() => {
    if (followedStatus && !isActive({ status: followedStatus })) void invalidateCatalogScreeningList(client);
  }, [followedStatus, client]);

  const latest = latestRun(list, followed.data);
  const running = followed.data && isActive(followed.data) ? followed.data : undefined;
  const ended = list.filter((run) => !isActive(run));
  const resultRun = pickResultRun(ended, view.run);
  const empty = runs.data !== undefined && list.length === 0 && latest === undefined;

  const started = (id: string) => {
    setStartedId(id);
    cancel.reset();
    // The new run's results show by themselves once it completes.
    change({ run: '', offset: 0 });
  };

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6 p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageTitle title={ANALYTICS_TITLE} subtitle={ANALYTICS_SUBTITLE} />
        {!empty && runs.data && <StartRunDialog onStarted={started} variant="outline" />}
      </div>

      {runs.isPending && !runs.error && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {LOADING_RUNS}
        </p>
      )}
      {runs.error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{`Error loading runs: ${errorMessage(runs.error) ?? 'Unknown error'}`}</AlertDescription>
        </Alert>
      )}

      {empty && (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
            <Radar className="size-10 text-muted-foreground" aria-hidden="true" />
            <div className="space-y-1">
              <h2 className="text-lg font-semibold">{NO_RUN_YET}</h2>
              <p className="max-w-xl text-sm text-muted-foreground">
                A run screens every pair of the catalogue over a window and keeps the approaches closer than a threshold, with their collision probability.
              </p>
            </div>
            <StartRunDialog onStarted={started} />
          </CardContent>
        </Card>
      )}

      {latest && <LatestRunCard run={latest} />}

      {running && <RunProgressCard run={running} onCancel={() => cancel.mutate(running.id)} cancelling={cancel.isPending} cancelError={cancel.error} />}

      {list.length > 0 && (
        <section aria-labelledby={resultsId} className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={resultsId} className="text-xl font-semibold tracking-tight">
              Results
            </h2>
            {ended.length > 0 && <RunSelect runs={ended} value={resultRun?.id ?? ''} onChange={(id) => change({ run: id, offset: 0 })} />}
          </div>
          {!resultRun && <p className="text-sm text-muted-foreground">No completed run yet: the results show here when a run completes.</p>}
          {resultRun?.status === 'failed' && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{`This run failed: ${resultRun.error ?? 'no reason given'}`}</AlertDescription>
            </Alert>
          )}
          {resultRun?.status === 'cancelled' && (
            <p className="text-sm text-muted-foreground">{`This run was cancelled${resultRun.error ? ` (${resultRun.error})` : ''}: it has no results.`}</p>
          )}
          {resultRun?.status === 'completed' && <CompletedRun key={resultRun.id} run={resultRun} view={view} onChange={change} />}
        </section>
      )}
    </div>
  );
}
