import { HeaderStatsBadges, type HeaderStats } from '@/components/dashboard/header-stats';
import { UtcClock } from '@/components/dashboard/utc-clock';
import { useAppInfo } from '@/queries/app-info';

export const DASHBOARD_TITLE = 'Space Domain Awareness Platform';
/** Spec §1: the header tagline, verbatim. */
export const DASHBOARD_TAGLINE = 'Advanced space threat assessment and orbital intelligence platform';

/**
 * Title, tagline, stats badges (when stats are given), the operator label
 * (once /api/app-info has answered) and the UTC clock.
 */
export function DashboardHeader({ stats }: { stats?: HeaderStats }) {
  const { data: appInfo } = useAppInfo();
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b px-6 py-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{DASHBOARD_TITLE}</h1>
        <p className="text-sm text-muted-foreground">{DASHBOARD_TAGLINE}</p>
      </div>
      <div className="flex flex-col items-end gap-2">
        {stats && <HeaderStatsBadges stats={stats} />}
        {appInfo && <p className="text-sm font-medium">{appInfo.operatorLabel}</p>}
        <UtcClock />
      </div>
    </header>
  );
}
