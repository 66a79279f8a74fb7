import { CircleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useParams } from 'wouter';
import type { ObjectDetail } from '@contracts/object-exports.ts';
import { LoadState } from '@/components/layout/load-state';
import { PageTitle } from '@/components/layout/page-title';
import { EphemerisUploadCard } from '@/components/ephemerides/ephemeris-upload-card';
import { DecayCard } from '@/components/objects/decay-card';
import { ObjectEventsCard } from '@/components/objects/events-card';
import { ExportsCard } from '@/components/objects/exports-card';
import { GroundTrackCard } from '@/components/objects/ground-track-card';
import { OrbitHistoryCard } from '@/components/objects/orbit-history-card';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import { formatObjectType, formatUtcDateTime } from '@/lib/conjunction-format';
import { errorMessage } from '@/lib/error-message';
import { NO_VALUE } from '@/lib/satellite-format';
import { useObjectDetail, useObjectHistory } from '@/queries/objects';

export const LOADING_OBJECT = 'Loading object...';

const fixed = (value: number, digits: number) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">{children}</dl>
      </CardContent>
    </Card>
  );
}

function IdentityCard({ o }: { o: ObjectDetail }) {
  return (
    <InfoCard title="Identity">
      <DetailField label="NORAD ID">{o.noradId}</DetailField>
      <DetailField label="COSPAR ID">{o.cosparId ?? NO_VALUE}</DetailField>
      <DetailField label="Type">{formatObjectType(o.objectType)}</DetailField>
      <DetailField label="Owner">{o.owner ?? NO_VALUE}</DetailField>
      <DetailField label="Launch">{o.launchDate ?? NO_VALUE}</DetailField>
      <DetailField label="Decay">{o.decayDate ?? NO_VALUE}</DetailField>
      <DetailField label="RCS size">{o.rcsSize ?? NO_VALUE}</DetailField>
      <DetailField label="Mass">{o.massKg === null ? NO_VALUE : `${fixed(o.massKg, 0)} kg`}</DetailField>
      <DetailField label="Classification">{o.threat ? o.threat.classification : NO_VALUE}</DetailField>
      <DetailField label="Threat level">{o.threat ? `${o.threat.threatLevel} (anomaly ${fixed(o.threat.anomalyScore, 2)})` : NO_VALUE}</DetailField>
      {o.threat && (
        <DetailField label="Assessment" className="col-span-2">
          {o.threat.assessmentReason}
        </DetailField>
      )}
      {o.description && (
        <DetailField label="Description" className="col-span-2">
          {o.description}
        </DetailField>
      )}
    </InfoCard>
  );
}

function NowCard({ o }: { o: ObjectDetail }) {
  const n = o.now;
  return (
    <InfoCard title="Now">
      {n ? (
        <>
          <DetailField label="Time (UTC)" className="col-span-2">
            {formatUtcDateTime(n.time)}
          </DetailField>
          <DetailField label="Latitude">{`${fixed(n.latitudeDeg, 4)}°`}</DetailField>
          <DetailField label="Longitude">{`${fixed(n.longitudeDeg, 4)}°`}</DetailField>
          <DetailField label="Altitude">{`${fixed(n.altitudeKm, 2)} km`}</DetailField>
          <DetailField label="Speed">{`${fixed(n.speedKmS, 4)} km/s`}</DetailField>
          <DetailField label="Position TEME (km)" className="col-span-2" valueClassName="font-mono font-normal">
            {n.positionTemeKm.map((x) => fixed(x, 3)).join(', ')}
          </DetailField>
          <DetailField label="Velocity TEME (km/s)" className="col-span-2" valueClassName="font-mono font-normal">
            {n.velocityTemeKmS.map((x) => fixed(x, 6)).join(', ')}
          </DetailField>
        </>
      ) : (
        <DetailField label="Position" className="col-span-2">
          {`Not available: ${o.nowError ?? 'unknown'}`}
        </DetailField>
      )}
    </InfoCard>
  );
}

function OrbitCard({ o }: { o: ObjectDetail }) {
  const b = o.orbit;
  return (
    <InfoCard title="Orbit">
      <DetailField label="Perigee">{`${fixed(b.perigeeKm, 1)} km`}</DetailField>
      <DetailField label="Apogee">{`${fixed(b.apogeeKm, 1)} km`}</DetailField>
      <DetailField label="Period">{`${fixed(b.periodMin, 2)} min`}</DetailField>
      <DetailField label="Semi-major axis">{`${fixed(b.semiMajorAxisKm, 1)} km`}</DetailField>
      <DetailField label="Inclination">{`${fixed(b.inclinationDeg, 4)}°`}</DetailField>
      <DetailField label="Eccentricity">{b.eccentricity.toFixed(7)}</DetailField>
      <DetailField label="RAAN">{`${fixed(b.raanDeg, 4)}°`}</DetailField>
      <DetailField label="Arg. of perigee">{`${fixed(b.argPerigeeDeg, 4)}°`}</DetailField>
      <DetailField label="Mean anomaly">{`${fixed(b.meanAnomalyDeg, 4)}°`}</DetailField>
      <DetailField label="Mean motion">{`${b.meanMotionRevPerDay.toFixed(8)} rev/day`}</DetailField>
      <DetailField label="B*">{`${b.bstar.toExponential(5)} 1/ER`}</DetailField>
      <DetailField label="Element set">{`${formatUtcDateTime(o.elementSet.epoch)} (${fixed(o.elementSet.ageDays, 1)} d old, ${o.elementSet.source})`}</DetailField>
    </InfoCard>
  );
}

/**
 * One catalogue object (/objects/:norad, issue 14): identity and threat assessment, where it is
 * now, its mean orbit, its element-set history with the manoeuvres found in it, its exports, and
 * its operators' own ephemerides (issue 28: the OEM upload for a fleet object).
 */
export default function ObjectPage() {
  const { norad = '' } = useParams<{ norad: string }>();
  const { data, error, isPending } = useObjectDetail(norad);
  const history = useObjectHistory(norad);
  const [openedAt] = useState(() => Date.now());
  const notFound = error?.message.startsWith('404:') || error?.message.startsWith('400:');
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageTitle title={data ? data.name : `Object ${norad}`} subtitle={data ? `NORAD ${data.noradId}${data.cosparId ? ` · ${data.cosparId}` : ''}` : 'Catalogue object'} />
        {data && (
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{formatObjectType(data.objectType)}</Badge>
            {data.owner && <Badge variant="outline">{data.owner}</Badge>}
            {data.fleet && <Badge>Fleet</Badge>}
          </div>
        )}
      </div>
      <LoadState pending={isPending} loadingText={LOADING_OBJECT} error={error} notFound={{ when: notFound ?? false, text: `No object ${norad} in the catalogue` }} errorPrefix="Error loading object" />
      {data && (
        <>
          <div className="grid gap-6 lg:grid-cols-3">
            <IdentityCard o={data} />
            <NowCard o={data} />
            <OrbitCard o={data} />
          </div>
          <GroundTrackCard norad={data.noradId} />
          {history.data && <OrbitHistoryCard norad={data.noradId} history={history.data} />}
          <ObjectEventsCard norad={data.noradId} />
          <DecayCard norad={String(data.noradId)} />
          {history.error && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{`Error loading the element-set history: ${errorMessage(history.error) ?? 'Unknown error'}`}</AlertDescription>
            </Alert>
          )}
          <ExportsCard norad={String(data.noradId)} now={openedAt} />
          <EphemerisUploadCard object={{ noradId: data.noradId, name: data.name, fleet: data.fleet }} />
        </>
      )}
    </div>
  );
}
