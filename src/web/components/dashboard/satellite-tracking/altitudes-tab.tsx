import { useId } from 'react';
import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { AltitudeChart, chartAltitude } from '@/components/dashboard/satellite-tracking/altitude-chart';
import { ALTITUDE_ZONES, countByOrbitType, orbitTypeOfAltitude, type OrbitType } from '@/components/dashboard/satellite-tracking/orbit-zones';
import { ObjectLink } from '@/components/objects/object-link';
import { CategoryBadge } from '@/components/satellites/category-badge';
import { categoryStyle, NEUTRAL_STYLE } from '@/components/satellites/category-style';
import { countByCategory, FLEET_CATEGORIES, FLEET_CATEGORY_LABELS } from '@/lib/fleet-categories';
import { formatKm, formatPeriod, formatVelocity } from '@/lib/satellite-format';
import { cn } from '@/lib/utils';

export const ZONE_SWATCH: Record<OrbitType, string> = { LEO: 'bg-sky-400', MEO: 'bg-violet-400', GEO: 'bg-amber-400' };

function satellitesText(count: number): string {
  return count === 1 ? '1 satellite' : `${count} satellites`;
}

/** Spec §2 'orbital categories legend, counts per category': the three zones with how many satellites fly in each, and the marker colours with their counts. */
function AltitudeLegends({ satellites }: { satellites: readonly IsraeliSatellite[] }) {
  const zonesId = useId();
  const categoriesId = useId();
  // The orbit type is the orbit's (its mean altitude), not where along an eccentric orbit the satellite is now.
  const zoneCounts = countByOrbitType(satellites.map((satellite) => satellite.altitude));
  const categoryCounts = countByCategory(satellites);
  const others = categoryCounts.total - FLEET_CATEGORIES.reduce((sum, category) => sum + categoryCounts[category], 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-labelledby={zonesId} className="rounded-md border p-3">
        <h3 id={zonesId} className="mb-2 text-sm font-semibold">
          Orbital Categories
        </h3>
        <ul aria-labelledby={zonesId} className="space-y-1 text-sm">
          {ALTITUDE_ZONES.map((zone) => (
            <li key={zone.type} className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                <span className={cn('size-3 rounded-sm', ZONE_SWATCH[zone.type])} aria-hidden="true" />
                {zone.label}
              </span>
              <span className="tabular-nums text-muted-foreground">{satellitesText(zoneCounts[zone.type])}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={categoriesId} className="rounded-md border p-3">
        <h3 id={categoriesId} className="mb-2 text-sm font-semibold">
          Satellite Categories
        </h3>
        <ul aria-labelledby={categoriesId} className="space-y-1 text-sm">
          {FLEET_CATEGORIES.map((category) => (
            <li key={category} className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                <span className={cn('size-3 rounded-full', categoryStyle(category).swatch)} aria-hidden="true" />
                {FLEET_CATEGORY_LABELS[category]}
              </span>
              <span className="tabular-nums text-muted-foreground">{categoryCounts[category]}</span>
            </li>
          ))}
          {others > 0 && (
            <li className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                <span className={cn('size-3 rounded-full', NEUTRAL_STYLE.swatch)} aria-hidden="true" />
                Other
              </span>
              <span className="tabular-nums text-muted-foreground">{others}</span>
            </li>
          )}
        </ul>
      </section>
    </div>
  );
}

function AltitudeCard({ satellite }: { satellite: IsraeliSatellite }) {
  const nameId = useId();
  return (
    <li aria-labelledby={nameId} className="space-y-2 rounded-md border bg-muted/30 p-3">
      <div className="flex items-start justify-between gap-2">
        <h4 id={nameId} className="truncate text-sm font-semibold">
          <ObjectLink norad={satellite.id} name={satellite.name} />
        </h4>
        <CategoryBadge category={satellite.category} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Altitude</dt>
        <dd className="text-right tabular-nums">{formatKm(chartAltitude(satellite))}</dd>
        <dt className="text-muted-foreground">Orbit</dt>
        <dd className="text-right">{orbitTypeOfAltitude(satellite.altitude)}</dd>
        <dt className="text-muted-foreground">Velocity</dt>
        <dd className="text-right tabular-nums">{formatVelocity(satellite.currentPosition.velocity)}</dd>
        <dt className="text-muted-foreground">Period</dt>
        <dd className="text-right tabular-nums">{formatPeriod(satellite.period)}</dd>
      </dl>
    </li>
  );
}

/**
 * Altitudes tab (spec §2): the log-scale altitude chart with the LEO, MEO
 * and GEO zones and hover tooltips (name, altitude, category, velocity), the
 * orbital categories legend with counts, and a small card per satellite.
 */
export function AltitudesTab({ satellites }: { satellites: readonly IsraeliSatellite[] }) {
  return (
    <div className="space-y-4">
      <div className="rounded-lg border bg-card p-2">
        <AltitudeChart satellites={satellites} />
      </div>
      <AltitudeLegends satellites={satellites} />
      <ul aria-label="Satellite altitudes" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {satellites.map((satellite) => (
          <AltitudeCard key={satellite.id} satellite={satellite} />
        ))}
      </ul>
    </div>
  );
}
