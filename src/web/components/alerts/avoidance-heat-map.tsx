import { formatLead } from '@/lib/conjunction-format';
import { useId, useState, type KeyboardEvent } from 'react';
import type { AvoidanceAnalysis } from '@contracts/avoidance.ts';
import { formatPc } from '@/lib/conjunction-format';

/*
 * The avoidance trade space as a heat map (issue 28): burn time across (hours before TCA, the
 * earliest burn on the left, as the operator reads a timeline towards TCA), burn size up, each cell
 * coloured by log10 of the Pc after that burn, with the minimum-Δv curve of the first target Pc
 * drawn over it. Pure layout and colour helpers first (tested on their own), then the SVG.
 */

export type AvoidanceResult = NonNullable<AvoidanceAnalysis['result']>;
export type BurnDirection = AvoidanceAnalysis['request']['direction'];

/** One cell of the grid: pc[lead][dv]. */
export interface CellRef {
  lead: number;
  dv: number;
}

/** The plot's size in SVG units; it scales to the card's width and keeps its shape. */
/** The right margin holds the colour bar, its labels ('1e-4 target' the longest) and its title. */
export const HEAT_MAP_FRAME = { width: 780, height: 380, margin: { top: 14, right: 144, bottom: 52, left: 68 } } as const;

/** Below this Pc every cell takes the lowest colour (unless a target lies lower still). */
const FLOOR_LOG10 = -10;

/**
 * A sequential scale from low to high risk (matplotlib's magma from about 0.13 up): lightness
 * rises with the Pc, so on the dark theme safe burns recede into a deep indigo and risky ones
 * glow orange to pale yellow; it stays ordered in grey scale and for colour-blind readers.
 */
export const PC_COLOURS = ['#1d1147', '#3b0f70', '#641a80', '#8c2981', '#b73779', '#de4968', '#f7705c', '#fe9f6d', '#fecf92', '#fcfdbf'] as const;

/** The minimum-Δv curve: cyan, which no colour of the scale comes near, over a dark halo for the pale cells. */
export const CURVE_COLOUR = '#22d3ee';
const HALO = '#020617';
const FRAME_COLOUR = '#334155';
const AXIS_TEXT = '#94a3b8';
const SELECTED_COLOUR = '#f8fafc';

/** The decades the colour scale spans: from FLOOR_LOG10 (or 3 decades below the lowest target) to the decade above the largest Pc. */
export function colourDomain(result: AvoidanceResult, eventPc: number | null, targets: readonly number[]): { lo: number; hi: number } {
  const positive = result.pc.flat().filter((pc): pc is number => pc !== null && pc > 0);
  const top = Math.max(...positive, eventPc ?? 0, ...targets);
  const lowestTarget = targets.length > 0 ? Math.min(...targets) : 1;
  const lo = Math.min(FLOOR_LOG10, Math.floor(Math.log10(lowestTarget)) - 3);
  return { lo, hi: top > 0 ? Math.max(Math.ceil(Math.log10(top)), lo + 1) : lo + 1 };
}

