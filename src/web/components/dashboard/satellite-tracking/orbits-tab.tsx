import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import type { GroundTrack, GroundTracksResponse, IsraeliSatellite } from '@contracts/satellites.ts';
import {
  densifyTrack,
  directionArrows,
  formatDegrees,
  futurePointOpacity,
  segmentPath,
  splitAtAntimeridian,
  trackDistanceDegrees,
} from '@/components/dashboard/satellite-tracking/ground-track-geometry';
import { formatOrbitPeriod, orbitTypeOfPeriod } from '@/components/dashboard/satellite-tracking/orbit-zones';
import { trackingErrorText } from '@/components/dashboard/satellite-tracking/tracking-card-text';
import { ObjectLink } from '@/components/objects/object-link';
import { CategoryBadge } from '@/components/satellites/category-badge';
import { categoryStyle } from '@/components/satellites/category-style';
import { MapLegend } from '@/components/tracking/map-legend';
import { WorldMapBase } from '@/components/tracking/world-map-base';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { fleetCategoryOf } from '@/lib/fleet-categories';
import { DEFAULT_PLACEMENT, LABEL_FONT_SIZE, placeLabels } from '@/lib/label-placement';
import { MAP_HEIGHT, MAP_WIDTH, projectToMap } from '@/lib/map-projection';
import { formatUtcTimestamp } from '@/lib/satellite-format';
import { cn } from '@/lib/utils';
import { useGroundTracks } from '@/queries/ground-tracks';

export const ORBITS_HEADING = 'Predicted Orbital Trajectories - Next 2 Hours';
export const TRACKS_LOADING_TEXT = 'Computing predicted trajectories...';
export const TRACKS_ERROR_TEXT = 'Unable to load predicted trajectories';

/** Track line colours, the same per category as the markers (full class names, so Tailwind generates them). */
const TRACK_STROKE = { military: 'stroke-red-500', commercial: 'stroke-blue-500', scientific: 'stroke-green-500' } as const;

function trackStroke(category: string): string {
  const fleetCategory = fleetCategoryOf(category);
  return fleetCategory ? TRACK_STROKE[fleetCategory] : 'stroke-slate-400';
}

/**
 * One satellite's predicted path: dashed segments through the predicted
 * points (joined along great circles) split at the antimeridian, direction
 * arrows, and the future points fading with time.
 */
function TrackPath({ track }: { track: GroundTrack }) {
  const { points } = track;
  const fill = categoryStyle(track.category).fill;
  const stroke = trackStroke(track.category);
  return (
    <g data-testid="ground-track" data-satellite-id={track.id} aria-label={`${track.name} predicted track`} role="img">
      {splitAtAntimeridian(densifyTrack(points)).map((segment, index) => (
        <polyline
          key={index}
          data-testid="track-segment"
          points={segmentPath(segment)}
          fill="none"
          className={cn(stroke, 'opacity-60')}
          strokeWidth={1.6}
          strokeDasharray="6 4"
          strokeLinecap="round"
        />
      ))}
      {directionArrows(points).map((arrow, index) => (
        <path
          key={index}
          data-testid="track-arrow"
          d="M -5 -4 L 5 0 L -5 4 Z"
          transform={`translate(${arrow.x.toFixed(2)} ${arrow.y.toFixed(2)}) rotate(${arrow.angle.toFixed(1)})`}
          className={fill}
        />
      ))}
      {points.slice(1).map((point, index) => {
        const { x, y } = projectToMap(point.latitude, point.longitude);
        return (
          <circle
            key={point.time}
            data-testid="track-point"
            cx={x.toFixed(2)}
            cy={y.toFixed(2)}
            r={2.2}
            className={fill}
            opacity={futurePointOpacity(index + 1, points.length).toFixed(2)}
          />
        );
      })}
    </g>
  );
}

