import { useState } from 'react';
import { categoryStyle } from '@/components/satellites/category-style';
import { LABEL_FONT_SIZE, type LabelPlacement } from '@/lib/label-placement';
import { markerLabelLines, type MapMarker } from '@/lib/map-markers';
import { MAP_WIDTH } from '@/lib/map-projection';
import { cn } from '@/lib/utils';
import { TRACKING_POLL_MS } from '@/queries/israeli-satellites';

/**
 * One satellite on the map: a dot in its category's colour with its name and
 * altitude, the label where placeLabels put it. Exposed as role="img" named by
 * the satellite, with the projected position in data-x/data-y for tests and
 * tooling.
 *
 * The group is moved with a CSS transform whose transition lasts one poll, so
 * between polls the marker glides to its new position instead of jumping.
 */
export function SatelliteMarker({ marker, label }: { marker: MapMarker; label: LabelPlacement }) {
  const { x, y } = marker;
  // Crossing the antimeridian moves x by most of the map; gliding would sweep
  // the marker across the whole world, so that one move is made without a transition.
  const [previousX, setPreviousX] = useState(x);
  const [wrapped, setWrapped] = useState(false);
  if (x !== previousX) {
    setPreviousX(x);
    setWrapped(Math.abs(x - previousX) > MAP_WIDTH / 2);
  }

  const [name, altitude] = markerLabelLines(marker);
  return (
    <g
      role="img"
      aria-label={marker.name}
      data-testid="satellite-marker"
      data-satellite-id={marker.id}
      data-category={marker.category}
      data-x={x.toFixed(2)}
      data-y={y.toFixed(2)}
      className={cn('ease-linear motion-reduce:transition-none', wrapped ? 'transition-none' : 'transition-transform')}
      style={{ transform: `translate(${x}px, ${y}px)`, transitionDuration: `${TRACKING_POLL_MS}ms` }}
    >
      <circle r={9} className={cn(categoryStyle(marker.category).fill, 'opacity-25')} />
      <circle r={4.5} className={categoryStyle(marker.category).fill} stroke="white" strokeWidth={1.2} />
      <g className="fill-slate-100" stroke="rgb(2 6 23 / 0.85)" strokeWidth={3} paintOrder="stroke" strokeLinejoin="round">
        <text x={label.dx} y={label.dy - 3} textAnchor={label.anchor} fontSize={LABEL_FONT_SIZE} fontWeight={600}>
          {name}
        </text>
        {altitude && (
          <text x={label.dx} y={label.dy + 9} textAnchor={label.anchor} fontSize={9.5} className="fill-slate-300">
            {altitude}
          </text>
        )}
      </g>
    </g>
  );
}
