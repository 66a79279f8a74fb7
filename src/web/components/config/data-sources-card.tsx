import { CloudDownload, LoaderCircle, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import type { DataSourceStatus } from '@contracts/data-sources.ts';
import { LoadState } from '@/components/layout/load-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { errorMessage } from '@/lib/error-message';
import { useDataSources, useUpdateDataSource } from '@/queries/settings';

export const DATA_SOURCES_TITLE = 'Data Sources';

const STATE: Record<DataSourceStatus['state'], { label: string; variant: 'green' | 'red' | 'secondary' | 'yellow' }> = {
  ok: { label: 'OK', variant: 'green' },
  failing: { label: 'Failing', variant: 'red' },
  off: { label: 'Off', variant: 'secondary' },
  waiting: { label: 'Not tried yet', variant: 'yellow' },
};

const utc = (iso: string | null) => (iso ? `${iso.slice(0, 19).replace('T', ' ')} UTC` : 'never');

const COLUMNS: readonly CsvColumn<DataSourceStatus>[] = [
  { header: 'Source', value: (s) => s.name },
  { header: 'Provides', value: (s) => s.provides },
  { header: 'State', value: (s) => s.state },
  { header: 'Setup', value: (s) => s.setup },
  { header: 'Interval (min)', value: (s) => s.intervalMinutes },
  { header: 'Last attempt (UTC)', value: (s) => s.lastAttemptAt },
  { header: 'Last success (UTC)', value: (s) => s.lastSuccessAt },
  { header: 'Last failure (UTC)', value: (s) => s.lastFailureAt },
  { header: 'Last error', value: (s) => s.lastError },
  { header: 'Last result', value: (s) => s.lastResult },
];

/**
 * CelesTrak, Space-Track and NOAA SWPC (issue 14, /config): each with its state, how it is set up
 * (or the setting that turns it on), its last success and its last failure with the reason; a
 * source that is on can be read now.
 */
export function DataSourcesCard() {
  const titleId = useId();
  const { data, error, isPending } = useDataSources();
  const update = useUpdateDataSource();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <CloudDownload className="size-5 text-blue-400" aria-hidden="true" />
          {DATA_SOURCES_TITLE}
        </CardTitle>
        <ExportCsvButton rows={data ?? []} columns={COLUMNS} name="data-sources" />
      </CardHeader>
      <CardContent className="space-y-3">
        <LoadState pending={isPending} loadingText="Loading data sources..." error={error} errorPrefix="Data sources unavailable" />
        {update.error && <p className="text-sm text-red-300">{errorMessage(update.error) ?? 'Unknown error'}</p>}
        {data && (
          <ul aria-label="Data sources" className="space-y-3">
            {data.map((source) => {
              const state = STATE[source.state];
              const reading = update.isPending && update.variables === source.id;
              return (
                <li key={source.id} aria-label={source.name} className="space-y-2 rounded-md border bg-background/40 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div>
                      <p className="font-medium">{source.name}</p>
                      <p className="text-xs text-muted-foreground">{source.provides}</p>
                    </div>
                    <div className="flex items-center gap-2">
                      <Badge variant={state.variant}>{state.label}</Badge>
                      {source.enabled && (
                        <Button type="button" variant="outline" size="sm" className="h-7" disabled={update.isPending} onClick={() => update.mutate(source.id)} aria-label={`Read ${source.name} now`}>
                          {reading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
                          Read now
                        </Button>
                      )}
                    </div>
                  </div>
                  <p className="text-sm">{source.setup}{source.intervalMinutes !== null ? ` · every ${source.intervalMinutes} min` : ''}</p>
                  <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-2">
                    <div>
                      <dt className="text-muted-foreground">Last success</dt>
                      <dd className="font-mono">{utc(source.lastSuccessAt)}</dd>
                      {source.lastResult && <dd className="text-muted-foreground">{source.lastResult}</dd>}
                    </div>
                    <div>
                      <dt className="text-muted-foreground">Last failure</dt>
                      <dd className="font-mono">{utc(source.lastFailureAt)}</dd>
                      {source.lastError && <dd className="break-words text-red-300">{source.lastError}</dd>}
                    </div>
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
