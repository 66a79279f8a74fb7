import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import type { CatalogScreening } from '@contracts/catalog-screenings.ts';
import { RunStatusBadge } from '@/components/analytics/run-status-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import { formatWindow, pairsOf } from '@/lib/catalog-screening';
import { formatUtcDateTime } from '@/lib/conjunction-format';
import { formatGrouped } from '@/lib/format';

/**
 * The latest run at a glance (issue 13, SOCRATES' header): its window, threshold, the
 * catalogue objects and pairs screened, its status and when it ended; a failed run's error.
 */
export function LatestRunCard({ run }: { run: CatalogScreening }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center gap-3 space-y-0 pb-4">
        <CardTitle id={titleId} className="text-base">
          Latest run
        </CardTitle>
        <RunStatusBadge status={run.status} />
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-3 xl:grid-cols-6">
          <DetailField label="Window" className="col-span-2" valueClassName="font-mono font-normal">
            {formatWindow(run)}
          </DetailField>
          <DetailField label="Threshold">{`${run.thresholdKm} km`}</DetailField>
          <DetailField label="Catalogue objects">{formatGrouped(run.objects)}</DetailField>
          <DetailField label="Pairs screened">{formatGrouped(pairsOf(run))}</DetailField>
          <DetailField label={run.finishedAt ? 'Ended (UTC)' : 'Submitted (UTC)'} valueClassName="font-mono font-normal">
            {formatUtcDateTime(run.finishedAt ?? run.createdAt).slice(0, 16)}
          </DetailField>
        </dl>
        {run.status === 'failed' && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{`The run failed: ${run.error ?? 'no reason given'}`}</AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
