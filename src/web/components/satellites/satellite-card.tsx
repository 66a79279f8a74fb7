import { useId } from 'react';
import type { IsraeliSatellite } from '../../../contracts/satellites.ts';
import { CategoryBadge } from '@/components/satellites/category-badge';
import { SatelliteField } from '@/components/satellites/satellite-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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

/**
 * Every field of the spec's Satellite entity (§3) plus where its elements came
 * from. The card is a region named by the satellite's name.
 */
export function SatelliteCard({ satellite }: { satellite: IsraeliSatellite }) {
  const titleId = useId();
  const position = satellite.currentPosition;
  return (
    <Card aria-labelledby={titleId} className="flex flex-col">
      <CardHeader className="gap-2 pb-4">
        <div className="flex items-start justify-between gap-2">
          <CardTitle id={titleId}>{satellite.name}</CardTitle>
          <CategoryBadge category={satellite.category} />
        </div>
        <dl className="grid grid-cols-2 gap-2">
          <SatelliteField label="NORAD ID" value={satellite.noradId} />
          <SatelliteField label="COSPAR ID" value={satellite.cosparId ?? NO_VALUE} />
        </dl>
        <CardDescription>{satellite.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <section className="rounded-md bg-muted/50 p-3">
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Current Position</h3>
          <dl className="grid grid-cols-2 gap-2">
            <SatelliteField label="Latitude" value={formatLatitude(position.latitude)} />
            <SatelliteField label="Longitude" value={formatLongitude(position.longitude)} />
            <SatelliteField label="Altitude" value={formatKm(position.altitude)} />
            <SatelliteField label="Velocity" value={formatVelocity(position.velocity)} />
          </dl>
          {/* The server's reason when SGP4 gave no position (e.g. a decayed orbit); the fields above then read '—'. */}
          {position.error && <p className="mt-2 text-xs text-yellow-400">{position.error}</p>}
        </section>
        <section>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Orbit</h3>
          <dl className="grid grid-cols-2 gap-2">
            <SatelliteField label="Period" value={formatPeriod(satellite.period)} />
            <SatelliteField label="Inclination" value={formatInclination(satellite.inclination)} />
            <SatelliteField label="Altitude" value={formatKm(satellite.altitude)} />
            <SatelliteField label="RCS" value={formatRcs(satellite.rcs)} />
            <SatelliteField label="Mass" value={formatMass(satellite.mass)} />
          </dl>
        </section>
        <dl className="mt-auto grid gap-2 border-t pt-3">
          <SatelliteField label="Last Update" value={formatUtcTimestamp(satellite.lastUpdate)} />
          <SatelliteField label="Element Source" value={satellite.elementSource} />
        </dl>
      </CardContent>
    </Card>
  );
}
