import { memo } from 'react';
import { worldMapPaths } from '@/lib/world-map';

/** The static part of the tracking map: ocean, a light graticule, land and borders. Drawn once. */
export const WorldMapBase = memo(function WorldMapBase() {
  const paths = worldMapPaths();
  return (
    <g aria-hidden="true">
      <path d={paths.sphere} className="fill-slate-950" />
      <path d={paths.graticule} fill="none" className="stroke-slate-500/25" strokeWidth={0.5} />
      <path d={paths.land} className="fill-slate-700/80 stroke-slate-500/60" strokeWidth={0.5} />
      <path d={paths.borders} fill="none" className="stroke-slate-900/70" strokeWidth={0.4} />
    </g>
  );
});
