import { useId } from 'react';
import type { EventObjectDetail } from '@contracts/conjunction-events.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import { formatMetresWithUnit, formatObjectType, formatUtcDateTime } from '@/lib/conjunction-format';
import { NO_VALUE } from '@/lib/satellite-format';

/** 1σ position uncertainty at TCA in the object's RTN frame: 'R 22.5 m · T 4,431.4 m · N 5.7 m'. */
function formatSigmas(sigmas: EventObjectDetail['sigmas']): string {
  if (!sigmas) return NO_VALUE;
  return `R ${formatMetresWithUnit(sigmas.radial)} · T ${formatMetresWithUnit(sigmas.inTrack)} · N ${formatMetresWithUnit(sigmas.crossTrack)}`;
}

const TRAJECTORY_BADGE: Record<EventObjectDetail['trajectory']['source'], string> = { element_set: 'Element set', ephemeris: 'Operator ephemeris', cdm: 'CDM state' };

/** An object of the event (issue 11): identity, and the state and covariance its estimate rests on. */
export function EventObjectCard({ title, object }: { title: string; object: EventObjectDetail }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <DetailField label="Name" className="col-span-2">
            <ObjectLink norad={object.noradId} name={object.name} className="text-primary" />
          </DetailField>
          <DetailField label="NORAD ID">{object.noradId}</DetailField>
          <DetailField label="COSPAR ID">{object.cosparId ?? NO_VALUE}</DetailField>
          <DetailField label="Type">{formatObjectType(object.objectType)}</DetailField>
          <DetailField label="Owner">{object.owner ?? NO_VALUE}</DetailField>
          <DetailField label="Element set / OD epoch (UTC)" className="col-span-2">
            {object.elementSetEpoch ? formatUtcDateTime(object.elementSetEpoch) : NO_VALUE}
          </DetailField>
          <DetailField label="Trajectory" className="col-span-2">
            <span className="mr-2 inline-block rounded border border-border px-1.5 py-0.5 text-xs font-medium">{TRAJECTORY_BADGE[object.trajectory.source]}</span>{' '}
            {object.trajectory.ephemerisId !== null ? (
              <a className="text-primary underline-offset-2 hover:underline" href={`/api/ephemerides/${object.trajectory.ephemerisId}/file`} download>
                {object.trajectory.description}
              </a>
            ) : (
              object.trajectory.description
            )}
          </DetailField>
          <DetailField label="Covariance source" className="col-span-2">
            {object.covarianceSource}
          </DetailField>
          <DetailField label="1σ at TCA (RTN)" className="col-span-2">
            {formatSigmas(object.sigmas)}
          </DetailField>
        </dl>
      </CardContent>
    </Card>
  );
}
