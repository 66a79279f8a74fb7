import { CircleAlert, LoaderCircle, RefreshCw, Satellite } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { AltitudesTab } from '@/components/dashboard/satellite-tracking/altitudes-tab';
import { reloadPage } from '@/components/dashboard/satellite-tracking/reload-page';
import {
  DEFAULT_TAB,
  FETCHING_POSITIONS_TEXT,
  TAB_LABELS,
  TRACKING_CARD_TITLE,
  TRACKING_SOURCE_DESCRIPTION,
  TRACKING_SOURCE_LABEL,
  trackingErrorText,
  UNABLE_TO_LOAD_TEXT,
  type TrackingTab,
} from '@/components/dashboard/satellite-tracking/tracking-card-text';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useIsraeliSatellitesForCard } from '@/queries/israeli-satellites';

// The two map tabs carry the world atlas and d3-geo; loading them when first
// shown keeps both out of the dashboard's bundle (as /tracking does).
const RealPositionTab = lazy(() =>
  import('@/components/dashboard/satellite-tracking/real-position-tab').then((module) => ({ default: module.RealPositionTab })),
);
const OrbitsTab = lazy(() => import('@/components/dashboard/satellite-tracking/orbits-tab').then((module) => ({ default: module.OrbitsTab })));

/** Holds a map's place (the plane's 2:1 shape) while its code loads. */
function MapPlaceholder() {
  return <div className="aspect-[2/1] rounded-lg border bg-card" aria-hidden="true" />;
}

const TABS = Object.keys(TAB_LABELS) as TrackingTab[];

/**
 * The dashboard's Israeli Satellite Tracking card (spec §2): live positions
 * on a world map, altitudes on a log scale, and the predicted ground tracks
 * of the next 2 hours. The fleet is re-read every 30 s with 2 retries (§7).
 * A failed later poll shows the error above the last positions received.
 *
 * `onRefresh` is the refresh button's action: reloading the page, as the spec
 * says; tests pass their own.
 */
export function IsraeliSatelliteTrackingCard({ onRefresh = reloadPage }: { onRefresh?: () => void }) {
  const titleId = useId();
  const { data, error, isPending } = useIsraeliSatellitesForCard();
  const satellites = data ?? [];
  const failed = error !== null || (data !== undefined && data.length === 0);
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <div className="flex items-center gap-2">
          <Satellite className="size-5 text-blue-400" aria-hidden="true" />
          <CardTitle id={titleId}>{TRACKING_CARD_TITLE}</CardTitle>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant="outline" className="gap-1.5 border-green-600/60 text-green-400" title={TRACKING_SOURCE_DESCRIPTION}>
            <span className="size-2 animate-pulse rounded-full bg-green-500 motion-reduce:animate-none" aria-hidden="true" />
            {TRACKING_SOURCE_LABEL}
          </Badge>
          <Button variant="outline" size="sm" onClick={onRefresh}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {isPending && !error && (
          <p role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {FETCHING_POSITIONS_TEXT}
          </p>
        )}
        {failed && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <div className="space-y-1">
              <AlertDescription className="font-medium">{UNABLE_TO_LOAD_TEXT}</AlertDescription>
              {error && <AlertDescription>{trackingErrorText(error)}</AlertDescription>}
            </div>
          </Alert>
        )}
        {satellites.length > 0 && (
          <Tabs defaultValue={DEFAULT_TAB}>
            <TabsList className="grid w-full grid-cols-3">
              {TABS.map((tab) => (
                <TabsTrigger key={tab} value={tab}>
                  {TAB_LABELS[tab]}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="real-position">
              <Suspense fallback={<MapPlaceholder />}>
                <RealPositionTab satellites={satellites} />
              </Suspense>
            </TabsContent>
            <TabsContent value="altitudes">
              <AltitudesTab satellites={satellites} />
            </TabsContent>
            <TabsContent value="orbits">
              <Suspense fallback={<MapPlaceholder />}>
                <OrbitsTab satellites={satellites} />
              </Suspense>
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}
