import { LoaderCircle } from 'lucide-react';
import { AdversaryRiskCard } from '@/components/dashboard/cards/adversary-risk';
import { ConjunctionAnalysisCard } from '@/components/dashboard/cards/conjunction-analysis';
import { CriticalConjunctionsCard } from '@/components/dashboard/cards/critical-conjunctions';
import { DebrisRiskCard } from '@/components/dashboard/cards/debris-risk';
import { HighInterestObjectsCard } from '@/components/dashboard/cards/high-interest-objects';
import { LiveFeedCard } from '@/components/dashboard/cards/live-feed';
import { RecentManeuversCard } from '@/components/dashboard/cards/recent-maneuvers';
import { CardError, ThreatOverviewCard } from '@/components/dashboard/cards/threat-overview';
import { DashboardHeader } from '@/components/dashboard/dashboard-header';
import { FirstScreeningNotice } from '@/components/dashboard/first-screening-notice';
import { Sidebar } from '@/components/dashboard/sidebar';
import { SituationalAwarenessCard } from '@/components/dashboard/situational-awareness/situational-awareness-card';
import { useDashboardStats } from '@/queries/dashboard-stats';

/** Spec §2: the dashboard's text while its stats load. */
export const DASHBOARD_LOADING_TEXT = 'Loading space threat assessment...';

/**
 * SDA Dashboard (/ and /dashboard), spec §2: the side panel, the header with
 * the stats badges, and the cards on a 12-column grid. Every card reads its
 * own endpoint at the spec's interval (§7/§9); the stats are read once and
 * again whenever the data they count changes (queries/dashboard-stats.ts).
 */
export default function DashboardPage() {
  const stats = useDashboardStats();

  return (
    <div className="flex min-h-[calc(100vh-3.5rem)]">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <DashboardHeader stats={stats.data} />
        {stats.isPending ? (
          <div className="flex flex-1 items-center justify-center p-6">
            <p role="status" className="flex items-center gap-2 text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              {DASHBOARD_LOADING_TEXT}
            </p>
          </div>
        ) : (
          <div className="grid grid-cols-12 gap-6 p-6" data-testid="dashboard-grid">
            {stats.error && (
              <div className="col-span-12">
                <CardError what="dashboard stats" error={stats.error} />
              </div>
            )}
            {stats.data && stats.data.lastScreening === null && (
              // Over the page, not in the grid: its going when the run completes must not move the cards (the globe
              // under a pointer, a row being read); and it takes no pointer events from what lies under it.
              <div className="pointer-events-none fixed right-4 bottom-4 z-40 max-w-md rounded-md bg-card shadow-lg">
                <FirstScreeningNotice stats={stats.data} />
              </div>
            )}
            {/* Row 1: adversary risk, debris risk, critical conjunctions. */}
            <div className="col-span-12 xl:col-span-4">
              <AdversaryRiskCard />
            </div>
            <div className="col-span-12 xl:col-span-4">
              <DebrisRiskCard />
            </div>
            <div className="col-span-12 xl:col-span-4">
              <CriticalConjunctionsCard />
            </div>
            {/* Row 2 (full width): Space Situational Awareness. */}
            <div className="col-span-12">
              <SituationalAwarenessCard />
            </div>
            {/* Row 3: threat overview, recent manoeuvres, high-interest objects. */}
            <div className="col-span-12 xl:col-span-4">
              <ThreatOverviewCard />
            </div>
            <div className="col-span-12 xl:col-span-4">
              <RecentManeuversCard />
            </div>
            <div className="col-span-12 xl:col-span-4">
              <HighInterestObjectsCard />
            </div>
            {/* Rows 4 and 5: full width. */}
            <div className="col-span-12">
              <LiveFeedCard />
            </div>
            <div className="col-span-12">
              <ConjunctionAnalysisCard />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
