import { useId } from 'react';
import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { ObjectLink } from '@/components/objects/object-link';
import { CategoryBadge } from '@/components/satellites/category-badge';
import { TrackingMap } from '@/components/tracking/tracking-map';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { parseMapCoordinates } from '@/lib/map-markers';
import { ISRAELI_SATELLITE_CSV_COLUMNS } from '@/lib/satellite-csv';
import { formatKm, formatLatitude, formatLongitude } from '@/lib/satellite-format';

/** '32.09° N, 34.78° E', or null when the satellite has no numeric position (spec §5). */
export function coordinatesText(satellite: IsraeliSatellite): string | null {
  const coordinates = parseMapCoordinates(satellite.currentPosition);
  return coordinates ? `${formatLatitude(coordinates.latitude)}, ${formatLongitude(coordinates.longitude)}` : null;
}

function ActiveSatelliteRow({ satellite }: { satellite: IsraeliSatellite }) {
  const coordinates = coordinatesText(satellite);
  return (
    <li className="flex items-center justify-between gap-3 rounded-md border bg-muted/30 px-3 py-2" aria-label={satellite.name}>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          <ObjectLink norad={satellite.id} name={satellite.name} />
        </p>
        <p className="text-xs tabular-nums text-muted-foreground">
          {coordinates ?? `Position unavailable${satellite.currentPosition.error ? `: ${satellite.currentPosition.error}` : ''}`}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <CategoryBadge category={satellite.category} />
        <span className="text-xs tabular-nums text-muted-foreground">{formatKm(satellite.currentPosition.altitude)}</span>
      </div>
    </li>
  );
}

/**
 * Real Position tab (spec §2): the world map with a marker per satellite
 * (name and altitude; the /tracking page's map and its Military, Commercial,
 * Scientific legend), and the scrollable 'Active Satellites (n)' list with
 * coordinates, category badge and altitude (names linked to the objects' pages,
 * the list as CSV). n counts every satellite the
 * server lists; one without a computed position stays in the list with the
 * reason, but has no marker.
 */
export function RealPositionTab({ satellites }: { satellites: readonly IsraeliSatellite[] }) {
  const headingId = useId();
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="min-w-0 lg:col-span-2">
        <TrackingMap satellites={satellites} />
      </div>
      <section aria-labelledby={headingId} className="min-w-0">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h3 id={headingId} className="text-sm font-semibold">
            {`Active Satellites (${satellites.length})`}
          </h3>
          <ExportCsvButton rows={satellites} columns={ISRAELI_SATELLITE_CSV_COLUMNS} name="active-satellites" className="h-7 px-2.5 text-xs" />
        </div>
        {/* Focusable so the list scrolls from the keyboard. */}
        <ul aria-labelledby={headingId} tabIndex={0} className="max-h-72 space-y-2 overflow-y-auto pr-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:max-h-[22rem]">
          {satellites.map((satellite) => (
            <ActiveSatelliteRow key={satellite.id} satellite={satellite} />
          ))}
        </ul>
      </section>
    </div>
  );
}
