import { lazy, Suspense } from 'react';
import { SatellitesError, SatellitesLoading } from '@/components/satellites/satellite-data-states';
import { PageTitle } from '@/components/layout/page-title';
import { TRACKING_POLL_MS, useIsraeliSatellites } from '@/queries/israeli-satellites';

// The map carries the world atlas and d3-geo; loading it with this page keeps
// them out of the bundle every other page downloads.
const TrackingMap = lazy(() => import('@/components/tracking/tracking-map').then((module) => ({ default: module.TrackingMap })));

/** Holds the map's place (the plane's 2:1 shape) while its code loads, so the page does not jump. */
function MapPlaceholder() {
  return <div className="aspect-[2/1] rounded-lg border bg-card" aria-hidden="true" />;
}

/**
 * Satellite tracking (/tracking), spec §2: live positions on a 2D world map.
 * The server computes positions with SGP4 when asked, so polling moves the
 * markers. A failed poll shows the alert above the last positions received.
 */
export default function TrackingPage() {
  const { data, error, isPending } = useIsraeliSatellites(TRACKING_POLL_MS);
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-6">
      <PageTitle title="Israeli Satellite Tracking" subtitle="Real-time 2D tracking of Israeli satellites with live position data" />
      {isPending && !error && <SatellitesLoading />}
      {error && <SatellitesError error={error} />}
      {data && (
        <Suspense fallback={<MapPlaceholder />}>
          <TrackingMap satellites={data} />
        </Suspense>
      )}
    </div>
  );
}
