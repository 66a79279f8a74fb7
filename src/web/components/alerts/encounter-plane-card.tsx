import { useId } from 'react';
import type { EncounterPlaneView } from '@contracts/conjunction-events.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMetresWithUnit } from '@/lib/conjunction-format';
import { encounterPlaneLayout, MIN_HBR_PX, type PlotFrame } from '@/lib/encounter-plane';
import { formatGrouped } from '@/lib/format';

/** The plot's size in SVG units; it scales to the card's width and keeps its shape. */
export const PLANE_FRAME: PlotFrame = { width: 480, height: 420, margin: { top: 12, right: 16, bottom: 44, left: 72 } };

export const NO_PLANE_TEXT = 'No encounter-plane plot: there is no covariance for this event, so its uncertainty ellipse cannot be drawn.';
export const ENLARGED_TEXT = 'Hard-body circle not to scale (enlarged)';

const HBR_COLOUR = '#ef4444';
const ELLIPSE_COLOUR = '#60a5fa';
const MISS_COLOUR = '#f8fafc';
const GRID = '#334155';
const AXIS_TEXT = '#94a3b8';

function tickLabel(metres: number): string {
  return formatGrouped(Number(metres.toPrecision(6)));
}

/** '1 px = 23.4 m' or, zoomed in, '1 m = 12.5 px'. */
function scaleText(pixelsPerMetre: number): string {
  return pixelsPerMetre >= 1 ? `1 m = ${Number(pixelsPerMetre.toPrecision(3))} px` : `1 px = ${formatGrouped(Number((1 / pixelsPerMetre).toPrecision(3)))} m`;
}

/**
 * The encounter plane at TCA to scale (issue 11): the hard-body circle at the origin,
 * the combined covariance's 1σ and 3σ ellipses centred where the miss vector ends,
 * and the miss vector. One scale for both axes (metres); a hard-body circle smaller
 * than MIN_HBR_PX is drawn at that size and marked as enlarged.
 */
