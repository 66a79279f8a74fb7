import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { MapLegend } from '@/components/tracking/map-legend';
import { SatelliteMarker } from '@/components/tracking/satellite-marker';
import { WorldMapBase } from '@/components/tracking/world-map-base';
import { DEFAULT_PLACEMENT, placeLabels } from '@/lib/label-placement';
import { markerLabelLines, toMapMarkers } from '@/lib/map-markers';
import { MAP_HEIGHT, MAP_WIDTH } from '@/lib/map-projection';

/**
 * The 2D tracking map (spec §2): the world on a 1000x500 plane scaled to the
 * container's width, one marker per satellite whose coordinates parse as
 * numbers, and the category legend.
 */
export function TrackingMap({ satellites }: { satellites: readonly IsraeliSatellite[] }) {
  const markers = toMapMarkers(satellites);
  const placements = placeLabels(markers.map((marker) => ({ id: marker.id, x: marker.x, y: marker.y, lines: markerLabelLines(marker) })));
  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-lg border bg-card">
        <svg
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          className="block h-auto w-full"
          role="group"
          aria-label="Satellite positions"
          data-testid="tracking-map"
        >
          <WorldMapBase />
          {markers.map((marker) => (
            <SatelliteMarker key={marker.id} marker={marker} label={placements.get(marker.id) ?? DEFAULT_PLACEMENT} />
          ))}
        </svg>
      </div>
      <MapLegend />
    </div>
  );
}
