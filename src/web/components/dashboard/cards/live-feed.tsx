import { Activity } from 'lucide-react';
import { useId } from 'react';
import type { OperationsEvent } from '@contracts/operations.ts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { eventTypeColour, formatUtcClock, titleCase } from '@/lib/dashboard-format';
import { errorMessage } from '@/lib/error-message';
import { cn } from '@/lib/utils';
import { useEvents } from '@/queries/events';

/** Spec §2: the loading and empty texts of the card. */
export const LIVE_FEED_LOADING = 'Loading live feed...';
export const LIVE_FEED_EMPTY = 'No recent events';

/** The feed's CSV (issue 14): each event in full, with the conjunction and object it concerns. */
export const LIVE_FEED_CSV_COLUMNS: readonly CsvColumn<OperationsEvent>[] = [
  { header: 'Time (UTC)', value: (e) => e.timestamp },
  { header: 'Type', value: (e) => e.eventType },
  { header: 'Description', value: (e) => e.description },
  { header: 'Conjunction ID', value: (e) => e.conjunctionId },
  { header: 'NORAD ID', value: (e) => e.noradId },
];

/**
 * Spec §2 Live Feed: the operations events (DECISIONS.md §7), polled every
 * 2 s, newest first: the event type title-cased in its colour, the UTC time
 * HH:MM:SS and the description; Export CSV of the events listed.
 */
export function LiveFeedCard() {
  const titleId = useId();
  const { data, isPending, error } = useEvents();
  const events = data ?? [];
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Activity className="size-5 text-green-500" aria-hidden="true" />
          Live Feed
        </CardTitle>
        <div className="flex items-center gap-2">
          <Badge variant="green" className="gap-1.5">
            <span className="size-1.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
            LIVE
          </Badge>
          <ExportCsvButton rows={events} columns={LIVE_FEED_CSV_COLUMNS} name="live-feed" className="h-7 px-2.5 text-xs" />
        </div>
      </CardHeader>
      <CardContent className="flex min-h-0 flex-1 flex-col">
        {isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {LIVE_FEED_LOADING}
          </p>
        ) : error && !data ? (
          <p role="alert" className="text-sm text-red-400">
            {`Error: ${errorMessage(error) ?? 'Unknown error'}`}
          </p>
        ) : events.length === 0 ? (
          <p className="text-sm text-muted-foreground">{LIVE_FEED_EMPTY}</p>
        ) : (
          <ul aria-label="Events" className="max-h-96 min-h-0 flex-1 space-y-3 overflow-y-auto pr-1">
            {events.map((event) => {
              const colour = eventTypeColour(event.eventType);
              return (
                <li key={event.id} className="flex gap-3 text-sm">
                  <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', colour.dot)} aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className={cn('font-medium', colour.text)}>{titleCase(event.eventType)}</span>
                      <time dateTime={event.timestamp} className="shrink-0 font-mono text-xs text-muted-foreground">
                        {formatUtcClock(event.timestamp)}
                      </time>
                    </div>
                    <p className="break-words text-muted-foreground">{event.description}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
