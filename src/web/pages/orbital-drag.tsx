import { CircleAlert, LoaderCircle } from 'lucide-react';
import { PageTitle } from '@/components/layout/page-title';
import { DensityPanel } from '@/components/orbital-drag/lazy-charts';
import { DragTable, TrendLegend } from '@/components/orbital-drag/drag-table';
import { AtmosphericTab, ModelsTab, OrbitDecayTab } from '@/components/orbital-drag/model-tabs';
import { RealtimeTab } from '@/components/orbital-drag/realtime-tab';
import { SatelliteDataTab } from '@/components/orbital-drag/satellite-data-tab';
import { SpaceWeatherTab } from '@/components/orbital-drag/space-weather-tab';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { densitySourceLabel, fallbackProfile, spreadLevel, type DensityRow } from '@/lib/drag-format';
import { useDecayPredictions, useDensityProfile, useNrlmsiseReadings, useRealtimeDrag, useSpaceWeatherForecast } from '@/queries/orbital-drag';

export const ORBITAL_DRAG_LOADING_TEXT = 'Loading orbital drag data...';

export const TABS = [
  ['realtime', 'Real-Time'],
  ['predictions', 'Predictions'],
  ['atmospheric', 'Atmospheric'],
  ['decay', 'Orbit Decay'],
  ['space-weather', 'Space Weather'],
  ['models', 'Models'],
  ['satellite-data', 'Satellite Data'],
] as const;

/**
 * Orbital Drag Modeling (/orbital-drag), spec §2: a 'Live' indicator, the Model Accuracy badge
 * (coloured by the model spread, §9) and seven tabs, Real-Time first. Every value comes from the
 * server's models; the density chart falls back to built-in data when its profile fails (§8).
 */
export default function OrbitalDragPage() {
  const realtime = useRealtimeDrag();
  const spaceWeather = useSpaceWeatherForecast();
  const predictions = useDecayPredictions();
  const profile = useDensityProfile();
  const readings = useNrlmsiseReadings();

  const fallback = profile.isError && !profile.data;
  const rows: readonly DensityRow[] = profile.data?.data ?? (fallback ? fallbackProfile() : []);
  // LIVE DATA reads the profile's own source text (§9); the label names its space-weather feed (§8).
  const profileSource = profile.data?.source ?? '';
  const sourceLabel = densitySourceLabel(profile.data?.data_source, fallback);
  const densityChart = rows.length > 0 && <DensityPanel rows={rows} source={profileSource} sourceLabel={sourceLabel} />;

  return (
    <div className="mx-auto max-w-7xl space-y-6 p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageTitle title="Orbital Drag Modeling" subtitle="Real-time atmospheric drag prediction for LEO satellites" />
        {realtime.data && (
          <div className="flex items-center gap-2">
            <span className="inline-flex items-center gap-1.5 text-sm text-green-400">
              <span className="size-2 animate-pulse rounded-full bg-green-500" aria-hidden="true" />
              Live
            </span>
            <Badge variant={spreadLevel(realtime.data.modelSpread.value)} title={realtime.data.modelAccuracyBasis}>
              {`Model Accuracy: ${realtime.data.modelAccuracy.toFixed(1)}%`}
            </Badge>
          </div>
        )}
      </div>
      {realtime.isPending && !realtime.error && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {ORBITAL_DRAG_LOADING_TEXT}
        </p>
      )}
      {realtime.error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{realtime.error.message}</AlertDescription>
        </Alert>
      )}
      {realtime.data && (
        <Tabs defaultValue="realtime" className="space-y-4">
          <TabsList>
            {TABS.map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="realtime" className="space-y-4">
            <RealtimeTab realtime={realtime.data} spaceWeather={spaceWeather.data} rows={rows} />
            {densityChart}
          </TabsContent>
          <TabsContent value="predictions" className="space-y-4">
            {densityChart}
            <DragTable rows={realtime.data.drag_data} />
            <TrendLegend />
          </TabsContent>
          <TabsContent value="atmospheric">
            <AtmosphericTab rows={rows} sourceLabel={sourceLabel} />
          </TabsContent>
          <TabsContent value="decay">
            <OrbitDecayTab data={predictions.data} />
          </TabsContent>
          <TabsContent value="space-weather">
            <SpaceWeatherTab data={spaceWeather.data} />
          </TabsContent>
          <TabsContent value="models">
            <ModelsTab rows={rows} readings={readings} />
          </TabsContent>
          <TabsContent value="satellite-data">
            <SatelliteDataTab />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
