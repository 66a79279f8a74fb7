import { PageTitle } from '@/components/layout/page-title';

/** Satellite tracking (/tracking): title only until its data issue lands. */
export default function TrackingPage() {
  return (
    <div className="p-6">
      <PageTitle title="Israeli Satellite Tracking" subtitle="Real-time 2D tracking of Israeli satellites with live position data" />
    </div>
  );
}
