import { Badge } from '@/components/ui/badge';

/**
 * The parts of the dashboard stats (spec §3) the header shows. Typed here
 * until GET /api/dashboard/stats and its contract exist.
 */
export interface HeaderStats {
  activeAlerts: number;
  maneuverDetections: number;
  highInterestObjects: number;
  threatLevel?: { critical: number; high: number } | null;
}

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
