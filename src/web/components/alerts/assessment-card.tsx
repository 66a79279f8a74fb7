import { useId } from 'react';
import type { ConjunctionDetail } from '@contracts/conjunction-events.ts';
import { PcMethodBadge } from '@/components/alerts/pc-value';
import { RiskBadge } from '@/components/sst/risk-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import {
  formatEventStatus,
  formatMetresWithUnit,
  formatPc,
  formatPcOneInN,
  formatRelativeTca,
  formatSpeedValue,
  formatUtcDateTime,
} from '@/lib/conjunction-format';

/** What a Pc the server did not compute says. */
export const NOT_COMPUTED = 'not computed';

function pcText(pc: number | null): string {
  return pc === null ? NOT_COMPUTED : `${formatPc(pc)} (${formatPcOneInN(pc)})`;
}

/**
 * The event's numbers (issue 11): TCA and time to it, the miss vector, relative
 * speed, the chosen Pc with its method, the 2D and 3D values, Alfano's maximum,
 * risk, hard-body radius, sources, status and its dates.
 */
export function AssessmentCard({ event, now }: { event: ConjunctionDetail; now: number }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId}>Assessment</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
          <DetailField label="TCA (UTC)">{formatUtcDateTime(event.tca, { milliseconds: true })}</DetailField>
          <DetailField label="Time to TCA">{formatRelativeTca(event.tca, now)}</DetailField>
          <DetailField label="Miss distance">{formatMetresWithUnit(event.missDistance)}</DetailField>
          <DetailField label="Radial">{formatMetresWithUnit(event.radial)}</DetailField>
          <DetailField label="In-track">{formatMetresWithUnit(event.inTrack)}</DetailField>
          <DetailField label="Cross-track">{formatMetresWithUnit(event.crossTrack)}</DetailField>
          <DetailField label="Relative speed">{`${formatSpeedValue(event.relativeVelocity)} km/s`}</DetailField>
          <DetailField label="Collision probability">
            <span className="inline-flex flex-wrap items-center gap-2">
              {pcText(event.collisionProbability)} <PcMethodBadge method={event.pcMethod} />
            </span>
          </DetailField>
          <DetailField label="Method">{event.pcMethodLabel}</DetailField>
          <DetailField label="2D Pc (Foster)">{pcText(event.pc2d)}</DetailField>
          <DetailField label="2D-Nc Pc (Hall)">{pcText(event.nc2d)}</DetailField>
          <DetailField label="3D Pc (Hall 3D-Nc)">{pcText(event.pc3d)}</DetailField>
          <DetailField label={event.maxCollisionProbabilityLabel}>{pcText(event.maxCollisionProbability)}</DetailField>
          <DetailField label="Risk">
            <RiskBadge level={event.riskLevel} />
          </DetailField>
          <DetailField label="Hard-body radius">
            {formatMetresWithUnit(event.hardBodyRadius)}{' '}
            <span className="block text-xs font-normal text-muted-foreground">{event.hardBodyRadiusSource}</span>
          </DetailField>
          <DetailField label="Source">{event.source}</DetailField>
          <DetailField label="Sources">{event.sources.length > 0 ? event.sources.join(', ') : event.source}</DetailField>
          <DetailField label="Status">{formatEventStatus(event.status, event.closeReason)}</DetailField>
          <DetailField label="First detected (UTC)">{formatUtcDateTime(event.firstDetected)}</DetailField>
          <DetailField label="Last updated (UTC)">{formatUtcDateTime(event.lastUpdated)}</DetailField>
        </dl>
      </CardContent>
    </Card>
  );
}