/** Where `pc` lies on the scale, 0 (lowest colour: no Pc, 0, or at most 10^lo) to 1. */
export function pcScalePosition(pc: number | null, domain: { lo: number; hi: number }): number {
  if (pc === null || !(pc > 0)) return 0;
  return Math.min(1, Math.max(0, (Math.log10(pc) - domain.lo) / (domain.hi - domain.lo)));
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The colour at `t` (0-1) of PC_COLOURS, interpolated in sRGB between its evenly spaced stops. */
export function colourAt(t: number): string {
  const x = Math.min(1, Math.max(0, t)) * (PC_COLOURS.length - 1);
  const k = Math.min(PC_COLOURS.length - 2, Math.floor(x));
  const f = x - k;
  const a = hexToRgb(PC_COLOURS[k]!);
  const b = hexToRgb(PC_COLOURS[k + 1]!);
  const mix = a.map((v, i) => Math.round(v + (b[i]! - v) * f));
  return `#${mix.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The cell's colour: the lowest for no Pc or 0. */
export function cellColour(pc: number | null, domain: { lo: number; hi: number }): string {
  return colourAt(pcScalePosition(pc, domain));
}

/** '1e-4' for a power of ten, else formatPc's '2.50e-5'. */
export function formatPcLevel(pc: number): string {
  const exponent = Math.round(Math.log10(pc));
  return Math.abs(pc / 10 ** exponent - 1) < 1e-9 ? `1e${exponent}` : formatPc(pc);
}

/** Re-exported for the card and the plans: lib/conjunction-format.ts holds it. */
export { formatLead };

/** A burn size in m/s with 3 significant digits ('0.0349 m/s', '0.2 m/s'). */
export function formatDv(mps: number): string {
  return `${Number(mps.toPrecision(3))} m/s`;
}

/** The directions of the form's select, in its order (the contract's BurnDirection). */
export const DIRECTION_OPTIONS: readonly { value: BurnDirection; label: string; phrase: string }[] = [
  { value: 'T', label: 'Along-track (T)', phrase: 'along-track (T)' },
  { value: '-T', label: 'Against the track (−T)', phrase: 'against the track (−T)' },
  { value: 'R', label: 'Radial, up (R)', phrase: 'radial, up (R)' },
  { value: '-R', label: 'Radial, down (−R)', phrase: 'radial, down (−R)' },
  { value: 'N', label: 'Cross-track (N)', phrase: 'cross-track (N)' },
  { value: '-N', label: 'Cross-track (−N)', phrase: 'cross-track (−N)' },
  { value: 'best', label: 'Best (largest miss in σ)', phrase: 'in the best direction' },
];

/** 'along-track (T)': the direction inside a sentence. */
export function directionPhrase(direction: BurnDirection): string {
  return DIRECTION_OPTIONS.find((option) => option.value === direction)?.phrase ?? direction;
}

/** The lower and upper edge of each value's band: halfway to its neighbours, the ends as far out as the nearest gap. */
export function bandEdges(values: readonly number[]): [number, number][] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const edges: [number, number][] = Array.from({ length: values.length }, () => [0, 0]);
  order.forEach(({ value, index }, k) => {
    const before = order[k - 1]?.value;
    const after = order[k + 1]?.value;
    const gap = after !== undefined ? after - value : before !== undefined ? value - before : Math.abs(value) * 0.1 || 1;
    const lower = before !== undefined ? (before + value) / 2 : value - (after !== undefined ? after - value : gap) / 2;
    const upper = after !== undefined ? (value + after) / 2 : value + (before !== undefined ? value - before : gap) / 2;
    edges[index] = [lower, upper];
  });
  return edges;
}

/** Multiples of a 1-2-5 step that give about `count` ticks between `min` and `max`. */
export function niceTicks(min: number, max: number, count = 6): number[] {
  if (!(max > min)) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let k = Math.ceil(min / step - 1e-9); k * step <= max + step * 1e-9; k += 1) ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

interface HeatMapLayout {
  plot: { left: number; top: number; right: number; bottom: number };
  /** Pixels of a burn time (seconds before TCA): the earliest burn on the left. */
  x: (leadS: number) => number;
  /** Pixels of a burn size (m/s): larger burns higher. */
  y: (dvMps: number) => number;
  /** Each burn time's column, [left, right] pixels. */
  columns: [number, number][];
  /** Each size's row, [top, bottom] pixels. */
  rows: [number, number][];
  /** Lead indices left to right and size indices bottom to top: the order the arrow keys walk. */
  leadOrder: number[];
  dvOrder: number[];
  xTicks: { hours: number; position: number }[];
  yTicks: { dvMps: number; position: number }[];
}

export function heatMapLayout(result: AvoidanceResult): HeatMapLayout {
  const { width, height, margin } = HEAT_MAP_FRAME;
  const plot = { left: margin.left, top: margin.top, right: width - margin.right, bottom: height - margin.bottom };
  // Bands stop at TCA and at no burn: a coarse grid's outer half-band would reach past them.
  const clamp = (edges: [number, number][]): [number, number][] => edges.map(([lower, upper]) => [Math.max(0, lower), Math.max(0, upper)]);
  const leadEdges = clamp(bandEdges(result.leadTimesS));
  const dvEdges = clamp(bandEdges(result.dvMagnitudesMps));
  const leadMin = Math.min(...leadEdges.map(([lower]) => lower));
  const leadMax = Math.max(...leadEdges.map(([, upper]) => upper));
  const dvMin = Math.min(...dvEdges.map(([lower]) => lower));
  const dvMax = Math.max(...dvEdges.map(([, upper]) => upper));
  const x = (leadS: number) => plot.left + ((leadMax - leadS) / (leadMax - leadMin)) * (plot.right - plot.left);
  const y = (dvMps: number) => plot.bottom - ((dvMps - dvMin) / (dvMax - dvMin)) * (plot.bottom - plot.top);
  const indices = (n: number) => Array.from({ length: n }, (_, i) => i);
  return {
    plot,
    x,
    y,
    columns: leadEdges.map(([lower, upper]) => [x(upper), x(lower)]),
    rows: dvEdges.map(([lower, upper]) => [y(upper), y(lower)]),
    leadOrder: indices(result.leadTimesS.length).sort((a, b) => result.leadTimesS[b]! - result.leadTimesS[a]!),
    dvOrder: indices(result.dvMagnitudesMps.length).sort((a, b) => result.dvMagnitudesMps[a]! - result.dvMagnitudesMps[b]!),
    xTicks: niceTicks(leadMin / 3600, leadMax / 3600).map((hours) => ({ hours, position: x(hours * 3600) })),
    yTicks: niceTicks(dvMin, dvMax, 5).map((dvMps) => ({ dvMps, position: y(dvMps) })),
  };
}

/** The minimum-Δv points of `targetPc` in order of burn time, split where the target is not reached (dvMps null). */
export function minimumDvSegments(result: AvoidanceResult, targetPc: number): { leadS: number; dvMps: number }[][] {
  const points = result.minimumDv.filter((m) => m.targetPc === targetPc).sort((a, b) => b.leadS - a.leadS);
  const segments: { leadS: number; dvMps: number }[][] = [];
  let current: { leadS: number; dvMps: number }[] = [];
  for (const point of points) {
    if (point.dvMps === null) {
      if (current.length > 0) segments.push(current);
      current = [];
    } else current.push({ leadS: point.leadS, dvMps: point.dvMps });
  }
  if (current.length > 0) segments.push(current);
  return segments;
}

/** 'Burn 4 h 56 min before TCA, 0.04 m/s along-track (T)': the cell's burn. */
export function burnText(result: AvoidanceResult, cell: CellRef, direction: BurnDirection): string {
  return `Burn ${formatLead(result.leadTimesS[cell.lead]!)} before TCA, ${formatDv(result.dvMagnitudesMps[cell.dv]!)} ${directionPhrase(direction)}`;
}

function decadeLabel(exponent: number, lo: number): string {
  return exponent === lo ? `≤ 1e${exponent}` : `1e${exponent}`;
}

interface AvoidanceHeatMapProps {
  analysis: AvoidanceAnalysis;
  result: AvoidanceResult;
  selected: CellRef | null;
  onSelect: (cell: CellRef) => void;
}

/**
 * The heat map as one SVG image (its cells drawn as rects) that takes a click on a cell, or focus:
 * the arrow keys then move a dashed cursor over the cells (Home/End, PageUp/PageDown to the edges)
 * and Enter or Space selects the cell under it. Only the map is a tab stop, not its thousands of
 * cells; what the cursor is on is read out through a polite live region.
 */
export function AvoidanceHeatMap({ analysis, result, selected, onSelect }: AvoidanceHeatMapProps) {
  const titleId = useId();
  const hintId = useId();
  const clipId = useId();
  const gradientId = useId();
  const [cursor, setCursor] = useState<CellRef | null>(null);
  const [focused, setFocused] = useState(false);
  const layout = heatMapLayout(result);
  const { plot } = layout;
  const targets = analysis.request.targets;
  const target = targets[0];
  const domain = colourDomain(result, analysis.pc, targets);
  const direction = analysis.request.direction;
  const segments = target === undefined ? [] : minimumDvSegments(result, target);
  const nLead = result.leadTimesS.length;
  const nDv = result.dvMagnitudesMps.length;
  const barX = plot.right + 28;
  const barWidth = 14;
  const barY = (log10: number) => plot.bottom - ((log10 - domain.lo) / (domain.hi - domain.lo)) * (plot.bottom - plot.top);
  const targetY = target === undefined ? null : barY(Math.log10(target));
  const decades = Array.from({ length: domain.hi - domain.lo + 1 }, (_, k) => domain.lo + k).filter((e) => targetY === null || Math.abs(barY(e) - targetY) > 9);
  const positive = result.pc.flat().filter((pc): pc is number => pc !== null && pc > 0);
  const maxPc = positive.length > 0 ? Math.max(...positive) : null;
  const leadTimes = [...result.leadTimesS].sort((a, b) => a - b);
  const label =
    `Trade space heat map: the Pc after a burn ${directionPhrase(direction)} of ${formatDv(Math.min(...result.dvMagnitudesMps))} to ${formatDv(Math.max(...result.dvMagnitudesMps))}, ` +
    `${formatLead(leadTimes.at(-1)!)} to ${formatLead(leadTimes[0]!)} before TCA (${nLead} burn times × ${nDv} sizes), coloured by log10 Pc from ${decadeLabel(domain.lo, domain.lo)} (darkest) to ${maxPc === null ? 'no Pc' : formatPc(maxPc)} (brightest)` +
    (target === undefined ? '.' : `; the cyan line is the minimum Δv to bring the Pc to ${formatPcLevel(target)}.`);

  const active = cursor ?? selected ?? { lead: layout.leadOrder[0]!, dv: layout.dvOrder[0]! };
  const move = (event: KeyboardEvent<SVGSVGElement>) => {
    const col = layout.leadOrder.indexOf(active.lead);
    const row = layout.dvOrder.indexOf(active.dv);
    const at = (c: number, r: number): CellRef => ({ lead: layout.leadOrder[Math.min(nLead - 1, Math.max(0, c))]!, dv: layout.dvOrder[Math.min(nDv - 1, Math.max(0, r))]! });
    const moves: Record<string, () => CellRef> = {
      ArrowLeft: () => at(col - 1, row),
      ArrowRight: () => at(col + 1, row),
      ArrowUp: () => at(col, row + 1),
      ArrowDown: () => at(col, row - 1),
      Home: () => at(0, row),
      End: () => at(nLead - 1, row),
      PageUp: () => at(col, nDv - 1),
      PageDown: () => at(col, 0),
    };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(active);
      return;
    }
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    setCursor(next());
  };
  const cellRect = (cell: CellRef) => {
    const [x0, x1] = layout.columns[cell.lead]!;
    const [y0, y1] = layout.rows[cell.dv]!;
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  };
  const cursorPc = result.pc[active.lead]?.[active.dv] ?? null;

  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        tabIndex={0}
        viewBox={`0 0 ${HEAT_MAP_FRAME.width} ${HEAT_MAP_FRAME.height}`}
        className="block h-auto w-full rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="avoidance-heat-map"
        onKeyDown={move}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      >
        <title id={titleId}>{label}</title>
        <defs>
          <clipPath id={clipId}>
            <rect x={plot.left} y={plot.top} width={plot.right - plot.left} height={plot.bottom - plot.top} />
          </clipPath>
          <linearGradient id={gradientId} x1="0" y1="1" x2="0" y2="0">
            {PC_COLOURS.map((colour, k) => (
              <stop key={colour} offset={k / (PC_COLOURS.length - 1)} stopColor={colour} />
            ))}
          </linearGradient>
        </defs>
        <g shapeRendering="crispEdges" data-testid="cells">
          {result.pc.map((row, lead) =>
            row.map((pc, dv) => (
              <rect
                key={`${lead}-${dv}`}
                {...cellRect({ lead, dv })}
                fill={cellColour(pc, domain)}
                data-lead={lead}
                data-dv={dv}
                className="cursor-pointer"
                onClick={() => {
                  setCursor({ lead, dv });
                  onSelect({ lead, dv });
                }}
              />
            )),
          )}
        </g>
        <rect x={plot.left} y={plot.top} width={plot.right - plot.left} height={plot.bottom - plot.top} fill="none" stroke={FRAME_COLOUR} />
        <g clipPath={`url(#${clipId})`} fill="none" strokeLinejoin="round" strokeLinecap="round" pointerEvents="none">
          {segments.map((segment, k) => {
            const points = segment.map((p) => `${layout.x(p.leadS).toFixed(1)},${layout.y(p.dvMps).toFixed(1)}`).join(' ');
            return (
              <g key={k} data-testid="minimum-dv-curve">
                <polyline points={points} stroke={HALO} strokeWidth={5} strokeOpacity={0.7} />
                <polyline points={points} stroke={CURVE_COLOUR} strokeWidth={2.5} />
              </g>
            );
          })}
          {focused && <rect {...cellRect(active)} stroke={CURVE_COLOUR} strokeWidth={1.5} strokeDasharray="3 2" data-testid="cursor" />}
          {selected && (
            <g data-testid="selected-cell">
              <rect {...cellRect(selected)} stroke={HALO} strokeWidth={4} />
              <rect {...cellRect(selected)} stroke={SELECTED_COLOUR} strokeWidth={2} />
            </g>
          )}
        </g>
        <g fill={AXIS_TEXT} fontSize={11}>
          {layout.xTicks.map((tick) => (
            <g key={`x${tick.hours}`}>
              <line x1={tick.position} x2={tick.position} y1={plot.bottom} y2={plot.bottom + 4} stroke={FRAME_COLOUR} />
              <text x={tick.position} y={plot.bottom + 17} textAnchor="middle">
                {tick.hours}
              </text>
            </g>
          ))}
          {layout.yTicks.map((tick) => (
            <g key={`y${tick.dvMps}`}>
              <line x1={plot.left - 4} x2={plot.left} y1={tick.position} y2={tick.position} stroke={FRAME_COLOUR} />
              <text x={plot.left - 7} y={tick.position + 4} textAnchor="end">
                {tick.dvMps}
              </text>
            </g>
          ))}
          <text x={(plot.left + plot.right) / 2} y={HEAT_MAP_FRAME.height - 12} textAnchor="middle" fontSize={12}>
            Burn time, hours before TCA (earliest on the left)
          </text>
          <text x={16} y={(plot.top + plot.bottom) / 2} textAnchor="middle" fontSize={12} transform={`rotate(-90 16 ${(plot.top + plot.bottom) / 2})`}>
            Δv (m/s)
          </text>
        </g>
        <g data-testid="colour-legend" fontSize={11}>
          <rect x={barX} y={plot.top} width={barWidth} height={plot.bottom - plot.top} fill={`url(#${gradientId})`} stroke={FRAME_COLOUR} />
          {decades.map((exponent) => (
            <g key={exponent} fill={AXIS_TEXT}>
              <line x1={barX + barWidth} x2={barX + barWidth + 4} y1={barY(exponent)} y2={barY(exponent)} stroke={AXIS_TEXT} />
              <text x={barX + barWidth + 7} y={barY(exponent) + 4}>
                {decadeLabel(exponent, domain.lo)}
              </text>
            </g>
          ))}
          {target !== undefined && targetY !== null && (
            <g data-testid="target-level">
              <line x1={barX - 5} x2={barX + barWidth + 5} y1={targetY} y2={targetY} stroke={CURVE_COLOUR} strokeWidth={2} />
              <text x={barX + barWidth + 7} y={targetY + 4} fill={CURVE_COLOUR} fontWeight={600}>
                {`${formatPcLevel(target)} target`}
              </text>
            </g>
          )}
          <text
            x={HEAT_MAP_FRAME.width - 8}
            y={(plot.top + plot.bottom) / 2}
            textAnchor="middle"
            fill={AXIS_TEXT}
            fontSize={12}
            transform={`rotate(90 ${HEAT_MAP_FRAME.width - 8} ${(plot.top + plot.bottom) / 2})`}
          >
            Pc after the burn (log scale)
          </text>
        </g>
      </svg>
      <figcaption className="space-y-1 text-xs text-muted-foreground">
        <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1">
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-8 rounded-sm" style={{ background: `linear-gradient(to right, ${PC_COLOURS.join(', ')})` }} aria-hidden="true" />
            {`Pc after the burn, ${decadeLabel(domain.lo, domain.lo)} (and no Pc) to 1e${domain.hi}`}
          </li>
          {target !== undefined && (
            <li className="flex items-center gap-1.5">
              <span className="inline-block w-5 border-t-[3px]" style={{ borderColor: CURVE_COLOUR }} aria-hidden="true" />
              {`Minimum Δv to reach the target Pc ${formatPcLevel(target)}`}
            </li>
          )}
        </ul>
        <p id={hintId}>Click a cell, or focus the map and move with the arrow keys and press Enter, to read its numbers.</p>
        <p aria-live="polite" className="sr-only">
          {focused ? `${burnText(result, active, direction)}: Pc ${formatPc(cursorPc)}. Enter selects it.` : ''}
        </p>
      </figcaption>
    </figure>
  );
}
