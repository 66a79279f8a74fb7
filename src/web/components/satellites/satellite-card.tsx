import { useId } from 'react';
import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { CategoryBadge } from '@/components/satellites/category-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailField } from '@/components/ui/detail-field';
import {
  formatInclination,
  formatKm,
  formatLatitude,
  formatLongitude,
  formatMass,
  formatPeriod,
  formatRcs,
  formatUtcTimestamp,
  formatVelocity,
  NO_VALUE,
} from '@/lib/satellite-format';

/** The values in monospaced digits at normal weight. */
const VALUE_CLASS = 'font-mono font-normal';

/**
 * Every field of the spec's Satellite entity (§3) plus where its elements came
 * from. The card is a region named by the satellite's name, which links to the
 * object's page (issue 14).
 */
export function SatelliteCard({ satellite }: { satellite: IsraeliSatellite }) {
  const titleId = useId();
  const position = satellite.currentPosition;
  return (
    <Card aria-labelledby={titleId} className="flex flex-col">
      <CardHeader className="gap-2 pb-4">
        <div className="flex items-start justify-between gap-2">
          <CardTitle id={titleId}>
            <ObjectLink norad={satellite.id} name={satellite.name} />
          </CardTitle>
          <CategoryBadge category={satellite.category} />
        </div>
        <dl className="grid grid-cols-2 gap-2">
          <DetailField label="NORAD ID" valueClassName={VALUE_CLASS}>{satellite.noradId}</DetailField>
          <DetailField label="COSPAR ID" valueClassName={VALUE_CLASS}>{satellite.cosparId ?? NO_VALUE}</DetailField>
        </dl>
        <CardDescription>{satellite.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <section className="rounded-md bg-muted/50 p-3">
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Current Position</h3>
          <dl className="grid grid-cols-2 gap-2">
            <DetailField label="Latitude" valueClassName={VALUE_CLASS}>{formatLatitude(position.latitude)}</DetailField>
            <DetailField label="Longitude" valueClassName={VALUE_CLASS}>{formatLongitude(position.longitude)}</DetailField>
            <DetailField label="Altitude" valueClassName={VALUE_CLASS}>{formatKm(position.altitude)}</DetailField>
            <DetailField label="Velocity" valueClassName={VALUE_CLASS}>{formatVelocity(position.velocity)}</DetailField>
          </dl>
          {/* The server's reason when SGP4 gave no position (e.g. a decayed orbit); the fields above then read '—'. */}
          {position.error && <p className="mt-2 text-xs text-yellow-400">{position.error}</p>}
        </section>
        <section>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Orbit</h3>
          <dl className="grid grid-cols-2 gap-2">
            <DetailField label="Period" valueClassName={VALUE_CLASS}>{formatPeriod(satellite.period)}</DetailField>
            <DetailField label="Inclination" valueClassName={VALUE_CLASS}>{formatInclination(satellite.inclination)}</DetailField>
            <DetailField label="Altitude" valueClassName={VALUE_CLASS}>{formatKm(satellite.altitude)}</DetailField>
            <DetailField label="RCS" valueClassName={VALUE_CLASS}>{formatRcs(satellite.rcs)}</DetailField>
            <DetailField label="Mass" valueClassName={VALUE_CLASS}>{formatMass(satellite.mass)}</DetailField>
          </dl>
        </section>
        <dl className="mt-auto grid gap-2 border-t pt-3">
          <DetailField label="Last Update" valueClassName={VALUE_CLASS}>{formatUtcTimestamp(satellite.lastUpdate)}</DetailField>
          <DetailField label="Element Source" valueClassName={VALUE_CLASS}>{satellite.elementSource}</DetailField>
        </dl>
      </CardContent>
    </Card>
  );
}
