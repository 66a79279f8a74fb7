import { MAP_HEIGHT, MAP_WIDTH, type MapPoint } from '@/lib/map-projection';

/*
 * Where each marker's two-line label (name, altitude) goes, so labels do not
 * cover each other or other markers. Geostationary satellites sit a few
 * degrees apart on the equator, so labels always to the right would collide.
 * Greedy: markers in order, each takes the first candidate spot that is on the
 * plane and clear of the labels already placed and of every marker dot.
 */

export interface LabelPlacement {
  /** Horizontal offset of the label's anchor from the marker centre. */
  dx: number;
  /** Vertical offset of the label block from its default position. */
  dy: number;
  anchor: 'start' | 'end';
}

export interface LabelledPoint extends MapPoint {
  id: number;
  lines: readonly string[];
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Gap between the marker centre and its label. */
export const LABEL_GAP = 9;
/** Average glyph width of the label font as a share of its size; labels are estimated, not measured. */
const GLYPH_WIDTH = 0.62;
/** Font size of a label's first line, in plane units (the second line is smaller). */
export const LABEL_FONT_SIZE = 11;
/** The block spans 14 units above the marker centre to 12 below (two lines). */
const LABEL_TOP = -14;
const LABEL_BOTTOM = 12;
const DOT_RADIUS = 6;

/** Right of the marker, level with it. */
export const DEFAULT_PLACEMENT: LabelPlacement = { dx: LABEL_GAP, dy: 0, anchor: 'start' };

const CANDIDATES: readonly LabelPlacement[] = [
  DEFAULT_PLACEMENT,
  { dx: -LABEL_GAP, dy: 0, anchor: 'end' },
  { dx: LABEL_GAP, dy: -18, anchor: 'start' },
  { dx: LABEL_GAP, dy: 18, anchor: 'start' },
  { dx: -LABEL_GAP, dy: -18, anchor: 'end' },
  { dx: -LABEL_GAP, dy: 18, anchor: 'end' },
  { dx: LABEL_GAP, dy: -32, anchor: 'start' },
  { dx: LABEL_GAP, dy: 32, anchor: 'start' },
  { dx: -LABEL_GAP, dy: -32, anchor: 'end' },
  { dx: -LABEL_GAP, dy: 32, anchor: 'end' },
];

function labelWidth(lines: readonly string[]): number {
  return Math.max(0, ...lines.map((line) => line.length)) * LABEL_FONT_SIZE * GLYPH_WIDTH;
}

function labelBox(point: MapPoint, width: number, placement: LabelPlacement): Box {
  const left = placement.anchor === 'start' ? point.x + placement.dx : point.x + placement.dx - width;
  return { left, right: left + width, top: point.y + placement.dy + LABEL_TOP, bottom: point.y + placement.dy + LABEL_BOTTOM };
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function onPlane(box: Box): boolean {
  return box.left >= 0 && box.right <= MAP_WIDTH && box.top >= 0 && box.bottom <= MAP_HEIGHT;
}

export function placeLabels(points: readonly LabelledPoint[]): Map<number, LabelPlacement> {
  const dots = points.map((point) => ({
    id: point.id,
    box: { left: point.x - DOT_RADIUS, right: point.x + DOT_RADIUS, top: point.y - DOT_RADIUS, bottom: point.y + DOT_RADIUS },
  }));
  const placed: Box[] = [];
  const placements = new Map<number, LabelPlacement>();
  for (const point of points) {
    const width = labelWidth(point.lines);
    const obstacles = [...placed, ...dots.filter((dot) => dot.id !== point.id).map((dot) => dot.box)];
    const inBounds = CANDIDATES.filter((candidate) => onPlane(labelBox(point, width, candidate)));
    // With no clear spot, keep the first spot on the plane (or the default) rather than hide the name.
    const choice =
      inBounds.find((candidate) => !obstacles.some((box) => overlaps(box, labelBox(point, width, candidate)))) ?? inBounds[0] ?? DEFAULT_PLACEMENT;
    placements.set(point.id, choice);
    placed.push(labelBox(point, width, choice));
  }
  return placements;
}