function EncounterPlanePlot({ plane }: { plane: EncounterPlaneView }) {
  const titleId = useId();
  const clipId = useId();
  const arrowId = useId();
  const layout = encounterPlaneLayout(plane, PLANE_FRAME);
  const { plot, origin, miss } = layout;
  const missLength = Math.hypot(plane.missX, plane.missZ);
  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${PLANE_FRAME.width} ${PLANE_FRAME.height}`}
        className="mx-auto block h-auto w-full max-w-[480px]"
        data-testid="encounter-plane"
      >
        <title id={titleId}>
          {`Encounter plane to scale: miss vector ${formatMetresWithUnit(missLength)}, combined 1σ ${formatMetresWithUnit(plane.sigmaMajor)} by ${formatMetresWithUnit(plane.sigmaMinor)}, hard-body radius ${formatMetresWithUnit(plane.hardBodyRadius)}`}
        </title>
        <defs>
          <clipPath id={clipId}>
            <rect x={plot.left} y={plot.top} width={plot.right - plot.left} height={plot.bottom - plot.top} />
          </clipPath>
          <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={MISS_COLOUR} />
          </marker>
        </defs>
        <rect x={plot.left} y={plot.top} width={plot.right - plot.left} height={plot.bottom - plot.top} fill="none" stroke={GRID} />
        <g stroke={GRID} strokeWidth={0.5} strokeDasharray="2 3" data-testid="grid">
          {layout.xTicks.map((tick) => (
            <line key={`x${tick.value}`} x1={tick.position} x2={tick.position} y1={plot.top} y2={plot.bottom} />
          ))}
          {layout.zTicks.map((tick) => (
            <line key={`z${tick.value}`} x1={plot.left} x2={plot.right} y1={tick.position} y2={tick.position} />
          ))}
        </g>
        <g fill={AXIS_TEXT} fontSize={10}>
          {layout.xTicks.map((tick) => (
            <text key={`xl${tick.value}`} x={tick.position} y={plot.bottom + 14} textAnchor="middle">
              {tickLabel(tick.value)}
            </text>
          ))}
          {layout.zTicks.map((tick) => (
            <text key={`zl${tick.value}`} x={plot.left - 6} y={tick.position + 3} textAnchor="end">
              {tickLabel(tick.value)}
            </text>
          ))}
          <text x={(plot.left + plot.right) / 2} y={PLANE_FRAME.height - 6} textAnchor="middle" fontSize={11}>
            x (m)
          </text>
          <text x={14} y={(plot.top + plot.bottom) / 2} textAnchor="middle" fontSize={11} transform={`rotate(-90 14 ${(plot.top + plot.bottom) / 2})`}>
            z (m), along r × v
          </text>
        </g>
        <g clipPath={`url(#${clipId})`}>
          {layout.ellipses.map((ellipse) => (
            <ellipse
              key={ellipse.sigma}
              data-sigma={ellipse.sigma}
              cx={miss.x}
              cy={miss.y}
              rx={ellipse.rx}
              ry={ellipse.ry}
              transform={`rotate(${ellipse.rotation} ${miss.x} ${miss.y})`}
              fill={ellipse.sigma === 1 ? ELLIPSE_COLOUR : 'none'}
              fillOpacity={ellipse.sigma === 1 ? 0.2 : 0}
              stroke={ELLIPSE_COLOUR}
              strokeWidth={1.5}
              strokeDasharray={ellipse.sigma === 1 ? undefined : '5 4'}
            />
          ))}
          <circle data-testid="hard-body" cx={origin.x} cy={origin.y} r={layout.hardBody.r} fill={HBR_COLOUR} fillOpacity={0.6} stroke={HBR_COLOUR} />
          <line data-testid="miss-vector" x1={origin.x} y1={origin.y} x2={miss.x} y2={miss.y} stroke={MISS_COLOUR} strokeWidth={1.5} markerEnd={`url(#${arrowId})`} />
        </g>
      </svg>
      <figcaption className="space-y-1 text-xs text-muted-foreground">
        <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1">
          <li className="flex items-center gap-1.5">
            <span className="inline-block size-2.5 rounded-full" style={{ background: HBR_COLOUR }} aria-hidden="true" />
            {`Hard-body circle, radius ${formatMetresWithUnit(plane.hardBodyRadius)}`}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-4 rounded-full border" style={{ borderColor: ELLIPSE_COLOUR, background: `${ELLIPSE_COLOUR}33` }} aria-hidden="true" />
            Combined covariance, 1σ
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-4 rounded-full border border-dashed" style={{ borderColor: ELLIPSE_COLOUR }} aria-hidden="true" />
            3σ
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block w-4 border-t-2" style={{ borderColor: MISS_COLOUR }} aria-hidden="true" />
            {`Miss vector, ${formatMetresWithUnit(missLength)}`}
          </li>
        </ul>
        <p>{`Equal scale on both axes: ${scaleText(layout.scale)}.`}</p>
        {layout.hardBody.enlarged && <p className="text-yellow-300">{`${ENLARGED_TEXT}: drawn with a ${MIN_HBR_PX} px radius so that it shows.`}</p>}
      </figcaption>
    </figure>
  );
}

/** The encounter-plane card: the plot, or why there is none (`note`: the server's reason, when it gave one). */
export function EncounterPlaneCard({ plane, note }: { plane: EncounterPlaneView | null; note: string | null }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="pb-2">
        <CardTitle id={titleId}>Encounter Plane</CardTitle>
        <CardDescription>At TCA, normal to the relative velocity; the primary at the origin.</CardDescription>
      </CardHeader>
      <CardContent>
        {plane ? (
          <EncounterPlanePlot plane={plane} />
        ) : (
          <div className="space-y-1 py-6 text-sm text-muted-foreground">
            <p>{NO_PLANE_TEXT}</p>
            {note && <p>{note}</p>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
