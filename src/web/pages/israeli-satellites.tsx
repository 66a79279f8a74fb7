import { PageTitle } from '@/components/layout/page-title';

/** Israeli Satellites (/israeli-satellites): title only until its data issue lands. */
export default function IsraeliSatellitesPage() {
  return (
    <div className="p-6">
      <PageTitle title="Israeli Satellites" subtitle="Monitoring all active Israeli satellites with real-time orbital data" />
    </div>
  );
}
