import type { EncounterPlaneView } from '@contracts/conjunction-events.ts';
import { niceCeil } from '@/lib/dashboard-format';

/*
 * The encounter-plane plot to scale (issue 11): where the hard-body circle (at the
 * origin), the combined covariance ellipses (1σ and 3σ, centred on the miss
 * vector's end) and the miss vector land in an SVG of a given size. One scale,
 * pixels per metre, serves both axes, so shapes keep their true proportions; the
 * hard-body circle is drawn at least MIN_HBR_PX in radius, and the layout says
 * when it had to be enlarged. The plane's z axis points up (SVG's y points down).
 */

/** The smallest radius the hard-body circle is drawn with, in pixels. */
export const MIN_HBR_PX = 2;

/** The covariance ellipses drawn, in σ. */
const ELLIPSE_SIGMAS = [1, 3] as const;

export interface PlotFrame {
  width: number;
  height: number;
  /** Room for the axis labels, pixels. */
  margin: { top: number; right: number; bottom: number; left: number };
}

interface PlotTick {
  /** Metres. */
  value: number;
  /** Pixels along the axis (x for the x axis, y for the z axis). */
  position: number;
}

interface EncounterPlaneLayout {
  /** Pixels per metre, both axes. */
  scale: number;
  plot: { left: number; top: number; right: number; bottom: number };
  origin: { x: number; y: number };
  miss: { x: number; y: number };
  ellipses: { sigma: number; rx: number; ry: number; /** SVG rotate() angle, degrees. */ rotation: number }[];
  hardBody: { r: number; enlarged: boolean };
  xTicks: PlotTick[];
  zTicks: PlotTick[];
}

function finiteOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? value : fallback;
}

/** Half the width and height of an ellipse with semi-axes `a` (at `angle` from x) and `b`. */
function ellipseHalfExtents(a: number, b: number, angle: number): { x: number; z: number } {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return { x: Math.sqrt(a * a * cos * cos + b * b * sin * sin), z: Math.sqrt(a * a * sin * sin + b * b * cos * cos) };
}

/** Multiples of `step` from `min` to `max` (rounded to drop floating-point dust). */
function ticksBetween(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  for (let k = Math.ceil(min / step); k * step <= max + step * 1e-9; k += 1) ticks.push(Number((k * step).toPrecision(12)) || 0);
  return ticks;
}

/** How `plane` fits `frame`: everything drawn (origin, hard-body circle, miss vector, 3σ ellipse) inside, with a little room. */
export function encounterPlaneLayout(plane: EncounterPlaneView, frame: PlotFrame): EncounterPlaneLayout {
  const missX = finiteOr(plane.missX, 0);
  const missZ = finiteOr(plane.missZ, 0);
  const major = Math.abs(finiteOr(plane.sigmaMajor, 0));
  const minor = Math.abs(finiteOr(plane.sigmaMinor, 0));
  const angle = finiteOr(plane.angle, 0);
  const hbr = Math.abs(finiteOr(plane.hardBodyRadius, 0));
  const outer = Math.max(...ELLIPSE_SIGMAS);
  const half = ellipseHalfExtents(outer * major, outer * minor, angle);

  let xMin = Math.min(-hbr, missX - half.x, 0);
  let xMax = Math.max(hbr, missX + half.x, 0);
  let zMin = Math.min(-hbr, missZ - half.z, 0);
  let zMax = Math.max(hbr, missZ + half.z, 0);
  // A little room around the shapes; a plane with nothing in it still gets a metre.
  const pad = Math.max(xMax - xMin, zMax - zMin, 1) * 0.06;
  xMin -= pad;
  xMax += pad;
  zMin -= pad;
  zMax += pad;

  const plot = {
    left: frame.margin.left,
    top: frame.margin.top,
    right: frame.width - frame.margin.right,
    bottom: frame.height - frame.margin.bottom,
  };
  const plotWidth = plot.right - plot.left;
  const plotHeight = plot.bottom - plot.top;
  const scale = Math.min(plotWidth / (xMax - xMin), plotHeight / (zMax - zMin));
  const centreX = (xMin + xMax) / 2;
  const centreZ = (zMin + zMax) / 2;
  const midX = (plot.left + plot.right) / 2;
  const midY = (plot.top + plot.bottom) / 2;
  const toX = (x: number) => midX + (x - centreX) * scale;
  const toY = (z: number) => midY - (z - centreZ) * scale;

  // The whole plot area in metres, and one tick step for both axes (square grid cells).
  const visibleX = [centreX - plotWidth / 2 / scale, centreX + plotWidth / 2 / scale] as const;
  const visibleZ = [centreZ - plotHeight / 2 / scale, centreZ + plotHeight / 2 / scale] as const;
  const step = niceCeil(Math.max(visibleX[1] - visibleX[0], visibleZ[1] - visibleZ[0]) / 6);

  const hbrPx = hbr * scale;
  return {
    scale,
    plot,
    origin: { x: toX(0), y: toY(0) },
    miss: { x: toX(missX), y: toY(missZ) },
    ellipses: ELLIPSE_SIGMAS.map((sigma) => ({ sigma, rx: sigma * major * scale, ry: sigma * minor * scale, rotation: (-angle * 180) / Math.PI })),
    hardBody: { r: Math.max(hbrPx, MIN_HBR_PX), enlarged: hbrPx < MIN_HBR_PX },
    xTicks: ticksBetween(visibleX[0], visibleX[1], step).map((value) => ({ value, position: toX(value) })),
    zTicks: ticksBetween(visibleZ[0], visibleZ[1], step).map((value) => ({ value, position: toY(value) })),
  };
}
