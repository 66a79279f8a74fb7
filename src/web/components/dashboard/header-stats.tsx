import type { DashboardStats } from '@contracts/operations.ts';
import { Badge } from '@/components/ui/badge';

/**
 * The parts of the dashboard stats (contract DashboardStats, spec §3) the
 * header shows. threatLevel may be absent: spec §2 shows 'High Threats' only
 * when it exists (our server always sends it).
 */
export type HeaderStats = Pick<DashboardStats, 'activeAlerts' | 'maneuverDetections' | 'highInterestObjects'> & {
  threatLevel?: Pick<DashboardStats['threatLevel'], 'critical' | 'high'> | null;
};

/**
 * Spec §2 header badges: red 'N Active Alerts', yellow 'N Maneuvers', blue
 * 'N HIOs', and 'N High Threats' (critical + high) only when threatLevel exists.
 */
export function HeaderStatsBadges({ stats }: { stats: HeaderStats }) {
  const { threatLevel } = stats;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant="red">{`${stats.activeAlerts} Active Alerts`}</Badge>
      <Badge variant="yellow">{`${stats.maneuverDetections} Maneuvers`}</Badge>
      <Badge variant="blue">{`${stats.highInterestObjects} HIOs`}</Badge>
      {threatLevel && <Badge variant="red">{`${threatLevel.critical + threatLevel.high} High Threats`}</Badge>}
    </div>
  );
}
