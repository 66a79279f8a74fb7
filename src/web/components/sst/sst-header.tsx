import { PageTitle } from '@/components/layout/page-title';
import { Badge } from '@/components/ui/badge';

export const SST_TITLE = 'Space Surveillance & Tracking (SST)';
export const SST_DESCRIPTION = 'Screen selected satellites for close approaches against the full catalogue';

/**
 * Spec §2: title, description, '{n} selected' and '{total} satellites'. The
 * total appears once the catalogue has loaded, so it never shows a count the
 * server did not give.
 */
export function SstHeader({ selectedCount, totalCount }: { selectedCount: number; totalCount: number | undefined }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <PageTitle title={SST_TITLE} subtitle={SST_DESCRIPTION} />
      <div className="flex flex-wrap gap-2">
        <Badge variant="blue">{`${selectedCount} selected`}</Badge>
        {totalCount !== undefined && <Badge variant="secondary">{`${totalCount} satellites`}</Badge>}
      </div>
    </div>
  );
}
