import { SatellitesError, SatellitesLoading } from '@/components/satellites/satellite-data-states';
import { SatelliteTabs } from '@/components/satellites/satellite-tabs';
import { SummaryTiles } from '@/components/satellites/summary-tiles';
import { PageTitle } from '@/components/layout/page-title';
import { countByCategory } from '@/lib/fleet-categories';
import { SATELLITES_POLL_MS, useIsraeliSatellites } from '@/queries/israeli-satellites';

/**
 * Israeli Satellites (/israeli-satellites), spec §2: summary tiles and tabbed
 * satellite cards, re-read every 30 s. If a later poll fails, the alert shows
 * above the last data received rather than replacing it.
 */
export default function IsraeliSatellitesPage() {
  const { data, error, isPending } = useIsraeliSatellites(SATELLITES_POLL_MS);
  const counts = data ? countByCategory(data) : null;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-6">
      <PageTitle title="Israeli Satellites" subtitle="Monitoring all active Israeli satellites with real-time orbital data" />
      {isPending && !error && <SatellitesLoading />}
      {error && <SatellitesError error={error} />}
      {data && counts && (
        <>
          <SummaryTiles counts={counts} />
          <SatelliteTabs satellites={data} counts={counts} />
        </>
      )}
    </div>
  );
}