/** The map: the world base, every track, and each satellite's current (first) point labelled with its name. */
function TrajectoryMap({ tracks }: { tracks: readonly GroundTrack[] }) {
  const current = tracks.flatMap((track) => {
    const first = track.points[0];
    return first ? [{ track, ...projectToMap(first.latitude, first.longitude) }] : [];
  });
  const labels = placeLabels(current.map(({ track, x, y }) => ({ id: track.id, x, y, lines: [track.name] })));
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <svg viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} className="block h-auto w-full" role="group" aria-label="Predicted ground tracks" data-testid="orbits-map">
        <WorldMapBase />
        {tracks.map((track) => (
          <TrackPath key={track.id} track={track} />
        ))}
        {current.map(({ track, x, y }) => {
          const label = labels.get(track.id) ?? DEFAULT_PLACEMENT;
          return (
            <g key={track.id} role="img" aria-label={`${track.name} now`} data-testid="current-position" data-x={x.toFixed(2)} data-y={y.toFixed(2)}>
              <circle cx={x} cy={y} r={5} className={categoryStyle(track.category).fill} stroke="white" strokeWidth={1.2} />
              <text
                x={x + label.dx}
                y={y + label.dy + 4}
                textAnchor={label.anchor}
                fontSize={LABEL_FONT_SIZE}
                fontWeight={600}
                className="fill-slate-100"
                stroke="rgb(2 6 23 / 0.85)"
                strokeWidth={3}
                paintOrder="stroke"
              >
                {track.name}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** What the map's marks mean, besides the category colours. */
function TrajectoryLegend() {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
      <MapLegend />
      <ul aria-label="Trajectory legend" className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
        <li className="flex items-center gap-2">
          <svg width="18" height="10" aria-hidden="true">
            <circle cx="9" cy="5" r="4" className="fill-slate-300" stroke="white" />
          </svg>
          Current position
        </li>
        <li className="flex items-center gap-2">
          <svg width="28" height="10" aria-hidden="true">
            <line x1="1" x2="27" y1="5" y2="5" className="stroke-slate-300" strokeWidth="1.6" strokeDasharray="6 4" />
          </svg>
          Predicted path
        </li>
        <li className="flex items-center gap-2">
          <svg width="14" height="10" aria-hidden="true">
            <path d="M 2 1 L 12 5 L 2 9 Z" className="fill-slate-300" />
          </svg>
          Direction of motion
        </li>
        <li className="flex items-center gap-2">
          <svg width="30" height="10" aria-hidden="true">
            {[1, 0.7, 0.45, 0.2].map((opacity, index) => (
              <circle key={opacity} cx={4 + index * 7} cy="5" r="2.5" className="fill-slate-300" opacity={opacity} />
            ))}
          </svg>
          Future points fade with time
        </li>
      </ul>
    </div>
  );
}

function PredictionNote({ response }: { response: GroundTracksResponse }) {
  return (
    <p className="rounded-md border border-sky-800/60 bg-sky-950/30 p-3 text-xs leading-relaxed text-sky-100" data-testid="prediction-note">
      <span className="font-semibold">Prediction details: </span>
      {`SGP4 propagation of each satellite's newest element set, in ${response.stepMinutes}-minute steps over the next ${
        response.horizonMinutes / 60
      } hours from ${formatUtcTimestamp(response.start)}. Each tile gives the element-set epoch; the prediction is as good as that element set, and its error grows with the epoch's age.`}
    </p>
  );
}

function TrackTile({ track, satellite }: { track: GroundTrack; satellite: IsraeliSatellite | undefined }) {
  const nameId = useId();
  // Type from the real orbit (the period), not from the name: the spec's "AMOS means GEO" was its original's shortcut.
  const type = orbitTypeOfPeriod(track.period);
  return (
    <li aria-labelledby={nameId} className="space-y-2 rounded-md border bg-muted/30 p-3">
      <div className="flex items-start justify-between gap-2">
        <h4 id={nameId} className="truncate text-sm font-semibold">
          <ObjectLink norad={track.id} name={track.name} />
        </h4>
        <CategoryBadge category={track.category} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Type</dt>
        <dd className="text-right">
          <Badge variant="outline" className="px-2 py-0 text-[11px]">
            {type}
          </Badge>
        </dd>
        <dt className="text-muted-foreground">Distance</dt>
        <dd className="text-right tabular-nums">{track.points.length > 1 ? formatDegrees(trackDistanceDegrees(track.points)) : 'No prediction'}</dd>
        <dt className="text-muted-foreground">Period</dt>
        <dd className="text-right tabular-nums">{formatOrbitPeriod(track.period, type)}</dd>
        {satellite && (
          <>
            <dt className="text-muted-foreground">Epoch</dt>
            <dd className="text-right tabular-nums">{formatUtcTimestamp(satellite.lastUpdate)}</dd>
          </>
        )}
      </dl>
    </li>
  );
}

/**
 * Orbits tab (spec §2): the next 2 hours of every satellite's ground track,
 * as the server predicts it with SGP4 in 5-minute steps (§9), dashed with
 * direction arrows and points fading into the future; the legend; the
 * prediction note; and a tile per satellite with orbit type, distance
 * travelled in degrees of arc, and period. The tracks are read when the tab
 * opens (the tab mounts only while shown).
 */
export function OrbitsTab({ satellites }: { satellites: readonly IsraeliSatellite[] }) {
  const headingId = useId();
  const { data, error, isPending } = useGroundTracks();
  const byId = new Map(satellites.map((satellite) => [satellite.id, satellite]));
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-sm font-semibold">
        {ORBITS_HEADING}
      </h3>
      {isPending && !error && (
        <p role="status" className="flex items-center gap-2 py-6 text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {TRACKS_LOADING_TEXT}
        </p>
      )}
      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <div className="space-y-1">
            <AlertDescription className="font-medium">{TRACKS_ERROR_TEXT}</AlertDescription>
            <AlertDescription>{trackingErrorText(error)}</AlertDescription>
          </div>
        </Alert>
      )}
      {data && (
        <>
          <TrajectoryMap tracks={data.tracks} />
          <TrajectoryLegend />
          <PredictionNote response={data} />
          <ul aria-label="Predicted trajectories" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {data.tracks.map((track) => (
              <TrackTile key={track.id} track={track} satellite={byId.get(track.id)} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
