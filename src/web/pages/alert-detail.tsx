import { ArrowLeft, Globe } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { ConjunctionDetail } from '@contracts/conjunction-events.ts';
import { AlertHandlingCard } from '@/components/alerts/alert-handling-card';
import { AlertStatusBadge } from '@/components/alerts/alert-status-badge';
import { AssessmentCard } from '@/components/alerts/assessment-card';
import { AvoidanceCard } from '@/components/alerts/avoidance-card';
import { CdmMessagesCard } from '@/components/alerts/cdm-messages-card';
import { CdmQualityCard } from '@/components/alerts/cdm-quality-card';
import { EncounterPlaneCard } from '@/components/alerts/encounter-plane-card';
import { EstimateHistoryCard } from '@/components/alerts/estimate-history-chart';
import { EventLogCard } from '@/components/alerts/event-log-card';
import { EventObjectCard } from '@/components/alerts/event-object-card';
import { MonteCarloCard } from '@/components/alerts/monte-carlo-card';
import { PcMethodCard } from '@/components/alerts/pc-method-card';
import { LoadState } from '@/components/layout/load-state';
import { PageTitle } from '@/components/layout/page-title';
import { RiskBadge } from '@/components/sst/risk-badge';
import { useNow } from '@/components/sst/use-now';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatAssignee } from '@/lib/alert-status';
import { lastAlertsPath } from '@/lib/alerts-return';
import { formatEventStatus } from '@/lib/conjunction-format';
import { visualizationPath } from '@/lib/visualization-state';
import { useConjunctionDetail } from '@/queries/conjunction-events';

export const LOADING_CONJUNCTION = 'Loading conjunction...';

/** 'Conjunction CNJ-2021-004 not found'. */
export function notFoundText(conjunctionId: string): string {
  return `Conjunction ${conjunctionId} not found`;
}

/** Back to the alerts view the event was opened from (its status, filters and sort), read once when the page opens. */
function BackLink() {
  const [href] = useState(lastAlertsPath);
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Conjunction Alerts
    </Link>
  );
}

/**
 * One conjunction event (/alerts/:conjunctionId, issue 11): the alert's status, assignee and the operator's
 * controls, and what its newest CDM says about its own quality (issue 29), its numbers, how its Pc
 * was chosen and every usage violation, its Monte Carlo check on demand (issue 27), the avoidance trade space on
 * demand (issue 28), both objects, the estimates over time, the encounter plane to scale, what happened to
 * the event (its log: detection, estimates, avoidance plans and their decisions), and its CDMs.
 */
export default function AlertDetailPage() {
  const { conjunctionId = '' } = useParams<{ conjunctionId: string }>();
  const { data, error, isPending } = useConjunctionDetail(conjunctionId);
  const notFound = error?.message.startsWith('404:') ?? false;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-6">
      <BackLink />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageTitle title={`Conjunction ${conjunctionId}`} {...(data ? { subtitle: `${data.primaryObject.name} ↔ ${data.secondaryObject.name}` } : {})} />
        {data && (
          <div className="flex flex-wrap items-center gap-2">
            <RiskBadge level={data.riskLevel} />
            <AlertStatusBadge status={data.alertStatus} />
            <Badge variant="secondary">{formatEventStatus(data.status, data.closeReason)}</Badge>
            <Badge variant="outline" title="Assignee">
              {formatAssignee(data.assignee)}
            </Badge>
            <Button asChild size="sm" variant="outline">
              <Link href={visualizationPath({ conjunction: conjunctionId })}>
                <Globe aria-hidden="true" />
                View in 3D
              </Link>
            </Button>
          </div>
        )}
      </div>
      <LoadState pending={isPending} loadingText={LOADING_CONJUNCTION} error={error} notFound={{ when: notFound, text: notFoundText(conjunctionId) }} errorPrefix="Error loading conjunction" />
      {data && <DetailBody event={data} />}
    </div>
  );
}

function DetailBody({ event }: { event: ConjunctionDetail }) {
  const now = useNow();
  return (
    <>
      {/* What the operator decides first: the alert's state and controls, and how far the CDM's own figures can be trusted. */}
      <div className="grid gap-6 xl:grid-cols-2">
        <AlertHandlingCard event={event} />
        {event.cdmQuality && <CdmQualityCard quality={event.cdmQuality} />}
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <AssessmentCard event={event} now={now} />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <PcMethodCard event={event} />
          <MonteCarloCard conjunctionId={event.conjunctionId} pcNote={event.pcNote} />
        </div>
      </div>
      {/* Next after the Monte Carlo check, across the page: the heat map needs the width. */}
      <AvoidanceCard conjunctionId={event.conjunctionId} />
      <div className="grid gap-6 md:grid-cols-2">
        <EventObjectCard title="Primary Object" object={event.primaryObject} />
        <EventObjectCard title="Secondary Object" object={event.secondaryObject} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <EstimateHistoryCard history={event.history} />
        <EncounterPlaneCard plane={event.encounterPlane} note={event.pcNote} />
      </div>
      <EventLogCard log={event.log} />
      <CdmMessagesCard cdms={event.cdms} generatedCdmUrl={event.generatedCdmUrl} />
    </>
  );
}
