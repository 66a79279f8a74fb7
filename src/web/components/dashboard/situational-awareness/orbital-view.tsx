import { LoaderCircle, RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useActiveConjunctions } from '@/queries/conjunctions';
import { useHighInterestObjects } from '@/queries/high-interest-objects';
import {
  canZoomIn,
  canZoomOut,
  DEFAULT_REGIME,
  EXTRA_LEGEND,
  formatScale,
  POINT_STYLES,
  REGIMES,
  SCALE_DEFAULT,
  SPEC_LEGEND,
  stepScale,
  type PointClass,
  type Regime,
} from './globe-math';
import type { GlobeStatus, PickedObject } from './globe-scene';

// three.js, the world atlas and the worker load with the 3D tab only.
const GlobeCanvas = lazy(() => import('./globe-canvas'));

/** What each regime means on the selector (globe-math.ts regimeOf). */
export const REGIME_TITLES: Record<Regime, string> = {
  LEO: 'LEO: perigee below 2,000 km (includes eccentric orbits that dip into LEO)',
  MEO: 'MEO: perigee 2,000 to 34,786 km',
  GEO: 'GEO: perigee 34,786 km or higher (the geostationary belt ±1,000 km and beyond)',
};

const CLASS_NOTES: Partial<Record<PointClass, string>> = {
  payload: 'Payloads of the catalogue (it carries no operational status)',
  hio: 'On the high-interest list',
  conjunction: 'Secondary objects of open conjunctions',
  fleet: 'The fleet',
};

function LegendItem({ pc }: { pc: PointClass }) {
  const style = POINT_STYLES[pc];
  return (
    <li className="flex items-center gap-2" title={CLASS_NOTES[pc]}>
      <span
        className="inline-block shrink-0 rounded-full"
        style={{ backgroundColor: style.colour, width: Math.max(8, style.size + 2), height: Math.max(8, style.size + 2) }}
        aria-hidden="true"
      />
      {style.label}
    </li>
  );
}

const integer = (n: number) => n.toLocaleString('en-US');

/** The point colours: the spec's legend, then what the live catalogue adds (also on /visualization). */
export function GlobeLegend({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-start justify-between gap-x-6 gap-y-2 text-xs text-muted-foreground', className)}>
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1">
        {SPEC_LEGEND.map((pc) => (
          <LegendItem key={pc} pc={pc} />
        ))}
      </ul>
      <ul aria-label="Also drawn" className="flex flex-wrap gap-x-4 gap-y-1">
        {EXTRA_LEGEND.map((pc) => (
          <LegendItem key={pc} pc={pc} />
        ))}
      </ul>
    </div>
  );
}

/** The name of the object under the pointer, beside it (also on /visualization). */
/** What the globe's place says while three.js (its own chunk) loads; the dashboard and /visualization share it. */
export function GlobeLoading() {
  return (
    <p role="status" className="flex h-full items-center justify-center gap-2 text-sm text-muted-foreground">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      Loading the 3D view...
    </p>
  );
}

export function GlobeHoverTooltip({ hovered }: { hovered: PickedObject }) {
  return (
    <div
      role="tooltip"
      className="pointer-events-none absolute z-10 whitespace-nowrap rounded border bg-card px-2 py-1 text-xs font-medium text-foreground shadow"
      style={{ left: 0, top: 0, transform: `translate(${hovered.x + 10}px, ${hovered.y - 28}px)` }}
      data-testid="globe-hover"
    >
      {hovered.name}
    </div>
  );
}

/**
 * Spec §2 '3D Orbital View' (and §4/§9): the rotating globe with the live
 * catalogue, the LEO/MEO/GEO selector (default LEO), zoom in / zoom out /
 * reset (0.5-2 by 0.1, reset 1, buttons disabled at the bounds) and the legend.
 * The spec's fixed decorative markers are replaced by the real objects.
 */
export function OrbitalView() {
  const [regime, setRegime] = useState<Regime>(DEFAULT_REGIME);
  const [scale, setScale] = useState(SCALE_DEFAULT);
  const [hovered, setHovered] = useState<PickedObject | null>(null);
  const [selected, setSelected] = useState<PickedObject | null>(null);
  const [status, setStatus] = useState<GlobeStatus>({ drawn: { LEO: 0, MEO: 0, GEO: 0 }, total: 0, ready: false, error: null });
  const hios = useHighInterestObjects();
  const conjunctions = useActiveConjunctions();
  const hioIds = useMemo(() => new Set((hios.data ?? []).map((h) => h.satelliteId)), [hios.data]);
  const conjunctionIds = useMemo(() => new Set((conjunctions.data ?? []).map((c) => c.secondaryObject.noradId)), [conjunctions.data]);
  const onStatus = useCallback((s: GlobeStatus) => setStatus(s), []);
  const chooseRegime = (r: Regime) => {
    setRegime(r);
    setHovered(null);
    setSelected(null);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Orbit regime" className="inline-flex rounded-md bg-muted p-1">
          {REGIMES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={regime === r}
              title={REGIME_TITLES[r]}
              onClick={() => chooseRegime(r)}
              className={cn(
                'rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                regime === r && 'bg-background text-foreground shadow-sm',
              )}
            >
              {r}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" aria-label="Zoom out" disabled={!canZoomOut(scale)} onClick={() => setScale((s) => stepScale(s, -1))}>
            <ZoomOut aria-hidden="true" />
          </Button>
          <output aria-label="Globe scale" className="w-12 text-center font-mono text-sm tabular-nums">
            {formatScale(scale)}
          </output>
          <Button variant="outline" size="sm" aria-label="Zoom in" disabled={!canZoomIn(scale)} onClick={() => setScale((s) => stepScale(s, 1))}>
            <ZoomIn aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" aria-label="Reset zoom" onClick={() => setScale(SCALE_DEFAULT)}>
            <RotateCcw aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="relative h-[460px] overflow-hidden rounded-lg border bg-[radial-gradient(ellipse_at_center,#0f1b33_0%,#05070d_75%)]" data-testid="orbital-view">
        <Suspense fallback={<GlobeLoading />}>
          <GlobeCanvas
            regime={regime}
            scale={scale}
            hio={hioIds}
            conjunction={conjunctionIds}
            onHover={setHovered}
            onSelect={setSelected}
            onStatus={onStatus}
          />
        </Suspense>
        {!status.noWebgl && (
          <p className="pointer-events-none absolute left-3 top-3 text-xs text-muted-foreground" aria-live="polite" data-testid="globe-status">
            {status.error
              ? `Catalogue unavailable: ${status.error}`
              : status.ready
                ? `${regime}: ${integer(status.drawn[regime])} objects drawn of ${integer(status.total)} in the catalogue`
                : 'Propagating the catalogue...'}
          </p>
        )}
        {hovered && <GlobeHoverTooltip hovered={hovered} />}
        {selected && (
          <div className="absolute bottom-3 left-3 z-10 rounded-md border bg-card/95 px-3 py-2 text-xs shadow" aria-label="Selected object" role="region">
            <p className="text-sm font-semibold">{selected.name}</p>
            <p className="text-muted-foreground">
              NORAD {selected.norad} · {POINT_STYLES[selected.pointClass].label} · {selected.regime} · {integer(Math.round(selected.altitudeKm))} km
            </p>
          </div>
        )}
      </div>

      <GlobeLegend />
    </div>
  );
}
