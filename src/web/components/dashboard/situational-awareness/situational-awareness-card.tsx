import { LoaderCircle, Orbit } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { DashboardStats } from '@contracts/operations.ts';
import { IsraeliSatelliteTrackingCard } from '@/components/dashboard/satellite-tracking/israeli-satellite-tracking-card';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DASHBOARD_STATS_KEY } from '@/queries/dashboard-stats';
import { OrbitalView } from './orbital-view';

/** Spec §2: the card's two tabs, default '3d'. */
export const SSA_TABS = { '3d': '3D Orbital View', tracking: 'Satellite Tracking' } as const;
export type SsaTab = keyof typeof SSA_TABS;
export const DEFAULT_SSA_TAB: SsaTab = '3d';
/** Spec §2: the Risk Level tile always reads LOW. */
export const RISK_LEVEL_TEXT = 'LOW';

function Tile({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className="rounded-lg border bg-muted/40 p-4" role="group" aria-label={label}>
      <p className="text-xs uppercase tracking-wide text-muted-foreground">{label}</p>
      <p className={`mt-1 text-2xl font-semibold tabular-nums ${className ?? ''}`}>{value}</p>
    </div>
  );
}

const Spinner = () => <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-label="Loading" />;

/**
 * Spec §2 Space Situational Awareness: the 3D Orbital View (the live catalogue on
 * a rotating globe, orbit selector, zoom, legend, and the Tracked Objects, Daily
 * Screens and Risk Level tiles from GET /api/dashboard/stats) and the Satellite
 * Tracking tab (the Israeli Satellite Tracking card).
 */
export function SituationalAwarenessCard() {
  const titleId = useId();
  const [tab, setTab] = useState<SsaTab>(DEFAULT_SSA_TAB);
  // The stats the page reads (queries/dashboard-stats.ts useDashboardStats, which also keeps them following
  // their sources); reading the same cache entry here adds no second refetch subscription. retryOnMount
  // false: when the stats failed, mounting this card must not refetch them (the page would go back to
  // loading, unmount the grid with this card, and so on).
  const stats = useQuery<DashboardStats>({ queryKey: DASHBOARD_STATS_KEY, retryOnMount: false });
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Orbit className="size-5 text-blue-400" aria-hidden="true" />
          Space Situational Awareness
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(v) => setTab(v as SsaTab)}>
          <TabsList>
            {(Object.keys(SSA_TABS) as SsaTab[]).map((t) => (
              <TabsTrigger key={t} value={t}>
                {SSA_TABS[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="3d" className="space-y-4">
            <OrbitalView />
            <div className="grid gap-4 sm:grid-cols-3">
              <Tile label="Tracked Objects" value={stats.data ? stats.data.trackedObjects.toLocaleString('en-US') : <Spinner />} />
              <Tile label="Daily Screens" value={stats.data ? stats.data.dailyScreens.toLocaleString('en-US') : <Spinner />} />
              <Tile label="Risk Level" value={RISK_LEVEL_TEXT} className="text-green-500" />
            </div>
          </TabsContent>
          <TabsContent value="tracking">
            <IsraeliSatelliteTrackingCard />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
