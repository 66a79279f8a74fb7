import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GroundTrack } from '@contracts/satellites.ts';
import { densifyTrack, segmentPath, splitAtAntimeridian } from '@/components/dashboard/satellite-tracking/ground-track-geometry';
import { WorldMapBase } from '@/components/tracking/world-map-base';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MAP_HEIGHT, MAP_WIDTH, projectToMap } from '@/lib/map-projection';
import { apiRequest } from '@/lib/query-client';
import { objectUrl, OBJECT_POLL_MS } from '@/queries/objects';

/** GET /api/objects/{norad}/ground-track: the next 2 hours every 5 minutes, re-read with the page's state. */
function useObjectGroundTrack(norad: number) {
  return useQuery<GroundTrack>({
    queryKey: [objectUrl(norad), 'ground-track'],
    queryFn: async () => (await (await apiRequest('GET', `${objectUrl(norad)}/ground-track`)).json()) as GroundTrack,
    refetchInterval: OBJECT_POLL_MS,
  });
}

/**
 * The object's predicted ground track (issue 14) on the world map: SGP4 sub-satellite points for
 * the next two hours, joined along great circles and split at the antimeridian, the object now
 * as a dot.
 */
export function GroundTrackCard({ norad }: { norad: number }) {
  const titleId = useId();
  const { data, error } = useObjectGroundTrack(norad);
  const now = data?.points[0];
  const here = now ? projectToMap(now.latitude, now.longitude) : undefined;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-2">
        <CardTitle id={titleId}>Ground Track</CardTitle>
        <CardDescription>{data ? `Next 2 hours from ${data.points[0]?.time.slice(11, 16) ?? '—'} UTC, every 5 minutes · period ${data.period.toFixed(2)} min` : error ? 'The ground track could not be computed.' : 'Computing the ground track...'}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="overflow-hidden rounded-lg border bg-card">
          <svg viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} className="block h-auto w-full" role="img" aria-label={data ? `${data.name} predicted ground track` : 'Ground track'}>
            <WorldMapBase />
            {data &&
              splitAtAntimeridian(densifyTrack(data.points)).map((segment, i) => (
                <polyline key={i} data-testid="object-track-segment" points={segmentPath(segment)} fill="none" className="stroke-sky-400" strokeWidth={1.6} strokeDasharray="6 4" strokeLinecap="round" />
              ))}
            {here && <circle data-testid="object-now" cx={here.x.toFixed(2)} cy={here.y.toFixed(2)} r={5} className="fill-sky-300 stroke-slate-950" strokeWidth={1.5} />}
          </svg>
        </div>
        {data && data.points.length === 0 && <p className="mt-2 text-sm text-muted-foreground">SGP4 gives no position for the next two hours.</p>}
      </CardContent>
    </Card>
  );
}
