import { CircleAlert, LoaderCircle, ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import type { Classification, ThreatAssessment, ThreatLevel, ThreatSummary } from '@contracts/operations.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import type { CsvColumn } from '@/lib/csv';
import { errorMessage } from '@/lib/error-message';
import { riskStyle } from '@/lib/risk-levels';
import { cn } from '@/lib/utils';
import { useThreatAssessments, useThreatSummary } from '@/queries/threats';

export const THREAT_OVERVIEW_TITLE = 'Threat Assessment Overview';
export const NO_HIGH_THREATS_TEXT = 'No high priority threats detected';
/** Spec §9: the overview lists at most 3 threats. */
export const THREATS_SHOWN = 3;

/** The threat summary's counts (spec §3) in the order shown, with their labels. */
export const SUMMARY_FIELDS: ReadonlyArray<{ key: keyof ThreatSummary; label: string }> = [
  { key: 'totalObjects', label: 'Total Objects' },
  { key: 'cooperativeObjects', label: 'Cooperative' },
  { key: 'nonCooperativeObjects', label: 'Non-Cooperative' },
  { key: 'unknownObjects', label: 'Unknown' },
  { key: 'adversaryObjects', label: 'Adversary' },
  { key: 'recentManeuvers', label: 'Recent Maneuvers' },
  { key: 'anomalousObjects', label: 'Anomalous' },
];

const CLASSIFICATION_LABELS: Record<Classification, string> = {
  cooperative: 'Cooperative',
  non_cooperative: 'Non-Cooperative',
  adversary: 'Adversary',
  other: 'Other',
};

/** 'non_cooperative' → 'Non-Cooperative'; a value outside the contract is shown as sent. */
export function classificationLabel(classification: string): string {
  return CLASSIFICATION_LABELS[classification as Classification] ?? classification;
}

/** A 0-1 fraction as a whole percent: 0.873 → '87%'. */
export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(0)}%`;
}

const LEVEL_ORDER: Record<ThreatLevel, number> = { critical: 0, high: 1, medium: 2, low: 3 };

/** Every high-priority threat (critical or high), critical first, then by anomaly score: what the CSV holds. */
export function rankedHighPriorityThreats(assessments: readonly ThreatAssessment[]): ThreatAssessment[] {
  return assessments
    .filter((assessment) => assessment.threatLevel === 'critical' || assessment.threatLevel === 'high')
    .sort((a, b) => LEVEL_ORDER[a.threatLevel] - LEVEL_ORDER[b.threatLevel] || b.anomalyScore - a.anomalyScore);
}

/** Spec §2: the high-priority threats shown, at most 3. */
export function highPriorityThreats(assessments: readonly ThreatAssessment[]): ThreatAssessment[] {
  return rankedHighPriorityThreats(assessments).slice(0, THREATS_SHOWN);
}

/** The threats' CSV (issue 14): every high-priority threat (not only the 3 shown), each field in full. */
export const THREATS_CSV_COLUMNS: readonly CsvColumn<ThreatAssessment>[] = [
  { header: 'Satellite', value: (t) => t.satelliteName },
  { header: 'NORAD ID', value: (t) => t.satelliteId },
  { header: 'Owner', value: (t) => t.owner },
  { header: 'Threat level', value: (t) => t.threatLevel },
  { header: 'Classification', value: (t) => t.classification },
  { header: 'Anomaly score (0-1)', value: (t) => t.anomalyScore },
  { header: 'Reason', value: (t) => t.assessmentReason },
  { header: 'Assessed (UTC)', value: (t) => t.assessedAt },
];

/** Spec §2: these cards show only a spinner while loading (named for screen readers). */
export function CardSpinner({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex justify-center py-8">
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}

/** A failed read of a card's data: what failed and the data layer's message (spec §8 format, server message when JSON). */
export function CardError({ what, error }: { what: string; error: Error }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>
        <span className="block font-medium">{`Unable to load ${what}`}</span>
        <span className="block">{`Error: ${errorMessage(error) ?? 'Unknown error'}`}</span>
      </AlertDescription>
    </Alert>
  );
}

function ThreatItem({ threat }: { threat: ThreatAssessment }) {
  return (
    <li className="space-y-1.5 rounded-md border bg-background/40 p-3" aria-label={threat.satelliteName}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">
            <ObjectLink norad={threat.satelliteId} name={threat.satelliteName} />
          </p>
          <p className="font-mono text-xs text-muted-foreground">{`NORAD ${threat.satelliteId}`}</p>
        </div>
        <Badge className={cn('shrink-0', riskStyle(threat.threatLevel).badge)}>{threat.threatLevel.toUpperCase()}</Badge>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Classification:</dt>
          <dd className="font-medium">{classificationLabel(threat.classification)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Anomaly Score:</dt>
          <dd className="font-mono font-medium">{formatPercent(threat.anomalyScore)}</dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">{threat.assessmentReason}</p>
    </li>
  );
}

/**
 * Spec §2 Threat Assessment Overview: the threat summary counts and up to 3
 * high-priority threats (names linked to their objects' pages, and all of them
 * as CSV), from GET /api/analytics/threat-summary and GET /api/threat-assessments
 * (both every 10 s).
 */
export function ThreatOverviewCard() {
  const titleId = useId();
  const summary = useThreatSummary();
  const assessments = useThreatAssessments();
  const loading = summary.isPending || assessments.isPending;
  const failed = summary.error ?? assessments.error;
  const ranked = assessments.data ? rankedHighPriorityThreats(assessments.data) : [];
  const threats = ranked.slice(0, THREATS_SHOWN);

  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ShieldAlert className="size-5 text-orange-400" aria-hidden="true" />
          {THREAT_OVERVIEW_TITLE}
        </CardTitle>
        <ExportCsvButton rows={ranked} columns={THREATS_CSV_COLUMNS} name="threats" className="h-7 px-2.5 text-xs" />
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        {failed && <CardError what="threat assessments" error={failed} />}
        {loading && !failed ? (
          <CardSpinner label="Loading threat assessments" />
        ) : (
          <>
            {summary.data && (
              <dl aria-label="Threat summary" className="grid grid-cols-3 gap-2">
                {SUMMARY_FIELDS.map(({ key, label }, index) => (
                  <div
                    key={key}
                    className={
                      index === 0
                        ? 'col-span-3 flex items-baseline justify-between rounded-md border bg-background/40 px-3 py-2'
                        : 'flex flex-col-reverse justify-end gap-0.5 rounded-md border bg-background/40 px-2 py-1.5'
                    }
                  >
                    <dt className={index === 0 ? 'text-sm text-muted-foreground' : 'text-[11px] leading-tight text-muted-foreground'}>{label}</dt>
                    <dd className={index === 0 ? 'font-mono text-lg font-semibold tabular-nums' : 'font-mono text-sm font-semibold tabular-nums'}>
                      {summary.data[key].toLocaleString('en-US')}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {assessments.data &&
              (threats.length === 0 ? (
                <p className="py-4 text-center text-sm text-muted-foreground">{NO_HIGH_THREATS_TEXT}</p>
              ) : (
                <ul aria-label="High priority threats" className="space-y-2">
                  {threats.map((threat) => (
                    <ThreatItem key={threat.id} threat={threat} />
                  ))}
                </ul>
              ))}
          </>
        )}
      </CardContent>
    </Card>
  );
}
