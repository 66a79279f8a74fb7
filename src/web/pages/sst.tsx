import { PageTitle } from '@/components/layout/page-title';

/** SST conjunction page (/sst). The spec does not give its description text, so none is shown. */
export default function SstPage() {
  return (
    <div className="p-6">
      <PageTitle title="Space Surveillance & Tracking (SST)" />
    </div>
  );
}
